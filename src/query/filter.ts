/**
 * The machinery the filters of every list kind share: running a grammar of
 * `key:` rules over the tokens, and the values and rules the grammars use.
 */
import { type FilterToken, keyToken, tokenize } from "./tokenize.js";

export interface ParsedFilter {
  /** Query parameters exactly as the API names them, values as strings. Empty when any token has an error. */
  params: Record<string, string>;
  tokens: FilterToken[];
  /** Tokens with errors (same objects as in tokens), in order. */
  errors: FilterToken[];
}

export interface FilterKeyHelp {
  key: string;
  params: string[];
  example: string;
  description: string;
  /** The values the key takes, when they are a closed set (a list key may combine them with commas). */
  choices?: readonly string[];
}

export interface KeyRule extends FilterKeyHelp {
  /** Parameters for a non-empty value, or what is wrong with it (the engine prefixes `key: `). */
  parse(value: string, now: number): Record<string, string> | string;
  /** A comma list: a repeat is answered with the combined form as the fix, when that form parses. */
  list?: boolean;
  /** One value only: a repeat that means something else conflicts, even when it sets other parameters. */
  once?: boolean;
}

export interface FilterGrammar {
  rules: readonly KeyRule[];
  /** The parameter bare words fill; without one, a bare word is an error. */
  searchParam?: string;
  /** What to say about a bare word when there is no search. */
  bareWordError?: (word: string) => string;
  /** Keys people bring from the other lists, and the key meant here (`per:` → `limit:`). */
  meant?: Readonly<Record<string, string>>;
}

export function keyHelp(rules: readonly KeyRule[]): ReadonlyArray<FilterKeyHelp> {
  return rules.map(({ key, params, example, description, choices }) => ({ key, params, example, description, ...(choices ? { choices } : {}) }));
}

/** `a, b or c` */
export function orList(words: readonly string[]): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

/** Edits (insert, delete, change, swap two neighbours) from a to b. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

function unknownKeyMessage(key: string, grammar: FilterGrammar): string {
  const keys = grammar.rules.map((r) => r.key);
  const meant = grammar.meant && Object.hasOwn(grammar.meant, key) ? grammar.meant[key] : undefined;
  // A typo or an unfinished key; long keys may take two slips, short ones one.
  const close = meant ?? keys.find((k) => {
    if (key.length >= 2 && k.startsWith(key)) return true;
    const allowed = k.length > 4 ? 2 : 1;
    // The lengths alone bound the distance: a long pasted word must not cost length × key length (fuzz: a 100k-letter key took 1 s).
    return Math.abs(key.length - k.length) <= allowed && editDistance(key, k) <= allowed;
  });
  const quoteHint = grammar.searchParam ? `, or quote "${key}:…" to search for it` : "";
  if (close) return `unknown filter "${key}:"; did you mean ${close}:?`;
  return `unknown filter "${key}:"; try ${keys.map((k) => `${k}:`).join(", ")}${quoteHint}`;
}

/** Runs a grammar over a line. Each parameter is set by one token; a repeat with another value is an error. */
export function parseWithGrammar(line: string, grammar: FilterGrammar, now: number): ParsedFilter {
  const tokens = tokenize(line);
  const params: Record<string, string> = {};
  const setBy = new Map<string, FilterToken>();
  const firstOfKey = new Map<string, FilterToken>();
  const words: string[] = [];
  // One message per unknown key: a pasted line can repeat one thousands of times.
  const unknownKeys = new Map<string, string>();
  for (const token of tokens) {
    if (token.error !== undefined) continue;
    const value = token.value ?? "";
    if (token.key === undefined) {
      if (value === "") continue; // `""` says nothing
      if (grammar.searchParam) words.push(value);
      else token.error = grammar.bareWordError?.(value) ?? `"${value}" is not a filter`;
      continue;
    }
    const rule = grammar.rules.find((r) => r.key === token.key);
    if (!rule) {
      let message = unknownKeys.get(token.key);
      if (message === undefined) unknownKeys.set(token.key, (message = unknownKeyMessage(token.key, grammar)));
      token.error = message;
      continue;
    }
    if (value === "") {
      token.error = `${rule.key}: needs a value, e.g. ${rule.example}`;
      continue;
    }
    const result = rule.parse(value, now);
    if (typeof result === "string") {
      token.error = `${rule.key}: ${result}`;
      continue;
    }
    const entries = Object.entries(result);
    const clash = entries.find(([name, v]) => params[name] !== undefined && params[name] !== v);
    const sameKey = firstOfKey.get(rule.key);
    const earlier = clash ? setBy.get(clash[0])! : rule.once && sameKey && entries.some(([name, v]) => params[name] !== v) ? sameKey : undefined;
    if (earlier) {
      const both = `${earlier.value},${value}`;
      const combined = rule.list && earlier.key === rule.key && typeof rule.parse(both, now) !== "string" ? ` or write ${keyToken(rule.key, both)}` : "";
      token.error = `conflicts with ${earlier.text}; keep one${combined}`;
      continue;
    }
    for (const [name, v] of entries) {
      params[name] = v;
      if (!setBy.has(name)) setBy.set(name, token);
    }
    if (!sameKey) firstOfKey.set(rule.key, token);
  }
  if (grammar.searchParam && words.length > 0) params[grammar.searchParam] = words.join(" ");
  const errors = tokens.filter((t) => t.error !== undefined);
  return { params: errors.length > 0 ? {} : params, tokens, errors };
}

// ---- values -------------------------------------------------------------------

/** Items of a comma list, each non-empty, or what is wrong. */
export function splitList(value: string): string[] | string {
  const items = value.split(",");
  return items.some((item) => item === "") ? `empty item in "${value}"; remove the extra comma` : items;
}

/**
 * Items of a comma list, each one of `allowed` (case-insensitive, written as in
 * `allowed`; `aliases` maps other spellings), or what is wrong.
 */
export function parseChoices(value: string, allowed: readonly string[], aliases: Record<string, string> = {}): string[] | string {
  const items = splitList(value);
  if (typeof items === "string") return items;
  const chosen: string[] = [];
  for (const item of items) {
    const lower = item.toLowerCase();
    const match = findChoice(item, allowed) ?? (Object.hasOwn(aliases, lower) ? aliases[lower] : undefined);
    if (match === undefined) return `"${item}" is not ${orList(allowed)}`;
    chosen.push(match);
  }
  return chosen;
}

function findChoice(item: string, allowed: readonly string[]): string | undefined {
  const lower = item.toLowerCase();
  return allowed.find((a) => a.toLowerCase() === lower);
}

/** Exactly one of `allowed`, written as there, or what is wrong. */
function parseOneChoice(value: string, allowed: readonly string[]): string | { chosen: string } {
  const chosen = findChoice(value, allowed);
  return chosen === undefined ? `"${value}" is not ${orList(allowed)}` : { chosen };
}

/** What the items of a list key may be. */
export interface ItemRules {
  /** The items offered (help, form, completion); unless `open`, the only ones taken, as in parseChoices. */
  choices?: readonly string[];
  /** Other items are taken as written too (custom message types); the offered ones are still matched case-insensitively. */
  open?: boolean;
  /** Other spellings of the choices, lower-case, as in parseChoices. */
  aliases?: Record<string, string>;
}

function readItems(value: string, rules: ItemRules): string[] | string {
  const { choices, open, aliases } = rules;
  if (choices === undefined) return splitList(value);
  if (!open) return parseChoices(value, choices, aliases);
  const items = splitList(value);
  return typeof items === "string" ? items : items.map((item) => findChoice(item, choices) ?? item);
}

const YES = ["true", "yes", "on", "1"];
const NO = ["false", "no", "off", "0"];

/** A yes/no value as the API's `true`/`false`, or undefined. */
export function parseBoolean(value: string): "true" | "false" | undefined {
  const lower = value.toLowerCase();
  return YES.includes(lower) ? "true" : NO.includes(lower) ? "false" : undefined;
}

/** The API's `true`/`false` written back as the `yes`/`no` a key shows. */
export function yesNo(raw: string): string {
  return raw === "true" ? "yes" : raw === "false" ? "no" : raw;
}

/** A whole number from `min` to `max`, as canonical digits, or undefined. */
export function parseCount(text: string, min = 0, max = Number.MAX_SAFE_INTEGER): string | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min && n <= max ? String(n) : undefined;
}

// ---- rules the grammars share -------------------------------------------------

export function booleanRule(key: string, name: string, example: string, description: string, choices: readonly [string, string]): KeyRule {
  const usage = choices.join(" or ");
  return {
    key,
    params: [name],
    example,
    description,
    choices,
    parse: (value) => {
      const answer = parseBoolean(value);
      return answer === undefined ? `expected ${usage}` : { [name]: answer };
    },
  };
}

/** A value taken as written: `uid:alice`. */
export function valueRule(key: string, name: string, example: string, description: string): KeyRule {
  return { key, params: [name], example, description, parse: (value) => ({ [name]: value }) };
}

/** Exactly one of a closed set: `receiver:group`. */
export function choiceRule(key: string, name: string, allowed: readonly string[], example: string, description: string): KeyRule {
  return {
    key,
    params: [name],
    example,
    description,
    choices: allowed,
    parse: (value) => {
      const one = parseOneChoice(value, allowed);
      return typeof one === "string" ? one : { [name]: one.chosen };
    },
  };
}

/**
 * A choice that sets its own parameter to true (`deleted:hide` → hideDeleted,
 * `deleted:only` → onlyDeleted); the choices exclude each other.
 */
export function flagRule(key: string, flags: Readonly<Record<string, string>>, example: string, description: string): KeyRule {
  const choices = Object.keys(flags);
  return {
    key,
    params: Object.values(flags),
    example,
    description,
    choices,
    once: true,
    parse: (value) => {
      const one = parseOneChoice(value, choices);
      return typeof one === "string" ? `${one}; leave ${key}: out for the default` : { [flags[one.chosen]!]: "true" };
    },
  };
}

/** A comma list sent joined under one name: `tag:a,b` → tags=a,b. */
export function listRule(key: string, name: string, example: string, description: string, items: ItemRules = {}): KeyRule {
  return {
    key,
    params: [name],
    example,
    description,
    ...(items.choices && { choices: items.choices }),
    list: true,
    parse: (value) => {
      const chosen = readItems(value, items);
      return typeof chosen === "string" ? chosen : { [name]: chosen.join(",") };
    },
  };
}

/** One item or several, under two names: `guid:a` → guid=a, `guid:a,b` → guids=a,b. */
export function oneOrManyRule(key: string, [one, many]: readonly [string, string], example: string, description: string, items: ItemRules = {}): KeyRule {
  return {
    key,
    params: [one, many],
    example,
    description,
    ...(items.choices && { choices: items.choices }),
    list: true,
    parse: (value) => {
      const chosen = readItems(value, items);
      if (typeof chosen === "string") return chosen;
      return chosen.length === 1 ? { [one]: chosen[0]! } : { [many]: chosen.join(",") };
    },
  };
}

/** `in:` for a search over two fields: `in:name`, `in:name,uid`. */
export function searchInRule(fields: readonly [string, string]): KeyRule {
  const both = fields.join(",");
  return {
    ...listRule("in", "searchIn", `in:${both}`, `where bare words search: ${orList([...fields, "both"])}`, { choices: fields }),
    choices: [...fields, both],
  };
}

/** Page size: `per:` → perPage, or another pair such as messages' `limit:`. */
export function perPageRule(noun: string, key = "per", name = "perPage"): KeyRule {
  return {
    key,
    params: [name],
    example: `${key}:500`,
    description: `${noun} per page, 1 to 1000`,
    parse: (value) => {
      const n = parseCount(value, 1, 1000);
      return n === undefined ? "expected a number from 1 to 1000" : { [name]: n };
    },
  };
}

export function pageRule(): KeyRule {
  return {
    key: "page",
    params: ["page"],
    example: "page:3",
    description: "page number, from 1",
    parse: (value) => {
      const n = parseCount(value, 1);
      return n === undefined ? "expected a page number from 1 up" : { page: n };
    },
  };
}

/** An own, non-empty parameter value. */
export function param(params: Record<string, string>, name: string): string | undefined {
  const value = Object.hasOwn(params, name) ? params[name] : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}
