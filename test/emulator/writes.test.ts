import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMember, membershipOf } from "../../src/emulator/data/members.js";
import type { App } from "../../src/emulator/data/model.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * The emulator's writes answer with the documented errors, and the reads
 * after a write show it: members added per uid, a scope that does not
 * exist, a user who is not a member, the owner, an unknown group, an
 * authOnly key.
 */

let fx: EmulatorFixture;
let app: App;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 10, calls: 1, users: 30, messages: 0 } });
  app = fx.emulator.world.apps[0]!;
});
afterAll(() => fx?.close());

const write = (method: "POST" | "PUT" | "DELETE", path: string, body?: unknown, key = fx.app().fullAccessKey) =>
  fx.send(method, `${fx.base("api")}${path}`, { apikey: key }, body);

describe("the emulator's writes", () => {
  it("add members: each uid answered, a member already in refused as such; the list and the count show the rest", async () => {
    const group = app.groups.find((g) => g.membersCount < 10)!;
    const outsider = app.users.findIndex((_, u) => u < app.seededUsers && !isMember(app, group, u));
    const member = app.users[group.ownerIndex]!.uid;
    const count = group.membersCount;
    const added = await write("POST", `/groups/${group.guid}/members`, { moderators: [app.users[outsider]!.uid], participants: [member] });
    expect(added.status).toBe(200);
    expect(added.body.data.moderators[app.users[outsider]!.uid]).toMatchObject({ success: true, data: { scope: "moderator" } });
    expect(added.body.data.participants[member]).toMatchObject({ success: false, error: { code: "ERR_ALREADY_JOINED" } });
    expect(group.membersCount).toBe(count + 1);
    const listed = await fx.chat(`/groups/${group.guid}/members`, { perPage: 100 });
    expect(listed.body.data.map((m: { uid: string }) => m.uid)).toContain(app.users[outsider]!.uid);
    expect((await fx.chat(`/groups/${group.guid}`)).body.data.membersCount).toBe(count + 1);
  });

  it("scope and kick: a scope that does not exist, a user who is not a member, the owner, an unknown group", async () => {
    const group = app.groups.find((g) => g.membersCount >= 3)!;
    const member = app.users.findIndex((_, u) => u !== group.ownerIndex && isMember(app, group, u));
    const uid = app.users[member]!.uid;
    expect((await write("PUT", `/groups/${group.guid}/members/${uid}`, { scope: "king" })).body.error).toMatchObject({ code: "ERR_BAD_REQUEST", details: { scope: [expect.stringContaining("admin, moderator, participant")] } });
    expect((await write("PUT", `/groups/${group.guid}/members/${uid}`, { scope: "admin" })).status).toBe(200);
    expect(membershipOf(app, group, member)?.scope).toBe("admin");
    const owner = await write("DELETE", `/groups/${group.guid}/members/${app.users[group.ownerIndex]!.uid}`);
    expect(owner.body.error.code).toBe("ERR_GROUP_OWNER");
    expect((await write("DELETE", `/groups/${group.guid}/members/${uid}`)).status).toBe(200);
    const again = await write("DELETE", `/groups/${group.guid}/members/${uid}`);
    expect([again.status, again.body.error.code]).toEqual([404, "ERR_NOT_A_MEMBER"]);
    expect((await write("DELETE", `/groups/no-such-group/members/${uid}`)).body.error.code).toBe("ERR_GUID_NOT_FOUND");
  });

  it("an authOnly key may not write what only fullAccess may", async () => {
    const denied = await write("DELETE", "/users", { uidsToDeactivate: [app.users[1]!.uid] }, fx.app().authOnlyKey);
    expect([denied.status, denied.body.error.code]).toEqual([403, "AUTH_ERR_NO_ACCESS"]);
    expect(app.users[1]!.deactivatedAt).toBeUndefined();
    const malformed = await write("DELETE", "/users", { uidsToDeactivate: "alice" });
    expect(malformed.body.error).toMatchObject({ code: "ERR_BAD_REQUEST", details: { uidsToDeactivate: [expect.any(String)] } });
  });
});
