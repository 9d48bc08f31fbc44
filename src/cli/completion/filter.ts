import type { FilterKeyHelp } from "../../query/filter.js";

/** A word the shell may put in place of the one being typed, and a few words about it (zsh and fish show them). */
export interface Candidate {
  value: string;
  description?: string;
}

/** The part of a description a completion menu has room for: up to its first aside. */
export function brief(text: string): string {
  const cut = text.search(/ \(|; /);
  const short = cut < 0 ? text : text.slice(0, cut);
  return short.length > 70 ? `${short.slice(0, 69)}…` : short;
}

/**
 * The values of a closed set after those already typed (`public,pr` →
 * `public,private`), each the whole word prefixed by `lead`. A value that is
 * itself a comma list (`in:name,guid`) is offered only first.
 */
export function choiceCandidates(choices: readonly string[], typed: string, lead: string): Candidate[] {
  const cut = typed.lastIndexOf(",") + 1;
  const given = typed.slice(0, cut);
  const part = typed.slice(cut);
  const taken = new Set(given.split(","));
  return choices
    .filter((c) => c.startsWith(part) && (cut === 0 || (!c.includes(",") && !taken.has(c))))
    .map((c) => ({ value: `${lead}${given}${c}` }));
}

/**
 * A --query value: the last filter token is completed, the ones before it kept.
 * `ty` → `type:`; `type:pu` → `type:public`; `tag:x ty` → `tag:x type:`.
 */
export function filterCandidates(keys: ReadonlyArray<FilterKeyHelp>, typed: string): Candidate[] {
  const start = typed.search(/\S*$/);
  const head = typed.slice(0, start);
  const token = typed.slice(start);
  const colon = token.indexOf(":");
  if (colon < 0) {
    // Key "" is the bare-word search: nothing to complete.
    return keys.filter((k) => k.key !== "" && k.key.startsWith(token)).map((k) => ({ value: `${head}${k.key}:`, description: brief(k.description) }));
  }
  const key = keys.find((k) => k.key === token.slice(0, colon).toLowerCase());
  return key?.choices ? choiceCandidates(key.choices, token.slice(colon + 1), head + token.slice(0, colon + 1)) : [];
}
