import { execFileSync } from "node:child_process";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the build's shared settings are plain JavaScript, without types.
import * as bundles from "../../scripts/bundles.mjs";

const dist = new URL("../../dist/", import.meta.url).pathname;

/** Node's modules a process has loaded, by name (`readline`, `internal/…` left out). */
function loadedBy(script: string): string[] {
  const out = execFileSync(process.execPath, ["-e", `${script}; process.stdout.write(JSON.stringify(process.moduleLoadList))`], { encoding: "utf8" });
  return (JSON.parse(out) as string[]).filter((m) => m.startsWith("NativeModule ") && !m.includes("internal/")).map((m) => m.slice("NativeModule ".length));
}

describe("what the explorer's bundles load as they start (docs/benchmarks.md, the third pass)", () => {
  it("none of Node's modules that only a later step uses: readline, child_process, assert, perf_hooks, the promise modules", () => {
    const loaded = loadedBy(`require(${JSON.stringify(`${dist}store.cjs`)}); require(${JSON.stringify(`${dist}tui.cjs`)})`);
    // They load what a TLS client needs: the start is meant to, with the first request.
    expect(loaded).toContain("https");
    for (const later of ["readline", "child_process", "assert", "perf_hooks", "fs/promises", "timers/promises"]) expect(loaded).not.toContain(later);
  });
});

describe("interopOnce: esbuild's CommonJS wrapper made once a module", () => {
  /** A bundle of a CommonJS module imported by two ES modules, minified as ccx's are. */
  async function twoImporters(): Promise<string> {
    const files: Record<string, string> = {
      "entry.js": `import { first } from "./a.js"; import { second } from "./b.js"; export const seen = [first(), second()];`,
      "a.js": `import * as shared from "./shared.cjs"; export const first = () => shared;`,
      "b.js": `import * as shared from "./shared.cjs"; export const second = () => shared;`,
      "shared.cjs": `exports.value = 42; exports.named = () => "named";`,
    };
    const result = await build({
      stdin: { contents: files["entry.js"]!, resolveDir: "/virtual", loader: "js" },
      bundle: true, format: "cjs", platform: "node", target: "node20", minify: true, write: false, logLevel: "silent",
      plugins: [{
        name: "virtual",
        setup(b) {
          b.onResolve({ filter: /^\.\// }, (args) => ({ path: args.path.slice(2), namespace: "virtual" }));
          b.onLoad({ filter: /.*/, namespace: "virtual" }, (args) => ({ contents: files[args.path], loader: "js" }));
        },
      }],
    });
    return result.outputFiles[0]!.text;
  }
  const run = (code: string) => {
    const module_ = { exports: {} as { seen: Array<{ value: number; named(): string }> } };
    new Function("module", "exports", "require", code)(module_, module_.exports, require);
    return module_.exports.seen;
  };

  it("gives every importer the module's exports, through one wrapper", async () => {
    const bundled = await twoImporters();
    const [a, b] = run(bundles.interopOnce(bundled, "test.cjs"));
    expect(a!.value).toBe(42);
    expect(a!.named()).toBe("named");
    expect(b).toBe(a);
    // Unpatched, each importer had a wrapper of its own.
    const [c, d] = run(bundled);
    expect(d).not.toBe(c);
    expect(d!.value).toBe(42);
  });

  it("fails the build when esbuild's helper is not in the shape it rewrites", () => {
    expect(() => bundles.interopOnce('var x=1;y=e&&e.__esModule?z(e):e;', "odd.cjs")).toThrow(/interopOnce/);
    expect(bundles.interopOnce("var x=1;", "plain.cjs")).toBe("var x=1;");
  });
});
