/**
 * The scaffolding every list kind's grammar shares: its help (the search
 * first, then each key) and its parser from its rules, and the writer its
 * canonical line is built with.
 */
import { type FilterGrammar, type FilterKeyHelp, type KeyRule, type ParsedFilter, keyHelp, param, parseWithGrammar } from "./filter.js";
import { nowSeconds } from "./time.js";
import { formatPhrase, keyToken } from "./tokenize.js";

export interface Grammar {
  /** Every key with a one-line description and an example; with a search, its entry (key "") comes first. */
  keys: ReadonlyArray<FilterKeyHelp>;
  parse(line: string, options?: { now?: number }): ParsedFilter;
}

/** A grammar from its rules; `search`: bare words and quoted phrases fill `searchKey`, helped as given. */
export function defineGrammar(rules: readonly KeyRule[], search: { example: string; description: string } | undefined, options: Omit<FilterGrammar, "rules" | "searchParam"> = {}): Grammar {
  const grammar: FilterGrammar = { rules, ...(search ? { searchParam: "searchKey" } : {}), ...options };
  return {
    keys: [...(search ? [{ key: "", params: ["searchKey"], ...search }] : []), ...keyHelp(rules)],
    parse: (line, parseOptions) => parseWithGrammar(line, grammar, nowSeconds(parseOptions?.now)),
  };
}

/** The canonical line's tokens: `push(key, value)` for each key in order, the search (when given) first. */
export function filterWriter(params: Record<string, string>, searchParam?: string) {
  const tokens: string[] = [];
  const value = (name: string) => param(params, name);
  const push = (key: string, raw: string | undefined) => {
    if (raw !== undefined) tokens.push(keyToken(key, raw));
  };
  const search = searchParam === undefined ? undefined : value(searchParam);
  if (search !== undefined) tokens.push(formatPhrase(search));
  return { tokens, value, push };
}
