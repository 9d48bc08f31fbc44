/**
 * The calls filter line <-> the query parameters of GET /calls (docs/service.md,
 * "Calls"). As the docs use them, `startedAt=T` means "started at or after T"
 * and `endedAt=T` "ended at or before T"; the other bounds use [gt|lt|gte|lte].
 */
import { defineGrammar, filterWriter } from "./grammar.js";
import { type BoundNames, formatComparison, parseCountComparison, timeRule } from "./bounds.js";
import { type KeyRule, booleanRule, choiceRule, listRule, pageRule, perPageRule, valueRule, yesNo } from "./filter.js";
import { showTime } from "./time.js";
import { keyToken } from "./tokenize.js";

/** The docs list fewer; the spec (docs/service.md) adds initiated and canceled: all are accepted. */
const STATUSES = ["initiated", "ongoing", "ended", "unanswered", "rejected", "canceled"] as const;

const PARTICIPANTS: BoundNames = {
  gte: "participantsCount[gte]",
  gt: "participantsCount[gt]",
  lte: "participantsCount[lte]",
  lt: "participantsCount[lt]",
  eq: "participantsCount[eq]",
  bare: "participantsCount",
};
const STARTED: BoundNames = { gte: "startedAt", gt: "startedAt[gt]", lte: "startedAt[lte]", lt: "startedAt[lt]" };
const ENDED: BoundNames = { gte: "endedAt[gte]", gt: "endedAt[gt]", lte: "endedAt", lt: "endedAt[lt]" };

const RULES: readonly KeyRule[] = [
  listRule("type", "type", "type:video", "call type: audio or video; both with commas", { choices: ["audio", "video"] }),
  listRule("mode", "mode", "mode:meet", "call mode: call, meet or presenter; several with commas", { choices: ["call", "meet", "presenter"] }),
  listRule("status", "status", "status:ended,rejected", `status, several with commas: ${STATUSES.join(", ")}`, { choices: STATUSES, aliases: { cancelled: "canceled" } }),
  choiceRule("receiver", "receiverType", ["user", "group"], "receiver:group", "calls to a user or to a group"),
  valueRule("uid", "uid", "uid:alice", "calls that include this user"),
  booleanRule("rec", "hasRecording", "rec:yes", "calls with (yes) or without (no) a recording", ["yes", "no"]),
  booleanRule("transcript", "hasTranscription", "transcript:yes", "calls with (yes) or without (no) a transcription", ["yes", "no"]),
  {
    key: "participants",
    params: Object.values(PARTICIPANTS),
    example: "participants:>=3",
    description: "participant count: >=3, <5, 2..4, =3 or 3",
    parse: (value) => parseCountComparison(value, PARTICIPANTS, ">=3, <5, 2..4 or 3"),
  },
  timeRule("started", STARTED, "started:>=2024-01-01", "start time: >=2024-01-01, >=7d (the last 7 days), <1h (over an hour ago), A..B, or a date for that day"),
  timeRule("ended", ENDED, "ended:<=2024-02-01", "end time, as for started:; ongoing calls have none"),
  perPageRule("calls"),
  pageRule(),
];

function bareWordError(word: string): string {
  if (/^v\d+\.[a-z]+\./.test(word)) return `"${word}" looks like a session id; open it with :call ${word}`;
  return `calls have no text search; filter by ${keyToken("uid", word)} or open one call with :call <sessionId>`;
}

export const CALL_GRAMMAR = defineGrammar(RULES, undefined, { bareWordError });

/** Every calls filter key with a one-line description and an example. */
export const CALL_FILTER_KEYS = CALL_GRAMMAR.keys;
export const parseCallFilter = CALL_GRAMMAR.parse;

/**
 * The canonical line for a set of parameters, keys in the order of
 * CALL_FILTER_KEYS, times as ISO dates (UTC). Parameters no key writes
 * (unknown names, startedAt[gte], endedAt[lte], startedAt[eq], …) are left out.
 */
export function formatCallFilter(params: Record<string, string>): string {
  const { tokens, value, push } = filterWriter(params);

  push("type", value("type"));
  push("mode", value("mode"));
  push("status", value("status"));
  push("receiver", value("receiverType"));
  push("uid", value("uid"));
  const recording = value("hasRecording");
  push("rec", recording === undefined ? undefined : yesNo(recording));
  const transcription = value("hasTranscription");
  push("transcript", transcription === undefined ? undefined : yesNo(transcription));
  tokens.push(...formatComparison("participants", params, PARTICIPANTS, (raw) => raw));
  tokens.push(...formatComparison("started", params, STARTED, showTime));
  tokens.push(...formatComparison("ended", params, ENDED, showTime));
  push("per", value("perPage"));
  push("page", value("page"));
  return tokens.join(" ");
}
