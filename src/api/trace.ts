import { ApiError, CLIENT_CODES } from "./errors.js";
import { limiter } from "./limit.js";
import { encodePathSegment, filledPath } from "./client.js";
import { listItems } from "./paging-styles.js";
import { FILTERING_EXTENSIONS } from "./filtering-extensions.js";
import { type Json, record, text, truthy } from "./json-value.js";
import { type Device, type Notification, type Read, type Recipient, type RecipientContext, BLOCKS_PER_PAGE, blocksIn, traceRecipient, uidOf } from "./trace-recipient.js";

export type { Device, Notification, Read, Recipient } from "./trace-recipient.js";

/**
 * `ccx trace <messageId>`: what happened to one message and why, from every
 * read that has a say, each fact naming the endpoint it came from. The
 * message first; then, at most `inFlight` at a time: its thread and
 * reactions, moderation's blocked record and the filtering extensions, the
 * webhooks whose triggers match its events, the notification log of the
 * message, the app's users as the sender sees them (both ways of each one's
 * block with the sender), and for each recipient what the log does not already
 * say (trace-recipient.ts): their preferences, mutes and devices (the devices
 * the log's lines name, else their push tokens; their block list and the
 * sender's only when that page does not list them), at most one request per
 * endpoint and four per recipient. What could not be read is said with its
 * code; the rest still shows.
 */

export interface TraceReport {
  message: Json;
  thread: Json[];
  reactions: Json[];
  moderation: {
    /** `status`: the review it has (`approved`: delivered after all), as the blocked list's message carries it. */
    blocked: { ruleId: string; ruleName?: string; condition?: unknown; status?: string; evidence: string } | null;
    /** Users flagged it and a moderator reviewed it: `disapproved` hides it (a flag not yet reviewed changes nothing). */
    flagged: { status: string; reportedBy: Array<{ uid: string; reason?: string }>; evidence: string } | null;
    extensions: Array<{ id: string; name?: string; evidence: string }>;
  };
  recipients: Recipient[];
  /** Group members beyond `--members`, not traced. */
  recipientsLeftOut: number;
  webhooks: Array<{ id: string; name?: string; enabled?: boolean; triggers: string[] }>;
  unreadable: Array<{ endpoint: string; code: string; message: string }>;
  /** How many requests the trace made. */
  requests: number;
}


/** The webhook triggers a message's life fires, by what happened to it. */
function eventsOf(message: Json): string[] {
  return [
    "before_message", "after_message",
    ...(message.editedAt ? ["message_edited"] : []),
    ...(message.deletedAt ? ["message_deleted"] : []),
    ...(Array.isArray(message.reactions) && message.reactions.length > 0 ? ["message_reaction_added"] : []),
  ];
}


/** The one item of an answer: `data` itself, or an array of one. */
function oneOf(body: unknown): Json | undefined {
  const data = record(body)?.data;
  return record(Array.isArray(data) ? data[0] : data);
}

export interface TraceOptions {
  /** Group members traced at most (the sender left out). */
  members: number;
  /** Requests in flight at most. */
  inFlight: number;
  /** The recipients to trace, in place of the receiver or the group's members (`ccx why <id> <uid>…`). */
  uids?: readonly string[];
  /** Read whether each recipient something was pushed to has read the message (one request each). */
  receipts?: boolean;
}

/** When a log line went out: the documented processingEndedAtMS, else an older answer's sentAtMS. */
function lineTime(l: Json): { at?: number } {
  const at = Number(l.processingEndedAtMS ?? l.sentAtMS);
  return l.processingEndedAtMS === undefined && l.sentAtMS === undefined || !Number.isFinite(at) ? {} : { at };
}

export async function traceMessage(read: Read, messageId: string, options: TraceOptions): Promise<TraceReport> {
  const limit = limiter(options.inFlight);
  let requests = 0;
  const unreadable: TraceReport["unreadable"] = [];
  const endpointOf = (path: string, query?: Record<string, string>) => `GET ${path}${query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;
  /** One read through the limit; what fails is noted as unreadable and answers undefined. */
  const get: Read = (path, query, as) =>
    limit(async () => {
      requests++;
      try {
        return await read(path, query, as);
      } catch (error) {
        const code = error instanceof ApiError ? error.code : CLIENT_CODES.network;
        unreadable.push({ endpoint: `${endpointOf(path, query)}${as ? ` (onBehalfOf ${as.onBehalfOf})` : ""}`, code, message: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
    });

  const id = encodePathSegment(messageId);
  const logsQuery = { messageId };
  const logsEndpoint = endpointOf("/notifications/v1/logs", logsQuery);
  // The message itself: without it there is nothing to trace (its error is the command's).
  requests++;
  const messageRead = limit(() => read(`/messages/${id}`));
  // What needs only the message's id goes beside it, in the slots it leaves free: each later read waits for fewer.
  const logsRead = readLogs(get, logsQuery);
  const blockedRecordsRead = get("/moderation/blocked-messages");
  const reviewedRead = get("/moderation/reviewed-messages");
  const extensionsRead = get("/apps/{appId}/extensions", { perPage: "100" });
  const hooksRead = get("/apps/{appId}/webhooks", { perPage: "100" });
  const message = await messageRead.then(oneOf).catch(async (error: unknown) => {
    await Promise.allSettled([logsRead, blockedRecordsRead, reviewedRead, extensionsRead, hooksRead]);
    throw error;
  });
  if (!message || text(message.id) === undefined) {
    await Promise.allSettled([logsRead, blockedRecordsRead, reviewedRead, extensionsRead, hooksRead]);
    throw new ApiError(CLIENT_CODES.notFound, `the service answered no message for ${messageId}`);
  }
  const sender = uidOf(message.sender) ?? "";
  const receiver = uidOf(message.receiver) ?? text(record(message.receiver)?.guid) ?? "";
  const group = message.receiverType === "group";

  // Then who the recipients are, the group's bans and how each user stands with the sender; then the rest.
  const given = options.uids?.filter((uid) => uid !== sender);
  // A group's members are read whether or not uids are given: the page says who of them is a member, and since when.
  const listRead: Promise<{ members: Array<{ uid: string; joinedAt?: number }>; total: number }> = group ? readMembers(get, receiver, options.members + 1) : Promise.resolve({ members: [{ uid: receiver }], total: 1 });
  const membersRead = given
    ? Promise.resolve({ members: given.map((uid) => ({ uid })), total: given.length }) : listRead;
  const bannedRead = group ? get(filledPath("/groups/{guid}/bannedusers", { guid: receiver }), { perPage: "100" }) : Promise.resolve(undefined);
  const relationsRead = sender ? readRelations(get, sender) : Promise.resolve(undefined);
  const others = Promise.all([
    Number(message.replyCount) > 0 ? get(`/messages/${id}/thread`) : undefined,
    message.reactions !== undefined ? get(`/messages/${id}/reactions`) : undefined,
    blockedRecordsRead,
    extensionsRead,
    readWebhooks(get, hooksRead, eventsOf(message)),
    reviewedRead,
  ]);
  // The sender's own block list: read once, and only for a recipient the page of users does not list.
  let senderBlocksRead: Promise<ReturnType<typeof blocksIn> | undefined> | undefined;
  const senderBlocks = () => (senderBlocksRead ??= get(filledPath("/users/{uid}/blockedusers", { uid: sender }), { perPage: String(BLOCKS_PER_PAGE) })
    .then((body) => (body === undefined ? undefined : blocksIn(body, BLOCKS_PER_PAGE))));
  const context: RecipientContext = {
    sender, group, conversation: group ? receiver : sender, logsEndpoint,
    lines: (uid) => logsRead.then((logs) => (logs.read ? logs.lines.filter((l) => (group ? l.member === uid : l.receiver === uid)) : undefined)),
    banned: (uid) => bannedRead.then((banned) => (banned === undefined ? undefined : listItems(banned).some((u) => uidOf(record(u)?.uid ?? u) === uid))),
    bannedEndpoint: `GET /groups/${receiver}/bannedusers`,
    relation: (uid) => relationsRead.then((relations) => relations?.byUid.get(uid)),
    relationsEndpoint: `${endpointOf("/users", RELATIONS_QUERY)} (onBehalfOf ${sender})`,
    senderBlocks: (uid) => (sender ? senderBlocks() : Promise.resolve(undefined)).then((bySender) =>
      // A full page that does not name them leaves the sender's side open (their own list still answers it).
      bySender && (bySender.blocked.has(uid) || bySender.blockedBy.has(uid) || !bySender.full)
        ? { blocked: bySender.blocked.has(uid), blockedBy: bySender.blockedBy.has(uid) } : undefined),
    senderBlocksEndpoint: `GET /users/${sender}/blockedusers`,
    // A member listed came with joinedAt; one not listed is not a member where the page held them all, else (a
    // uid given of a bigger group) the group is asked as them.
    membership: (uid) => listRead.then((read) => {
      const listed = read.members.find((m) => m.uid === uid);
      const membersEndpoint = `GET /groups/${receiver}/members`;
      if (listed) return { member: true, ...(listed.joinedAt === undefined ? {} : { joinedAt: listed.joinedAt }), evidence: membersEndpoint };
      return read.members.length >= read.total ? { member: false, evidence: membersEndpoint } : membershipOf(get, receiver, uid);
    }),
    ...(options.receipts ? { receipts: (uid: string) => receiptsOf(get, group ? { guid: receiver } : { uid: sender }, uid, String(message.id)) } : {}),
  };
  const members = await membersRead;
  const recipientsAll = members.members.filter((m) => m.uid !== sender);
  const traced = recipientsAll.slice(0, options.members);
  // The sender is one of a group's members: the rest were not read, or read and not traced.
  const leftOut = Math.max(0, members.total - (group ? 1 : 0) - traced.length);
  const recipients = await Promise.all(traced.map((m) => traceRecipient(get, m.uid, context)));
  const [thread, reactions, blockedRecords, extensions, webhooks, reviewed] = await others;
  const blockedRecord = listItems(blockedRecords).map(record).find((r) => text(record(r?.message)?.id) === String(messageId));
  // The reviewed list has no documented item: its message's id as `messageId` or in `message`, read tolerantly.
  const review = listItems(reviewed).map(record).find((r) => (text(r?.messageId) ?? text(record(r?.message)?.id)) === String(messageId));

  return {
    message,
    thread: listItems(thread).map(record).filter((r): r is Json => r !== undefined),
    reactions: listItems(reactions).map(record).filter((r): r is Json => r !== undefined),
    moderation: {
      blocked: blockedRecord
        ? {
          ruleId: text(blockedRecord.ruleId) ?? "", ruleName: text(blockedRecord.ruleName), condition: blockedRecord.condition,
          ...(text(record(record(record(blockedRecord.message)?.data)?.moderation)?.status) ? { status: text(record(record(record(blockedRecord.message)?.data)?.moderation)?.status) } : {}),
          evidence: "GET /moderation/blocked-messages",
        }
        : null,
      flagged: review && text(review.status)
        ? {
          status: text(review.status)!,
          reportedBy: (Array.isArray(review.reportedBy) ? review.reportedBy : []).map(record).filter((r): r is Json => uidOf(r?.uid) !== undefined)
            .map((r) => ({ uid: uidOf(r.uid)!, ...(text(r.reason) ? { reason: text(r.reason) } : {}) })),
          evidence: "GET /moderation/reviewed-messages",
        }
        : null,
      extensions: listItems(extensions).map(record)
        .filter((e): e is Json => e !== undefined && FILTERING_EXTENSIONS.includes(text(e.id) ?? "") && truthy(e.isActive))
        .map((e) => ({ id: text(e.id)!, name: text(e.name), evidence: "GET /apps/{appId}/extensions" })),
    },
    recipients,
    recipientsLeftOut: leftOut,
    webhooks,
    unreadable,
    requests,
  };
}

/** The message's notification log, every page (by `logId` + `affix`): whether it could be read, and its lines. */
async function readLogs(get: Read, query: Record<string, string>) {
  const lines: Array<Notification & { member?: string; receiver?: string; device?: Device }> = [];
  let asked: Record<string, string> | undefined = query;
  const seen = new Set<string>();
  while (asked) {
    const body = await get("/notifications/v1/logs", asked);
    if (body === undefined) return { read: false, lines };
    const items = listItems(body).map(record).filter((l): l is Json => l !== undefined);
    for (const l of items) {
      lines.push({
        member: text(l.member), receiver: text(l.receiver), channel: text(l.channel) ?? "", provider: text(l.provider),
        triggered: truthy(l.notificationTriggered), reason: text(l.reason) ?? null,
        ...(l.success === undefined ? {} : { success: truthy(l.success) }),
        ...lineTime(l),
        // The device it was pushed to, where the line names its token (the documented lines do).
        ...(text(l.pushToken) ? { device: { pushToken: text(l.pushToken)!, platform: text(l.platform) ?? text(l.tokenType), providerId: text(l.providerId), pushTokenType: text(l.pushTokenType) } } : {}),
      });
    }
    const last = text(items.at(-1)?._id) ?? text(items.at(-1)?.id);
    const limit = Number(record(record(record(body)?.meta)?.current)?.limit);
    // The last page: short of its limit, or a log id seen before.
    asked = last && !seen.has(last) && (!Number.isFinite(limit) || items.length >= limit) ? { ...query, logId: last, affix: "append" } : undefined;
    if (last) seen.add(last);
  }
  return { read: true, lines };
}

/** A group's members, pages of up to 100 until `wanted` (the sender may be among them), and how many it has. */
async function readMembers(get: Read, guid: string, wanted: number) {
  const members: Array<{ uid: string; joinedAt?: number }> = [];
  const perPage = Math.min(100, Math.max(1, wanted));
  let total: number | undefined;
  for (let page = 1; members.length < wanted; page++) {
    const body = await get(filledPath("/groups/{guid}/members", { guid }), { perPage: String(perPage), page: String(page) });
    total ??= Number(record(record(record(body)?.meta)?.pagination)?.total) || undefined;
    const items = listItems(body);
    for (const m of items) {
      const uid = uidOf(record(m)?.uid);
      const joinedAt = Number(record(m)?.joinedAt);
      if (uid && members.length < wanted) members.push({ uid, ...(Number.isFinite(joinedAt) && joinedAt > 0 ? { joinedAt } : {}) });
    }
    if (items.length < perPage) break;
  }
  return { members, total: Math.max(total ?? 0, members.length) };
}

/** Whether a user named is a member of the group, as the group's detail answers it for them (onBehalfOf: hasJoined, joinedAt). */
async function membershipOf(get: Read, guid: string, uid: string): Promise<{ member: boolean | null; joinedAt?: number; evidence?: string }> {
  const body = await get(filledPath("/groups/{guid}", { guid }), undefined, { onBehalfOf: uid });
  const data = oneOf(body);
  if (data?.hasJoined === undefined) return { member: null };
  const joinedAt = Number(data.joinedAt);
  return { member: truthy(data.hasJoined), ...(truthy(data.hasJoined) && Number.isFinite(joinedAt) && joinedAt > 0 ? { joinedAt } : {}), evidence: `GET /groups/${guid} (onBehalfOf ${uid})` };
}

/** Whether a recipient read the message: their conversation's lastReadMessageId (onBehalfOf them) at it or beyond. */
async function receiptsOf(get: Read, conversation: { guid: string } | { uid: string }, uid: string, messageId: string): Promise<{ read: boolean | null; evidence: string }> {
  const path = "guid" in conversation ? filledPath("/groups/{guid}/conversation", conversation) : filledPath("/users/{uid}/conversation", conversation);
  const evidence = `GET ${"guid" in conversation ? `/groups/${conversation.guid}` : `/users/${conversation.uid}`}/conversation (onBehalfOf ${uid})`;
  const data = oneOf(await get(path, undefined, { onBehalfOf: uid }));
  if (!data) return { read: null, evidence };
  const [last, id] = [Number(data.lastReadMessageId), Number(messageId)];
  // Ids grow with time in a conversation: a later one read means this one was.
  return { read: data.lastReadMessageId === undefined ? false : Number.isFinite(last) && Number.isFinite(id) ? last >= id : null, evidence };
}

/** The app's webhooks whose triggers match the message's events: their triggers read one webhook at a time through the limit. */
async function readWebhooks(get: Read, hooksRead: Promise<unknown>, events: readonly string[]) {
  const hooks = listItems(await hooksRead).map(record).filter((w): w is Json => w !== undefined && text(w.id) !== undefined);
  const withTriggers = await Promise.all(hooks.map(async (w) => {
    const triggers = listItems(await get(filledPath("/apps/{appId}/webhooks/{webhookId}/triggers", { webhookId: text(w.id)! }))).map((t) => text(record(t)?.id) ?? text(t) ?? "");
    return { id: text(w.id)!, name: text(w.name), ...(w.enabled === undefined ? {} : { enabled: truthy(w.enabled) }), triggers: triggers.filter((t) => events.includes(t)) };
  }));
  return withTriggers.filter((w) => w.triggers.length > 0);
}

/** The page of the app's users that tells how each stands with the sender (documented: perPage up to 1000). */
const RELATIONS_QUERY = { perPage: "1000" };

/**
 * The app's users as the sender sees them (`GET /users` with onBehalfOf): each listed user's
 * `blockedByMe` (the sender blocked them) and `hasBlockedMe` (they blocked the sender), both ways
 * of a block in one request. A user not on the page (a big app's later pages, a deactivated
 * user), or listed without both fields, is not in the map: their block lists answer instead.
 */
async function readRelations(get: Read, sender: string): Promise<{ byUid: Map<string, { blockedByMe: boolean; hasBlockedMe: boolean }> } | undefined> {
  const body = await get("/users", RELATIONS_QUERY, { onBehalfOf: sender });
  if (body === undefined) return undefined;
  const byUid = new Map<string, { blockedByMe: boolean; hasBlockedMe: boolean }>();
  for (const user of listItems(body).map(record)) {
    const uid = uidOf(user?.uid);
    if (uid && user?.blockedByMe !== undefined && user.hasBlockedMe !== undefined) byUid.set(uid, { blockedByMe: truthy(user.blockedByMe), hasBlockedMe: truthy(user.hasBlockedMe) });
  }
  return { byUid };
}
