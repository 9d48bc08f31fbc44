import { INVISIBLE_CLASS } from "./sanitize.js";

/**
 * Characters JSON.stringify leaves raw (it escapes only C0) that a terminal
 * acts on or that hide or reorder text: DEL, the 8-bit C1 controls (U+009B is
 * a CSI to a terminal that reads them), the line and paragraph separators, the
 * invisible characters sanitize marks, and tag characters.
 */
const RAW_IN_JSON = new RegExp(`[\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_CLASS}]|[\\u{e0000}-\\u{e007f}]`, "gu");

/** `\u009b`; an astral character as its two surrogates, as JSON writes them. */
const escape = (c: string) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`).join("");

/**
 * JSON.stringify, with every character above said escaped (`\u009b`) so that
 * --json and --ndjson printed to a terminal, and JSON copied to a clipboard
 * and pasted into one, act on nothing. The text parses back to the same
 * value: such characters can only occur inside strings.
 */
export function jsonForTerminal(value: unknown, space?: number): string {
  const text = JSON.stringify(value, null, space);
  return text === undefined ? text : text.replace(RAW_IN_JSON, escape);
}
