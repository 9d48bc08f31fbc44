import type { App } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * Friendships are derived, like blocks, not stored: user i and user i ± d (in
 * the seeded users' ring, d in OFFSETS) are friends when their pair rolls so.
 * The roll depends on the pair alone, so a friendship is mutual, as the
 * service keeps it. Users created later have none. The writes' changes
 * (`app.changes.friends`, kept both ways) are laid over them.
 */

const FRIEND = 0x667264;
const OFFSETS = [1, 3, 8, 21] as const;

/** The indexes of user `index`'s friends: the seeded ones in ring order, then those made since. */
export function friendsOf(app: App, index: number): number[] {
  const changes = app.changes.friends.get(index);
  const seeded = seededFriends(app, index).filter((other) => changes?.get(other) !== null);
  const made = [...(changes ?? [])].filter(([other, at]) => at !== null && !seeded.includes(other)).sort((a, b) => a[1]! - b[1]! || a[0] - b[0]).map(([other]) => other);
  return [...seeded, ...made];
}

function seededFriends(app: App, index: number): number[] {
  const users = app.seededUsers;
  if (index >= users || users < 2) return [];
  const friends = new Set<number>();
  for (const d of OFFSETS) {
    if (d >= users) continue;
    for (const other of [(index + d) % users, (index - d + users) % users]) {
      if (other === index) continue;
      const [a, b] = index < other ? [index, other] : [other, index];
      if (mix32(hash32(app.appId), app.seed, a, b, FRIEND) % 3 === 0) friends.add(other);
    }
  }
  return [...friends].sort((a, b) => a - b);
}
