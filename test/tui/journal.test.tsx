import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Tui, lines, tuiFixture } from "../support/tui.js";
import { scratchDir } from "../support/scratch.js";

/**
 * :journal on a journal written ahead: a write whose answer never came (its process killed) is
 * unknown, with the command that checks it, and U refuses it; a line cut short by a crash is skipped
 * and said in a notice; the newest entries come first, numbered as their lines say.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 2, calls: 1, users: 12, messages: 0 } });
let tui: Tui;
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe(":journal", () => {
  it("an unanswered write: unknown (no answer), its check shown, U refuses it; a torn line said in a notice", async () => {
    dir = scratchDir("ccx-tui-journal-");
    const journal = join(dir, "journal.ndjson");
    const appId = fixture.fx.app().appId;
    const write = (seq: number, item: string) => ({ seq, id: `id${seq}`, time: "2026-11-01T10:00:00.000Z", outcome: "pending", verb: "user update", item, app: appId, region: "us", method: "PUT", host: "chat", path: `/users/${item}`, body: { name: "New" }, check: `ccx user ${item}`, inverse: { method: "PUT", path: `/users/${item}`, body: { name: "Old" } } });
    writeFileSync(journal, [
      JSON.stringify(write(1, "answered")), JSON.stringify({ seq: 1, id: "id1", outcome: "done", status: 200 }),
      JSON.stringify(write(2, "killed")),
      '{"seq":3,"id":"id3","time":"2026-11-01T10:0',
    ].join("\n"), { mode: 0o600 });
    tui = await fixture.mount({ columns: 160, rows: 30, journal });
    await tui.paste(":journal\r");
    const listed = await tui.waitForFrame((f) => f.includes("killed") && f.includes("answered"), "the journal");
    const rows = lines(listed).filter((l) => /^\s*[12] /.test(l));
    expect(rows[0]).toMatch(/^\s*2 .*killed .*unknown \(no answer\)\s+check: ccx user killed/);
    expect(rows[1]).toMatch(/^\s*1 .*answered .*done\s+U undoes/);
    await tui.waitForFrame((f) => f.includes("1 line of the journal skipped: not a whole entry (cut short by a crash?)"), "the torn line's notice");
    await tui.press("U");
    await tui.waitForFrame((f) => f.includes("entry 2's outcome is unknown: the service may have acted. Check with: ccx user killed"), "U refused");
  });
});
