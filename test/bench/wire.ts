/**
 * What the terminal receives: the bytes the explorer writes for a key, side by
 * side with `less` in the same pseudo-terminal (120×40), and the time from the
 * key to the last byte of what it changed at the far end of a slow link
 * (256 kbit/s, 50 ms each way: SSH through a jump host or a slow VPN).
 *
 * The link is a relay computed from the pty's real output: each chunk leaves
 * when it arrived and the link is free, takes its size at 256 kbit/s, and
 * lands 50 ms later; each key is written to the pty 50 ms after it is pressed.
 * (A frame is a few hundred bytes, far below what would make the program wait
 * on the link: a modelled link and a throttled one give the same times.)
 *
 * Budgets (issue 29): ≤ 800 bytes per cursor move, no clear-screen after the
 * first frame, key → last byte through the link p95 ≤ 200 ms.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Figure } from "./emulator-groups.js";
import { BIN, ESU, Pty, framesFrom, groupGuids, median, percentile, screenText, selectedRow, showsGuid, sleep, startEmulator } from "./pty.js";

const SIZE = { cols: 120, rows: 40 };
const LINK = { bytesPerMs: 256_000 / 8 / 1000, latencyMs: 50 };
const CLEAR_SCREEN = /\u001b\[2J|\u001bc/;
/** Quiet for this long after a key: whatever the key caused has been written. */
const QUIET_MS = 120;
const PAGE_DOWN = "\u001b[6~";
const PAGE_UP = "\u001b[5~";

/** When the byte at `offset` of the pty's output lands at the far end of the link. */
function landing(pty: Pty, offset: number): number {
  let free = 0;
  let previousEnd = 0;
  for (const chunk of pty.chunks) {
    free = Math.max(free, chunk.at) + (chunk.end - previousEnd) / LINK.bytesPerMs;
    if (chunk.end >= offset) return free + LINK.latencyMs;
    previousEnd = chunk.end;
  }
  throw new Error(`byte ${offset} never came`);
}

/** What one key caused: its bytes, whether they clear the screen, and key → last byte at the far end. */
interface KeyEffect {
  bytes: number;
  cleared: boolean;
  overLink: number;
}

/**
 * Presses a key at the far end and waits until its effect is written, `settleMs` more (a filter's pause and
 * its answer), and the pty is quiet.
 */
async function press(pty: Pty, key: string, done: (output: string, from: number) => boolean, settleMs = 0): Promise<KeyEffect> {
  const pressed = performance.now();
  await sleep(LINK.latencyMs);
  const from = pty.output.length;
  pty.write(key);
  await pty.until((o) => done(o, from), `the effect of ${JSON.stringify(key)}`, 5000);
  await sleep(settleMs);
  // Then quiet: nothing more came for QUIET_MS.
  let seen = pty.output.length;
  for (;;) {
    await sleep(QUIET_MS);
    if (pty.output.length === seen) break;
    seen = pty.output.length;
  }
  const written = pty.output.slice(from);
  return { bytes: Buffer.byteLength(written, "utf8"), cleared: CLEAR_SCREEN.test(written), overLink: landing(pty, pty.output.length) - pressed };
}

interface Measured {
  moves: KeyEffect[];
  pages: KeyEffect[];
  typed: KeyEffect[];
}

/** The explorer on 1,000 groups: cursor moves down past the view and back, pages, and a filter typed. */
async function explorer(env: NodeJS.ProcessEnv, guids: string[]): Promise<Measured> {
  const pty = new Pty([process.execPath, BIN], env, SIZE);
  try {
    await pty.until((o) => screenText(o).includes(" of 2000"), "the first page");
    pty.write("/");
    await sleep(150);
    pty.write("per:1000\r");
    await pty.until((o) => {
      const last = framesFrom(o, Math.max(0, o.length - 40_000)).at(-1);
      return last && screenText(last.text).includes("1000 of ") && !last.text.includes("⟳");
    }, "1,000 rows loaded");
    await sleep(300);
    let selected = 0;
    /** Waits for the frame whose selected row is the `to`th group. */
    const selects = (to: number) => (o: string, from: number) => framesFrom(o, from).some((f) => showsGuid(selectedRow(f.text) ?? "", guids[to]!));
    const moves: KeyEffect[] = [];
    // Down past the bottom of the view (each move then scrolls the list a row), and back up past its top.
    for (const [key, step, count] of [["j", 1, 60], ["k", -1, 60]] as const) {
      for (let i = 0; i < count; i++) {
        moves.push(await press(pty, key, selects(selected + step)));
        selected += step;
      }
    }
    const pages: KeyEffect[] = [];
    for (const key of [PAGE_DOWN, PAGE_DOWN, PAGE_DOWN, PAGE_DOWN, PAGE_DOWN, PAGE_UP, PAGE_UP, PAGE_UP, PAGE_UP, PAGE_UP]) {
      const before = pty.output.length;
      pages.push(await press(pty, key, (o, from) => framesFrom(o, from).length > 0 && o.length > before));
    }
    // A filter typed a character at a time: the line's echo and the rows it selects as they change.
    pty.write("/");
    await sleep(300);
    const typed: KeyEffect[] = [];
    for (const char of " name:council") {
      // The filter's pause (150 ms) passes and its answer shows before the next key.
      typed.push(await press(pty, char, (o, from) => framesFrom(o, from).some((f) => f.text.includes(char === " " ? "\u001b[7m" : char)), 400));
    }
    return { moves, pages, typed };
  } finally {
    await pty.close("\u001b\u001bq");
  }
}

/** `less -S` on the same 1,000 groups as text: a line down and up, a page, a search typed. */
async function less(env: NodeJS.ProcessEnv, file: string): Promise<Measured> {
  const lessEnv = { ...env, LESS: "", LESSOPEN: "", LESSHISTFILE: "-" };
  const pty = new Pty(["less", "-S", file], lessEnv, SIZE);
  const quietAfter = (o: string, from: number) => o.length > from;
  try {
    await pty.until((o) => o.length > 1000, "less's first page");
    await sleep(300);
    const moves: KeyEffect[] = [];
    for (const [key, count] of [["j", 60], ["k", 60]] as const) for (let i = 0; i < count; i++) moves.push(await press(pty, key, quietAfter));
    const pages: KeyEffect[] = [];
    for (const key of ["f", "f", "f", "f", "f", "b", "b", "b", "b", "b"]) pages.push(await press(pty, key, quietAfter));
    pty.write("/");
    await sleep(300);
    const typed: KeyEffect[] = [];
    for (const char of " name:council") typed.push(await press(pty, char, quietAfter, 400));
    return { moves, pages, typed };
  } finally {
    await pty.close("\u001bq");
  }
}

/** The groups as `ccx groups` prints them, the text `less` pages through. */
function groupsText(env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, "groups", "--per-page", "1000"], { env, maxBuffer: 1 << 26 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export async function benchWire(): Promise<Figure[]> {
  const emulator = await startEmulator();
  const dir = mkdtempSync(join(tmpdir(), "ccx-wire-"));
  try {
    const guids = await groupGuids(emulator.env);
    const file = join(dir, "groups.txt");
    writeFileSync(file, await groupsText(emulator.env));
    const ccx = await explorer(emulator.env, guids);
    const pager = await less(emulator.env, file);
    const side = (what: string, pick: (m: Measured) => KeyEffect[], budget?: { bytes?: number; link?: number }): Figure[] => {
      const [ours, theirs] = [pick(ccx), pick(pager)];
      const bytes = ours.map((e) => e.bytes);
      const link = ours.map((e) => e.overLink);
      const p95Bytes = percentile(bytes, 95);
      const p95Link = percentile(link, 95);
      const lessBytes = mean(theirs.map((e) => e.bytes));
      return [
        { what: `wire: ${what}, bytes, mean / p95 (${ours.length} keys; less: ${Math.round(lessBytes)} mean)`, value: Math.round(p95Bytes), unit: `B p95, ${Math.round(mean(bytes))} mean`, ...(budget?.bytes ? { budget: `≤ ${budget.bytes} B`, ok: p95Bytes <= budget.bytes } : {}) },
        { what: `wire: ${what}, key → last byte over 256 kbit/s + 50 ms each way, p50 / p95 (less: ${Math.round(median(theirs.map((e) => e.overLink)))} / ${Math.round(percentile(theirs.map((e) => e.overLink), 95))} ms)`, value: Math.round(p95Link), unit: `ms p95, ${Math.round(median(link))} p50`, ...(budget?.link ? { budget: `≤ ${budget.link} ms`, ok: p95Link <= budget.link } : {}) },
      ];
    };
    const clears = [...ccx.moves, ...ccx.pages, ...ccx.typed].filter((e) => e.cleared).length;
    return [
      ...side("cursor move in 1,000 rows (j ×60 then k ×60, scrolling past the view)", (m) => m.moves, { bytes: 800, link: 200 }),
      ...side("page down / up (PgDn, PgUp; less: f, b)", (m) => m.pages),
      ...side("a character typed in the filter line (less: its search prompt), with the rows it selects", (m) => m.typed),
      { what: "wire: clear-screens after the first frame", value: clears, unit: "", budget: "0", ok: clears === 0 },
    ];
  } finally {
    emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
