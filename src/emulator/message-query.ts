import type { RequestContext } from "./context.js";
import { blockedBy } from "./data/blocks.js";
import { type Conversation, FLAG, KIND, MESSAGE_TAGS } from "./data/message-store.js";
import type { App } from "./data/model.js";
import { reactionCounts } from "./data/reactions.js";
import { lastDeliveredIndex, lastReadIndex, takesPart } from "./data/reads.js";
import { conversationIdOf } from "./message-json.js";
import { QueryReader } from "./query.js";

/**
 * The message lists' parameters (docs/service.md, Messages), parsed into one
 * predicate over message indexes, and the walk that pages by id and time.
 *
 * Choices where the sources are silent (clients must not depend on them):
 * - without `id` or `sentAt`, the answer is the newest `limit` messages, whatever `affix`;
 * - what a user alone can ask (`unread`, `undelivered`, `myMentionsOnly`,
 *   `hideMessagesFromBlockedUsers`, `count`) needs onBehalfOf: without it, ERR_BAD_REQUEST naming it;
 * - `id` and `sentAt` are exclusive bounds; given both, the position is (sentAt, id);
 * - within a page messages are in ascending id order (oldest first), as the SDK shows them;
 * - text, attachments, mentions, links and reactions are those a message shows:
 *   a deleted message shows none of them.
 */

const CATEGORIES = ["message", "action", "call", "custom"] as const;
const ATTACHMENT_TYPES = ["image", "video", "audio", "file"] as const;

export interface MessageCursor {
  id?: number;
  sentAt?: number;
  affix: "append" | "prepend";
}

export interface MessageQuery {
  limit: number;
  cursor?: MessageCursor;
  withTags: boolean;
  /** count=true: how many match per conversation, instead of the messages. */
  count: boolean;
  matches: (i: number) => boolean;
}

/** Which list: the app's (GET /messages), a group's, or the 1:1 one (which also takes `perPage` for `limit`). */
export type MessageList = "app" | "group" | "user";

export function parseMessageQuery(ctx: RequestContext, list: MessageList): MessageQuery {
  const { app, onBehalfOf } = ctx;
  const store = app.messages;
  const q = new QueryReader(ctx.params);
  const tests: Array<(i: number) => boolean> = [];
  const perPage = list === "user" ? q.integer("perPage", { min: 1, max: 1000 }) : undefined;
  // The exports: `limit` defaults to 10; the per-user path's `perPage` to 100, its `limit` working only with onBehalfOf.
  const limit = q.integer("limit", { min: 1, max: 1000 }) ?? perPage ?? (list === "user" && !onBehalfOf ? 100 : 10);
  const affix = q.oneOf("affix", ["append", "prepend"] as const) ?? "prepend";
  const id = q.integer("id", { min: 0 });
  const sentAt = q.integer("sentAt", { min: 0 });
  const withTags = q.boolean("withTags") ?? false;
  const shown = (i: number) => store.deletedAt[i] === 0;
  // Deleted for good: in no list.
  if (app.changes.purged.size > 0) tests.push((i) => !app.changes.purged.has(i));

  const searchKey = q.string("searchKey")?.toLowerCase();
  if (searchKey !== undefined) tests.push((i) => shown(i) && store.text[i]!.toLowerCase().includes(searchKey));
  for (const name of ["category", "categories"]) {
    const categories = q.list(name, CATEGORIES);
    if (categories) tests.push((i) => categories.includes(store.categoryOf(i) as (typeof CATEGORIES)[number]));
  }
  for (const name of ["type", "types"]) {
    const types = q.list(name);
    if (types) tests.push((i) => types.includes(store.typeOf(i)));
  }
  const senders = q.list("sender");
  if (senders) {
    const indexes = new Set(senders.map((uid) => app.userIndexByUid.get(uid)));
    tests.push((i) => indexes.has(store.sender[i]));
  }
  const receiverType = q.oneOf("receiverType", ["user", "group"] as const);
  if (receiverType) tests.push((i) => (store.conversations[store.conversation[i]!]!.group >= 0) === (receiverType === "group"));

  const attached = (i: number) => shown(i) && (store.flags[i]! & FLAG.attachment) !== 0;
  const hasAttachments = q.boolean("hasAttachments");
  if (hasAttachments !== undefined) tests.push((i) => attached(i) === hasAttachments);
  const attachmentTypes = q.list("attachmentTypes", ATTACHMENT_TYPES);
  if (attachmentTypes) tests.push((i) => attached(i) && attachmentTypes.includes(store.typeOf(i) as (typeof ATTACHMENT_TYPES)[number]));
  const mentioned = q.list("mentionedUids");
  if (mentioned) {
    const indexes = new Set(mentioned.map((uid) => app.userIndexByUid.get(uid)));
    tests.push((i) => shown(i) && indexes.has(store.mention[i]));
  }
  const flagged: Array<[string, (i: number) => boolean]> = [
    ["hasMentions", (i) => store.mention[i]! >= 0],
    ["hasLinks", (i) => (store.flags[i]! & FLAG.link) !== 0],
    ["hasReactions", (i) => reactionCounts(app, i).length > 0],
  ];
  for (const [name, has] of flagged) {
    const wanted = q.boolean(name);
    if (wanted !== undefined) tests.push((i) => (shown(i) && has(i)) === wanted);
  }

  const hideDeleted = q.boolean("hideDeleted") ?? false;
  const onlyDeleted = q.boolean("onlyDeleted") ?? false;
  if (hideDeleted && onlyDeleted) q.fail("onlyDeleted", "The onlyDeleted and hideDeleted fields cannot both be true.");
  if (hideDeleted) tests.push(shown);
  if (onlyDeleted) tests.push((i) => !shown(i));
  if (q.boolean("hideReplies")) tests.push((i) => store.parent[i] === -1);

  const conversationId = q.string("conversationId");
  if (conversationId !== undefined) {
    const conversation = store.conversations.find((c) => conversationIdOf(app, c) === conversationId)?.index ?? -1;
    tests.push((i) => store.conversation[i] === conversation);
  }
  const tags = q.list("tags");
  if (tags) {
    const bits = MESSAGE_TAGS.reduce((mask, tag, b) => (tags.includes(tag) ? mask | (1 << b) : mask), 0);
    tests.push((i) => (store.kind[i] === KIND.posted ? store.tagsOf(i).some((t) => tags.includes(t)) : (store.tags[i]! & bits) !== 0));
  }
  const from = q.integer("fromTimestamp", { min: 0 });
  if (from !== undefined) tests.push((i) => store.sentAt[i]! >= from);
  const to = q.integer("toTimestamp", { min: 0 });
  if (to !== undefined) tests.push((i) => store.sentAt[i]! <= to);

  /** A filter of the onBehalfOf user's: its test when asked, and a problem named when there is no user. */
  const forUser = (name: string, why: string, test: (user: number) => (i: number) => boolean) => {
    if (!q.boolean(name)) return;
    if (!onBehalfOf) q.fail("onBehalfOf", `The ${name} filter needs the onBehalfOf header: ${why}.`);
    else tests.push(test(onBehalfOf.index));
  };
  forUser("unread", "unread for whom", (user) => after(ctx, user, lastReadIndex));
  forUser("undelivered", "undelivered to whom", (user) => after(ctx, user, lastDeliveredIndex));
  forUser("myMentionsOnly", "whose mentions", (user) => (i) => shown(i) && store.mention[i] === user);
  forUser("hideMessagesFromBlockedUsers", "blocked by whom", (user) => {
    const blocked = new Set(blockedBy(app, user).map((b) => b.userIndex));
    return (i) => !blocked.has(store.sender[i]!);
  });
  const count = q.boolean("count") ?? false;
  if (count && !onBehalfOf) q.fail("onBehalfOf", "The count needs the onBehalfOf header: it counts per conversation of that user.");
  // Documented, not filters: they add to the mentioned users, which the emulator does not do.
  q.notImplemented("mentionsWithBlockedInfo", "mentionsWithTagInfo");
  // With a user, the app's list is what that user can see.
  if (onBehalfOf && list === "app") tests.unshift(visibleTo(ctx, onBehalfOf.index));
  q.done();
  const cursor = id === undefined && sentAt === undefined ? undefined : { id, sentAt, affix };
  return { limit, cursor, withTags, count, matches: (i) => tests.every((test) => test(i)) };
}

/** Per conversation, computed once a request: 1 takes part, 2 does not. */
function visibleTo(ctx: RequestContext, user: number): (i: number) => boolean {
  const { app } = ctx;
  const known = new Uint8Array(app.messages.conversations.length);
  return (i) => {
    const c = app.messages.conversation[i]!;
    if (known[c] === 0) known[c] = takesPart(app, app.messages.conversations[c]!, user) ? 1 : 2;
    return known[c] === 1;
  };
}

/** Messages to the user after their position in each conversation (read, or delivered), not their own. */
function after(ctx: RequestContext, user: number, position: (app: App, conversation: Conversation, user: number) => number): (i: number) => boolean {
  const { app } = ctx;
  const store = app.messages;
  const visible = visibleTo(ctx, user);
  const positions = new Map<number, number>();
  return (i) => {
    if (store.sender[i] === user || !visible(i)) return false;
    const c = store.conversation[i]!;
    let at = positions.get(c);
    if (at === undefined) positions.set(c, (at = position(app, store.conversations[c]!, user)));
    return i > at;
  };
}

/** Where a message stands against the cursor: -1 older, 0 at it, 1 newer. */
function against(sentAt: Float64Array, i: number, cursor: MessageCursor): number {
  if (cursor.sentAt !== undefined && sentAt[i] !== cursor.sentAt) return sentAt[i]! < cursor.sentAt ? -1 : 1;
  if (cursor.id === undefined) return 0;
  return i + 1 < cursor.id ? -1 : i + 1 > cursor.id ? 1 : 0;
}

/**
 * One page of `query` over `scope` (message indexes, ascending; the whole app
 * when undefined), oldest first. Ids and sentAt both grow along the scope, so the
 * cursor is found by bisection and a page costs its own length, not the list's.
 */
export function runMessageQuery(ctx: RequestContext, scope: readonly number[] | undefined, query: MessageQuery): number[] {
  const { sentAt, count } = ctx.app.messages;
  const n = scope ? scope.length : count;
  const at = scope ? (p: number) => scope[p]! : (p: number) => p;
  const { cursor, limit, matches } = query;
  /** The first position whose message is past the cursor (strictly newer, or at or newer). */
  const bisect = (past: (order: number) => boolean) => {
    let low = 0;
    let high = n;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (past(against(sentAt, at(mid), cursor!))) high = mid;
      else low = mid + 1;
    }
    return low;
  };
  const page: number[] = [];
  if (cursor?.affix === "append") {
    for (let p = bisect((o) => o > 0); p < n && page.length < limit; p++) if (matches(at(p))) page.push(at(p));
    return page;
  }
  for (let p = (cursor ? bisect((o) => o >= 0) : n) - 1; p >= 0 && page.length < limit; p--) if (matches(at(p))) page.push(at(p));
  return page.reverse();
}

/** How many messages of the scope match, whatever the cursor (the per-user path's pagination). */
export function countMatches(scope: readonly number[], query: MessageQuery): number {
  let total = 0;
  for (const i of scope) if (query.matches(i)) total++;
  return total;
}
