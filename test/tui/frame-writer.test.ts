import { EventEmitter } from "node:events";
import { setImmediate as turn } from "node:timers/promises";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frameUpdate, frameWriter } from "../../src/tui/frame-writer.js";

const CLEAR = "\u001b[2J";
/** The rows an update puts text on (1-based, as the terminal counts them). */
const rowsAddressed = (update: string) => [...update.matchAll(/\u001b\[(\d+)H/g)].map((m) => Number(m[1]));

/** A terminal that records what it is sent, and can be resized. */
function fakeTerminal() {
  const sent: string[] = [];
  const out = Object.assign(new EventEmitter(), {
    columns: 40,
    rows: 5,
    isTTY: true,
    write(chunk: string, done?: () => void) {
      if (chunk !== "") sent.push(chunk);
      done?.();
      return true;
    },
  });
  return { out: out as unknown as NodeJS.WriteStream, emitter: out, sent };
}

/**
 * A terminal of `rows` lines that understands what the renderer sends (cursor to a row, erase to the end of
 * the line and below, clear, a scrolling region and its scroll up and down) and keeps each line's text as
 * written, styles and all: a frame update applied to the screen showing the previous frame must show the next.
 */
function screenAfter(shown: readonly string[], update: string, rows: number): string[] {
  const screen = Array.from({ length: rows }, (_, i) => shown[i] ?? "");
  let row = 0;
  let region = { top: 0, bottom: rows - 1 };
  const scroll = (by: number) => {
    const span = screen.slice(region.top, region.bottom + 1);
    const moved = by > 0 ? [...span.slice(by), ...Array<string>(by).fill("")] : [...Array<string>(-by).fill(""), ...span.slice(0, by)];
    screen.splice(region.top, moved.length, ...moved.slice(0, span.length));
  };
  for (const [, params, final, text] of update.matchAll(/\u001b\[([?\d;]*)([A-Za-z])|([^\u001b]+)/g)) {
    if (text !== undefined) {
      screen[row] += text;
      continue;
    }
    const numbers = (params ?? "").split(";").map(Number);
    if (final === "H") {
      row = (numbers[0] || 1) - 1;
      screen[row] = "";
    }
    else if (final === "J" && params === "2") screen.fill("");
    else if (final === "J") screen.fill("", row + 1);
    else if (final === "r") region = params ? { top: numbers[0]! - 1, bottom: numbers[1]! - 1 } : { top: 0, bottom: rows - 1 };
    else if (final === "S") scroll(numbers[0] || 1);
    else if (final === "T") scroll(-(numbers[0] || 1));
    // K: the line's text so far is what it shows (styles reset before it), the rest erased.
    else if (final === "K") screen[row] = screen[row]!.replace(/\u001b\[m$/, "");
    else if (final === "m") screen[row] += `\u001b[${params}m`;
  }
  return screen;
}

const frame = (selected: number) => ["header", ...[0, 1, 2].map((i) => (i === selected ? `\u001b[7mrow ${i}\u001b[27m` : `row ${i}`)), "footer"].join("\n");

describe("frames that send only what changed", () => {
  it("draws the first frame whole, after one clear-screen, inside synchronized output", () => {
    const update = frameUpdate(undefined, ["a", "b"]);
    expect(update.startsWith("\u001b[?2026h")).toBe(true);
    expect(update.endsWith("\u001b[?2026l")).toBe(true);
    expect(update).toContain(CLEAR);
    expect(rowsAddressed(update)).toEqual([1, 2]);
  });

  it("sends a cursor move as the two rows it changed: no clear-screen, no other row", () => {
    const before = frame(0).split("\n");
    const update = frameUpdate(before, frame(1).split("\n"));
    expect(update).not.toContain(CLEAR);
    expect(rowsAddressed(update)).toEqual([2, 3]);
    expect(update).toContain("row 0\u001b[K");
    // The erased rest of the selected row takes no inverse video from it.
    expect(update).toContain("row 1\u001b[27m\u001b[m\u001b[K");
    expect(update).not.toContain("header");
    expect(frameUpdate(before, before)).toBe("");
  });

  it("erases the rows below a frame that became shorter", () => {
    const update = frameUpdate(["a", "b", "c"], ["a"]);
    expect(update).toContain("\u001b[2H\u001b[J");
    expect(update).not.toContain(CLEAR);
  });

  it("sends the frames of one turn as one update, redraws once after a resize, and nothing after a hang-up", async () => {
    const { out, emitter, sent } = fakeTerminal();
    let hungUp = false;
    const frames = frameWriter(out, () => !hungUp);
    frames.stream.write(frame(0));
    await turn();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(CLEAR);
    // Three frames in one turn (a key that changed the store three times): one update, from the first to the last.
    frames.stream.write(frame(1));
    frames.stream.write(frame(2));
    frames.stream.write(frame(1));
    await turn();
    expect(sent).toHaveLength(2);
    expect(rowsAddressed(sent[1]!)).toEqual([2, 3]);
    // After a resize the first frame is still laid out at the old width: only the turn's last is drawn, whole.
    emitter.emit("resize");
    frames.stream.write(`${frame(2)} at the old width`);
    frames.stream.write(frame(2));
    await turn();
    expect(sent).toHaveLength(3);
    expect(sent[2]).toContain(CLEAR);
    expect(sent[2]).not.toContain("old width");
    frames.stream.write(frame(0));
    await turn();
    expect(sent[3]).not.toContain(CLEAR);
    hungUp = true;
    let answered = false;
    frames.stream.write(frame(1), () => void (answered = true));
    await turn();
    expect(sent).toHaveLength(4);
    expect(answered).toBe(true);
  });

  it("writes the frame waiting before a write Ink waits on, and nothing once stopped", async () => {
    const { out, sent } = fakeTerminal();
    const frames = frameWriter(out, () => true);
    frames.stream.write(frame(0));
    let answered = false;
    frames.stream.write("", () => void (answered = true));
    expect(sent).toHaveLength(1);
    expect(answered).toBe(true);
    frames.stream.write(frame(1));
    frames.stop();
    expect(sent).toHaveLength(2);
    frames.stream.write(frame(2));
    await turn();
    expect(sent).toHaveLength(2);
  });

  it("sends a list that scrolled by a row as a scroll of its span and the rows that are new", () => {
    const list = (first: number, selected: number) => ["header", ...Array.from({ length: 20 }, (_, i) => (first + i === selected ? `\u001b[7mgroup ${first + i}\u001b[27m` : `group ${first + i}`)), `${selected + 1} of 100`];
    const before = list(0, 19);
    const after = list(1, 20);
    const update = frameUpdate(before, after);
    expect(update).toMatch(/\u001b\[2;22r\u001b\[1S\u001b\[r/);
    // The row that came into view, the one the cursor left, and the count: not the 18 that only moved.
    expect(rowsAddressed(update)).toEqual([20, 21, 22]);
    expect(screenAfter(before, update, 24)).toEqual([...after, "", ""]);
    const back = frameUpdate(after, before);
    expect(back).toMatch(/\u001b\[1T/);
    expect(screenAfter(after, back, 24)).toEqual([...before, "", ""]);
  });

  it("turns any frame into any other on the screen (scrolled, shortened, lengthened, rows repeated)", () => {
    const line = fc.constantFrom("a", "b", "c", "\u001b[7mc\u001b[27m", "", "dd");
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 12 }), fc.boolean(), (previous, next, shift) => {
        const target = shift ? [...previous.slice(1), ...next] .slice(0, 12) : next;
        const update = frameUpdate(previous, target);
        expect(screenAfter(previous, update, 12)).toEqual(Array.from({ length: 12 }, (_, i) => target[i] ?? ""));
      }),
    );
  });
});
