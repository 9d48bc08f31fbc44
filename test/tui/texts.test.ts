import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOME_LISTS } from "../../src/resources/index.js";
import { listFilterHelp } from "../../src/store/list-actions.js";
import { REGIONS, REGION_WORDS } from "../../src/api/regions.js";
import { hintFor } from "../../src/api/hints.js";
import { ApiError } from "../../src/api/errors.js";
import { LINE_BINDINGS } from "../../src/store/line-editor.js";
import { allCommands } from "../../src/tui/commands.js";
import { GLOBAL_BINDINGS, bindingIn } from "../../src/tui/keymap.js";
import { helpSectionsOfAll, SCREENS } from "../../src/tui/screens/registry.js";
import { filterSections } from "../../src/tui/screens/help-text.js";
import { Settings } from "../../src/config/resolve.js";

/**
 * Say only what is true: the texts of keys, commands, regions and line editing come from the tables
 * that define them. Each test reads the text a user meets and compares it with its table.
 */

const global = (key: string) => bindingIn([GLOBAL_BINDINGS], key)!;

describe("texts derived from their tables", () => {
  it("the : key names every command of the command table, with its argument", () => {
    const colon = global(":").description;
    for (const c of allCommands()) expect(colon).toContain(`:${c.name}${c.args ? ` ${c.args}` : ""}`);
  });

  it("tab names the lists it goes through, every one, in the order it goes", () => {
    expect(global("tab").description).toContain(HOME_LISTS.join(" → "));
  });

  it("every region is named where regions are listed: ctrl-r, :region, the config's and the hint's words", () => {
    expect(REGION_WORDS).toBe(`${REGIONS.slice(0, -1).join(", ")} or ${REGIONS.at(-1)}`);
    for (const region of REGIONS) {
      expect(global("ctrl-r").description).toContain(region);
      expect(allCommands().find((c) => c.name === "region")!.args).toContain(region);
      expect(hintFor(new ApiError("ERR_APP_NOT_FOUND", "no app"), "cli")).toContain(region);
    }
    expect(() => new Settings({ appId: "a", region: "mars", apiKey: "k" }, { XDG_CONFIG_HOME: "/nonexistent-ccx-config" })).toThrow(REGION_WORDS);
  });

  it("no source of the client writes the regions by hand: they come from src/api/regions.ts", () => {
    const src = path.resolve(import.meta.dirname, "../../src");
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? (e.name === "emulator" ? [] : files(path.join(dir, e.name))) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []);
    const written = files(src).filter((f) => !f.endsWith(path.join("api", "regions.ts"))).filter((f) => /\bus, eu\b|\bus\|eu\b|"us", "eu"/.test(readFileSync(f, "utf8")));
    expect(written.map((f) => path.relative(src, f))).toEqual([]);
  });

  it("help lists every line key of the line editor's table, the table that dispatches them", () => {
    const section = helpSectionsOfAll().find((s) => s.title.startsWith("Every line input"))!;
    expect(section.keys).toBe(LINE_BINDINGS);
    // Every key the table binds is one the line editor acts on: none listed that does nothing.
    const names = LINE_BINDINGS.flatMap((b) => b.keys);
    expect(new Set(names).size).toBe(names.length);
  });

  it("help has a part for every screen of the registry, and every command and list's filters", async () => {
    const titles = helpSectionsOfAll().map((s) => s.title);
    for (const screen of Object.values(SCREENS)) if (!screen.standalone && screen.title !== "Help") expect(titles).toContain(screen.title);
    const commands = helpSectionsOfAll().find((s) => s.title === "Commands (:)")!.keys.map((k) => k.keys[0]);
    expect(commands).toHaveLength(allCommands().length);
    // The filters follow, every list's whose grammar has keys (the first lists' written by hand, the others' derived).
    const filters = filterSections(await listFilterHelp()).map((s) => s.title);
    for (const name of [...HOME_LISTS, "notification-logs", "webhooks"]) expect(filters).toContain(`:${name} filters (/ and f)`);
    expect(filters).not.toContain(":roles filters (/ and f)");
  });
});
