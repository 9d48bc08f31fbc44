import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type WriteItem, type WriteVerb, actingUser, arg, documentedRead, documentedWrite, eachOf } from "./verb.js";

/**
 * Moderators' reviews (chat-apis.json, the API key): a blocked message
 * approved (delivered after all) or rejected (`PATCH
 * /moderation/blocked-messages/{id}`, status approved or rejected), a flagged
 * one approved or disapproved (`PATCH /moderation/flagged-messages/{id}`,
 * which moves it to the reviewed list). No documented status makes a message
 * pending again, so only a change of an earlier review has an inverse: the
 * review it had, read first from the blocked list (which takes the management
 * key and secret: without them the review still goes, with no undo) or the
 * reviewed one. The exports give a blocked message's review twice, with the
 * API key (`{id}`) and with the management key and secret (`{messageId}`):
 * --management sends the second, for a key that may not review.
 */

type Decision = "approve" | "reject";

/** The status each list's review takes for a decision. */
const STATUS: Record<"blocked" | "flagged", Record<Decision, string>> = {
  blocked: { approve: "approved", reject: "rejected" },
  flagged: { approve: "approved", reject: "disapproved" },
};

/** The list a review acts on: blocked messages, or with --flagged the flagged ones. */
const reviewedList = (item: WriteItem) => (item.input.flags.flagged === true ? "flagged" : "blocked");
const byManagement = (item: WriteItem) => item.input.flags.management === true;
function review(item: WriteItem, status: string): DocumentedWrite {
  if (byManagement(item)) {
    if (reviewedList(item) === "flagged") throw badInput("--management reviews blocked messages only: a flagged one's review takes the API key; nothing was sent");
    return documentedWrite("PATCH", "/moderation/blocked-messages/{messageId}", { messageId: arg(item, "messageId") }, { body: { status }, auth: "management" });
  }
  return documentedWrite("PATCH", `/moderation/${reviewedList(item)}-messages/{id}`, { id: arg(item, "messageId") }, { body: { status } });
}

/** The review a message had, from the list read before: a blocked one's in its message, a reviewed one's in its entry. */
function reviewedBefore(item: WriteItem, before: unknown): string | undefined {
  const list = (before as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return undefined;
  const id = arg(item, "messageId");
  const entry = list.find((e) => {
    const record = e as { messageId?: unknown; message?: { id?: unknown } } | null;
    return String(record?.messageId ?? record?.message?.id ?? "") === id;
  }) as { status?: unknown; message?: { data?: { moderation?: { status?: unknown } } } } | undefined;
  const status = reviewedList(item) === "flagged" ? entry?.status : entry?.message?.data?.moderation?.status;
  return Object.values(STATUS[reviewedList(item)]).includes(String(status)) ? String(status) : undefined;
}

function reviewVerb(decision: Decision): WriteVerb {
  return {
    noun: "moderation", verb: decision,
    description: `${decision === "approve" ? "approve" : "reject"} messages moderation blocked (--flagged: that users flagged); a first review is final`,
    args: [{ name: "messageId", description: "the messages' ids", variadic: true }],
    flags: [
      { flag: "flagged", description: `review flagged messages (status ${STATUS.flagged[decision]}), not blocked ones (${STATUS.blocked[decision]})` },
      { flag: "management", description: "send a blocked message's review with the management key and secret, not the API key" },
    ],
    items: (input) => eachOf(input, "messageId"),
    request: (item) => review(item, STATUS[reviewedList(item)][decision]),
    before: (item) => documentedRead(reviewedList(item) === "flagged" ? "/moderation/reviewed-messages" : "/moderation/blocked-messages"),
    inverse: (item, before) => {
      const had = reviewedBefore(item, before);
      return had && had !== STATUS[reviewedList(item)][decision] ? review(item, had) : undefined;
    },
    irreversible: "a first review is final: no documented status makes a message pending again (a change of an earlier review is undone to it)",
    check: (item) => `ccx moderation ${reviewedList(item) === "flagged" ? "reviewed" : "blocked"}`,
  };
}

export const moderationApprove = reviewVerb("approve");
export const moderationReject = reviewVerb("reject");

/**
 * A user flags a message for the moderators (POST /messages/{id}/flagged, as
 * the user: onBehalfOf), with a reason of `ccx moderation reasons` and a
 * remark. No documented request takes a flag back: a moderator's review
 * settles it.
 */
export const moderationFlag: WriteVerb = {
  noun: "moderation", verb: "flag",
  description: "flag a message for the moderators, as the user of --as UID, with --reason ID (cannot be undone: a moderator reviews it)",
  args: [{ name: "messageId", description: "the message's id" }],
  flags: [
    { flag: "reason", value: "id", description: "why: a reason's id (ccx moderation reasons)", required: true, field: "reasonId" },
    { flag: "remark", value: "text", description: "what the user adds" },
  ],
  items: (input) => [{ label: `${String(input.args.messageId)} (as ${actingUser(input, "flags it")})`, input }],
  request: (item) => {
    const { reason, remark } = item.input.flags;
    return documentedWrite("POST", "/messages/{id}/flagged", { id: arg(item, "messageId") }, {
      as: actingUser(item.input, "flags it")!, body: { reasonId: String(reason), ...(typeof remark === "string" ? { remark } : {}) },
    });
  },
  irreversible: "no documented request takes a flag back: review it (ccx moderation approve --flagged, or reject)",
  check: () => "ccx moderation flagged",
};
