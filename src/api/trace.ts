import { ApiError, CLIENT_CODES } from "./errors.js";
import { limiter } from "./limit.js";
import { dndOf, messagesOffOf, mutedOf } from "./notification-preferences.js";
import { listItems } from "./paging-styles.js";

/**
 * `ccx trace <messageId>`: what happened to one message and why, from every
 * read that has a say, each fact naming the endpoint it came from. The
 * message first; then, at most `inFlight` at a time: its thread and
 * reactions, moderation's blocked record and the filtering extensions, the
 * webhooks whose triggers match its events, the notification log of the
 * message, the sender's block list, and for each recipient what the log does
 * not already say: their preferences, mutes, block list and push tokens, at
 * most one request per endpoint and four per recipient. What could not be
 * read is said with its code; the rest still shows.
 */

type Json = Record<string, unknown>;

/** A GET of a documented path (a template: `{appId}` filled by the reader), its `data` and `meta` as sent. */
export type Read = (path: string, query?: Record<string, string>) => Promise<unknown>;

export interface Notification {
  channel: string;
  provider?: string;
  triggered: boolean;
  reason: string | null;
  success?: boolean;
  /** When, in ms, as the log says it. */
  at?: number;
}

export interface Recipient {
  uid: string;
  /** Whom a block stands between: the recipient blocked the sender, or the sender the recipient. */
  blocked: boolean | null;
  blockedBy?: "recipient" | "sender";
  banned: boolean | null;
  muted: boolean | null;
  dnd: boolean | null;
  pushTokens: Array<{ pushToken: string; platform?: string; providerId?: string; pushTokenType?: string }> | null;
  notifications: Notification[];
  /** Where each fact came from: `muted: GET /notifications/v1/logs?messageId=…`. */
  evidence: Record<string, string>;
}

export interface TraceReport {
  message: Json;
  thread: Json[];
  reactions: Json[];
  moderation: {
    blocked: { ruleId: string; ruleName?: string; condition?: unknown; evidence: string } | null;
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

/** The extensions that change or drop a message before anyone sees it. */
export const FILTERING_EXTENSIONS = ["profanity-filter", "data-masking", "xss-filter"] as const;

/** The webhook triggers a message's life fires, by what happened to it. */
function eventsOf(message: Json): string[] {
  return [
    "before_message", "after_message",
    ...(message.editedAt ? ["message_edited"] : []),
    ...(message.deletedAt ? ["message_deleted"] : []),
    ...(Array.isArray(message.reactions) && message.reactions.length > 0 ? ["message_reaction_added"] : []),
  ];
}

const record = (value: unknown): Json | undefined => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined);
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined);
/** A uid as sent: a string, or an entity object carrying one. */
const uidOf = (value: unknown): string | undefined => text(value) ?? text(record(value)?.uid) ?? text(record(record(value)?.entity)?.uid);
const truthy = (value: unknown) => value === true || value === "true" || value === 1;

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
}

export async function traceMessage(read: Read, messageId: string, options: TraceOptions): Promise<TraceReport> {
  const limit = limiter(options.inFlight);
  let requests = 0;
  const unreadable: TraceReport["unreadable"] = [];
  const endpointOf = (path: string, query?: Record<string, string>) => `GET ${path}${query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;
  /** One read through the limit; what fails is noted as unreadable and answers undefined. */
  const get = (path: string, query?: Record<string, string>): Promise<unknown> =>
    limit(async () => {
      requests++;
      try {
        return await read(path, query);
      } catch (error) {
        const code = error instanceof ApiError ? error.code : CLIENT_CODES.network;
        unreadable.push({ endpoint: endpointOf(path, query), code, message: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
    });

  const id = encodeURIComponent(messageId);
  // The message itself: without it there is nothing to trace (its error is the command's).
  requests++;
  const message = oneOf(await limit(() => read(`/messages/${id}`)));
  if (!message || text(message.id) === undefined) throw new ApiError(CLIENT_CODES.notFound, `the service answered no message for ${messageId}`);
  const sender = uidOf(message.sender) ?? "";
  const receiver = uidOf(message.receiver) ?? text(record(message.receiver)?.guid) ?? "";
  const group = message.receiverType === "group";
  const logsQuery = { messageId };
  const logsEndpoint = endpointOf("/notifications/v1/logs", logsQuery);

  // First what each recipient's reads wait for (who they are, the log, the blocks and bans), then the rest.
  const membersRead = group ? readMembers(get, receiver, options.members + 1) : Promise.resolve({ members: [{ uid: receiver }], total: 1 });
  const logsRead = readLogs(get, logsQuery);
  const senderBlocksRead = sender ? get(`/users/${encodeURIComponent(sender)}/blockedusers`, { perPage: String(BLOCKS_PER_PAGE) }) : Promise.resolve(undefined);
  const bannedRead = group ? get(`/groups/${encodeURIComponent(receiver)}/bannedusers`, { perPage: "100" }) : Promise.resolve(undefined);
  const others = Promise.all([
    Number(message.replyCount) > 0 ? get(`/messages/${id}/thread`) : undefined,
    message.reactions !== undefined ? get(`/messages/${id}/reactions`) : undefined,
    get("/moderation/blocked-messages"),
    get("/apps/{appId}/extensions", { perPage: "100" }),
    readWebhooks(get, eventsOf(message)),
  ]);
  // What the log, the sender's blocks and the group's bans say of each recipient.
  const facts = Promise.all([logsRead, senderBlocksRead, bannedRead]).then(([logs, senderBlocks, banned]) => {
    const bannedUids = banned === undefined ? undefined : new Set(listItems(banned).map((u) => uidOf(record(u)?.uid ?? u)));
    const bySender = senderBlocks === undefined ? undefined : blocksIn(senderBlocks, BLOCKS_PER_PAGE);
    return (uid: string): RecipientContext => ({
      sender, group, conversation: group ? receiver : sender, logsEndpoint,
      lines: logs.read ? logs.lines.filter((l) => (group ? l.member === uid : l.receiver === uid)) : undefined,
      banned: bannedUids && bannedUids.has(uid), bannedEndpoint: `GET /groups/${receiver}/bannedusers`,
      // A full page that does not name them leaves the sender's side open (their own list still answers it).
      senderBlocks: bySender && (bySender.blocked.has(uid) || bySender.blockedBy.has(uid) || !bySender.full)
        ? { blocked: bySender.blocked.has(uid), blockedBy: bySender.blockedBy.has(uid) } : undefined,
      senderBlocksEndpoint: `GET /users/${sender}/blockedusers`,
    });
  });
  const members = await membersRead;
  const recipientsAll = members.members.filter((m) => m.uid !== sender);
  const traced = recipientsAll.slice(0, options.members);
  // The sender is one of a group's members: the rest were not read, or read and not traced.
  const leftOut = Math.max(0, members.total - (group ? 1 : 0) - traced.length);
  // Each recipient's devices are asked for at once; the rest of their reads wait for the facts.
  const recipients = await Promise.all(traced.map((m) => traceRecipient(get, m.uid, facts.then((of) => of(m.uid)))));
  const [thread, reactions, blockedRecords, extensions, webhooks] = await others;
  const blockedRecord = listItems(blockedRecords).map(record).find((r) => text(record(r?.message)?.id) === String(messageId));

  return {
    message,
    thread: listItems(thread).map(record).filter((r): r is Json => r !== undefined),
    reactions: listItems(reactions).map(record).filter((r): r is Json => r !== undefined),
    moderation: {
      blocked: blockedRecord
        ? { ruleId: text(blockedRecord.ruleId) ?? "", ruleName: text(blockedRecord.ruleName), condition: blockedRecord.condition, evidence: "GET /moderation/blocked-messages" }
        : null,
      extensions: listItems(extensions).map(record)
        .filter((e): e is Json => e !== undefined && FILTERING_EXTENSIONS.includes(text(e.id) as never) && truthy(e.isActive))
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
async function readLogs(get: (path: string, query?: Record<string, string>) => Promise<unknown>, query: Record<string, string>) {
  const lines: Array<Notification & { member?: string; receiver?: string }> = [];
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
        ...(Number.isFinite(Number(l.sentAtMS)) ? { at: Number(l.sentAtMS) } : {}),
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
async function readMembers(get: (path: string, query?: Record<string, string>) => Promise<unknown>, guid: string, wanted: number) {
  const members: Array<{ uid: string }> = [];
  const perPage = Math.min(100, Math.max(1, wanted));
  let total: number | undefined;
  for (let page = 1; members.length < wanted; page++) {
    const body = await get(`/groups/${encodeURIComponent(guid)}/members`, { perPage: String(perPage), page: String(page) });
    total ??= Number(record(record(record(body)?.meta)?.pagination)?.total) || undefined;
    const items = listItems(body);
    for (const m of items) {
      const uid = uidOf(record(m)?.uid);
      if (uid && members.length < wanted) members.push({ uid });
    }
    if (items.length < perPage) break;
  }
  return { members, total: Math.max(total ?? 0, members.length) };
}

/** The app's webhooks whose triggers match the message's events: their triggers read one webhook at a time through the limit. */
async function readWebhooks(get: (path: string, query?: Record<string, string>) => Promise<unknown>, events: readonly string[]) {
  const hooks = listItems(await get("/apps/{appId}/webhooks", { perPage: "100" })).map(record).filter((w): w is Json => w !== undefined && text(w.id) !== undefined);
  const withTriggers = await Promise.all(hooks.map(async (w) => {
    const triggers = listItems(await get(`/apps/{appId}/webhooks/${encodeURIComponent(text(w.id)!)}/triggers`)).map((t) => text(record(t)?.id) ?? text(t) ?? "");
    return { id: text(w.id)!, name: text(w.name), ...(w.enabled === undefined ? {} : { enabled: truthy(w.enabled) }), triggers: triggers.filter((t) => events.includes(t)) };
  }));
  return withTriggers.filter((w) => w.triggers.length > 0);
}

interface RecipientContext {
  sender: string;
  group: boolean;
  /** Who the conversation is with, as a mute names it: the group's guid, or the sender's uid. */
  conversation: string;
  /** The recipient's log lines; undefined when the log could not be read. */
  lines: Notification[] | undefined;
  logsEndpoint: string;
  banned: boolean | undefined;
  bannedEndpoint: string;
  /** What the sender's block list says of the recipient, when it was read. */
  senderBlocks: { blocked: boolean; blockedBy: boolean } | undefined;
  senderBlocksEndpoint: string;
}

/**
 * A block list's entries, both ways: whom its owner blocked, and who blocked its owner (an entry
 * saying `hasBlockedMe` and not `blockedByMe`; the documented entries carry `blockedByMe`, and an
 * entry without it is one the owner blocked). `full`: the page was full, so an absent uid says nothing.
 */
export function blocksIn(body: unknown, perPage: number): { blocked: Set<string>; blockedBy: Set<string>; full: boolean } {
  const blocked = new Set<string>();
  const blockedBy = new Set<string>();
  const items = listItems(body);
  for (const item of items.map(record)) {
    const uid = uidOf(item?.uid);
    if (!item || !uid) continue;
    if (truthy(item.hasBlockedMe)) blockedBy.add(uid);
    if (item.blockedByMe === undefined ? !truthy(item.hasBlockedMe) : truthy(item.blockedByMe)) blocked.add(uid);
  }
  return { blocked, blockedBy, full: items.length >= perPage };
}

/** The page size of the block lists the trace reads (documented: perPage, page). */
const BLOCKS_PER_PAGE = 100;

/**
 * One recipient: what the log says, and the reads it leaves open, each at most once and four at
 * most (auth tokens, preferences, mutes, their block list; or auth tokens and push tokens when a
 * line settles the rest). A line that went out or was held proves the recipient had not blocked the
 * sender; one sent proves they had neither muted the conversation nor were on DND. Blocked, muted and
 * DND are read whether or not a push token exists; the push tokens are asked for only when no earlier
 * cause (a block, a mute, DND) already explains a recipient without a line.
 */
async function traceRecipient(get: (path: string, query?: Record<string, string>) => Promise<unknown>, uid: string, context: Promise<RecipientContext>): Promise<Recipient> {
  const evidence: Record<string, string> = {};
  const user = encodeURIComponent(uid);
  const authTokensRead = get(`/users/${user}/auth_tokens`, { perPage: "1" });
  const c = await context;
  const lines = c.lines ?? [];
  const sent = lines.some((l) => l.triggered);
  const mutedLine = lines.some((l) => l.reason === "MUTE_PREFERENCE");
  const dndLine = lines.some((l) => l.reason === "DND_PREFERENCE");
  if (c.lines) evidence.notifications = c.logsEndpoint;
  const blockSettled = lines.length > 0 || c.senderBlocks?.blocked === true;
  const [preferences, mutes, ownBlocks] = await Promise.all([
    sent || (mutedLine && dndLine) ? undefined : get("/notifications/v1/preferences", { uid }),
    sent || mutedLine ? undefined : get("/notifications/v1/preferences/mute", { uid }),
    blockSettled ? undefined : get(`/users/${user}/blockedusers`, { perPage: String(BLOCKS_PER_PAGE) }),
  ]);

  let muted: boolean | null = null;
  if (sent || mutedLine) [muted, evidence.muted] = [mutedLine, c.logsEndpoint];
  else {
    const conversationMuted = mutedOf(mutes, { id: c.conversation, group: c.group });
    const messagesOff = messagesOffOf(preferences, c.group);
    if (conversationMuted || messagesOff) [muted, evidence.muted] = [true, conversationMuted ? "GET /notifications/v1/preferences/mute" : "GET /notifications/v1/preferences"];
    else if (conversationMuted === false) [muted, evidence.muted] = [false, "GET /notifications/v1/preferences/mute"];
  }
  let dnd: boolean | null = null;
  if (sent || dndLine) [dnd, evidence.dnd] = [dndLine, c.logsEndpoint];
  else {
    const on = dndOf(preferences);
    if (on !== undefined) [dnd, evidence.dnd] = [on, "GET /notifications/v1/preferences"];
  }
  let blocked: boolean | null = null;
  let blockedBy: Recipient["blockedBy"];
  const own = ownBlocks === undefined ? undefined : blocksIn(ownBlocks, BLOCKS_PER_PAGE);
  if (c.senderBlocks?.blocked) [blocked, blockedBy, evidence.blocked] = [true, "sender", c.senderBlocksEndpoint];
  else if (lines.length > 0) [blocked, evidence.blocked] = [false, c.logsEndpoint];
  else if (own?.blocked.has(c.sender) || c.senderBlocks?.blockedBy) [blocked, blockedBy, evidence.blocked] = [true, "recipient", own?.blocked.has(c.sender) ? `GET /users/${uid}/blockedusers` : c.senderBlocksEndpoint];
  else if (own?.blockedBy.has(c.sender)) [blocked, blockedBy, evidence.blocked] = [true, "sender", `GET /users/${uid}/blockedusers`];
  // Neither list names the other: no block either way (a full page of blocks leaves it open).
  else if (own && !own.full && c.senderBlocks) [blocked, evidence.blocked] = [false, `GET /users/${uid}/blockedusers, GET /users/${c.sender}/blockedusers`];
  if (c.banned !== undefined) evidence.banned = c.bannedEndpoint;
  const banned = c.group ? c.banned ?? null : false;

  // Their devices: with a line, or nothing else to say why none came, the push tokens are read.
  const authTokens = await authTokensRead;
  const authToken = text(record(listItems(authTokens)[0])?.authToken);
  const explained = lines.length === 0 && (blocked === true || banned === true || muted === true || dnd === true);
  const pushTokens = authToken === undefined ? (authTokens === undefined ? undefined : { data: { pushTokens: [] } })
    : explained ? undefined : await get("/notifications/push/v1/tokens", { authToken, all: "true" });
  const tokens = pushTokens === undefined ? null : (() => {
    const data = record(record(pushTokens)?.data);
    const list = Array.isArray(data?.pushTokens) ? data.pushTokens : listItems(pushTokens);
    return list.map(record).filter((t): t is Json => t !== undefined).map((t) => ({
      pushToken: text(t.pushToken) ?? "", platform: text(t.platform), providerId: text(t.providerId), pushTokenType: text(t.pushTokenType),
    }));
  })();
  evidence.pushTokens = authToken === undefined ? `GET /users/${uid}/auth_tokens`
    : explained ? "not read: an earlier cause explains why nothing was sent" : "GET /notifications/push/v1/tokens";
  return {
    uid, blocked, ...(blockedBy ? { blockedBy } : {}), banned, muted, dnd, pushTokens: tokens,
    notifications: lines.map(({ channel, provider, triggered, reason, success, at }) => ({ channel, provider, triggered, reason, success, at })),
    evidence,
  };
}
