import type { App, User } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * A user's auth tokens: a few derived from the seed (a seeded user has zero to
 * two, made after the user was), and those issued through the API since the
 * emulator started, kept by uid; less those revoked (`app.changes.revokedTokens`).
 * As the service answers them: `{uid, authToken, createdAt}`, and where one is
 * used once an update said so (`app.changes.tokenDetails`).
 */
export interface AuthToken {
  uid: string;
  authToken: string;
  createdAt: number;
  platform?: string;
  userAgent?: string;
  appInfo?: Record<string, unknown>;
}

const TOKEN = 0x746f6b;

/** The token text: the uid, then 40 hex digits. */
const tokenText = (uid: string, ...salt: number[]) =>
  `${uid}_${Array.from({ length: 5 }, (_, i) => mix32(hash32(uid), ...salt, i).toString(16).padStart(8, "0")).join("")}`;

function seededTokens(app: App, index: number, user: User): AuthToken[] {
  if (index >= app.seededUsers) return [];
  const roll = mix32(hash32(app.appId), app.seed, index, TOKEN);
  const span = Math.max(1, (user.lastActiveAt ?? user.updatedAt) - user.createdAt);
  return Array.from({ length: roll % 3 }, (_, j) => ({
    uid: user.uid,
    authToken: tokenText(user.uid, app.seed, roll, j),
    createdAt: user.createdAt + (mix32(roll, j) % span),
  })).sort((a, b) => a.createdAt - b.createdAt);
}

/** Every token of the user at `index`, oldest first. */
export function tokensOf(app: App, index: number): AuthToken[] {
  const user = app.users[index]!;
  const all = [...seededTokens(app, index, user), ...(app.issuedTokens.get(user.uid) ?? [])].map((t) => ({ ...t, ...app.changes.tokenDetails.get(t.authToken) }));
  return app.changes.revokedTokens.size === 0 ? all : all.filter((t) => !app.changes.revokedTokens.has(t.authToken));
}

/** Keeps a token the API issued, so that the user's list shows it. */
export function keepIssued(app: App, token: AuthToken): void {
  app.issuedTokens.set(token.uid, [...(app.issuedTokens.get(token.uid) ?? []), token]);
}
