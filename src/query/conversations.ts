/**
 * The conversations filter line <-> the query parameters of GET /conversations
 * (docs/service.md, "Conversations"): the conversations of the user ccx acts for.
 * Their definition loads it when a filter is first read (src/resources/conversations.ts).
 */
import { defineGrammar, filterWriter } from "./grammar.js";
import { type KeyRule, booleanRule, choiceRule, listRule, pageRule, perPageRule } from "./filter.js";

const RULES: readonly KeyRule[] = [
  choiceRule("type", "conversationType", ["user", "group"], "type:group", "conversations with a user (1:1) or in a group"),
  booleanRule("unread", "unread", "unread:true", "only conversations with unread messages: true or false", ["true", "false"]),
  listRule("tag", "tags", "tag:pinned,support", "conversations having any of these tags"),
  booleanRule("withtags", "withTags", "withtags:true", "include each conversation's tags in the answer: true or false", ["true", "false"]),
  booleanRule("withuserandgrouptags", "withUserAndGroupTags", "withuserandgrouptags:true", "include the tags of the user or group each conversation is with: true or false", ["true", "false"]),
  listRule("usertag", "userTags", "usertag:vip,beta", "1:1 conversations with a user having any of these tags"),
  listRule("grouptag", "groupTags", "grouptag:vip,beta", "conversations in a group having any of these tags"),
  perPageRule("conversations"),
  pageRule(),
];

export const CONVERSATION_GRAMMAR = defineGrammar(RULES, { example: '"design team"', description: "bare words and quoted phrases: the search key" });

/**
 * Every conversations filter key with a one-line description and an example.
 * The first entry, key "", is the search: bare words and quoted phrases.
 */
export const CONVERSATION_FILTER_KEYS = CONVERSATION_GRAMMAR.keys;
export const parseConversationFilter = CONVERSATION_GRAMMAR.parse;

/**
 * The canonical line for a set of parameters: the search first, then the keys
 * in the order of CONVERSATION_FILTER_KEYS. Unknown parameters are left out.
 */
export function formatConversationFilter(params: Record<string, string>): string {
  const { tokens, value, push } = filterWriter(params, "searchKey");

  push("type", value("conversationType"));
  push("unread", value("unread"));
  push("tag", value("tags"));
  push("withtags", value("withTags"));
  push("withuserandgrouptags", value("withUserAndGroupTags"));
  push("usertag", value("userTags"));
  push("grouptag", value("groupTags"));
  push("per", value("perPage"));
  push("page", value("page"));
  return tokens.join(" ");
}
