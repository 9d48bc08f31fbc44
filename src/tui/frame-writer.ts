/**
 * ccx's own renderer, below Ink: Ink lays a frame out (in its `debug` mode it
 * hands over each whole frame and writes nothing itself); this keeps the frame
 * on the terminal and sends only the lines that changed since it, each put in
 * place by its row, inside synchronized output. Ink alone sends a clear-screen
 * and the whole frame again whenever the frame is as tall as the terminal (a
 * cursor move in a list: 4.6 KB, where `less` sends 89 bytes): over SSH at
 * 256 kbit/s that is 144 ms of wire time a key. Only the first frame and the
 * first after a resize clear the screen.
 */

const CSI = "\u001b[";
/** Synchronized output (DEC 2026): the terminal shows the update whole, never half drawn. */
const BEGIN_SYNC = `${CSI}?2026h`;
const END_SYNC = `${CSI}?2026l`;
const HIDE_CURSOR = `${CSI}?25l`;
const CLEAR_SCREEN = `${CSI}H${CSI}2J`;
const ERASE_LINE_END = `${CSI}K`;
const ERASE_BELOW = `${CSI}J`;
const RESET_STYLE = `${CSI}m`;

const moveTo = (row: number) => `${CSI}${row + 1}H`;
/** The rows from `top` to `bottom` moved up (`by` > 0) or down by `by`, the rows left bare erased. */
const scrolled = ({ top, bottom, by }: Scroll) => `${CSI}${top + 1};${bottom + 1}r${CSI}${Math.abs(by)}${by > 0 ? "S" : "T"}${CSI}r`;

/** A part of the screen whose lines moved by a few rows: a list scrolled by the cursor. */
interface Scroll {
  top: number;
  bottom: number;
  by: number;
}

/** How far a scroll looks: a cursor moves a list by one row, a mouse wheel or a half page by a few. */
const SCROLL_REACH = 8;
/** A scroll is sent when it saves at least this many lines. */
const SCROLL_SAVES = 3;

/**
 * The scroll that makes the most of the previous frame's lines land where the
 * next frame has them, within the span from the first row that differs to the
 * last, if it saves lines: what ncurses does with a terminal's scrolling
 * region. A list that scrolled by a row is then sent as that scroll and the
 * rows that are new (the one that came into view, the cursor's), not again.
 */
function bestScroll(previous: readonly string[], next: readonly string[]): Scroll | undefined {
  const rows = Math.max(previous.length, next.length);
  let top = 0;
  while (top < rows && previous[top] === next[top]) top++;
  let bottom = rows - 1;
  while (bottom > top && previous[bottom] === next[bottom]) bottom--;
  if (bottom - top < SCROLL_SAVES) return undefined;
  let best: Scroll | undefined;
  let bestSaved = SCROLL_SAVES - 1;
  for (let by = -Math.min(SCROLL_REACH, bottom - top); by <= Math.min(SCROLL_REACH, bottom - top); by++) {
    if (by === 0) continue;
    let saved = 0;
    for (let row = top; row <= bottom; row++) {
      const from = row + by;
      if (from >= top && from <= bottom && next[row] === previous[from] && next[row] !== previous[row]) saved++;
    }
    if (saved > bestSaved) [best, bestSaved] = [{ top, bottom, by }, saved];
  }
  return best;
}

/** The screen's lines after `scroll`: those moved in from its span, blank where it left rows bare. */
function afterScroll(previous: readonly string[], { top, bottom, by }: Scroll): string[] {
  const lines = [...previous];
  for (let row = top; row <= bottom; row++) {
    const from = row + by;
    lines[row] = from >= top && from <= bottom ? previous[from] ?? "" : "";
  }
  return lines;
}

/**
 * A line as written: its text, then the rest of the row erased (Ink trims a
 * line's trailing blanks), the style reset first so that the erased cells take
 * no colour the line left on.
 */
const drawn = (line: string) => (line.includes("\u001b") ? `${line}${RESET_STYLE}${ERASE_LINE_END}` : `${line}${ERASE_LINE_END}`);

/**
 * What turns the screen showing `previous` into `next` (each a frame's lines,
 * top row first): every line when there is no previous frame (the first, or
 * the first after a resize), else a scroll where lines moved, then only the
 * rows that still differ, and the rows below a frame that became shorter
 * erased. Nothing when nothing changed.
 */
export function frameUpdate(previous: readonly string[] | undefined, next: readonly string[]): string {
  if (previous === undefined) return `${BEGIN_SYNC}${HIDE_CURSOR}${CLEAR_SCREEN}${next.map((line, row) => moveTo(row) + drawn(line)).join("")}${END_SYNC}`;
  const scroll = bestScroll(previous, next);
  const shown = scroll ? afterScroll(previous, scroll) : previous;
  let update = scroll ? scrolled(scroll) : "";
  for (let row = 0; row < next.length; row++) {
    if (next[row] !== shown[row]) update += moveTo(row) + drawn(next[row]!);
  }
  if (next.length < shown.length && shown.slice(next.length).some((line) => line !== "")) update += moveTo(next.length) + ERASE_BELOW;
  return update === "" ? "" : `${BEGIN_SYNC}${update}${END_SYNC}`;
}

export interface FrameWriter {
  /** The stream Ink writes its frames to (in its debug mode: each write a whole frame). */
  stream: NodeJS.WriteStream;
  /** Writes the frame waiting, if any, and then no more: the screen is about to be left. */
  stop(): void;
}

/**
 * The terminal as Ink sees it. Each frame Ink writes is kept; the frames of one
 * turn of the event loop (a key that changes the store several times) are
 * sent as one update, when the turn ends; the very first goes at once. `allowed` says whether the terminal
 * still takes writes (not after a hang-up); a write Ink waits on is answered
 * either way.
 */
export function frameWriter(out: NodeJS.WriteStream, allowed: () => boolean): FrameWriter {
  let shown: string[] | undefined;
  let waiting: string[] | undefined;
  let scheduled: NodeJS.Immediate | undefined;
  let stopped = false;
  let started = false;
  const flush = () => {
    clearImmediate(scheduled);
    scheduled = undefined;
    if (waiting === undefined || !allowed()) return;
    const update = frameUpdate(shown, waiting);
    shown = waiting;
    waiting = undefined;
    if (update !== "") out.write(update);
  };
  // A resize reflows the terminal's cells: the next frame is drawn whole, once.
  const resized = () => {
    shown = undefined;
  };
  out.on("resize", resized);
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const written = rest.find((arg): arg is () => void => typeof arg === "function");
    const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "";
    if (text !== "" && !stopped) {
      waiting = text.split("\n");
      // The very first frame at once: the start's first rows should not wait for the rest of the turn (the
      // input set up, effects run). After a resize the frames of the turn are one: the first is still laid
      // out at the old width (the store learns the new one from the same event), and would wrap.
      if (!started) {
        started = true;
        flush();
      } else scheduled ??= setImmediate(flush);
    }
    // A write Ink waits on (its last, on unmount) comes after the frame it drew.
    if (written) {
      flush();
      if (allowed()) out.write("", written);
      else setImmediate(written);
    }
    return true;
  };
  const stream = new Proxy(out, {
    get(target, property) {
      if (property === "write") return write;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    stream,
    stop() {
      flush();
      stopped = true;
      out.off("resize", resized);
    },
  };
}
