/**
 * Reading and rewriting one key of a filter line, so that the filter form and
 * the filter line edit the same state: the line. Key "" is the search (the
 * bare words and quoted phrases).
 */
import { type FilterToken, tokenize } from "./tokenize.js";

const ownedBy = (key: string) => (t: FilterToken) => (t.key ?? "") === key;

/** What the line says for `key`: the text after `key:` of each of its tokens, as written. */
export function fieldText(line: string, key: string): string {
  return tokenize(line)
    .filter(ownedBy(key))
    .map((t) => (key === "" ? t.text : t.text.slice(t.text.indexOf(":") + 1)))
    .join(" ");
}

/**
 * The line with `key`'s tokens replaced by `text` (each of its tokens gets the
 * `key:` prefix): in place of the first one, or at the end (the search at the
 * start) when the key was not there. Empty text removes the key.
 */
export function withField(line: string, key: string, text: string): string {
  const replacement = tokenize(text).map((t) => (key === "" ? t.text : `${key}:${t.text}`));
  const out: string[] = [];
  let placed = false;
  for (const token of tokenize(line)) {
    if (!ownedBy(key)(token)) {
      out.push(token.text);
    } else if (!placed) {
      out.push(...replacement);
      placed = true;
    }
  }
  if (!placed) {
    if (key === "") out.unshift(...replacement);
    else out.push(...replacement);
  }
  return out.join(" ");
}
