/**
 * The filter line's tokens, shared by every list kind's filter.
 *
 * A token is a run of non-space characters and double-quoted segments, as in a
 * shell: `tag:"a b",c` is one token. Inside quotes `\"` is a quote and `\\` a
 * backslash; any other backslash is kept as written (so paths survive).
 * A token that starts with `name:` (an ASCII letter, then letters, digits,
 * `_` or `-`, unquoted) is a `key:value` token; anything else is a bare word.
 * Offsets are UTF-16 indexes into the line, `end` exclusive.
 */
export interface FilterToken {
  /** The token as written, quotes included: `line.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  /** Lower-cased key of a `key:value` token; absent for a bare word. */
  key?: string;
  /** The value with quotes removed (after the colon for a key, else the whole word). */
  value?: string;
  error?: string;
}

const KEY_PREFIX = /[A-Za-z][A-Za-z0-9_-]*:/y;
const SPACE = /\s/;

function isSpace(ch: string): boolean {
  return SPACE.test(ch);
}

export function tokenize(line: string): FilterToken[] {
  const tokens: FilterToken[] = [];
  let i = 0;
  while (i < line.length) {
    if (isSpace(line[i]!)) {
      i++;
      continue;
    }
    const start = i;
    let key: string | undefined;
    KEY_PREFIX.lastIndex = i;
    const prefix = KEY_PREFIX.exec(line);
    if (prefix) {
      key = prefix[0].slice(0, -1).toLowerCase();
      i += prefix[0].length;
    }
    let value = "";
    let error: string | undefined;
    while (i < line.length && !isSpace(line[i]!)) {
      if (line[i] !== '"') {
        value += line[i];
        i++;
        continue;
      }
      i++;
      let closed = false;
      while (i < line.length) {
        const ch = line[i]!;
        const next = line[i + 1];
        if (ch === "\\" && (next === '"' || next === "\\")) {
          value += next;
          i += 2;
        } else if (ch === '"') {
          closed = true;
          i++;
          break;
        } else {
          value += ch;
          i++;
        }
      }
      if (!closed) error = 'unterminated quote; close it with "';
    }
    const token: FilterToken = { text: line.slice(start, i), start, end: i, value };
    if (key !== undefined) token.key = key;
    if (error !== undefined) token.error = error;
    tokens.push(token);
  }
  return tokens;
}

/** True when a word would not read back as the same single bare word. */
function needsQuotes(word: string): boolean {
  if (word === "" || /[\s"]/.test(word)) return true;
  KEY_PREFIX.lastIndex = 0;
  return KEY_PREFIX.test(word);
}

/** A string quoted so that it reads back as exactly itself, in one token. */
export function quote(text: string): string {
  return `"${text.replace(/["\\]/g, "\\$&")}"`;
}

/** A value after `key:`, quoted only when it must be. */
export function formatValue(value: string): string {
  return value !== "" && !/[\s"]/.test(value) ? value : quote(value);
}

/**
 * A search phrase as bare words when it reads back the same (words joined by
 * one space), else as one quoted phrase.
 */
export function formatPhrase(phrase: string): string {
  const words = phrase.split(" ");
  return words.some(needsQuotes) ? quote(phrase) : phrase;
}

/** A `key:value` token that reads back as exactly that value. */
export function keyToken(key: string, value: string): string {
  return `${key}:${formatValue(value)}`;
}
