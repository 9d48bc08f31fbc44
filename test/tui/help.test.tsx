import { displayWidth } from "../../src/text/width.js";
import { describe, expect, it } from "vitest";
import { FORM_BINDINGS, GLOBAL_BINDINGS, SIDE_BINDINGS, keyLabel } from "../../src/tui/keymap.js";
import { LINE_BINDINGS } from "../../src/store/line-editor.js";
import { SCREENS } from "../../src/tui/screens/registry.js";
import { ITEM_EXTENSIONS } from "../../src/tui/screens/item-screens.js";
import { allCommands } from "../../src/tui/commands.js";

/** Every binding of every table the router dispatches from. */
const ALL_BINDINGS: ReadonlyArray<{ keys: readonly string[]; description: string }> = [
  ...GLOBAL_BINDINGS, ...Object.values(SCREENS).flatMap((s): ReadonlyArray<{ keys: readonly string[]; description: string }> => s.bindings),
  ...Object.values(ITEM_EXTENSIONS).flatMap((e): ReadonlyArray<{ keys: readonly string[]; description: string }> => e.bindings), ...FORM_BINDINGS, ...SIDE_BINDINGS, ...LINE_BINDINGS,
];
import { type Tui, lines, tuiFixture } from "../support/tui.js";

/** `?` is generated from the table that dispatches the keys: every binding is listed, key and description. */

const fixture = tuiFixture();
let tui: Tui;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The help's own lines: between the header and breadcrumbs and the footer. */
const body = (frame: string) => lines(frame).slice(2, -1);

/** Joins successive screens of a scrolled view into the one document they show. */
function join(doc: string[], next: string[]): string[] {
  for (let at = 0; at <= doc.length; at++) {
    const rest = doc.slice(at);
    // Only an overlap at the end: a block that repeats earlier (two screens' same keys) is no place to join.
    if (rest.length <= next.length && rest.every((line, i) => line === next[i])) return [...doc.slice(0, at), ...next];
  }
  return [...doc, ...next];
}

describe("help", () => {
  it.each([{ columns: 80, rows: 24 }, { columns: 120, rows: 30 }])("lists every binding of the keymap at $columns×$rows, scrolled with PgDn", async ({ columns, rows }) => {
    tui = await fixture.mount({ columns, rows });
    await tui.press("?");
    let frame = await tui.waitForFrame((f) => lines(f)[1]!.endsWith("help"), "the help");
    let doc = body(frame);

    // Scroll until the view stops moving; the screens join into the whole help.
    for (let i = 0; i < 80; i++) {
      expect(lines(frame).length).toBeLessThanOrEqual(rows);
      await tui.press("pageDown");
      const next = tui.frame();
      if (next === frame) break;
      frame = next;
      doc = join(doc, body(frame));
    }
    expect(doc.length).toBeGreaterThan(rows);
    const text = doc.join("\n");

    // Each binding: its keys at the start of a line, then its whole description (wrapped lines allowed).
    const missing = ALL_BINDINGS.filter((b) => {
      const keys = escape(b.keys.map(keyLabel).join(" / "));
      const words = b.description.split(/\s+/).map(escape).join("\\s+");
      return !new RegExp(`^  ${keys} +${words}$`, "m").test(text);
    });
    expect(missing.map((b) => `${b.keys.join("/")}: ${b.description}`)).toEqual([]);
    // Nothing cut at the edge (a line cut ends in … at the full width; a filter's values may end in one of their own).
    expect(doc.filter((line) => line.endsWith("…") && displayWidth(line) >= columns)).toEqual([]);
    // The commands and the filter keys follow the bindings.
    for (const c of allCommands()) expect(text).toMatch(new RegExp(`^  :${escape(c.name)}\\b`, "m"));
    expect(text).toMatch(/^  :call <sessionId> +find a call/m);
    // Every screen of the registry has its part (the welcome aside: it is what shows before any app is
    // known, with its keys on it), its legend included.
    for (const screen of Object.values(SCREENS)) {
      if (screen.standalone || screen.title === "Help") continue;
      expect(text, screen.title).toMatch(new RegExp(`^${escape(screen.title)}$`, "m"));
      for (const note of screen.legend ?? []) expect(text.replace(/\s+/g, " ")).toContain(note);
    }
    expect(text).toMatch(/^The request log \(L\)$/m);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toMatch(/\+ marks a row that came, ~ one whose status changed/);
    expect(flat).toMatch(/going up past the top loads older messages/);
    expect(text).toMatch(/^  rec:yes /m);

    // Back to the top, and out.
    await tui.press("g");
    expect(tui.frame()).toContain("  ?                help: every key");
    await tui.press("escape");
    await tui.waitForFrame((f) => lines(f)[1] === "groups", "the groups again");
  });
});
