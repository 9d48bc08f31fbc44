import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runCcx } from "../support/run-ccx.js";
import { scratchDir } from "../support/scratch.js";
import { type Tui, mountTui } from "../support/tui.js";

/**
 * One runner for the command line and the explorer: `webhook create` with
 * triggers must go in order (the webhook, then its triggers, once it exists).
 * Run from the explorer (+ on :webhooks, its form) and from the command line,
 * the emulator sees the same requests in the same order, each answered with
 * no other in flight (every answer held a while, so that two sent at once
 * would overlap), and both are journaled. Quitting the explorer interrupts
 * its run as ctrl-c does the command line's: nothing more is started, what
 * was under way finishes and is journaled.
 */

/** Each write as the emulator answered it, and how many other requests it was still answering then. */
const answered: Array<{ line: string; open: number }> = [];
let fx: EmulatorFixture;
let tui: Tui | undefined;

beforeAll(async () => {
  fx = await emulatorFixture({
    sizes: { apps: 1, groups: 3, calls: 1, users: 20, messages: 0 },
    // Held long enough that a request sent beside another is still open when the other is answered.
    faults: { latency: { min: 60, max: 60 } },
    verbose: true,
    log: (line) => {
      if (/^(POST|PUT|PATCH|DELETE) /.test(line)) answered.push({ line, open: fx.emulator.load().open });
    },
  });
});
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});
afterAll(() => fx?.close());

const TRIGGERS = ["group_created", "group_deleted"];
const URL = "https://hooks.example.com/in-order";

/** The writes answered since `from`: method and path, the new webhook's id as <id>, and the others open then. */
const writesSince = (from: number, id: string) => answered.slice(from).map(({ line, open }) => ({ request: line.split(" ").slice(0, 2).join(" ").replaceAll(id, "<id>"), open }));

describe("one write runner", () => {
  it("a webhook and its triggers, from the explorer's + and from ccx webhook create: the same requests, in order, both journaled", async () => {
    const state = scratchDir("ccx-runner-");
    const journal = join(state, "ccx", "journal.ndjson");
    const app = fx.emulator.world.apps[0]!;

    tui = await mountTui(fx, { load: true, management: true, columns: 150, rows: 40, journal });
    await tui.paste(":webhooks\r");
    await tui.waitForFrame((f) => /\d+ (loaded|of \d+)/.test(f) && f.includes("+ create"), "the webhooks, + offered");
    const fromKeys = answered.length;
    await tui.press("+");
    await tui.waitForFrame((f) => f.includes("webhook create") && /triggers\s/.test(f), "the form, empty");
    // name, url, then (past id) triggers: each edited in the line.
    const fill = async (flag: string, value: string) => {
      await tui!.press("enter");
      await tui!.waitForFrame((f) => f.trimEnd().endsWith(`${flag}:`), `the ${flag} line`);
      await tui!.type(value);
      await tui!.press("enter");
      await tui!.waitForFrame((f) => new RegExp(`\\* ${flag}\\s+${value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`).test(f), `${flag} in the form`);
    };
    await fill("name", "From Keys");
    await tui.press("j");
    await fill("url", URL);
    await tui.press("j", "j");
    await fill("triggers", TRIGGERS.join(","));
    await tui.press("y");
    const box = await tui.waitForFrame((f) => f.includes("webhook create from-keys, from-keys triggers?"), "the box: the webhook, then its triggers");
    expect(box).toMatch(/POST https:\/\/\S+\/webhooks\/from-keys\/triggers/);
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: webhook create from-keys, from-keys triggers"), "both done");
    const explorer = writesSince(fromKeys, "from-keys");

    const fromCli = answered.length;
    const run = await runCcx(["webhook", "create", "--name", "From Cli", "--url", URL, "--triggers", TRIGGERS.join(","), "--yes"], fx.cliEnv({ management: true, state }));
    expect(run.code, run.stderr).toBe(0);
    const cli = writesSince(fromCli, "from-cli");

    expect(explorer.map((w) => w.request)).toEqual([`POST /apimgmt/apps/${app.appId}/webhooks`, `POST /apimgmt/apps/${app.appId}/webhooks/<id>/triggers`]);
    expect(explorer).toEqual(cli);
    // Each answered with nothing else open: the triggers left only once the webhook was made.
    expect(explorer.map((w) => w.open)).toEqual([0, 0]);
    for (const id of ["from-keys", "from-cli"]) expect(app.webhooks.find((w) => w.id === id)?.triggers).toEqual(TRIGGERS);

    // One journal: the explorer's two writes and the command line's, each done.
    const listed = await runCcx(["journal", "--json"], fx.cliEnv({ state }));
    const entries = JSON.parse(listed.stdout) as Array<{ verb: string; item: string; outcome: string }>;
    expect(entries.map((e) => `${e.item} ${e.outcome}`).sort()).toEqual(["from-cli done", "from-cli triggers done", "from-keys done", "from-keys triggers done"]);
  });

  it("quitting the explorer during a bulk run: nothing more is started, what was under way is answered and journaled", async () => {
    const state = scratchDir("ccx-runner-quit-");
    const journal = join(state, "ccx", "journal.ndjson");
    const app = fx.emulator.world.apps[0]!;
    tui = await mountTui(fx, { load: true, columns: 150, rows: 40, journal });
    await tui.paste(":users\r");
    await tui.waitForFrame((f) => /\d+ of \d+ · page/.test(f) && f.includes(app.users[0]!.uid), "the users");
    // 12 marked: three rounds of 4 (each a GET, then the DELETE, every answer held 60 ms).
    for (let i = 0; i < 12; i++) await tui.press(" ");
    await tui.waitForFrame((f) => f.includes("12 marked"), "12 marked");
    const from = answered.length;
    await tui.press("D");
    await tui.waitForFrame((f) => f.includes("type 12, how many, to send them"), "the count asked");
    await tui.type("12");
    await tui.press("enter");
    const deletes = () => answered.slice(from).filter((a) => /^DELETE \S+\/users /.test(a.line));
    await until(() => deletes().length > 0, "the first round answered");
    // Quitting waits for the writes under way, answered and journaled.
    await tui.unmount();
    tui = undefined;
    const sent = deletes().length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(12);
    // Each one sent is journaled with its answer; none was left pending, none not sent is there.
    const listed = await runCcx(["journal", "--json"], fx.cliEnv({ state }));
    const entries = JSON.parse(listed.stdout) as Array<{ verb: string; outcome: string; unanswered?: boolean }>;
    expect(entries.filter((e) => e.verb === "user deactivate")).toHaveLength(sent);
    expect(entries.filter((e) => e.unanswered || e.outcome === "unknown")).toEqual([]);
  });
});

/** Polls until `check` holds (the emulator's log is filled as it answers). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 2000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
