import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RESOURCE_LIST } from "../../src/resources/index.js";

/**
 * The layers of docs/architecture.md, read from the sources: arrows point down only
 * (cli → tui → store → api), the emulator and the client never import each
 * other, and no module imports itself back through others (type-only imports,
 * erased at build, aside).
 */

const SRC = path.resolve(import.meta.dirname, "../../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/**
 * Each module's run-time imports of other modules of src (import type and export type left out, unless
 * `types`); `lazy`: the `import("…")` a module makes when it needs another, too.
 */
function importGraph(types = false, lazy = false): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const imports = types ? /^(?:import|export)\s+[^;]*?\s+from\s+"(\.[^"]+)"/gms : /^(?:import|export)\s+(?!type\b)[^;]*?\s+from\s+"(\.[^"]+)"/gms;
  const later = /\bimport\(\s*"(\.[^"]+)"\s*\)/g;
  for (const file of sources(SRC)) {
    const text = readFileSync(file, "utf8");
    const deps: string[] = [];
    for (const m of [...text.matchAll(imports), ...(lazy ? text.matchAll(later) : [])]) {
      const base = path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, "");
      const target = [".ts", ".tsx"].map((ext) => base + ext).find(existsSync);
      if (target) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

const layer = (file: string) => path.relative(SRC, file).split(path.sep)[0]!;

describe("start-up", () => {
  it("imports no filter grammar a definition writes by hand: its list loads it when a filter is first read", () => {
    const written = path.join(SRC, "query", "conversations.ts");
    const importers = [...importGraph()].filter(([, deps]) => deps.includes(written)).map(([file]) => path.relative(SRC, file));
    expect(importers).toEqual([]);
  });

  it("opens the explorer without a filter grammar: a list loads its own when a filter is first typed, :stats the calls' when it computes", () => {
    const graph = importGraph();
    const reached = new Set<string>();
    const next = [path.join(SRC, "tui", "index.tsx"), path.join(SRC, "store", "explorer-store.ts")];
    for (let file = next.pop(); file !== undefined; file = next.pop()) {
      if (reached.has(file)) continue;
      reached.add(file);
      next.push(...(graph.get(file) ?? []));
    }
    expect([...reached].filter((file) => file === path.join(SRC, "query", "grammar.ts")).map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it("declares the commands and reads the definitions without a module of src/query: a list loads its grammar when it runs", () => {
    const graph = importGraph();
    const reached = new Set<string>();
    const next = [path.join(SRC, "cli", "main.ts"), path.join(SRC, "resources", "index.ts"), ...sources(path.join(SRC, "cli", "commands"))];
    for (let file = next.pop(); file !== undefined; file = next.pop()) {
      if (reached.has(file)) continue;
      reached.add(file);
      next.push(...(graph.get(file) ?? []));
    }
    expect([...reached].filter((file) => layer(file) === "query").map((file) => path.relative(SRC, file))).toEqual([]);
  });
});

/** The cycles of a graph of modules, each as the way round it. */
function cyclesOf(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, stack: string[]) => {
    state.set(file, "open");
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === "open") cycles.push([...stack.slice(stack.indexOf(dep)), dep].map((f) => path.relative(SRC, f)).join(" → "));
      else if (!state.has(dep)) visit(dep, [...stack, dep]);
    }
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
  return cycles;
}

describe("the layers", () => {
  // What a module imports when it needs it (a command's run/, a grammar) is an arrow as much as a static import.
  const graph = importGraph(false, true);

  it("has no import cycle, lazy import() included", () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("has none in the store through its types either: each slice names the narrow services it uses, not the whole state", () => {
    const store = path.join(SRC, "store");
    const typed = new Map([...importGraph(true)].filter(([file]) => file.startsWith(store)).map(([file, deps]) => [file, deps.filter((d) => d.startsWith(store))]));
    expect(cyclesOf(typed)).toEqual([]);
  });

  it("points down only: the store never reaches the explorer, api never the store, the client and the emulator never each other", () => {
    const forbidden: Record<string, string[]> = {
      store: ["tui", "cli", "emulator"],
      api: ["store", "tui", "cli", "emulator", "resources", "writes"],
      resources: ["store", "tui", "cli", "emulator", "writes"],
      writes: ["store", "tui", "cli", "emulator"],
      query: ["api", "store", "tui", "cli", "emulator"],
      text: ["api", "store", "tui", "cli", "emulator"],
      tui: ["cli", "emulator"],
      emulator: ["api", "store", "tui", "cli", "query", "config", "writes"],
    };
    const wrong: string[] = [];
    for (const [file, deps] of graph) {
      for (const dep of deps) if (forbidden[layer(file)]?.includes(layer(dep))) wrong.push(`${path.relative(SRC, file)} → ${path.relative(SRC, dep)}`);
    }
    expect(wrong).toEqual([]);
    // The store is drawn by Ink but never imports it.
    const inkInStore = sources(path.join(SRC, "store")).filter((f) => /from "ink"/.test(readFileSync(f, "utf8")));
    expect(inkInStore).toEqual([]);
  });
});

describe("resources made from a definition", () => {
  it("are named by no store or screen file: those draw and keep any resource from its definition", () => {
    // Every resource, a user's sections, one call and the threads of messages included, is drawn and kept from
    // its definition alone: item-screens.ts, list-extensions.tsx and chat.tsx name them by their definitions.
    const names = RESOURCE_LIST.flatMap((r) => [r.name, r.singular, ...(r.aliases ?? [])]);
    const files = [...sources(path.join(SRC, "store")), ...sources(path.join(SRC, "tui", "screens"))];
    const naming = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return names.filter((name) => new RegExp(`["'\`]${name}["'\`]`).test(text)).map((name) => `${path.relative(SRC, file)}: "${name}"`);
    });
    expect(naming).toEqual([]);
  });
});
