// Bundles src/ into dist/ with esbuild. `--if-needed` skips the build when
// dist/ is newer than every source file and the lockfile.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const entry = join(root, "dist", "ccx.js");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function upToDate() {
  try {
    const built = statSync(entry).mtimeMs;
    const inputs = [join(root, "package-lock.json"), join(root, "scripts", "build.mjs")].map((p) => statSync(p).mtimeMs);
    return built > Math.max(newestSource(join(root, "src")), ...inputs);
  } catch {
    return false;
  }
}

if (process.argv.includes("--if-needed") && upToDate()) process.exit(0);

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
rmSync(join(root, "dist"), { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: { ccx: join(root, "src", "cli", "main.ts") },
  outdir: join(root, "dist"),
  bundle: true,
  // Commands load what they need on demand: a one-shot command never loads the emulator or ink.
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  keepNames: true,
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  define: { __CCX_VERSION__: JSON.stringify(pkg.version) },
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __ccxRequire } from 'node:module'; const require = __ccxRequire(import.meta.url);" },
});
process.stderr.write(`built dist/ in ${Math.round(performance.now() - started)} ms\n`);
