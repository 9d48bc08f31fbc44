/**
 * Issue 27's measure of the journal written ahead (src/writes/journal.ts): a journal of 1,000,000 entries
 * (two lines each: the write's, then its outcome's) read by `ccx journal | head` and by
 * `ccx journal --ndjson | wc -l` (its peak RSS); a write's journaling (its line and its outcome's) on it
 * against an empty journal's, interleaved; a write of two items on it (a run: the journal searched for an
 * earlier run of it); and one `ccx user update --yes` on a 200,000-entry journal
 * against an empty one. `CCX_BENCH_BEFORE=<a build's bin/ccx.js>` measures that build's `ccx user
 * update` too, on a journal of the one-line entries it wrote (the code before the journal was written
 * ahead: docs/benchmarks.md gives its figures).
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { EmulatorLine } from "../../src/cli/emulator-process.js";
import { journalAnswer, journalWrite } from "../../src/writes/journal.js";
import type { Figure } from "./emulator-groups.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A journal of `count` writes to one app: as ccx writes it now (two lines each), or one line each (before). */
async function writeJournal(path: string, count: number, appId: string, lines: "ahead" | "one-line"): Promise<void> {
  const out = createWriteStream(path, { mode: 0o600 });
  let text = "";
  for (let seq = 1; seq <= count; seq++) {
    const id = seq.toString(16).padStart(12, "0");
    const write = {
      id, time: "2026-11-01T10:00:00.000Z", verb: "user update", item: `user${seq}`, app: appId, region: "us", method: "PUT", host: "chat",
      path: `/users/user${seq}`, body: { name: `Name ${seq}` }, batch: "0123456789abcdef", check: `ccx user user${seq}`,
      before: { data: { uid: `user${seq}`, name: "Old Name", role: "default", status: "offline" } },
      inverse: { method: "PUT", path: `/users/user${seq}`, body: { name: "Old Name" } },
    };
    text += lines === "ahead"
      ? `${JSON.stringify({ seq, ...write, outcome: "pending" })}\n${JSON.stringify({ seq, id, time: write.time, batch: write.batch, outcome: "done", status: 200 })}\n`
      : `${JSON.stringify({ ...write, outcome: "done", status: 200 })}\n`;
    if (text.length > 1 << 20) {
      if (!out.write(text)) await once(out, "drain");
      text = "";
    }
  }
  out.end(text);
  await once(out, "finish");
  // On disk before anything is measured: its writeback would otherwise be timed with the first runs.
  const handle = await open(path, "r+");
  await handle.sync();
  await handle.close();
}

/** A shell line's wall time, and what it printed. */
function timed(line: string, env: NodeJS.ProcessEnv): { ms: number; stdout: string } {
  const started = performance.now();
  const run = spawnSync("sh", ["-c", line], { env, encoding: "utf8", maxBuffer: 1 << 26 });
  return { ms: performance.now() - started, stdout: run.stdout };
}

export async function benchJournal(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "ccx-bench-journal-"));
  const emulator = spawn(process.execPath, [BIN, "emulator", "--apps", "1", "--users", "20", "--groups", "2", "--calls", "1", "--messages", "0"], { stdio: ["ignore", "pipe", "ignore"] });
  try {
    const info = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: emulator.stdout! }).once("line", resolve))) as EmulatorLine;
    const app = info.apps[0]!;
    const figures: Figure[] = [];

    const million = join(dir, "million.ndjson");
    await writeJournal(million, 1_000_000, app.appId, "ahead");
    const env = { ...process.env, CCX_JOURNAL: million };
    const heads = Array.from({ length: 5 }, () => timed(`node '${BIN}' journal | head`, env));
    const headMs = median(heads.map((h) => h.ms));
    figures.push({ what: "ccx journal | head, a journal of 1,000,000 entries (2,000,000 lines), median of 5", value: Math.round(headMs), unit: "ms", budget: "< 1,000 ms", ok: headMs < 1000 && heads.every((h) => h.stdout.split("\n").length === 11) });
    const rssFile = join(dir, "rss");
    const all = timed(`/usr/bin/time -f %M -o '${rssFile}' node '${BIN}' journal --ndjson | wc -l`, env);
    const rssMb = Number(readFileSync(rssFile, "utf8").trim().split("\n").at(-1)) / 1024;
    figures.push({ what: `ccx journal --ndjson | wc -l, the same journal: ${Number(all.stdout.trim()).toLocaleString("en")} lines in ${(all.ms / 1000).toFixed(1)} s; peak RSS`, value: Math.round(rssMb), unit: "MB", budget: "≤ 150 MB", ok: rssMb <= 150 && Number(all.stdout.trim()) === 1_000_000 });

    // A write's journaling: its line (numbered from the journal's tail) and its outcome's, on the long journal and on an empty one, interleaved.
    const empty = join(dir, "empty.ndjson");
    const write = { verb: "user update", item: "bench", app: app.appId, region: "us", method: "PUT", host: "chat", path: "/users/bench", body: { name: "Bench" }, check: "ccx user bench", before: { data: { uid: "bench", name: "Old" } }, inverse: { method: "PUT" as const, path: "/users/bench", body: { name: "Old" } } };
    const journaling = async (path: string) => {
      const started = performance.now();
      const entry = await journalWrite(path, write);
      await journalAnswer(path, entry, { outcome: "done", status: 200 });
      return performance.now() - started;
    };
    const onLong: number[] = [];
    const onEmpty: number[] = [];
    for (let i = 0; i < 20; i++) await journaling(i % 2 ? million : empty);
    for (let i = 0; i < 300; i++) {
      onLong.push(await journaling(million));
      onEmpty.push(await journaling(empty));
    }
    const ratio = median(onLong) / median(onEmpty);
    figures.push({ what: `a write's journaling (its line, then its outcome's), median of 300: on 1,000,000 entries ${median(onLong).toFixed(2)} ms, on an empty journal ${median(onEmpty).toFixed(2)} ms`, value: Number(ratio.toFixed(2)), unit: "×", budget: "≤ 1.2×", ok: ratio <= 1.2 });

    // A write of several items is a run: the journal is searched for what an earlier run of it did (its lines alone parsed).
    const { CCX_JOURNAL: _theirs, ...inherited } = process.env;
    const cliEnv = { ...inherited, CCX_CHAT_URL: info.chatUrl, CCX_CALLS_URL: info.callsUrl, CCX_CA_FILE: info.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
    const uids = (JSON.parse(spawnSync(process.execPath, [BIN, "users", "--json"], { env: cliEnv, encoding: "utf8" }).stdout) as Array<{ uid: string }>).map((u) => u.uid);
    const bulk = (path: string, first: number) => {
      const started = performance.now();
      const run = spawnSync(process.execPath, [BIN, "user", "deactivate", uids[first]!, uids[first + 1]!, "--yes"], { env: { ...cliEnv, CCX_JOURNAL: path }, encoding: "utf8" });
      if (run.status !== 0) throw new Error(`ccx user deactivate: ${run.stderr}`);
      return performance.now() - started;
    };
    const runs = [0, 1, 2].map((i) => ({ long: bulk(million, 2 + 4 * i), none: bulk(join(dir, `runs-${i}.ndjson`), 4 + 4 * i) }));
    figures.push({ what: `ccx user deactivate <a> <b> --yes (a run of two) on the same journal, median of 3 (an empty journal: ${Math.round(median(runs.map((r) => r.none)))} ms)`, value: Math.round(median(runs.map((r) => r.long))), unit: "ms" });
    rmSync(million);

    // One ccx user update --yes on a journal of 200,000 entries against an empty one: this build, and the one named before.
    const uid = uids[1]!;
    // Each journal where both builds look for it, in a state directory of its own ($XDG_STATE_HOME/ccx/journal.ndjson).
    const update = async (bin: string, lines: "ahead" | "one-line") => {
      const [long, short] = ["200k", "none"].map((name) => mkdtempSync(join(dir, `${name}-${lines}-`)));
      mkdirSync(join(long!, "ccx"), { mode: 0o700 });
      await writeJournal(join(long!, "ccx", "journal.ndjson"), 200_000, app.appId, lines);
      const onIt: number[] = [];
      const without: number[] = [];
      // A run of each first, not counted: the page cache and the emulator warmed alike.
      for (let i = -1; i < 7; i++) {
        for (const [state, into] of [[long!, i < 0 ? [] : onIt], [short!, i < 0 ? [] : without]] as const) {
          const started = performance.now();
          const run = spawnSync(process.execPath, [bin, "user", "update", uid, "--name", `Bench ${i}`, "--yes"], { env: { ...cliEnv, XDG_STATE_HOME: state }, encoding: "utf8" });
          if (run.status !== 0) throw new Error(`ccx user update: ${run.stderr}`);
          into.push(performance.now() - started);
        }
      }
      rmSync(long!, { recursive: true });
      return { long: median(onIt), none: median(without) };
    };
    const now = await update(BIN, "ahead");
    figures.push({ what: `ccx user update --yes, a journal of 200,000 entries (an empty journal: ${Math.round(now.none)} ms), median of 7`, value: Math.round(now.long), unit: "ms", budget: `≤ 1.2× the empty journal's`, ok: now.long <= 1.2 * now.none });
    const before = process.env.CCX_BENCH_BEFORE;
    if (before) {
      const then = await update(before, "one-line");
      figures.push({ what: `the same with ${before} (an empty journal: ${Math.round(then.none)} ms)`, value: Math.round(then.long), unit: "ms" });
    }
    return figures;
  } finally {
    emulator.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}
