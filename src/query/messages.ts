/**
 * The messages filter line <-> the query parameters of GET /messages, and of
 * the group and 1:1 message paths (docs/service.md, "Messages"). The paging
 * parameters (`id`, `sentAt`, `affix`) belong to the walk, not to the line.
 */
import { defineGrammar, filterWriter } from "./grammar.js";
import { type BoundNames, formatComparison, timeRule } from "./bounds.js";
import {
  type KeyRule,
  booleanRule,
  choiceRule,
  flagRule,
  listRule,
  oneOrManyRule,
  orList,
  parseBoolean,
  parseChoices,
  perPageRule,
  valueRule,
  yesNo,
} from "./filter.js";
import { showTime } from "./time.js";

const CATEGORIES = ["message", "action", "call", "custom"] as const;
/** The built-in types; a custom message has a type of the app's own, so others are taken as written. */
const TYPES = ["text", "image", "video", "audio", "file"] as const;
const ATTACHMENT_TYPES = ["image", "video", "audio", "file"] as const;
// Only from/to: strict bounds move by a second, as groups' created: does.
const SENT: BoundNames = { gte: "fromTimestamp", lte: "toTimestamp" };
const DELETED = { hide: "hideDeleted", only: "onlyDeleted" } as const;
const REPLIES = { hide: "hideReplies" } as const;

const attachmentsRule: KeyRule = {
  key: "attachments",
  params: ["hasAttachments", "attachmentTypes"],
  example: "attachments:image,video",
  description: "with (yes) or without (no) attachments, or with attachments of these types: image, video, audio, file",
  choices: ["yes", "no", ...ATTACHMENT_TYPES],
  list: true,
  parse: (value): Record<string, string> | string => {
    const answer = parseBoolean(value);
    if (answer !== undefined) return { hasAttachments: answer };
    const types = parseChoices(value, ATTACHMENT_TYPES);
    if (typeof types !== "string") return { hasAttachments: "true", attachmentTypes: types.join(",") };
    // One word may have meant yes or no; in a list only types belong.
    return value.includes(",") ? types : `"${value}" is not ${orList(["yes", "no", ...ATTACHMENT_TYPES])}`;
  },
};

const RULES: readonly KeyRule[] = [
  oneOrManyRule("category", ["category", "categories"], "category:message,custom", "message category: message, action, call or custom; several with commas", {
    choices: CATEGORIES,
  }),
  oneOrManyRule("type", ["type", "types"], "type:image,video", "message type: text, image, video, audio, file or a custom type; several with commas", {
    choices: TYPES,
    open: true,
  }),
  valueRule("sender", "sender", "sender:alice", "messages sent by this user (UID)"),
  choiceRule("receiver", "receiverType", ["user", "group"], "receiver:group", "messages to a user or to a group"),
  attachmentsRule,
  booleanRule("mentions", "hasMentions", "mentions:yes", "messages with (yes) or without (no) mentions", ["yes", "no"]),
  listRule("mentioned", "mentionedUids", "mentioned:alice,bob", "messages that mention any of these users (UIDs)"),
  booleanRule("mentionblocked", "mentionsWithBlockedInfo", "mentionblocked:true", "say in each mention whether the user is blocked: true or false", ["true", "false"]),
  booleanRule("mentiontags", "mentionsWithTagInfo", "mentiontags:true", "include the tags of each user mentioned: true or false", ["true", "false"]),
  booleanRule("hideblocked", "hideMessagesFromBlockedUsers", "hideblocked:true", "leave out the messages of users the user acted for blocked: true or false", ["true", "false"]),
  booleanRule("links", "hasLinks", "links:yes", "messages with (yes) or without (no) links", ["yes", "no"]),
  booleanRule("reactions", "hasReactions", "reactions:yes", "messages with (yes) or without (no) reactions", ["yes", "no"]),
  timeRule("sent", SENT, "sent:>=2024-01-01", "send time: >=2024-01-01, >=7d (the last 7 days), <1h (over an hour ago), A..B, or a date for that day"),
  flagRule("deleted", DELETED, "deleted:hide", "deleted messages: hide them, or only them (shown among the others by default)"),
  flagRule("replies", REPLIES, "replies:hide", "hide the replies in threads, keeping the messages they answer"),
  listRule("tag", "tags", "tag:urgent,billing", "messages having any of these tags"),
  booleanRule("withtags", "withTags", "withtags:true", "include each message's tags in the answer: true or false", ["true", "false"]),
  booleanRule("unread", "unread", "unread:true", "only messages the user has not read (needs a user): true or false", ["true", "false"]),
  valueRule("conversation", "conversationId", "conversation:group_design", "messages of one conversation, by id (group_<guid>, <uidA>_user_<uidB>)"),
  perPageRule("messages", "limit", "limit"),
];

const SEARCH = { example: '"release notes"', description: "bare words and quoted phrases: text the messages contain" };
const GRAMMAR = defineGrammar(RULES, SEARCH, { meant: { per: "limit", created: "sent" } });

/** What a group's and a 1:1's messages document besides GET /messages' (undelivered, myMentionsOnly). */
const CONVERSATION_RULES: readonly KeyRule[] = [
  ...RULES,
  booleanRule("undelivered", "undelivered", "undelivered:true", "only the messages not delivered yet to the user acted for: true or false", ["true", "false"]),
  booleanRule("mymentions", "myMentionsOnly", "mymentions:true", "only the messages that mention the user acted for: true or false", ["true", "false"]),
];

/**
 * Every messages filter key with a one-line description and an example. The
 * first entry, key "", is the search: bare words and quoted phrases.
 */
export const MESSAGE_FILTER_KEYS = GRAMMAR.keys;
/** The grammar of every list of messages (their definitions' `list.grammar`). */
export const MESSAGE_GRAMMAR = GRAMMAR;
/** The grammar of a group's and a 1:1's messages: the same keys and two of their own. */
export const CONVERSATION_MESSAGE_GRAMMAR = defineGrammar(CONVERSATION_RULES, SEARCH, { meant: { per: "limit", created: "sent" } });
export const parseMessageFilter = GRAMMAR.parse;

/**
 * The canonical line for a set of parameters: the search first, then the keys
 * in the order of MESSAGE_FILTER_KEYS, times as ISO dates (UTC). Parameters no
 * key writes are left out: unknown names, and the flags (hideDeleted,
 * onlyDeleted, hideReplies) other than `true`. `hasAttachments=true` goes
 * without a token of its own beside `attachmentTypes`, which implies it.
 * A one-item `categories`/`types` is written as category:/type: (the same filter).
 */
export function formatMessageFilter(params: Record<string, string>): string {
  const { tokens, value, push } = filterWriter(params, "searchKey");
  const pushYesNo = (key: string, raw: string | undefined) => push(key, raw === undefined ? undefined : yesNo(raw));

  push("category", value("category"));
  push("category", value("categories"));
  push("type", value("type"));
  push("type", value("types"));
  push("sender", value("sender"));
  push("receiver", value("receiverType"));
  const attachmentTypes = value("attachmentTypes");
  const hasAttachments = value("hasAttachments");
  if (!(hasAttachments === "true" && attachmentTypes !== undefined)) pushYesNo("attachments", hasAttachments);
  push("attachments", attachmentTypes);
  pushYesNo("mentions", value("hasMentions"));
  pushYesNo("links", value("hasLinks"));
  pushYesNo("reactions", value("hasReactions"));
  tokens.push(...formatComparison("sent", params, SENT, showTime));
  for (const [choice, name] of Object.entries(DELETED)) if (value(name) === "true") push("deleted", choice);
  if (value(REPLIES.hide) === "true") push("replies", "hide");
  push("tag", value("tags"));
  push("withtags", value("withTags"));
  push("unread", value("unread"));
  push("conversation", value("conversationId"));
  push("limit", value("limit"));
  return tokens.join(" ");
}
