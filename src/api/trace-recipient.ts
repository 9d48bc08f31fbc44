import { dndOf, messagesOffOf, mutedOf } from "./notification-preferences.js";
import { filledPath } from "./client.js";
import { listItems } from "./paging-styles.js";
import { type Json, record, text, truthy } from "./json-value.js";

/**
 * One recipient of a traced message: what the log says of them, and the reads it leaves open (their
 * preferences, mutes, block relation with the sender, devices), each fact with the read it came from.
 */

/** A GET of a documented path (a template: `{appId}` filled by the reader), its `data` and `meta` as sent; `as` sends onBehalfOf. */
export type Read = (path: string, query?: Record<string, string>, as?: { onBehalfOf: string }) => Promise<unknown>;

export interface Notification {
  channel: string;
  provider?: string;
  triggered: boolean;
  reason: string | null;
  success?: boolean;
  /** When, in ms, as the log says it. */
  at?: number;
}

/** A push token as the trace shows it. */
export interface Device {
  pushToken: string;
  platform?: string;
  providerId?: string;
  pushTokenType?: string;
  /** When the device last registered it, in ms (the push tokens' updatedAt; the log's lines do not say). */
  registeredAt?: number;
}

export interface Recipient {
  uid: string;
  /** Whom a block stands between: the recipient blocked the sender, or the sender the recipient. */
  blocked: boolean | null;
  blockedBy?: "recipient" | "sender";
  banned: boolean | null;
  /** A group's: whether they are a member now (null: not read), and since when, in seconds. */
  member?: boolean | null;
  joinedAt?: number;
  muted: boolean | null;
  /** What muted them: the conversation muted (or the log's MUTE_PREFERENCE), or their preference for its kind of message. */
  mutedBy?: "conversation" | "preference";
  dnd: boolean | null;
  pushTokens: Device[] | null;
  notifications: Notification[];
  /** Read up to this message or beyond (their conversation's lastReadMessageId): read only when asked for receipts and something was pushed. */
  read?: boolean | null;
  /** Where each fact came from: `muted: GET /notifications/v1/logs?messageId=…`. */
  evidence: Record<string, string>;
}

/** A uid as sent: a string, or an entity object carrying one. */
export const uidOf = (value: unknown): string | undefined => text(value) ?? text(record(value)?.uid) ?? text(record(record(value)?.entity)?.uid);

export interface RecipientContext {
  sender: string;
  group: boolean;
  /** Who the conversation is with, as a mute names it: the group's guid, or the sender's uid. */
  conversation: string;
  /** A recipient's log lines; undefined when the log could not be read. */
  lines: (uid: string) => Promise<Array<Notification & { device?: Device }> | undefined>;
  logsEndpoint: string;
  banned: (uid: string) => Promise<boolean | undefined>;
  bannedEndpoint: string;
  /** How the recipient stands with the sender as the page of users says it; undefined when it does not list them. */
  relation: (uid: string) => Promise<{ blockedByMe: boolean; hasBlockedMe: boolean } | undefined>;
  relationsEndpoint: string;
  /** What the sender's block list says of the recipient, when it was read. */
  senderBlocks: (uid: string) => Promise<{ blocked: boolean; blockedBy: boolean } | undefined>;
  senderBlocksEndpoint: string;
  /** A group's recipient: a member now, since when, and the read that says so (the page of members, or the group as they see it). */
  membership: (uid: string) => Promise<{ member: boolean | null; joinedAt?: number; evidence?: string }>;
  /** Whether they read the message, from their conversation's lastReadMessageId; undefined when receipts are not asked for. */
  receipts?: (uid: string) => Promise<{ read: boolean | null; evidence: string }>;
}

/**
 * A block list's entries, both ways: whom its owner blocked, and who blocked its owner (an entry
 * saying `hasBlockedMe` and not `blockedByMe`; the documented entries carry `blockedByMe`, and an
 * entry without it is one the owner blocked). `full`: the page was full, so an absent uid says nothing.
 */
export function blocksIn(body: unknown, perPage: number): { blocked: Set<string>; blockedBy: Set<string>; full: boolean } {
  const blocked = new Set<string>();
  const blockedBy = new Set<string>();
  const items = listItems(body);
  for (const item of items.map(record)) {
    const uid = uidOf(item?.uid);
    if (!item || !uid) continue;
    if (truthy(item.hasBlockedMe)) blockedBy.add(uid);
    if (item.blockedByMe === undefined ? !truthy(item.hasBlockedMe) : truthy(item.blockedByMe)) blocked.add(uid);
  }
  return { blocked, blockedBy, full: items.length >= perPage };
}

/** The page size of the block lists the trace reads (documented: perPage, page). */
export const BLOCKS_PER_PAGE = 100;

/**
 * Whether a block stands between a recipient and the sender, whose, and the read that says so. The
 * page of users answers both ways where it lists them; else the sender's block list (read once for
 * all) and their own. A line (sent or held) proves that none stood when the message went: the
 * service writes none across a block. null where no read could say.
 */
async function blockOf(get: Read, uid: string, c: RecipientContext, lines: Notification[]): Promise<{ blocked: boolean | null; blockedBy?: Recipient["blockedBy"]; evidence?: string }> {
  const relation = await c.relation(uid);
  if (relation?.blockedByMe) return { blocked: true, blockedBy: "sender", evidence: c.relationsEndpoint };
  if (relation && lines.length === 0) return relation.hasBlockedMe ? { blocked: true, blockedBy: "recipient", evidence: c.relationsEndpoint } : { blocked: false, evidence: c.relationsEndpoint };
  const [bySender, ownBlocks] = await Promise.all([
    relation ? undefined : c.senderBlocks(uid),
    relation || lines.length > 0 ? undefined : get(filledPath("/users/{uid}/blockedusers", { uid }), { perPage: String(BLOCKS_PER_PAGE) }),
  ]);
  if (bySender?.blocked) return { blocked: true, blockedBy: "sender", evidence: c.senderBlocksEndpoint };
  if (lines.length > 0) return { blocked: false, evidence: c.logsEndpoint };
  const own = ownBlocks === undefined ? undefined : blocksIn(ownBlocks, BLOCKS_PER_PAGE);
  if (own?.blocked.has(c.sender) || bySender?.blockedBy) return { blocked: true, blockedBy: "recipient", evidence: own?.blocked.has(c.sender) ? `GET /users/${uid}/blockedusers` : c.senderBlocksEndpoint };
  if (own?.blockedBy.has(c.sender)) return { blocked: true, blockedBy: "sender", evidence: `GET /users/${uid}/blockedusers` };
  // Neither list names the other: no block either way (a full page of blocks leaves it open).
  if (own && !own.full && bySender) return { blocked: false, evidence: `GET /users/${uid}/blockedusers, GET /users/${c.sender}/blockedusers` };
  return { blocked: null };
}

/**
 * One recipient: what the log says, and the reads it leaves open, each at most once and four at
 * most (preferences, mutes, their block list where the page of users does not list them, auth tokens
 * and push tokens). A line that went out or was held proves the recipient had not blocked the sender;
 * one sent proves they had neither muted the conversation nor were on DND; the lines name the devices
 * pushed to. Blocked, muted and DND are read whether or not a push token exists; the devices are read
 * (an auth token, then the push tokens) only where no line names them, the push tokens only where no
 * earlier cause (a block, a mute, DND) already explains a recipient without a line.
 */
export async function traceRecipient(get: Read, uid: string, c: RecipientContext): Promise<Recipient> {
  const evidence: Record<string, string> = {};
  const logged = await c.lines(uid);
  const lines = logged ?? [];
  const sent = lines.some((l) => l.triggered);
  const mutedLine = lines.some((l) => l.reason === "MUTE_PREFERENCE");
  const dndLine = lines.some((l) => l.reason === "DND_PREFERENCE");
  if (logged) evidence.notifications = c.logsEndpoint;
  const [preferences, mutes, block, bannedRead, membership] = await Promise.all([
    sent || (mutedLine && dndLine) ? undefined : get("/notifications/v1/preferences", { uid }),
    sent || mutedLine ? undefined : get("/notifications/v1/preferences/mute", { uid }),
    blockOf(get, uid, c, lines),
    c.banned(uid),
    c.group ? c.membership(uid) : undefined,
  ]);

  let muted: boolean | null = null;
  let mutedBy: Recipient["mutedBy"];
  if (sent || mutedLine) [muted, evidence.muted, mutedBy] = [mutedLine, c.logsEndpoint, mutedLine ? "conversation" : undefined];
  else {
    const conversationMuted = mutedOf(mutes, { id: c.conversation, group: c.group });
    const messagesOff = messagesOffOf(preferences, c.group);
    if (conversationMuted || messagesOff) [muted, evidence.muted, mutedBy] = [true, conversationMuted ? "GET /notifications/v1/preferences/mute" : "GET /notifications/v1/preferences", conversationMuted ? "conversation" : "preference"];
    else if (conversationMuted === false) [muted, evidence.muted] = [false, "GET /notifications/v1/preferences/mute"];
  }
  let dnd: boolean | null = null;
  if (sent || dndLine) [dnd, evidence.dnd] = [dndLine, c.logsEndpoint];
  else {
    const on = dndOf(preferences);
    if (on !== undefined) [dnd, evidence.dnd] = [on, "GET /notifications/v1/preferences"];
  }
  const { blocked, blockedBy } = block;
  if (block.evidence) evidence.blocked = block.evidence;
  if (bannedRead !== undefined) evidence.banned = c.bannedEndpoint;
  const banned = c.group ? bannedRead ?? null : false;

  if (membership?.evidence) evidence.member = membership.evidence;

  const explained = lines.length === 0 && (blocked === true || banned === true || muted === true || dnd === true || membership?.member === false);
  const [devices, receipts] = await Promise.all([
    devicesOf(get, uid, lines, explained),
    // Read receipts only where something reached a device: before that, nothing could be read.
    sent && c.receipts ? c.receipts(uid) : undefined,
  ]);
  evidence.pushTokens = devices.evidence === "log" ? c.logsEndpoint : devices.evidence;
  if (receipts) evidence.read = receipts.evidence;
  return {
    uid, blocked, ...(blockedBy ? { blockedBy } : {}), banned,
    ...(membership ? { member: membership.member, ...(membership.joinedAt === undefined ? {} : { joinedAt: membership.joinedAt }) } : {}),
    muted, ...(mutedBy ? { mutedBy } : {}), dnd, pushTokens: devices.tokens,
    notifications: lines.map(({ channel, provider, triggered, reason, success, at }) => ({ channel, provider, triggered, reason, success, at })),
    ...(receipts ? { read: receipts.read } : {}),
    evidence,
  };
}

/** A push token's time (ISO as documented, or seconds or ms as older answers send it), in ms. */
function registeredAt(value: unknown): { registeredAt?: number } {
  const at = typeof value === "number" ? (value < 1e12 ? value * 1000 : value) : typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? { registeredAt: at } : {};
}

/**
 * A recipient's devices: the ones their lines were pushed to where the lines name them; else none when
 * they have no auth token (no device can have registered), else, unless an earlier cause explains why
 * nothing was sent, their push tokens, read with one of their auth tokens.
 */
async function devicesOf(get: Read, uid: string, lines: ReadonlyArray<{ device?: Device }>, explained: boolean): Promise<{ tokens: Device[] | null; evidence: string }> {
  const logged = lines.flatMap((l) => (l.device ? [l.device] : []));
  if (logged.length > 0 && logged.length === lines.length) {
    return { tokens: [...new Map(logged.map((d) => [d.pushToken, d])).values()], evidence: "log" };
  }
  const authTokens = await get(filledPath("/users/{uid}/auth_tokens", { uid }), { perPage: "1" });
  const authToken = text(record(listItems(authTokens)[0])?.authToken);
  if (authToken === undefined) return { tokens: authTokens === undefined ? null : [], evidence: `GET /users/${uid}/auth_tokens` };
  if (explained) return { tokens: null, evidence: "not read: an earlier cause explains why nothing was sent" };
  const pushTokens = await get("/notifications/push/v1/tokens", { authToken, all: "true" });
  if (pushTokens === undefined) return { tokens: null, evidence: "GET /notifications/push/v1/tokens" };
  const data = record(record(pushTokens)?.data);
  const list = Array.isArray(data?.pushTokens) ? data.pushTokens : listItems(pushTokens);
  return {
    tokens: list.map(record).filter((t): t is Json => t !== undefined).map((t) => ({
      pushToken: text(t.pushToken) ?? "", platform: text(t.platform), providerId: text(t.providerId), pushTokenType: text(t.pushTokenType),
      ...registeredAt(t.updatedAt ?? t.createdAt),
    })),
    evidence: "GET /notifications/push/v1/tokens",
  };
}
