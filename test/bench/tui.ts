/**
 * The explorer in a real pseudo-terminal (util-linux `script`, 100×30), against
 * `ccx emulator` in a process of its own:
 * - spawn → first frame with data: from spawning `ccx` to the first output
 *   holding a row of the emulator's answer (the first group's guid), median of
 *   9 runs after one warm-up, interleaved with `node -e 0` and a bundled Ink app
 *   that draws one line, spawned the same way, here and as on a user's machine
 *   (budget: ≤ 500 ms and ≤ 3× node -e 0 here, ≤ 3.5× as on a user's machine: issue 29);
 * - key press → next frame with 1,000 rows loaded (`/per:1000`): ~200 keys
 *   (j, k, PgDn, PgUp, g), one at a time, each timed from its write to the first bytes
 *   of the frame that shows the selection where the key put it
 *   (budget: p95 ≤ 50 ms).
 * Frames are told apart by the synchronized-output brackets ccx's renderer
 * writes around each update (ESC[?2026h … ESC[?2026l); the selection by its inverse video.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Figure } from "./emulator-groups.js";
import { ANSI, BIN, type Emulator, ESU, Pty, framesFrom, groupGuids, median, percentile, screenText, selectedRow, showsGuid, sleep, startEmulator } from "./pty.js";

const SIZE = { cols: 100, rows: 30 };

async function spawnToData(env: NodeJS.ProcessEnv, firstGuid: string): Promise<{ frame: number; data: number }> {
  const pty = new Pty([process.execPath, BIN], env, SIZE);
  try {
    const frame = await pty.until((o) => o.includes(ESU) && performance.now(), "a first frame");
    const data = await pty.until((o) => screenText(o).split("\n").some((l) => showsGuid(l, firstGuid)) && performance.now(), "the first group");
    return { frame: frame - pty.spawnedAt, data: data - pty.spawnedAt };
  } finally {
    await pty.close("q");
  }
}

async function nodeFloor(env: NodeJS.ProcessEnv): Promise<number> {
  const pty = new Pty([process.execPath, "-e", "0"], env, SIZE);
  await new Promise((r) => pty.child.once("exit", r));
  return performance.now() - pty.spawnedAt;
}

const CACHED_RUN = new URL("./fixtures/cached-run.cjs", import.meta.url).pathname;

/**
 * The references beside the floor, bundled as the explorer's screens are (CommonJS, the same plugins) into a
 * folder of their own and run with a code cache as ccx is (fixtures/cached-run.cjs): an Ink app that draws one
 * line (what any Ink app pays), and one that asks the emulator for the groups over HTTPS and draws the first
 * one's guid (what any Ink client of the service pays before ccx's own work: the explorer's floor).
 */
async function buildInkReferences(): Promise<{ dir: string; hello: string; https: string }> {
  const { build } = await import("esbuild");
  // @ts-expect-error: the build's shared settings are plain JavaScript, without types.
  const bundles = (await import("../../scripts/bundles.mjs")) as Record<string, object>;
  const dir = mkdtempSync(join(tmpdir(), "ccx-hello-ink-"));
  const bundle = async (fixture: string, name: string) => {
    const outfile = join(dir, name);
    await build({
      ...bundles.common,
      ...bundles.explorer,
      sourcemap: false,
      entryPoints: [new URL(`./fixtures/${fixture}`, import.meta.url).pathname],
      outfile,
      plugins: ["noDevtools", "fastStringWidth", "quickSegmenters", "quickInkOutput", "syncYoga", "inkWithoutDevtools", "lazyInkDependencies"].map((plugin) => bundles[plugin]!),
    } as Parameters<typeof build>[0]);
    return outfile;
  };
  return { dir, hello: await bundle("hello-ink.tsx", "hello.cjs"), https: await bundle("hello-ink-https.tsx", "https.cjs") };
}

/** Spawn → `shown` on the screen of a reference bundle, run as ccx is. */
async function inkReference(env: NodeJS.ProcessEnv, bundle: string, shown: (screen: string) => boolean): Promise<number> {
  const pty = new Pty([process.execPath, CACHED_RUN, bundle], env, SIZE);
  try {
    await pty.until((o) => shown(screenText(o)), `the reference ${bundle}`);
    return performance.now() - pty.spawnedAt;
  } finally {
    await pty.close("q");
  }
}

const PAGE_DOWN = "\u001b[6~";
const PAGE_UP = "\u001b[5~";

/**
 * The keys pressed, each moving the selection: runs of j, PgDn, k, PgUp, g.
 * The selection stays in the first hundred rows: near the end of the loaded
 * rows the explorer loads more (even in page mode), which would time a request.
 */
function keySequence(count: number): string[] {
  const round = [...Array<string>(20).fill("j"), PAGE_DOWN, PAGE_DOWN, PAGE_DOWN, ...Array<string>(5).fill("k"), PAGE_UP, PAGE_UP, "g", ...Array<string>(10).fill("j")];
  return Array.from({ length: count }, (_, i) => round[i % round.length]!);
}

/** Where a key may put the selection: j, k and g exactly; a page key anywhere that way. */
function accepts(key: string, from: number, to: number): boolean {
  switch (key) {
    case "j": return to === from + 1;
    case "k": return to === from - 1;
    case "g": return to === 0;
    case PAGE_DOWN: return to > from;
    case PAGE_UP: return to < from;
    default: return false;
  }
}

async function keyLatency(env: NodeJS.ProcessEnv, guids: string[], presses: number): Promise<number[]> {
  const pty = new Pty([process.execPath, BIN], env, SIZE);
  try {
    await pty.until((o) => o.replace(ANSI, "").includes(" of 2000"), "the first page");
    // Typed as a person types: the filter line opens, the text shows, then Enter.
    pty.write("/");
    await sleep(150);
    pty.write("per:1000");
    await pty.until((o) => o.lastIndexOf("per:1000") >= 0, "the typed filter");
    await sleep(150);
    pty.write("\r");
    await pty.until((o) => {
      const last = framesFrom(o, Math.max(0, o.length - 20_000)).at(-1);
      return last && last.text.replace(ANSI, "").includes(`${Math.min(1000, guids.length)} of `) && !last.text.includes("⟳");
    }, "1,000 rows loaded");
    await sleep(300);
    let selected = 0;
    const times: number[] = [];
    for (const key of keySequence(presses)) {
      if (key === "k" && selected === 0) throw new Error("k at the top would not move the selection");
      const from = pty.output.length;
      const written = performance.now();
      pty.write(key);
      // The first frame after the write whose selected row is where the key puts it (no other frame
      // is expected), timed to the arrival of its first bytes.
      const found = await pty.until((o) => {
        for (const frame of framesFrom(o, from)) {
          const row = selectedRow(frame.text) ?? "";
          const to = guids.findIndex((guid, i) => accepts(key, selected, i) && showsGuid(row, guid));
          if (to >= 0) return { to, start: frame.start };
        }
        return undefined;
      }, `the selection moved by ${JSON.stringify(key)} from row ${selected + 1}`, 5000);
      times.push(pty.arrival(found.start) - written);
      selected = found.to;
      // Idle between presses, as between a person's: Ink draws at most one frame per 34 ms.
      await sleep(60);
    }
    return times;
  } finally {
    await pty.close("q");
  }
}

/** The session ids of the emulator's calls, from the one-shot command. */
function sessionIds(env: NodeJS.ProcessEnv): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, "calls", "--json"], { env }, (error, stdout) =>
      error ? reject(error) : resolve((JSON.parse(stdout) as Array<{ sessionId: string }>).map((c) => c.sessionId)),
    );
  });
}

/**
 * A 60-character paste holding a session id, then Enter, into `:call`: from
 * the Enter's write to the request reaching the emulator (the arrival of its
 * log line less the time it took to answer, an upper bound). Then 1,000
 * characters pasted into the filter line: the requests they cause.
 */
async function pasteLatency(emulator: Emulator, ids: string[], runs: number): Promise<{ enterToRequest: number[]; filterRequests: number }> {
  const pty = new Pty([process.execPath, BIN], emulator.env, SIZE);
  try {
    await pty.until((o) => o.replace(ANSI, "").includes(" of 2000"), "the first page");
    await sleep(300);
    const enterToRequest: number[] = [];
    for (let i = 0; i < runs; i++) {
      const id = ids[i % ids.length]!;
      const paste = `session=${id} ended`.padEnd(60, " ").slice(0, 60);
      if (!paste.includes(id)) throw new Error("the id does not fit in 60 characters");
      pty.write(":call ");
      await sleep(100);
      pty.write(`\u001b[200~${paste}\u001b[201~`);
      await sleep(100);
      const before = emulator.served.length;
      const written = performance.now();
      pty.write("\r");
      const path = `/calls/${encodeURIComponent(id)}`;
      const deadline = written + 5000;
      let hit: { line: string; at: number } | undefined;
      while (!(hit = emulator.served.slice(before).find((s) => s.line.includes(path)))) {
        if (performance.now() > deadline) throw new Error(`no request for ${id} reached the emulator`);
        await sleep(2);
      }
      const took = Number(/ ([\d.]+)ms/.exec(hit.line)?.[1] ?? 0);
      enterToRequest.push(hit.at - took - written);
      await sleep(150);
      pty.write("\u001b");
      await sleep(150);
    }
    const before = emulator.served.filter((s) => s.line.includes("/groups?")).length;
    const text = Array.from({ length: 200 }, (_, i) => `w${String(i).padStart(3, "0")}`).join(" ").slice(0, 1000);
    pty.write("/");
    await sleep(100);
    pty.write(`\u001b[200~${text}\u001b[201~`);
    // Past the filter's pause, and the answer's time.
    await sleep(1500);
    const filterRequests = emulator.served.filter((s) => s.line.includes("/groups?")).length - before;
    return { enterToRequest, filterRequests };
  } finally {
    await pty.close("\u001b\u0003");
  }
}

export async function benchTui(runs = 9, presses = 200): Promise<Figure[]> {
  const emulator = await startEmulator();
  let references: Awaited<ReturnType<typeof buildInkReferences>> | undefined;
  try {
    const guids = await groupGuids(emulator.env);
    references = await buildInkReferences();
    // This machine names its whole system bundle in NODE_EXTRA_CA_CERTS, which every Node start pays for;
    // a user's machine names none (the explorer trusts the emulator through CCX_CA_FILE).
    const { NODE_EXTRA_CA_CERTS: _roots, ...userEnv } = emulator.env;
    const machines = { here: emulator.env, user: userEnv };
    const starts: Record<string, { floor: number[]; hello: number[]; https: number[]; frame: number[]; data: number[] }> = {};
    // Interleaved, so that all see the same machine; round -1 warms the file cache.
    for (let i = -1; i < runs; i++) {
      for (const [machine, env] of Object.entries(machines)) {
        const node = await nodeFloor(env);
        const ink = await inkReference(env, references.hello, (screen) => screen.includes("hello from ink"));
        const inkHttps = await inkReference(env, references.https, (screen) => showsGuid(screen.split("first group ").at(-1) ?? "", guids[0]!));
        const ccx = await spawnToData(env, guids[0]!);
        if (i < 0) continue;
        const times = (starts[machine] ??= { floor: [], hello: [], https: [], frame: [], data: [] });
        times.floor.push(node);
        times.hello.push(ink);
        times.https.push(inkHttps);
        times.frame.push(ccx.frame);
        times.data.push(ccx.data);
      }
    }
    const keys = await keyLatency(emulator.env, guids, presses);
    const pasted = await pasteLatency(emulator, await sessionIds(emulator.env), 20);
    const p95 = percentile(keys, 95);
    const pasteWorst = Math.max(...pasted.enterToRequest);
    const startFigures = Object.entries(starts).flatMap(([machine, times]): Figure[] => {
      const where = machine === "here" ? "here (NODE_EXTRA_CA_CERTS = the system bundle)" : "as on a user's machine (no NODE_EXTRA_CA_CERTS)";
      const [floor, ink, inkHttps, data] = [median(times.floor), median(times.hello), median(times.https), median(times.data)];
      const ratioBudget = machine === "here" ? 3 : 3.5;
      return [
        { what: `node -e 0 in a pty (script, ${SIZE.cols}×${SIZE.rows}), ${where}, median of ${runs}`, value: Math.round(floor), unit: "ms" },
        { what: `  a bundled Ink app's first line (test/bench/fixtures/hello-ink.tsx, ${(ink / floor).toFixed(2)}× node)`, value: Math.round(ink), unit: "ms" },
        { what: `  the same asking the groups over HTTPS and drawing the first (hello-ink-https.tsx, ${(inkHttps / floor).toFixed(2)}× node)`, value: Math.round(inkHttps), unit: "ms" },
        { what: "  explorer: spawn → first frame", value: Math.round(median(times.frame)), unit: "ms" },
        { what: "  explorer: spawn → first frame with data", value: Math.round(data), unit: "ms", budget: "≤ 500 ms", ok: data <= 500 },
        { what: "  explorer: spawn → first frame with data ÷ node -e 0", value: +(data / floor).toFixed(2), unit: "×", budget: `≤ ${ratioBudget}×`, ok: data / floor <= ratioBudget },
      ];
    });
    return [
      ...startFigures,
      { what: `explorer: key → next frame, 1,000 rows, p50 (${keys.length} keys)`, value: +median(keys).toFixed(1), unit: "ms" },
      { what: "explorer: key → next frame, 1,000 rows, p95", value: +p95.toFixed(1), unit: "ms", budget: "≤ 50 ms", ok: p95 <= 50 },
      { what: `explorer: 60-character paste in :call, Enter → request at the emulator, median (${pasted.enterToRequest.length} runs)`, value: +median(pasted.enterToRequest).toFixed(1), unit: "ms" },
      { what: "explorer: 60-character paste in :call, Enter → request, worst", value: +pasteWorst.toFixed(1), unit: "ms", budget: "≤ 33 ms (one frame)", ok: pasteWorst <= 33 },
      { what: "explorer: 1,000 characters pasted into the filter → requests", value: pasted.filterRequests, unit: "", budget: "1", ok: pasted.filterRequests === 1 },
    ];
  } finally {
    emulator.stop();
    // The Ink app's folder goes with the run (eight runs left eight behind).
    if (references) rmSync(references.dir, { recursive: true, force: true });
  }
}
