import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * `ccx find <id>` against the emulator's three apps over HTTPS, from the first app with the management
 * key: each kind of id of the SECOND app is found there, --json's shape, nothing found is exit 3, and
 * each app is asked at most four requests (counted in the emulator's own request log).
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
/** Every request the emulator answered, as its log writes them. */
const served: string[] = [];
const second = () => fx.app(1);
let message: { id: number; conversationId: string };

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 3, groups: 6, calls: 4, users: 12, messages: 60 }, verbose: true, log: (line: string) => served.push(line) });
  env = fx.cliEnv({ index: 0, management: true });
  // A 1:1 message of the second app: its id and its conversation's.
  const answer = await fx.chat("/messages", { perPage: 100 }, {}, 1);
  message = (answer.body.data as Array<{ id: number; receiverType: string; conversationId: string }>).find((m) => m.receiverType === "user")!;
});
afterAll(() => fx?.close());

const world = () => fx.emulator.world.apps[1]!;
type Match = { kind: string; id: string; appId: string; region: string; name: string };

describe("ccx find", () => {
  it.each([
    ["uid", () => world().users[0]!.uid],
    ["guid", () => world().groups[0]!.guid],
    ["messageId", () => String(message.id)],
    ["conversationId", () => message.conversationId],
    ["sessionId", () => world().calls[0]!.sessionId],
  ])("finds a %s of the second app there, with its region, asking each app at most 4 requests", async (kind, idOf) => {
    const id = idOf();
    const from = served.length;
    const run = await runCcx(["find", id, "--json"], env);
    expect(run.code).toBe(0);
    const matches = JSON.parse(run.stdout) as Match[];
    expect(matches).toContainEqual({ kind, id, appId: second().appId, region: second().region, name: expect.any(String) });
    for (const m of matches) expect(Object.keys(m).sort()).toEqual(["appId", "id", "kind", "name", "region"]);
    // Each app's requests: its chat and calls hosts are named by its id in the path.
    const asked = served.slice(from);
    for (const app of fx.info.apps) {
      const count = asked.filter((line) => line.includes(`/${app.appId}.`)).length;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(4);
    }
  });

  it("lists every match, the current app's first", async () => {
    // A uid every app has (the generated worlds share their first users' names).
    const uid = world().users[0]!.uid;
    for (const current of [0, 2]) {
      const run = await runCcx(["find", uid, "--json"], fx.cliEnv({ index: current, management: true }));
      const matches = JSON.parse(run.stdout) as Match[];
      expect(matches.map((m) => m.appId).sort()).toEqual(fx.info.apps.map((a) => a.appId).sort());
      expect(matches[0]!.appId).toBe(fx.app(current).appId);
    }
  });

  it("prints a table of kind, id, app, region and name", async () => {
    const uid = world().users[0]!.uid;
    const run = await runCcx(["find", uid], env);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^KIND\s+ID\s+APP\s+REGION\s+NAME$/);
    expect(lines.some((l) => l.startsWith("user") && l.includes(uid) && l.includes(second().appId))).toBe(true);
  });

  it("says nothing has the id and exits 3 when no app has it", async () => {
    const run = await runCcx(["find", "nobody-has-this-id"], env);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("no known app has nobody-has-this-id as a user, group (asked 3)");
  });
});
