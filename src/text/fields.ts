import { formatTime } from "./format.js";
import { sanitize } from "./sanitize.js";

const TIMES = new Set(["createdAt", "updatedAt", "joinedAt", "lastActiveAt", "deactivatedAt", "blockedAt", "blockedByMeAt", "sentAt", "editedAt", "deletedAt"]);

/**
 * Every field of an object as sent, one `name  value` line each, sanitized:
 * the fields named in `first` first, in that order, then the others (unknown
 * ones too) as they came; times also as dates; the fields in `odd` (a form
 * ccx could not read) marked with `mark`. For `ccx group` and the explorer's
 * group alike.
 */
export function fieldLines(raw: Record<string, unknown>, options: { first: readonly string[]; odd?: Record<string, unknown>; mark: string }): string[] {
  const rank = (field: string) => (options.first.includes(field) ? options.first.indexOf(field) : options.first.length);
  return Object.entries(raw).sort(([a], [b]) => rank(a) - rank(b)).map(([field, value]) => {
    const shown = TIMES.has(field) && typeof value === "number" ? `${formatTime(value)} (${value})` : typeof value === "object" ? JSON.stringify(value) : value;
    // The names are the server's text too: unknown fields are kept as sent.
    return `${sanitize(field).padEnd(15)} ${options.odd && Object.hasOwn(options.odd, field) ? options.mark : ""}${sanitize(shown)}`;
  });
}

/** The group fields a person looks for first. */
export const GROUP_FIRST = ["name", "guid", "type", "description", "tags", "metadata", "membersCount", "owner", "scope", "hasJoined", "joinedAt"] as const;

/** The user fields a person looks for first. */
export const USER_FIRST = ["name", "uid", "status", "role", "lastActiveAt", "tags", "metadata", "link", "avatar", "deactivatedAt", "blockedByMe", "hasBlockedMe"] as const;
