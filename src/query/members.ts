/**
 * The members filter line -> the query parameters of GET /groups/{guid}/members: which members a bulk
 * write chooses (`ccx member kick <guid> --query 'scope:participant status:offline'`). No search: the
 * list takes none.
 */
import { defineGrammar } from "./grammar.js";
import { type KeyRule, choiceRule, listRule } from "./filter.js";

const RULES: readonly KeyRule[] = [
  listRule("scope", "scopes", "scope:participant,moderator", "members with any of these scopes", { choices: ["admin", "moderator", "participant"] }),
  choiceRule("status", "status", ["available", "offline"], "status:offline", "online status: available or offline"),
];

export const parseMemberFilter = defineGrammar(RULES, undefined).parse;
