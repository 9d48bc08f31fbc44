import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectProxy } from "../support/connect-proxy.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runFile } from "../support/run-file.js";
import { scratchDir } from "../support/scratch.js";

/**
 * The package as npm publishes it: `npm pack` (its prepack builds dist/ if
 * needed), then `npm install -g` of the tarball into a prefix of its own,
 * offline, since every dependency is bundled, and the installed `ccx` run.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const VERSION = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
const hasNpm = spawnSync("npm", ["--version"], { stdio: "ignore" }).status === 0;

// npm's own variables from an outer `npm test` (the lifecycle, the package being tested) stay out.
const npmEnv: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_"))),
  npm_config_update_notifier: "false",
  npm_config_audit: "false",
  npm_config_fund: "false",
};

/** How to run as someone who cannot write the install: ourselves, unless we are root (then nobody, if setpriv is here). */
const asOther = process.getuid?.() !== 0 ? [] : spawnSync("setpriv", ["--version"], { stdio: "ignore" }).status === 0
  ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
  : undefined;

let tmp: string;
let prefix: string;
let installed: string;
let fx: EmulatorFixture;

/** The installed command, as a shell finds it: its `#!/usr/bin/env node` needs node on PATH, nothing else. */
const ccx = (args: string[], env: Record<string, string> = {}) =>
  runFile(join(prefix, "bin", "ccx"), args, {
    env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: tmp, XDG_CONFIG_HOME: join(tmp, "config"), COLUMNS: "80", ...env },
    cwd: tmp,
  });

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

describe.skipIf(!hasNpm)(`the npm package${hasNpm ? "" : " (skipped: npm is not on PATH)"}`, () => {
  beforeAll(async () => {
    tmp = scratchDir("ccx-package-");
    prefix = join(tmp, "prefix");
    const pack = await runFile("npm", ["pack", "--pack-destination", tmp], { env: npmEnv, cwd: ROOT, timeoutMs: 50_000 });
    expect(pack.code, pack.stderr).toBe(0);
    const tarball = readdirSync(tmp).find((f) => f.endsWith(".tgz"));
    expect(tarball, pack.stdout).toBe(`ccx-${VERSION}.tgz`);
    // Outside the checkout, so that its .npmrc and package.json play no part.
    const install = await runFile("npm", ["install", "-g", "--offline", "--prefix", prefix, join(tmp, tarball!)], { env: npmEnv, cwd: tmp, timeoutMs: 50_000 });
    expect(install.code, install.stderr).toBe(0);
    installed = join(prefix, "lib", "node_modules", "ccx");
    fx = await emulatorFixture({ sizes: { apps: 1, groups: 12, calls: 3, users: 5 } });
  });

  afterAll(async () => {
    await fx?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("holds the bundles and no more: no source maps, no code cache made on this machine, no single executable", () => {
    const files = filesUnder(installed);
    for (const f of ["bin/ccx.js", "bin/package.json", "dist/ccx.cjs", "dist/emulator.cjs", "dist/store.cjs", "dist/tui.cjs", "dist/undici.cjs", "dist/yoga.wasm", "package.json"]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => /\.map$|v8cache|^dist\/sea\//.test(f))).toEqual([]);
    // Everything is bundled: nothing to fetch on install, nothing installed beside it.
    expect(JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).dependencies ?? {}).toEqual({});
    expect(existsSync(join(installed, "node_modules"))).toBe(false);
  });

  it("gives a working ccx on the prefix's PATH", async () => {
    const run = await ccx(["--version"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(VERSION);
  });

  it("keeps a code cache per command, written by its first run that succeeds, and never by help, version or a failure", async () => {
    const dist = join(installed, "dist");
    const caches = () => readdirSync(dist).filter((f) => f.includes("v8cache")).sort();
    for (const f of caches()) rmSync(join(dist, f));
    expect((await ccx(["--version"])).code).toBe(0);
    expect((await ccx(["config", "--help"])).code).toBe(0);
    expect((await ccx(["grups"])).code).toBe(2);
    expect(caches()).toEqual([]);
    expect((await ccx(["config", "path"])).code).toBe(0);
    expect((await ccx(["apps", "--json"], { CCX_APP_ID: "app1", CCX_REGION: "us", CCX_API_KEY: "k" })).code).toBe(0);
    expect(caches()).toEqual(["ccx.cjs.apps.v8cache", "ccx.cjs.config.v8cache"]);
    // A cache V8 takes is read, not written again.
    const written = statSync(join(dist, "ccx.cjs.config.v8cache")).mtimeMs;
    expect((await ccx(["config", "path"])).code).toBe(0);
    expect(statSync(join(dist, "ccx.cjs.config.v8cache")).mtimeMs).toBe(written);
  });

  it.skipIf(asOther === undefined)("runs from an install it cannot write to, and writes no code cache there", async () => {
    const dist = join(installed, "dist");
    for (const f of readdirSync(dist).filter((name) => name.includes("v8cache"))) rmSync(join(dist, f));
    chmodSync(tmp, 0o755);
    chmodSync(dist, 0o555);
    try {
      // A command that succeeds offline: where the install is writable, it would leave a cache.
      const [file, ...args] = [...asOther!, join(prefix, "bin", "ccx"), "config", "path"];
      const run = await runFile(file!, args, { env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, XDG_CONFIG_HOME: "/nonexistent-ccx-config" }, cwd: tmp });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.trim()).toBe("/nonexistent-ccx-config/ccx/config.json");
      expect(readdirSync(dist).filter((f) => f.includes("v8cache"))).toEqual([]);
    } finally {
      chmodSync(dist, 0o755);
    }
  });

  it("runs a command against the emulator, directly and through a proxy (undici, bundled apart)", async () => {
    const env = fx.cliEnv();
    const direct = await fx.chat("/groups", { perPage: 100 });
    const guids = (direct.body.data as Array<{ guid: string }>).map((g) => g.guid).sort();
    const run = await ccx(["groups", "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as Array<{ guid: string }>).map((g) => g.guid).sort()).toEqual(guids);
    const proxy = await connectProxy();
    try {
      const proxied = await ccx(["groups", "--per-page", "2", "--json"], { ...env, HTTPS_PROXY: proxy.url });
      expect(proxied.code, proxied.stderr).toBe(0);
      expect(JSON.parse(proxied.stdout)).toHaveLength(2);
      expect(proxy.tunnels).toEqual([new URL(fx.info.url).host]);
    } finally {
      await proxy.close();
    }
  });

  it("loads the explorer's bundles with no node_modules to lean on", async () => {
    const [store, tui] = ["store.cjs", "tui.cjs"].map((f) => join(installed, "dist", f));
    const script = `const s = await import(${JSON.stringify(store)}); const m = await import(${JSON.stringify(tui)}); process.stdout.write(typeof s.createExplorerStore + " " + typeof m.runExplorer);`;
    const run = await runFile(process.execPath, ["--input-type=module", "-e", script], { env: { PATH: "/usr/bin:/bin" }, cwd: tmp });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("function function");
  });
});
