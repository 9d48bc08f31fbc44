import type { App, Group } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * Bans and blocks are derived, like membership, not stored: a pure function of
 * the seed and the indexes. A quarter of the groups ban a few non-members; a
 * quarter of the active users block a few other users.
 */

const BAN = 0x62616e;
const BLOCK = 0x626c6b;
const MAX = 4;

export interface Block {
  userIndex: number;
  blockedAt: number;
}

/** The users banned from a group (never its members): the seeded bans, as the writes changed them. */
export function bannedFrom(app: App, group: Group): number[] {
  const changes = app.changes.bans.get(group.index);
  const seeded = seededBans(app, group).filter((u) => changes?.get(u) !== null);
  const added = [...(changes ?? [])].filter(([u, at]) => at !== null && !seeded.includes(u)).map(([u]) => u);
  return [...seeded, ...added];
}

function seededBans(app: App, group: Group): number[] {
  const users = app.seededUsers;
  const outsiders = users - group.seededMembers;
  const roll = mix32(hash32(app.appId), app.seed, group.index, BAN);
  // A group created through the API (no seeded member) has no seeded bans either.
  if (group.seededMembers === 0 || outsiders <= 0 || roll % 4 !== 0) return [];
  const banned = new Set<number>();
  const wanted = 1 + ((roll >>> 4) % Math.min(MAX, outsiders));
  for (let j = 0; banned.size < wanted; j++) {
    // Positions at or past seededMembers in the group's order are the non-members (members.ts).
    const k = group.seededMembers + (mix32(roll, j) % outsiders);
    banned.add((group.memberStep * k + group.ownerIndex) % users);
  }
  return [...banned];
}

/** The users that user `blocker` has blocked, oldest block first: the seeded blocks, as the writes changed them. */
export function blockedBy(app: App, blocker: number): Block[] {
  const changes = app.changes.blocks.get(blocker);
  if (!changes) return seededBlocks(app, blocker);
  const kept = seededBlocks(app, blocker).filter((b) => !changes.has(b.userIndex));
  const made = [...changes].filter((entry): entry is [number, number] => entry[1] !== null).map(([userIndex, blockedAt]) => ({ userIndex, blockedAt }));
  return [...kept, ...made].sort((a, b) => a.blockedAt - b.blockedAt || a.userIndex - b.userIndex);
}

/** The blocks the seed makes: users created later block nobody. */
function seededBlocks(app: App, blocker: number): Block[] {
  const users = app.seededUsers;
  const roll = mix32(hash32(app.appId), app.seed, blocker, BLOCK);
  if (blocker >= users || users < 2 || roll % 4 !== 0) return [];
  const wanted = 1 + ((roll >>> 4) % Math.min(MAX, users - 1));
  const blocks: Block[] = [];
  // A block is made while the user is around: between their creation and their last activity.
  const user = app.users[blocker]!;
  const span = Math.max(1, (user.lastActiveAt ?? user.updatedAt) - user.createdAt);
  for (let j = 0; blocks.length < wanted; j++) {
    const userIndex = (blocker + 1 + (mix32(roll, j) % (users - 1))) % users;
    if (blocks.some((b) => b.userIndex === userIndex)) continue;
    blocks.push({ userIndex, blockedAt: user.createdAt + (mix32(roll, j, 1) % span) });
  }
  return blocks.sort((a, b) => a.blockedAt - b.blockedAt || a.userIndex - b.userIndex);
}

/**
 * How `me` and `other` stand, as GET /users answers it with onBehalfOf (the
 * documented example sends blockedAt beside blockedByMeAt): blockedByMe and
 * hasBlockedMe always, blockedByMeAt when I blocked them, blockedAt when
 * either did (mine first).
 */
export function blockFields(app: App, me: number, other: number): Record<string, unknown> {
  const mine = blockedBy(app, me).find((b) => b.userIndex === other);
  const theirs = blockedBy(app, other).find((b) => b.userIndex === me);
  const fields: Record<string, unknown> = { blockedByMe: mine !== undefined, hasBlockedMe: theirs !== undefined };
  if (mine) fields.blockedByMeAt = mine.blockedAt;
  const at = mine?.blockedAt ?? theirs?.blockedAt;
  if (at !== undefined) fields.blockedAt = at;
  return fields;
}
