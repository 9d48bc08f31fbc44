/**
 * Reading the explorer's frame as captured from a real terminal: the header,
 * the breadcrumbs, a list's filter and request lines, rows and summary.
 */
import { expect } from "vitest";
import { displayWidth } from "../../src/text/width.js";
import { PANES } from "../../src/tui/layout.js";
import { type TmuxSession, plain } from "../support/tmux.js";

export const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
export const ROOT = new URL("../..", import.meta.url).pathname;

/** Lines printed before ccx starts, more than a screenful: the terminal's scrollback, which ccx must leave alone. */
export const SCROLLBACK_LINES = 120;

/**
 * The shell line of a session: a screenful and more of numbered lines and a
 * marker, then ccx (global `flags` before `demo`; `bin`, a script that runs
 * ccx), then its exit status; the shell stays so that the pane can still be read.
 */
export function demoCommand(marker: string, seed: number, flags: string[] = [], bin = BIN): string {
  return `seq 1 ${SCROLLBACK_LINES} | sed 's/^/SCROLLBACK /'; printf '%s\\n' '${marker}'; ` +
    `node '${bin}' ${flags.join(" ")} demo --seed ${seed}; echo EXIT=$?; sleep 600`;
}

/**
 * The terminal as ccx found it: the normal screen back, the cursor shown, what
 * was on the screen before visible again, nothing left of the explorer's
 * frames, the scrollback kept, and bracketed paste off (a paste into the
 * shell is echoed as typed, not wrapped in ESC[200~ … ESC[201~). Each checked
 * softly: every one that fails is reported.
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
  // The shell's `sleep` reads nothing: the terminal echoes what is pasted, the markers too if they are still asked for.
  const probe = `PASTE-PROBE-${process.pid}`;
  await s.paste(probe);
  const echoed = await s.waitFor((l) => l.find((x) => x.includes(probe)), { what: "the pasted probe echoed" });
  expect.soft(echoed, "a paste after ccx exits (bracketed paste left on?)").toBe(probe);
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

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The part of a captured line from column `from` up to (not including)
 * column `to`, measured as ccx measures (a wide character takes two columns;
 * one cut in half by either edge is left out).
 */
export function columnsOf(line: string, from: number, to = Infinity): string {
  let column = 0;
  let out = "";
  for (const { segment } of graphemes.segment(line)) {
    if (column >= to) break;
    const width = displayWidth(segment);
    if (column >= from && column + width <= to) out += segment;
    column += width;
  }
  return out;
}

/**
 * The panes of a wide terminal, found by their titles on the first line of
 * the body: the apps pane on the left ("apps (ctrl-p)"), the preview on the
 * right ("preview (] hides)"). `mainFrom`/`mainTo` are the columns of the
 * view between them.
 */
export interface Panes {
  side: boolean;
  preview: boolean;
  mainFrom: number;
  mainTo: number;
}

// "apps (ctrl-p)"; marked (e.g. "▸ apps (esc back)") while it has the keys.
const SIDE_TITLE = /^(?:[^\w\s] )?apps \(/;
const PREVIEW_TITLE = "preview (] hides)";

export function panesOf(lines: string[]): Panes {
  const body = lines[2] ?? "";
  const side = SIDE_TITLE.test(body);
  const at = body.indexOf(PREVIEW_TITLE);
  // The preview pane has a blank column before its contents.
  const previewFrom = at < 0 ? undefined : displayWidth(body.slice(0, at)) - 1;
  return { side, preview: previewFrom !== undefined, mainFrom: side ? PANES.side.width : 0, mainTo: previewFrom ?? Infinity };
}

/** Lines of the body (between the breadcrumbs and the footer), cut to the columns given. */
function bodyColumns(lines: string[], from: number, to: number): string[] {
  return lines.slice(2, -1).map((l) => columnsOf(l, from, to).trimEnd());
}

/**
 * The screen as if the view were alone on it: the header, the breadcrumbs,
 * the view's own columns of the body, and the footer (or the open command
 * line). The same lines back when no pane shows, so that every matcher
 * works at any width.
 */
export function mainPane(lines: string[]): string[] {
  const panes = panesOf(lines);
  if (!panes.side && !panes.preview) return lines;
  return [lines[0]!, lines[1]!, ...bodyColumns(lines, panes.mainFrom, panes.mainTo), lines[lines.length - 1]!];
}

/** The apps pane's lines (its title first), or undefined when it does not show. */
export function sidePane(lines: string[]): string[] | undefined {
  return panesOf(lines).side ? bodyColumns(lines, 0, PANES.side.width) : undefined;
}

/** The preview pane's lines (its title first), or undefined when it does not show. */
export function previewPane(lines: string[]): string[] | undefined {
  const panes = panesOf(lines);
  return panes.preview ? bodyColumns(lines, panes.mainTo + 1, Infinity) : undefined;
}

/** The bottom line: the footer, or the command line when it is open (":…"). */
export const footer = (lines: string[]) => lines[lines.length - 1] ?? "";

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
export function listScreen(screen: string[]): ListScreen | undefined {
  const lines = mainPane(screen);
  // Trailing blanks are not captured, except the cursor's cell at the end of a line being typed (tmux keeps
  // a cell a write erased after, as ccx's renderer does after each line it sends): an empty filter is "/" or "/ ".
  const at = lines.findIndex((l, i) => /^\/( |$)/.test(l) && lines[i + 1]?.startsWith("  → "));
  if (at < 1) return undefined;
  const end = lines.findIndex((l, i) => i > at + 2 && SUMMARY.test(l));
  if (end < 0) return undefined;
  return {
    crumbs: lines[at - 1]!,
    filter: lines[at]!.slice(2).trimEnd(),
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

// tmux combines attributes: ESC[7m, ESC[0;7m, ESC[1;7m …
const INVERSE = /\u001b\[(?:\d*;)*7(?:;\d*)*m/;

/** Index of the line drawn in inverse video (the selection), in a capture made with escapes. */
export function selectedLine(lines: string[]): number {
  return lines.findIndex((l) => INVERSE.test(l));
}

/**
 * Whether the list's filter line is open for typing, in a capture made with
 * escapes: its cursor is a cell in inverse video. (The footer does not tell:
 * it lists the list's keys either way.)
 */
export function filterLineOpen(raw: string[]): boolean {
  const lines = mainPane(raw.map(plain));
  const at = lines.findIndex((l, i) => /^\/( |$)/.test(l) && /^ {2}[→✗] /.test(lines[i + 1] ?? ""));
  return at >= 0 && INVERSE.test(raw[at]!);
}

/**
 * The selected row of the list, counted from its first row (0), in a capture
 * made with escapes; undefined when no row is drawn selected. The apps pane
 * draws its cursor in inverse video too, but only while it has the keys.
 */
export function selectedRow(raw: string[]): number | undefined {
  const lines = mainPane(raw.map(plain));
  const list = listScreen(lines);
  if (!list) return undefined;
  const header = lines.indexOf(list.header);
  const selected = selectedLine(raw);
  return selected > header && selected <= header + list.rows.length ? selected - header - 1 : undefined;
}

export interface CallScreen {
  crumbs: string;
  /** The session id the breadcrumbs name last. */
  sessionId?: string;
  /** The call's first line: status · type · mode · initiator → receiver · found in … */
  summary: string;
  participants: number;
  participantHeader: string;
  participantRows: string[];
  recordings: number;
}

/** A call's view once its participants and recordings are drawn; undefined before (or on another screen). */
export function callScreen(screen: string[]): CallScreen | undefined {
  const lines = mainPane(screen);
  const p = lines.findIndex((l) => /^Participants \(\d+\)/.test(l));
  const r = lines.findIndex((l) => /^Recordings \(\d+\)/.test(l));
  if (p < 2 || r < p) return undefined;
  return {
    crumbs: lines[1]!,
    sessionId: /(?:^| › )call (\S+)$/.exec(lines[1]!)?.[1],
    summary: lines[2]!,
    participants: Number(/\((\d+)\)/.exec(lines[p]!)![1]),
    participantHeader: lines[p + 1]!,
    participantRows: lines.slice(p + 2, r).filter((l) => l.trim() !== ""),
    recordings: Number(/\((\d+)\)/.exec(lines[r]!)![1]),
  };
}

export { plain };
