import { ApiError, CLIENT_CODES } from "./errors.js";
import { limiter } from "./limit.js";
import { listItems } from "./paging-styles.js";

/**
 * `ccx trace <messageId>`: what happened to one message and why, from every
 * read that has a say, each fact naming the endpoint it came from. The
 * message first; then, at most `inFlight` at a time: its thread and
 * reactions, moderation's blocked record and the filtering extensions, the
 * webhooks whose triggers match its events, the notification log of the
 * message, and for each recipient what the log does not already say (a line
 * that was sent proves the recipient was neither muted, on DND nor blocking
 * the sender then; a muted line proves the mute): their preferences, mutes,
 * blocks and push tokens. At most one request per endpoint per recipient.
 * What could not be read is said with its code; the rest still shows.
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
  const senderBlocksRead = sender ? get(`/users/${encodeURIComponent(sender)}/blockedusers`, { perPage: "100" }) : Promise.resolve(undefined);
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
    const blockedBySender = senderBlocks === undefined ? undefined : new Set(listItems(senderBlocks).map((u) => uidOf(record(u)?.uid)));
    return (uid: string): RecipientContext => ({
      sender, group, conversation: group ? receiver : sender, logsEndpoint,
      lines: logs.read ? logs.lines.filter((l) => (group ? l.member === uid : l.receiver === uid)) : undefined,
      banned: bannedUids && bannedUids.has(uid), bannedEndpoint: `GET /groups/${receiver}/bannedusers`,
      blockedBySender: blockedBySender && blockedBySender.has(uid), senderBlocksEndpoint: `GET /users/${sender}/blockedusers`,
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
        ...lineTime(l),
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
  blockedBySender: boolean | undefined;
  senderBlocksEndpoint: string;
}

/** One recipient: what the log says, and the reads it leaves open, each at most once. */
async function traceRecipient(get: (path: string, query?: Record<string, string>) => Promise<unknown>, uid: string, context: Promise<RecipientContext>): Promise<Recipient> {
  const evidence: Record<string, string> = {};
  const user = encodeURIComponent(uid);
  // Their devices first: with no push token there was nothing to send and nothing to hold back, so
  // their mutes and blocks are not read (said as not read, not as no).
  const authTokens = await get(`/users/${user}/auth_tokens`, { perPage: "1" });
  const authToken = text(record(listItems(authTokens)[0])?.authToken);
  const pushTokens = authToken === undefined ? (authTokens === undefined ? undefined : { data: { pushTokens: [] } }) : await get("/notifications/push/v1/tokens", { authToken, all: "true" });
  const c = await context;
  const lines = c.lines ?? [];
  const sent = lines.some((l) => l.triggered);
  const mutedLine = lines.some((l) => l.reason === "MUTE_PREFERENCE");
  const dndLine = lines.some((l) => l.reason === "DND_PREFERENCE");
  if (c.lines) evidence.notifications = c.logsEndpoint;
  const tokens = pushTokens === undefined ? null : (() => {
    const data = record(record(pushTokens)?.data);
    const list = Array.isArray(data?.pushTokens) ? data.pushTokens : listItems(pushTokens);
    return list.map(record).filter((t): t is Json => t !== undefined).map((t) => ({
      pushToken: text(t.pushToken) ?? "", platform: text(t.platform), providerId: text(t.providerId), pushTokenType: text(t.pushTokenType),
    }));
  })();
  evidence.pushTokens = authToken === undefined ? `GET /users/${uid}/auth_tokens` : "GET /notifications/push/v1/tokens";
  const nothingToSend = tokens !== null && tokens.length === 0 && lines.length === 0;
  // A line that went out says the recipient neither muted, nor was on DND, nor blocked the sender then.
  const decided = nothingToSend || sent || (mutedLine && dndLine);
  const [preferences, mutes, ownBlocks] = await Promise.all([
    decided || dndLine ? undefined : get("/notifications/v1/preferences", { uid }),
    decided || mutedLine ? undefined : get("/notifications/v1/preferences/mute", { uid }),
    nothingToSend || lines.length > 0 || c.blockedBySender ? undefined : get(`/users/${user}/blockedusers`, { perPage: "100" }),
  ]);

  let muted: boolean | null = null;
  if (sent || mutedLine) [muted, evidence.muted] = [mutedLine, c.logsEndpoint];
  else if (mutes !== undefined) {
    const list = record(record(mutes)?.data)?.mutedConversations;
    muted = Array.isArray(list) && list.some((m) => {
      const entry = record(m);
      return (entry?.type === "group") === c.group && text(entry?.id) === c.conversation;
    });
    evidence.muted = "GET /notifications/v1/preferences/mute";
  }
  let dnd: boolean | null = null;
  if (sent || dndLine) [dnd, evidence.dnd] = [dndLine, c.logsEndpoint];
  else if (preferences !== undefined) {
    const mute = record(record(record(record(preferences)?.data)?.preferences)?.mute);
    // The documented setting (2 on, 1 off) first; an older answer's DND boolean after it.
    dnd = mute?.dndPreferenceSetting !== undefined ? Number(mute.dndPreferenceSetting) === 2 : truthy(mute?.DND);
    evidence.dnd = "GET /notifications/v1/preferences";
  }
  let blocked: boolean | null = null;
  let blockedBy: Recipient["blockedBy"];
  if (nothingToSend) evidence.unread = "muted, dnd and blocked: no push token, so nothing was sent or held back";
  if (c.blockedBySender) [blocked, blockedBy, evidence.blocked] = [true, "sender", c.senderBlocksEndpoint];
  else if (lines.length > 0) [blocked, evidence.blocked] = [false, c.logsEndpoint];
  else if (ownBlocks !== undefined) {
    blocked = listItems(ownBlocks).some((u) => uidOf(record(u)?.uid) === c.sender);
    if (blocked) blockedBy = "recipient";
    evidence.blocked = `GET /users/${uid}/blockedusers`;
  }
  if (c.banned !== undefined) evidence.banned = c.bannedEndpoint;
  return {
    uid, blocked, ...(blockedBy ? { blockedBy } : {}), banned: c.group ? c.banned ?? null : false, muted, dnd, pushTokens: tokens,
    notifications: lines.map(({ channel, provider, triggered, reason, success, at }) => ({ channel, provider, triggered, reason, success, at })),
    evidence,
  };
}
