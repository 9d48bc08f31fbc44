import { describe, expect, it } from "vitest";
import { extensionsOf } from "../../src/emulator/data/extensions.js";
import { type Tui, footer, tuiFixture } from "../support/tui.js";

/**
 * The extensions' key in the explorer: s on a row of :extensions disables an
 * extension that is on and enables one that is off, asked first (the POST
 * and its body shown); y sends it.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 3, calls: 1, users: 10, messages: 50 } });
let tui: Tui;

const app = () => fixture.fx.emulator.world.apps[0]!;

describe("extension keys", () => {
  it("s on the first extension: asked with its documented body, y switches it the other way", async () => {
    const first = extensionsOf(app())[0]!;
    const [word, field] = first.isActive ? ["disable", "disabled"] : ["enable", "enabled"];
    tui = await fixture.mount({ columns: 150, rows: 40, management: true });
    await tui.paste(":extensions\r");
    await tui.waitForFrame((f) => f.includes(first.id) && footer(f).includes(`s ${word}`), "the extensions, s offered");
    await tui.press("s");
    const asked = await tui.waitForFrame((f) => f.includes(`extension ${word} ${first.id}?`), "the confirm box");
    expect(asked).toContain(`{"${field}":["${first.id}"]}`);
    await tui.press("y");
    await tui.waitForFrame((f) => new RegExp(`done: extension ${word}`).test(f), "done");
    expect(extensionsOf(app())[0]!.isActive).toBe(!first.isActive);
    await tui.unmount();
  });
});
