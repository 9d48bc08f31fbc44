/**
 * Reading the explorer's frame as captured from a real terminal: the header,
 * the breadcrumbs, a list's filter and request lines, rows and summary.
 */
import { expect } from "vitest";
import { type TmuxSession, plain } from "../support/tmux.js";

export const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
export const ROOT = new URL("../..", import.meta.url).pathname;

/** Lines printed before ccx starts, more than a screenful: the terminal's scrollback, which ccx must leave alone. */
export const SCROLLBACK_LINES = 120;

/**
 * The shell line of a session: a screenful and more of numbered lines and a
 * marker, then ccx (global `flags` before `demo`), then its exit status; the
 * shell stays so that the pane can still be read.
 */
export function demoCommand(marker: string, seed: number, flags: string[] = []): string {
  return `seq 1 ${SCROLLBACK_LINES} | sed 's/^/SCROLLBACK /'; printf '%s\\n' '${marker}'; ` +
    `node '${BIN}' ${flags.join(" ")} demo --seed ${seed}; echo EXIT=$?; sleep 600`;
}

/**
 * The terminal as ccx found it: the normal screen back, the cursor shown, what
 * was on the screen before visible again, nothing left of the explorer's
 * frames, and the scrollback kept. Each checked softly: every one that fails is reported.
 */
export async function expectRestored(s: TmuxSession, marker: string): Promise<void> {
  const lines = await s.lines();
  expect.soft(await s.display("#{alternate_on}"), "the alternate screen is left").toBe("0");
  expect.soft(await s.display("#{cursor_flag}"), "the cursor is shown").toBe("1");
  expect.soft(lines, "what was on the screen before ccx").toContain(marker);
  expect.soft(lines.filter((l) => l.startsWith("ccx · ")), "lines of the explorer left on the normal screen").toEqual([]);
  const history = (await s.tmux("capture-pane", "-p", "-t", "e2e", "-S", "-", "-E", "-")).split("\n");
  expect.soft(history.filter((l) => /^SCROLLBACK \d+$/.test(l)).length, "lines printed before ccx that are still in the scrollback (nothing erased it)")
    .toBe(SCROLLBACK_LINES);
}

/**
 * Every frame starts with the header: a frame taller than the terminal (a line
 * that wraps, say) pushes it off the top. Checked softly, so that the journey
 * goes on and every step that failed is reported.
 */
export function expectFrame(lines: string[], session: TmuxSession, step: string): void {
  expect.soft(lines.length, "captured lines").toBe(session.height);
  expect.soft(lines[0], `at "${step}" the first line is not the header (a frame taller than ${session.width}×${session.height}?); the screen was:\n${lines.join("\n")}\n`).toMatch(/^ccx · /);
}

export interface ListScreen {
  crumbs: string;
  filter: string;
  request: string;
  header: string;
  rows: string[];
  summary: string;
  loading: boolean;
}

const SUMMARY = /^(⟳ )?\d+ (of \d+|loaded)/;

/**
 * The groups or calls list on screen, once its rows and summary are drawn;
 * undefined before. Found by its filter line rather than by line numbers, so
 * that a frame pushed up by a line too many can still be read (and reported).
 */
export function listScreen(lines: string[]): ListScreen | undefined {
  // Trailing blanks are not captured: an empty filter being typed is a bare "/".
  const at = lines.findIndex((l, i) => /^\/( |$)/.test(l) && lines[i + 1]?.startsWith("  → "));
  if (at < 1) return undefined;
  const end = lines.findIndex((l, i) => i > at + 2 && SUMMARY.test(l));
  if (end < 0) return undefined;
  return {
    crumbs: lines[at - 1]!,
    filter: lines[at]!.slice(2),
    request: lines[at + 1]!.slice(4),
    header: lines[at + 2]!,
    rows: lines.slice(at + 3, end),
    summary: lines[end]!,
    loading: lines[end]!.startsWith("⟳") || lines.some((l) => l.startsWith("ccx · ") && l.includes("⟳")),
  };
}

/** A list whose answer has arrived (nothing in flight) and has at least one row. */
export function settledList(lines: string[]): ListScreen | undefined {
  const list = listScreen(lines);
  return list && !list.loading && list.rows.length > 0 ? list : undefined;
}

/** Index of the line drawn in inverse video (the selection), in a capture made with escapes. */
export function selectedLine(lines: string[]): number {
  // tmux combines attributes: ESC[7m, ESC[0;7m, ESC[1;7m …
  return lines.findIndex((l) => /\u001b\[(?:\d*;)*7(?:;\d*)*m/.test(l));
}

export { plain };
