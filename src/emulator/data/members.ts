import type { App, Group, Member, MemberScope } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * Group membership is derived, not stored: a hundred thousand groups would
 * otherwise hold millions of member records. Each group orders the app's
 * seeded users by an affine permutation, k ↦ (step·k + owner) mod U, and its
 * members are the first seededMembers users of that order. The owner comes
 * first (k = 0), and whether a user belongs is one modular inverse away. The
 * writes' changes (`app.changes.members`) are laid over that: a member added,
 * kicked or given another scope.
 */

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The inverse of `a` modulo `m` (a and m coprime). */
function inverse(a: number, m: number): number {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1, 0];
  while (r) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

/** A step coprime with the number of users, drawn from `roll`. */
export function memberStep(users: number, roll: number): { memberStep: number; stepInverse: number } {
  if (users <= 1) return { memberStep: 1, stepInverse: 1 };
  let step = 1 + (roll % (users - 1));
  while (gcd(step, users) !== 1) step = step === users - 1 ? 1 : step + 1;
  return { memberStep: step, stepInverse: inverse(step, users) };
}

const SCOPES: MemberScope[] = ["participant", "moderator", "admin"];

function memberAt(app: App, group: Group, k: number, userIndex: number): Member {
  if (k === 0) return { userIndex, scope: "admin", joinedAt: group.createdAt };
  const roll = mix32(hash32(app.appId), app.seed, group.index, k);
  const scope = SCOPES[roll % 20 < 16 ? 0 : roll % 20 < 19 ? 1 : 2]!;
  const span = Math.max(1, group.updatedAt - group.createdAt);
  return { userIndex, scope, joinedAt: group.createdAt + 1 + (mix32(roll, 7) % span) };
}

export function membersOf(app: App, group: Group): Member[] {
  const users = app.seededUsers;
  const changes = app.changes.members.get(group.index);
  const members: Member[] = [];
  for (let k = 0; k < group.seededMembers; k++) {
    const userIndex = (group.memberStep * k + group.ownerIndex) % users;
    const changed = changes?.get(userIndex);
    if (changed === null) continue;
    members.push(changed ?? memberAt(app, group, k, userIndex));
  }
  // Those added since, in the order they joined.
  const added = [...(changes?.values() ?? [])].filter((m): m is Member => m !== null && !seededMember(app, group, m.userIndex));
  return [...members, ...added.sort((a, b) => a.joinedAt - b.joinedAt || a.userIndex - b.userIndex)];
}

/** The seeded membership's position of a user in the group's order, when the seed makes them a member. */
function seededPosition(app: App, group: Group, userIndex: number): number | undefined {
  const users = app.seededUsers;
  if (userIndex >= users) return undefined;
  const k = (((userIndex - group.ownerIndex + users) % users) * group.stepInverse) % users;
  return k < group.seededMembers ? k : undefined;
}

const seededMember = (app: App, group: Group, userIndex: number) => seededPosition(app, group, userIndex) !== undefined;

/** The user's membership of the group, if any: O(1). */
export function membershipOf(app: App, group: Group, userIndex: number): Member | undefined {
  const changed = app.changes.members.get(group.index)?.get(userIndex);
  if (changed !== undefined) return changed ?? undefined;
  const k = seededPosition(app, group, userIndex);
  return k === undefined ? undefined : memberAt(app, group, k, userIndex);
}

export function isMember(app: App, group: Group, userIndex: number): boolean {
  const changed = app.changes.members.get(group.index)?.get(userIndex);
  return changed !== undefined ? changed !== null : seededMember(app, group, userIndex);
}
