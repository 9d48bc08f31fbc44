import type { AppClient } from "./client.js";
import { rawItems } from "./paging.js";
import { anyListSchema } from "./schemas.js";
import { record, text } from "./json-value.js";

/**
 * A call's story: what its own messages say became of each participant. The service writes a call
 * message (category `call`, type audio or video) at each turn of a call, its `data.action` one of
 * initiated, ongoing, rejected, unanswered, busy, cancelled, ended, sent by who acted and embedding
 * the call (its session id, in the old lower-case `sessionid` or `sessionId`). The call log says how
 * the call ended, not who rejected it, who was busy, or who hung up: these messages do.
 */

/** What became of one participant, and when: their own action, else the call's ending as it reached them. */
export interface CallOutcome {
  uid: string;
  action: string;
  /** UNIX seconds. */
  at?: number;
  /** Who did it: the participant, or (cancelled, unanswered, ended) the one who ended the call. */
  by?: string;
}

interface CallAction {
  action: string;
  by?: string;
  at?: number;
}

/** The call's people and times, as its log reads them (ids or `{uid}`/`{guid}` entities). */
export interface StoryCall {
  sessionId: string;
  receiverType?: string;
  initiator?: unknown;
  receiver?: unknown;
  initiatedAt?: number;
  startedAt?: number;
  endedAt?: number;
  participants?: Array<{ uid: string; joinedAt?: number }>;
}

/** An id as sent: a string or a number, or an entity carrying a uid or a guid. */
const idOf = (value: unknown): string | undefined => text(value) ?? text(record(value)?.uid) ?? text(record(value)?.guid);

/** A message's action on this call, read tolerantly; undefined when it is another call's or says none. */
function actionOf(message: unknown, sessionId: string): CallAction | undefined {
  const m = message as { sender?: unknown; sentAt?: unknown; data?: { action?: unknown; entities?: { by?: { entity?: unknown }; on?: { entity?: Record<string, unknown> } } } };
  const on = m?.data?.entities?.on?.entity;
  if ((on?.sessionid ?? on?.sessionId) !== sessionId || typeof m.data?.action !== "string") return undefined;
  const at = Number(m.sentAt);
  return { action: m.data.action, by: idOf(m.data.entities?.by?.entity) ?? idOf(m.sender), at: Number.isFinite(at) ? at : undefined };
}

/** A 1:1 conversation's id: the two uids sorted, joined by `_user_` (docs/service.md, Users). */
const pairConversation = (a: string, b: string) => [a, b].sort().join("_user_");

const ENDINGS = new Set(["ended", "unanswered", "cancelled", "canceled"]);
const REFUSALS = new Set(["rejected", "busy"]);

/** Per participant (once per uid, in the log's order): their own refusal or hang-up, else how the call ended for them. */
export function outcomesOf(call: StoryCall, actions: CallAction[]): CallOutcome[] {
  const ordered = [...actions].sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  // How the call ended for the others: its last ending, or, when a refusal was the last word (a 1:1
  // call rejected), that refusal.
  const last = ordered.filter((a) => ENDINGS.has(a.action) || REFUSALS.has(a.action)).at(-1);
  const ending = last && REFUSALS.has(last.action) ? last : ordered.filter((a) => ENDINGS.has(a.action)).at(-1);
  const outcomes: CallOutcome[] = [];
  const seen = new Set<string>();
  for (const p of call.participants ?? []) {
    if (seen.has(p.uid)) continue;
    seen.add(p.uid);
    const own = ordered.filter((a) => a.by === p.uid && (REFUSALS.has(a.action) || ENDINGS.has(a.action))).at(-1);
    const joined = (call.participants ?? []).some((e) => e.uid === p.uid && e.joinedAt !== undefined);
    // A call that ended after others talked was, for one who never joined, a call they did not answer.
    const story = own ?? (ending && (!joined && ending.action === "ended" ? { ...ending, action: "unanswered" } : ending));
    if (story) outcomes.push({ uid: p.uid, action: story.action, ...(story.at === undefined ? {} : { at: story.at }), ...(story.by === undefined ? {} : { by: story.by }) });
  }
  return outcomes;
}

/** How many of the call's messages are asked for: a call says a few things, a group call one per refusal. */
const STORY_LIMIT = 100;

/**
 * The call's messages (GET /messages: category call, in the call's conversation, from its start to
 * its end) and the outcomes they tell. None when the service keeps none for it (its log then says
 * what the participants' states say).
 */
export async function callStory(client: AppClient, call: StoryCall, signal?: AbortSignal): Promise<CallOutcome[]> {
  const initiator = idOf(call.initiator);
  const receiver = idOf(call.receiver);
  if (!initiator || !receiver) return [];
  const from = call.initiatedAt ?? call.startedAt;
  const query = {
    category: "call", limit: STORY_LIMIT,
    conversationId: call.receiverType === "group" ? `group_${receiver}` : pairConversation(initiator, receiver),
    ...(from === undefined ? {} : { fromTimestamp: from }),
    ...(call.endedAt === undefined ? {} : { toTimestamp: call.endedAt }),
  };
  const { raw } = await client.get("chat", "/messages", query, anyListSchema, signal);
  const actions = rawItems(raw).map((m) => actionOf(m, call.sessionId)).filter((a): a is CallAction => a !== undefined);
  return outcomesOf(call, actions);
}
