import { KIND } from "../data/message-store.js";
import type { App } from "../data/model.js";
import type { CallPlan } from "./plan.js";

/**
 * A live call's own messages, as the service writes them while a call runs (the documented call
 * messages: category `call`, type audio or video, `data.action`): `initiated` by the caller when it
 * rings, `ongoing` by whoever answers, `rejected` by each invitee who declines, then `ended` by the
 * caller, or `unanswered` or `cancelled` by the caller when nobody answered. The call log
 * (GET /calls) says how the call ended; these say who did what, and when.
 */
export interface CallAction {
  at: number;
  action: "initiated" | "ongoing" | "rejected" | "unanswered" | "cancelled" | "ended";
  by: string;
}

export function actionsOf(plan: CallPlan): CallAction[] {
  const caller = plan.call.initiator;
  const actions: CallAction[] = [{ at: plan.call.initiatedAt, action: "initiated", by: caller }];
  const answerer = plan.entries.find((e) => e.uid !== caller && e.device)?.uid;
  if (plan.answerAt !== undefined && answerer) actions.push({ at: plan.answerAt, action: "ongoing", by: answerer });
  for (const entry of plan.entries) {
    if (!entry.device && entry.refusal === "rejected") actions.push({ at: Math.min(entry.shownAt, plan.endAt), action: "rejected", by: entry.uid });
  }
  const last = plan.finalStatus === "canceled" ? "cancelled" : plan.finalStatus;
  // A rejected call ends with its rejections: nothing more is said.
  if (last !== "rejected") actions.push({ at: plan.endAt, action: last, by: caller });
  return actions.sort((a, b) => a.at - b.at);
}

/**
 * Writes the plans' actions that happened in (after, upTo] to the app's messages, oldest first,
 * in the call's conversation, sent by who acted. Times never run backwards in the store.
 */
export function writeCallActions(app: App, plans: readonly CallPlan[], after: number, upTo: number): void {
  const due = plans.flatMap((plan) => actionsOf(plan).filter((a) => a.at > after && a.at <= upTo).map((a) => ({ plan, ...a })));
  due.sort((a, b) => a.at - b.at);
  const store = app.messages;
  for (const { plan, at, action, by } of due) {
    const { call } = plan;
    const sender = app.userIndexByUid.get(by);
    const caller = app.userIndexByUid.get(call.initiator);
    const group = call.receiverType === "group" ? app.groupIndexByGuid.get(call.receiver) : undefined;
    const other = call.receiverType === "user" ? app.userIndexByUid.get(call.receiver) : undefined;
    if (sender === undefined || caller === undefined) continue;
    const conversation = group !== undefined ? store.groupConversation(group) : other !== undefined && other !== caller ? store.userConversation(caller, other) : undefined;
    if (!conversation) continue;
    const last = store.count > 0 ? store.sentAt[store.count - 1]! : 0;
    const i = store.add({ sentAt: Math.max(at, last), sender, conversation: conversation.index, kind: KIND.posted });
    store.posted.set(i, { category: "call", type: call.type, data: { action }, call: { sessionId: call.sessionId, action } });
  }
}
