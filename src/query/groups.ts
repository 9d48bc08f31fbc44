/**
 * The groups filter line <-> the query parameters of GET /groups
 * (docs/service.md, Groups), every one of which some key reaches.
 */
import { defineGrammar, filterWriter } from "./grammar.js";
import { type BoundNames, formatComparison, parseCountComparison, timeRule } from "./bounds.js";
import {
  type KeyRule,
  booleanRule,
  listRule,
  oneOrManyRule,
  pageRule,
  parseChoices,
  perPageRule,
  searchInRule,
} from "./filter.js";
import { parseTime, showTime } from "./time.js";

/** `password` (the docs) and `protected` (the spec) are both accepted and sent as written. */
const GROUP_TYPES = ["public", "private", "protected", "password"] as const;
const SORT_FIELDS = ["name", "guid", "createdAt"] as const;

const MEMBERS: BoundNames = {
  gte: "membersCount[gte]",
  gt: "membersCount[gt]",
  lte: "membersCount[lte]",
  lt: "membersCount[lt]",
  eq: "membersCount[eq]",
  bare: "membersCount[eq]",
};
// No gt/lt here: the API has only from/to, so strict bounds move by a second.
const CREATED: BoundNames = { gte: "createdAt[from]", lte: "createdAt[to]" };
const UPDATED: BoundNames = { gte: "updatedAt[from]", lte: "updatedAt[to]" };

function cursorRule(key: "after" | "before", affix: "append" | "prepend", example: string): KeyRule {
  return {
    key,
    params: ["updatedAt", "affix"],
    example,
    description: `cursor mode: groups updated ${key} a time (updatedAt with affix=${affix})`,
    parse: (value, now) => {
      if (/^[<>=]/.test(value) || value.includes("..")) return `takes one time, e.g. ${example}`;
      const t = parseTime(value, now);
      return typeof t === "string" ? t : { updatedAt: String(t.seconds), affix };
    },
  };
}

const RULES: readonly KeyRule[] = [
  searchInRule(["name", "guid"]),
  oneOrManyRule("type", ["type", "types"], "type:public,private", "group type: public, private, protected or password; several with commas", { choices: GROUP_TYPES }),
  listRule("tag", "tags", "tag:vip,beta", "groups having any of these tags"),
  booleanRule("withtags", "withTags", "withtags:true", "include each group's tags in the answer: true or false", ["true", "false"]),
  oneOrManyRule("guid", ["guid", "guids"], "guid:team-a,team-b", "one group or several, by GUID"),
  {
    key: "members",
    params: [...new Set(Object.values(MEMBERS))],
    example: "members:10..50",
    description: "members count: >=10, >10, <=5, <5, 10..50 or 10",
    parse: (value) => parseCountComparison(value, MEMBERS, ">=10, <5, 10..50 or 10"),
  },
  timeRule("created", CREATED, "created:>=7d", "creation time: >=2024-01-01, >=7d (the last 7 days), <1h (over an hour ago), A..B, or a date for that day"),
  timeRule("updated", UPDATED, "updated:>=2024-01-01", "last update, as for created:; groups never updated are left out"),
  cursorRule("after", "append", "after:2024-01-01"),
  cursorRule("before", "prepend", "before:1h"),
  booleanRule("joined", "hasJoined", "joined:true", "only the groups the user has joined (needs a user): true or false", ["true", "false"]),
  {
    key: "sort",
    params: ["sortBy", "sortOrder"],
    example: "sort:-createdAt",
    description: "order by name, guid or createdAt; a leading - for descending",
    choices: SORT_FIELDS.flatMap((field) => [field, `-${field}`]),
    parse: (value) => {
      const [, sign, field] = /^([+-]?)(.*)$/s.exec(value)!;
      const chosen = parseChoices(field!, SORT_FIELDS);
      if (typeof chosen === "string" || chosen.length !== 1) return `"${value}" is not name, guid or createdAt (-createdAt for descending)`;
      return { sortBy: chosen[0]!, sortOrder: sign === "-" ? "desc" : "asc" };
    },
  },
  perPageRule("groups"),
  pageRule(),
];

export const GROUP_GRAMMAR = defineGrammar(RULES, { example: '"design team"', description: "bare words and quoted phrases: the search key (see in:)" });

/**
 * Every groups filter key with a one-line description and an example. The
 * first entry, key "", is the search: bare words and quoted phrases.
 */
export const GROUP_FILTER_KEYS = GROUP_GRAMMAR.keys;
export const parseGroupFilter = GROUP_GRAMMAR.parse;

/**
 * The canonical line for a set of parameters: the search first, then the keys
 * in the order of GROUP_FILTER_KEYS, times as ISO dates (UTC). Parameters no
 * key writes are left out: unknown names, `sortOrder` without `sortBy`, and
 * `affix` without `updatedAt` (which reads as after:, the API's default).
 * A one-item `types`/`guids` is written as type:/guid: (the same filter).
 */
export function formatGroupFilter(params: Record<string, string>): string {
  const { tokens, value, push } = filterWriter(params, "searchKey");

  push("in", value("searchIn"));
  push("type", value("type"));
  push("type", value("types"));
  push("tag", value("tags"));
  push("withtags", value("withTags"));
  push("guid", value("guid"));
  push("guid", value("guids"));
  tokens.push(...formatComparison("members", params, MEMBERS, (raw) => raw));
  tokens.push(...formatComparison("created", params, CREATED, showTime));
  tokens.push(...formatComparison("updated", params, UPDATED, showTime));
  const cursor = value("updatedAt");
  if (cursor !== undefined) push(value("affix") === "prepend" ? "before" : "after", showTime(cursor));
  push("joined", value("hasJoined"));
  const sortBy = value("sortBy");
  if (sortBy !== undefined) push("sort", `${value("sortOrder") === "desc" ? "-" : ""}${sortBy}`);
  push("per", value("perPage"));
  push("page", value("page"));
  return tokens.join(" ");
}
