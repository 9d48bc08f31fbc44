import { FLAG } from "./message-store.js";
import type { App } from "./model.js";
import { mix32 } from "./random.js";
import { REACTIONS } from "./vocabulary.js";

/**
 * A message's reactions: those it was generated with (about one message in
 * eight has some), drawn from its `detail` word, then the writes' changes
 * (`app.changes.reactions`): a user's reaction added, or taken back.
 */

export interface Reaction {
  /** Its id among the message's reactions: the generated ones first, then those added, in order. */
  id: number;
  reaction: string;
  userIndex: number;
  reactedAt: number;
}

/** The key of one user's reaction in a message's changes. */
export const reactionKey = (userIndex: number, reaction: string): string => `${userIndex} ${reaction}`;

/** The generated reactions' counts, as a message's JSON sends them: each emoji and how many reacted with it. */
function seededCounts(d: number): Array<{ reaction: string; count: number }> {
  const first = d >>> 4;
  return Array.from({ length: 1 + (d % 3) }, (_, j) => ({ reaction: REACTIONS[(first + j) % REACTIONS.length]!, count: 1 + (mix32(d, j) % 5) }));
}

/** Every reaction to message `i`, oldest first (none once it is deleted). */
export function reactionsTo(app: App, i: number): Reaction[] {
  const store = app.messages;
  if (store.deletedAt[i]! > 0) return [];
  const changes = app.changes.reactions.get(i);
  const out: Reaction[] = [];
  let id = i * 100;
  if (store.flags[i]! & FLAG.reactions) {
    const d = store.detail[i]!;
    seededCounts(d).forEach(({ reaction, count }, j) => {
      for (let k = 0; k < count; k++) {
        const userIndex = mix32(d, j, k) % app.seededUsers;
        id++;
        if (changes?.get(reactionKey(userIndex, reaction)) === null) continue;
        out.push({ id, reaction, userIndex, reactedAt: store.sentAt[i]! + 60 * (id - i * 100) });
      }
    });
  }
  // Added ones number after the at most 15 generated.
  id = i * 100 + 15;
  for (const [key, reactedAt] of changes ?? []) {
    const space = key.indexOf(" ");
    const userIndex = Number(key.slice(0, space));
    const reaction = key.slice(space + 1);
    id++;
    if (reactedAt !== null && !out.some((r) => r.userIndex === userIndex && r.reaction === reaction)) out.push({ id, reaction, userIndex, reactedAt });
  }
  return out;
}

/** The counts a message's JSON sends (`reactions`), `reactedByMe` for the user given; none: an empty list. */
export function reactionCounts(app: App, i: number, viewer?: number): Array<{ reaction: string; count: number; reactedByMe?: true }> {
  const store = app.messages;
  // The common case, kept cheap for lists: generated reactions, nothing changed, no viewer.
  if (viewer === undefined && !app.changes.reactions.has(i)) return store.deletedAt[i]! > 0 || !(store.flags[i]! & FLAG.reactions) ? [] : seededCounts(store.detail[i]!);
  const counts = new Map<string, { reaction: string; count: number; reactedByMe?: true }>();
  for (const r of reactionsTo(app, i)) {
    const entry = counts.get(r.reaction) ?? { reaction: r.reaction, count: 0 };
    entry.count++;
    if (r.userIndex === viewer) entry.reactedByMe = true;
    counts.set(r.reaction, entry);
  }
  return [...counts.values()];
}
