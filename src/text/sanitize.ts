/**
 * Server strings hold whatever users typed, escape sequences included. Before
 * any of it reaches a terminal it passes through `sanitize`, which leaves no
 * character that a terminal would act on, yet keeps a visible trace of each
 * one so a developer debugging odd data notices it:
 *
 * | input                                   | shown as                                  |
 * |-----------------------------------------|-------------------------------------------|
 * | C0 control 0x00–0x1F (ESC, BEL, NUL, …) | its Control Picture: `␛ ␇ ␀ ␈ …`          |
 * | DEL 0x7F                                | `␡`                                       |
 * | C1 control 0x80–0x9F                    | `␛` + its 7-bit twin: 0x9B → `␛[`, 0x9D → `␛]`, 0x90 → `␛P` |
 * | bidi, zero-width, lone surrogate        | `�` (U+FFFD)                              |
 * | `\n`, `\r\n`, U+2028, U+2029            | one space; `\n` when `multiline`          |
 * | `\t`                                    | one space; four spaces when `multiline`   |
 * | lone `\r` (overwrites the line)         | `␍`                                       |
 *
 * Because ESC becomes `␛` and every byte after it is already printable, a whole
 * sequence reads back as itself: "\x1b[31mRED\x1b[0m" → "␛[31mRED␛[0m",
 * "\x1b]0;pwned\x07Title" → "␛]0;pwned␇Title". Mapping one character at a time
 * (instead of parsing CSI/OSC/DCS grammars) means no malformed or truncated
 * sequence can slip through a parser's blind spot.
 *
 * One exception, for readability: a zero-width joiner between two emoji (as in
 * 👨‍👩‍👧) is dropped without a mark; the family then shows as its members.
 */

export interface SanitizeOptions {
  /** Keep line breaks as `\n` (and expand tabs) instead of folding them to spaces. */
  multiline?: boolean;
}

const MARK = "\uFFFD";
const TAB_SPACES = "    ";

/**
 * Invisible characters that reorder or hide text: bidi controls, zero-width and other format
 * characters, and the blanks that draw nothing (soft hyphen, grapheme joiner, Hangul fillers,
 * Khmer inherent vowels, Mongolian variation selectors). First and last code point of each range:
 * the one list the sanitizer's set, its regexes and the JSON escaping (json.ts) are made from.
 */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x115f, 0x1160], [0x17b4, 0x17b5], [0x180b, 0x180f],
  [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164], [0xfeff, 0xfeff], [0xffa0, 0xffa0], [0xfff9, 0xfffb],
];

const INVISIBLE = new Set(INVISIBLE_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)));

const hex = (code: number) => `\\u${code.toString(16).padStart(4, "0")}`;
/** The invisible characters as the inside of a regex character class. */
export const INVISIBLE_CLASS = INVISIBLE_RANGES.map(([first, last]) => (first === last ? hex(first) : `${hex(first)}-${hex(last)}`)).join("");

const isTag = (point: number) => point >= 0xe0000 && point <= 0xe007f;

/** Anything sanitize might change; strings without any of it are returned as they are. */
const NEEDS_WORK = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_CLASS}\\ud800-\\udfff]`);

/** Changes beyond whitespace: controls (bar tab, LF and the CR of CRLF), C1, invisible characters, lone surrogates. */
const HOSTILE = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${INVISIBLE_CLASS}]|\\r(?!\\n)|\\p{Surrogate}`, "u");

/** A ZWJ that glues two emoji together (after an optional VS16 or skin tone on the first). */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\ufe0f\u{1f3fb}-\u{1f3ff}]?)\u200d(?=\p{Extended_Pictographic})/gu;

/** Any server value as text: strings as they are, objects as JSON. Never throws. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "function") return "[function]";
  if (typeof value === "object") {
    try {
      const json = JSON.stringify(value);
      if (typeof json === "string") return json;
    } catch {
      // Circular or BigInt inside: fall through to String().
    }
  }
  try {
    return String(value);
  } catch {
    // e.g. an object without a prototype and so without toString.
    return "[unprintable]";
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Text that is safe to write to a terminal, with a visible trace of what was neutralised. */
export function sanitize(text: unknown, options: SanitizeOptions = {}): string {
  let input = asText(text);
  if (!NEEDS_WORK.test(input)) return input;
  if (input.includes("\u200d")) input = input.replace(EMOJI_JOINER, "");

  const newline = options.multiline ? "\n" : " ";
  const tab = options.multiline ? TAB_SPACES : " ";
  let out = "";
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) {
      out += input[i];
    } else if (code === 0x0a || code === 0x2028 || code === 0x2029) {
      out += newline;
    } else if (code === 0x0d) {
      if (input.charCodeAt(i + 1) === 0x0a) {
        out += newline;
        i++;
      } else {
        out += "\u240d";
      }
    } else if (code === 0x09) {
      out += tab;
    } else if (code < 0x20) {
      out += String.fromCharCode(0x2400 + code); // Control Pictures: ␀ … ␟, ESC → ␛
    } else if (code === 0x7f) {
      out += "\u2421"; // ␡
    } else if (code <= 0x9f) {
      out += `\u241b${String.fromCharCode(code - 0x40)}`; // 8-bit C1 shown as its ESC form
    } else if (isHighSurrogate(code)) {
      if (isLowSurrogate(input.charCodeAt(i + 1))) {
        const pair = input.slice(i, i + 2);
        // Tag characters draw nothing and can carry hidden text; they are kept only where they
        // spell a subdivision flag (🏴 followed by tags, as in the flag of Scotland).
        out += isTag(pair.codePointAt(0)!) && !/(\u{1f3f4}|[\u{e0020}-\u{e007f}])$/u.test(out) ? MARK : pair;
        i++;
      } else {
        out += MARK;
      }
    } else if (isLowSurrogate(code) || INVISIBLE.has(code)) {
      out += MARK;
    } else {
      out += input[i];
    }
  }
  return out;
}

/**
 * Whether sanitize would change more than whitespace: true for escape
 * sequences, controls, bidi and zero-width characters, lone surrogates.
 * A ZWJ joining two emoji does not count.
 */
export function hasHostileCharacters(text: string): boolean {
  const input = text.includes("\u200d") ? text.replace(EMOJI_JOINER, "") : text;
  return HOSTILE.test(input);
}
