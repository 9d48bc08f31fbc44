import { describe, expect, it } from "vitest";
import { generateWorld } from "../../src/emulator/data/generate.js";
import { membersOf } from "../../src/emulator/data/members.js";
import { DEFAULT_NOW } from "../../src/emulator/options.js";

const sizes = { apps: 3, groups: 300, calls: 150, users: 70, messages: 400 };

describe("generated data", () => {
  it("is a pure function of the seed and the sizes", () => {
    const a = generateWorld(42, sizes, DEFAULT_NOW);
    const b = generateWorld(42, sizes, DEFAULT_NOW);
    expect(b).toEqual(a);
    const other = generateWorld(43, sizes, DEFAULT_NOW);
    expect(other.apps[0]!.appId).not.toBe(a.apps[0]!.appId);
    expect(other.apps[0]!.groups.map((g) => g.guid)).not.toEqual(a.apps[0]!.groups.map((g) => g.guid));
  });

  it("keeps groups and users the same when only the number of calls changes", () => {
    const a = generateWorld(5, sizes, DEFAULT_NOW);
    const b = generateWorld(5, { ...sizes, calls: 3 }, DEFAULT_NOW);
    expect(b.apps[1]!.groups).toEqual(a.apps[1]!.groups);
    expect(b.apps[1]!.users).toEqual(a.apps[1]!.users);
  });

  it("gives one app per region by default, each with its own keys", () => {
    const world = generateWorld(1, sizes, DEFAULT_NOW);
    expect(world.apps.map((a) => a.region)).toEqual(["us", "eu", "in"]);
    const keys = world.apps.flatMap((a) => [a.fullAccessKey, a.authOnlyKey]);
    expect(new Set(keys).size).toBe(6);
  });

  it("has as many members as membersCount, the owner an admin among them", () => {
    const app = generateWorld(9, sizes, DEFAULT_NOW).apps[0]!;
    for (const group of app.groups) {
      const members = membersOf(app, group);
      expect(members).toHaveLength(group.membersCount);
      expect(new Set(members.map((m) => m.userIndex)).size).toBe(group.membersCount);
      expect(members.find((m) => m.userIndex === group.ownerIndex)?.scope).toBe("admin");
    }
  });

  it("puts only a group's members on its calls", () => {
    const app = generateWorld(11, sizes, DEFAULT_NOW).apps[2]!;
    const groupCalls = app.calls.filter((c) => c.receiverType === "group");
    expect(groupCalls.length).toBeGreaterThan(0);
    for (const call of groupCalls) {
      const group = app.groups[app.groupIndexByGuid.get(call.receiver)!]!;
      const uids = new Set(membersOf(app, group).map((m) => app.users[m.userIndex]!.uid));
      for (const p of call.participants) expect(uids.has(p.uid)).toBe(true);
    }
  });

  it("gives every group a distinct updatedAt, so the cursor never meets a tie", () => {
    for (const app of generateWorld(3, { ...sizes, groups: 5000 }, DEFAULT_NOW).apps) {
      expect(new Set(app.groups.map((g) => g.updatedAt)).size).toBe(app.groups.length);
    }
  });
});
