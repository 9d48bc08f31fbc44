/**
 * Characters JSON.stringify leaves raw (it escapes only C0) that a terminal
 * acts on or that hide or reorder text: DEL, the 8-bit C1 controls (U+009B is
 * a CSI to a terminal that reads them), bidi controls, zero-width and other
 * invisible characters, the line and paragraph separators.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * JSON.stringify, with every character above said escaped (`\u009b`) so that
 * --json and --ndjson printed to a terminal, and JSON copied to a clipboard
 * and pasted into one, act on nothing. The text parses
 * back to the same value: such characters can only occur inside strings.
 */
export function jsonForTerminal(value: unknown, space?: number): string {
  const text = JSON.stringify(value, null, space);
  return text === undefined ? text : text.replace(RAW_IN_JSON, escape);
}
