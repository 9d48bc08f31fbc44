import { describe, expect, it } from "vitest";
import { PASTE_OFF, PASTE_ON, enterAlternateScreen } from "../../src/tui/terminal.js";

/** The terminal is handed back as it was found: the alternate screen left and bracketed paste off, once, on every way out. */
describe("the terminal's modes", () => {
  it("turns bracketed paste on with the alternate screen, and off when it is left (once, also at process exit)", () => {
    const written: string[] = [];
    const out = { write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const before = new Set(process.listeners("exit"));
    const restore = enterAlternateScreen(out);
    expect(written.join("")).toContain("\u001b[?1049h");
    expect(written.join("")).toContain(PASTE_ON);
    // Whatever ends the process (a crash, a signal, q), the exit hook restores the terminal too.
    const added = process.listeners("exit").filter((l) => !before.has(l));
    expect(added).toHaveLength(1);
    restore();
    restore();
    const after = written.slice(1).join("");
    expect(after.split(PASTE_OFF)).toHaveLength(2);
    expect(after).toContain("\u001b[?1049l");
    expect(after.indexOf(PASTE_OFF)).toBeLessThan(after.indexOf("\u001b[?1049l"));
    for (const listener of added) process.off("exit", listener);
  });
});
