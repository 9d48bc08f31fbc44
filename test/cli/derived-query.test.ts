import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/emulator/data/model.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * `--query` on the lists made from definitions: the grammar derived from the
 * query parameters the catalogue documents for each list's GET, the request
 * as the emulator saw it over HTTPS.
 */

let fx: EmulatorFixture;
let app: App;
let env: Record<string, string>;
const served: string[] = [];

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 4, calls: 1, users: 12, messages: 200 }, verbose: true, log: (line: string) => served.push(line) });
  app = fx.emulator.world.apps[0]!;
  env = { ...fx.cliEnv(), COLUMNS: "200" };
});
afterAll(() => fx?.close());

const ndjson = (text: string) => text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
const logRequests = () => served.filter((l) => l.includes("/notifications/v1/logs"));

describe("--query on a derived list", () => {
  it("notifications logs: each key sends its documented parameter, the lines are the ones asked for", async () => {
    const receiver = app.users[1]!.uid;
    served.length = 0;
    const run = await runCcx(["notifications", "logs", "--query", `channel:push success:no receiver:${receiver}`, "--ndjson"], env);
    expect(run.code, run.stderr).toBe(0);
    const asked = logRequests();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/channel=push/);
    expect(asked[0]).toMatch(/success=false/);
    expect(asked[0]).toContain(`receiver=${encodeURIComponent(receiver)}`);
    for (const line of ndjson(run.stdout)) expect(line).toMatchObject({ channel: "push", receiver });
  });

  it("sent:>=1h is a point in time, sent as from= in ms", async () => {
    served.length = 0;
    const run = await runCcx(["notifications", "logs", "--query", "sent:>=2024-01-01", "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(logRequests()[0]).toMatch(/[?&]from=1704067200000(&|$| )/);
    expect(logRequests()[0]).not.toMatch(/[?&]to=/);
  });

  it("a token that does not parse is marked under the line, and nothing is sent", async () => {
    served.length = 0;
    const run = await runCcx(["notifications", "logs", "--query", "chanel:push success:false"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/nothing was sent/);
    expect(run.stderr).toMatch(/\^+ unknown filter "chanel:"; did you mean channel:\?/);
    expect(logRequests()).toHaveLength(0);
  });

  it("members: scope: is the documented scopes, bare words on a list with a search are its searchKey", async () => {
    const guid = app.groups[0]!.guid;
    served.length = 0;
    const members = await runCcx(["members", guid, "--query", "scope:admin,participant", "--json"], env);
    expect(members.code, members.stderr).toBe(0);
    expect(served.find((l) => l.includes(`/groups/${guid}/members`))).toMatch(/scopes=admin%2Cparticipant/);
    const uid = app.users[0]!.uid;
    served.length = 0;
    const friends = await runCcx(["friends", uid, "--query", "ann marie", "--json"], env);
    expect(friends.code, friends.stderr).toBe(0);
    expect(served.find((l) => l.includes("/friends"))).toMatch(/searchKey=ann(\+|%20)marie/);
  });

  it("a list that documents no filter says so, and sends nothing", async () => {
    served.length = 0;
    const run = await runCcx(["roles", "--query", "name:x"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/roles: the service documents no filter for this list/);
    expect(served.filter((l) => l.includes("/roles"))).toHaveLength(0);
  });
});

/** The query of the one request a log line names. */
const queryOf = (line: string | undefined) => new URLSearchParams(/\?(\S+)/.exec(line ?? "")?.[1] ?? "");

describe("flags that name a key of a list's grammar (users, groups, calls)", () => {
  it.each([
    { list: "users", args: ["--status", "available", "--query", "role:default"], asks: { status: "available", role: "default", withTags: "true" } },
    { list: "groups", args: ["--members", ">=1", "--query", "type:public"], asks: { "membersCount[gte]": "1", type: "public", withTags: "true" } },
    { list: "calls", args: ["--has-recording", "--query", "status:ended"], asks: { hasRecording: "true", status: "ended" } },
  ])("ccx $list: the flag and --query are one filter, sent in one request that carries both", async ({ list, args, asks }) => {
    served.length = 0;
    const run = await runCcx([list, ...args, "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    const asked = served.filter((l) => l.includes(`/${list}?`));
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(queryOf(asked[0]))).toMatchObject(asks);
  });

  it.each([
    { list: "users", args: ["--status", "away", "--query", "role:default"], token: "status:away" },
    { list: "groups", args: ["--members", "lots", "--query", "type:public"], token: "members:lots" },
    { list: "calls", args: ["--participants", "many", "--query", "status:ended"], token: "participants:many" },
  ])("ccx $list: a flag's value that does not parse is marked under the line, and nothing is sent", async ({ list, args, token }) => {
    served.length = 0;
    const run = await runCcx([list, ...args], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the filter does not parse; nothing was sent/);
    const [line, marks] = run.stderr.split("\n").slice(1, 3);
    expect(line!.trim().startsWith(token)).toBe(true);
    // The caret stands under the flag's token, at its width.
    expect(marks!.indexOf("^")).toBe(line!.indexOf(token));
    expect(marks).toContain("^".repeat(token.length));
    expect(served.filter((l) => l.includes(`/${list}`))).toHaveLength(0);
  });
});
