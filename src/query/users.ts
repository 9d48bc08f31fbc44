/**
 * The users filter line <-> the query parameters of GET /users (docs/service.md,
 * "Users"). `count` is left out: it asks for a total, it filters nothing.
 */
import { defineGrammar, filterWriter } from "./grammar.js";
import {
  type KeyRule,
  booleanRule,
  choiceRule,
  flagRule,
  listRule,
  oneOrManyRule,
  pageRule,
  perPageRule,
  searchInRule,
} from "./filter.js";

// Deactivated users are left out by default; `with` adds them, `only` keeps just them.
const DEACTIVATED = { only: "onlyDeactivated", with: "withDeactivated" } as const;

const RULES: readonly KeyRule[] = [
  searchInRule(["name", "uid"]),
  choiceRule("status", "status", ["available", "offline"], "status:available", "online status: available or offline"),
  // Roles are the app's own (default is the one every app has), so any word is taken.
  oneOrManyRule("role", ["role", "roles"], "role:default,premium", "users with this role, or any of several with commas"),
  listRule("tag", "tags", "tag:vip,beta", "users having any of these tags"),
  booleanRule("withtags", "withTags", "withtags:true", "include each user's tags in the answer: true or false", ["true", "false"]),
  flagRule("deactivated", DEACTIVATED, "deactivated:with", "deactivated users: with (as well as the others) or only (just them)"),
  perPageRule("users"),
  pageRule(),
];

export const USER_GRAMMAR = defineGrammar(RULES, { example: '"ann marie"', description: "bare words and quoted phrases: the search key (see in:)" });

/**
 * Every users filter key with a one-line description and an example. The
 * first entry, key "", is the search: bare words and quoted phrases.
 */
export const USER_FILTER_KEYS = USER_GRAMMAR.keys;
export const parseUserFilter = USER_GRAMMAR.parse;

/**
 * The canonical line for a set of parameters: the search first, then the keys
 * in the order of USER_FILTER_KEYS. Parameters no key writes are left out:
 * unknown names, and onlyDeactivated/withDeactivated other than `true`.
 * A one-item `roles` is written as role: (the same filter).
 */
export function formatUserFilter(params: Record<string, string>): string {
  const { tokens, value, push } = filterWriter(params, "searchKey");

  push("in", value("searchIn"));
  push("status", value("status"));
  push("role", value("role"));
  push("role", value("roles"));
  push("tag", value("tags"));
  push("withtags", value("withTags"));
  for (const [choice, name] of Object.entries(DEACTIVATED)) if (value(name) === "true") push("deactivated", choice);
  push("per", value("perPage"));
  push("page", value("page"));
  return tokens.join(" ");
}
