/**
 * `ccx open '<view string>'` in a real terminal (tmux): the explorer opens on the view a teammate
 * shared, of another app than the profile's own (found through the management key): that app,
 * its list, its filter typed, the cursor on its row; q leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { type TmuxSession, plain, startTmux, tmuxMissing } from "../support/tmux.js";
import { BIN, ROOT, mainPane, selectedRow, settledList } from "./screen.js";

describe.skipIf(tmuxMissing !== undefined)(`ccx open in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  let fx: EmulatorFixture;
  let s: TmuxSession | undefined;

  beforeAll(async () => {
    fx = await emulatorFixture({ sizes: { apps: 2, groups: 30, calls: 4, users: 12, messages: 10 } });
  });
  afterAll(async () => {
    await s?.kill();
    await fx?.close();
  });

  it("opens the shared view: the second app, its public groups, the cursor on the third", async () => {
    const app = fx.app(1);
    const groups = (await fx.chat("/groups", { type: "public", perPage: 100 }, {}, 1)).body.data as Array<{ guid: string }>;
    const at = groups[2]!.guid;
    const view = `ccx://v1/${app.region}/${app.appId}/groups?q=type:public&at=${at}`;
    const env = Object.entries(fx.cliEnv({ index: 0, management: true })).map(([k, v]) => `${k}='${v}'`).join(" ");
    s = await startTmux({ command: `env ${env} XDG_CONFIG_HOME=/nonexistent-ccx-config node '${BIN}' open '${view}'; echo EXIT=$?; sleep 600`, width: 140, height: 40, cwd: ROOT });
    const lines = await s.waitFor((l) => {
      const list = settledList(mainPane(l));
      return list && l.some((line) => line.includes(app.appId)) && mainPane(l).some((line) => line.startsWith("/ type:public")) && l;
    }, { what: "the view: the second app's public groups", timeoutMs: 15_000 });
    expect(lines.join("\n")).toContain("opened the view shared: groups · type:public");
    const raw = await s.waitFor((l) => selectedRow(l) === 2 && l, { what: "the cursor on the third row", escapes: true });
    expect(mainPane(raw.map(plain)).find((l) => l.includes(at))).toBeDefined();
    await s.keys("q");
    await s.waitFor((l) => l.some((line) => line === "EXIT=0"), { what: "ccx gone, exit 0" });
  });
});
