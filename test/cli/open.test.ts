import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * Views to share on the command line: `ccx <list> --query … --share` prints a view string on stderr,
 * and `ccx open '<string>' --json` in a pipe prints the same rows, from another app's profile too
 * (the management key finds the app it names); strings that name no view, or an app not known, are
 * said, exit 2.
 */

let fx: EmulatorFixture;
beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 2, groups: 40, calls: 4, users: 12, messages: 10 } });
});
afterAll(() => fx?.close());

/** The view string --share printed: the one line of stderr that is one. */
const viewIn = (stderr: string) => stderr.split("\n").find((l) => l.startsWith("ccx://"))!;

describe("views to share", () => {
  it("ccx groups --query … --share, then ccx open '<string>' --json: the same rows, from the second app's profile too", async () => {
    const line = "type:public members:>=2 'a b'";
    const listed = await runCcx(["groups", "--query", "type:public members:>=2", "--per-page", "10", "--share", "--json"], fx.cliEnv());
    expect(listed.code, listed.stderr).toBe(0);
    const view = viewIn(listed.stderr);
    const app = fx.app(0);
    expect(view).toBe(`ccx://v1/${app.region}/${app.appId}/groups?q=type:public+members:>=2`);
    // No key in it, and nothing a shell splits in single quotes.
    expect(view).not.toContain(app.fullAccessKey);
    expect(view).not.toMatch(/[\s']/);
    const opened = await runCcx(["open", view, "--json"], fx.cliEnv());
    expect(opened.code, opened.stderr).toBe(0);
    const rows = JSON.parse(opened.stdout) as Array<{ guid: string }>;
    expect(rows.length).toBeGreaterThan(0);
    // The view's rows are its list command's, as that command prints them (its default page).
    const direct = await runCcx(["groups", "--query", "type:public members:>=2", "--json"], fx.cliEnv());
    expect(rows).toEqual(JSON.parse(direct.stdout));
    // Opened by someone whose profile is the second app's: the management key finds the first.
    const elsewhere = await runCcx(["open", view, "--json"], fx.cliEnv({ index: 1, management: true }));
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    expect(JSON.parse(elsewhere.stdout)).toEqual(rows);
    // A filter with quotes, spaces and & round-trips through the string.
    const quoted = await runCcx(["groups", "--query", line, "--share", "--json"], fx.cliEnv());
    expect(quoted.code, quoted.stderr).toBe(0);
    expect(viewIn(quoted.stderr)).toContain("q=type:public+members:>=2+%27a+b%27");
    const again = await runCcx(["open", viewIn(quoted.stderr), "--json"], fx.cliEnv());
    expect(again.stdout).toBe(quoted.stdout);
  });

  it("a list asked as a user (--as) names that user: opened by anyone, it is asked as them", async () => {
    const uid = fx.emulator.world.apps[0]!.users[0]!.uid;
    const listed = await runCcx(["conversations", "--as", uid, "--share", "--json"], fx.cliEnv());
    expect(listed.code, listed.stderr).toBe(0);
    const view = viewIn(listed.stderr);
    expect(view).toContain(`as=${uid}`);
    expect(JSON.parse(listed.stdout).length).toBeGreaterThan(0);
    const opened = await runCcx(["open", view, "--json"], fx.cliEnv());
    expect(opened.code, opened.stderr).toBe(0);
    expect(JSON.parse(opened.stdout)).toEqual(JSON.parse(listed.stdout));
  });

  it("a view of an app this profile does not know says which app and region it names (exit 2)", async () => {
    const run = await runCcx(["open", "ccx://v1/eu/nosuchapp/groups?q=type:public", "--json"], fx.cliEnv());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("app nosuchapp in region eu, which this profile does not know");
  });

  it.each([
    ["https://example.com/groups", "not a view string: one starts ccx://"],
    ["ccx://v9/us/app/groups", 'version "v9"; this ccx reads v1'],
    ["ccx://v1/mars/app/groups", "names no region ccx knows"],
    ["ccx://v1/us/app", "names no list"],
    ["ccx://v1/us/app/groups?q=%zz", "broken %-escape"],
    ["ccx://v1/us/app/groups?key=secret", 'a part ccx does not read: "key"'],
  ])("%s is refused with what is wrong (exit 2)", async (text, says) => {
    const run = await runCcx(["open", text, "--json"], fx.cliEnv());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(says);
    expect(run.stdout).toBe("");
  });

  it("--share refuses what a view cannot carry, and sends nothing", async () => {
    const run = await runCcx(["groups", "-f", "type=public", "--share"], fx.cliEnv());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--share: a view string carries the list and its filter line");
    expect(run.stdout).toBe("");
  });
});
