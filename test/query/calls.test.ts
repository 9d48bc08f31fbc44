import { describe, expect, it } from "vitest";
import { CALL_FILTER_KEYS, formatCallFilter, parseCallFilter } from "../../src/query/index.js";

const NOW = 1_700_000_000; // 2023-11-14T22:13:20Z
const DAY = 86_400;
const JAN1 = 1_704_067_200; // 2024-01-01
const FEB1 = 1_706_745_600; // 2024-02-01
const parse = (line: string) => parseCallFilter(line, { now: NOW });

/** line typed, the parameters it means, and the canonical line written back. */
const EXAMPLES: Array<[string, Record<string, string>, string]> = [
  ["type:video", { type: "video" }, "type:video"],
  ["type:audio,VIDEO", { type: "audio,video" }, "type:audio,video"],
  ["mode:meet", { mode: "meet" }, "mode:meet"],
  ["mode:call,presenter", { mode: "call,presenter" }, "mode:call,presenter"],
  ["status:ended,rejected", { status: "ended,rejected" }, "status:ended,rejected"],
  ["status:initiated,ongoing,unanswered,canceled", { status: "initiated,ongoing,unanswered,canceled" }, "status:initiated,ongoing,unanswered,canceled"],
  ["status:cancelled", { status: "canceled" }, "status:canceled"],
  ["receiver:group", { receiverType: "group" }, "receiver:group"],
  ["receiver:User", { receiverType: "user" }, "receiver:user"],
  ["uid:alice", { uid: "alice" }, "uid:alice"],
  ['uid:"ann marie"', { uid: "ann marie" }, 'uid:"ann marie"'],
  ["uid:a,b", { uid: "a,b" }, "uid:a,b"],
  ["rec:yes", { hasRecording: "true" }, "rec:yes"],
  ["rec:false", { hasRecording: "false" }, "rec:no"],
  ["transcript:yes", { hasTranscription: "true" }, "transcript:yes"],
  ["transcript:no", { hasTranscription: "false" }, "transcript:no"],
  ["participants:3", { participantsCount: "3" }, "participants:3"],
  ["participants:=3", { "participantsCount[eq]": "3" }, "participants:=3"],
  ["participants:>=3", { "participantsCount[gte]": "3" }, "participants:>=3"],
  ["participants:>3", { "participantsCount[gt]": "3" }, "participants:>3"],
  ["participants:<=3", { "participantsCount[lte]": "3" }, "participants:<=3"],
  ["participants:<3", { "participantsCount[lt]": "3" }, "participants:<3"],
  ["participants:2..4", { "participantsCount[gte]": "2", "participantsCount[lte]": "4" }, "participants:2..4"],
  ["started:>=2024-01-01", { startedAt: `${JAN1}` }, "started:>=2024-01-01"],
  ["started:>2024-01-01", { "startedAt[gt]": `${JAN1}` }, "started:>2024-01-01"],
  ["started:<=2024-01-01", { "startedAt[lte]": `${JAN1}` }, "started:<=2024-01-01"],
  ["started:<2024-01-01", { "startedAt[lt]": `${JAN1}` }, "started:<2024-01-01"],
  ["started:2024-01-01..2024-02-01", { startedAt: `${JAN1}`, "startedAt[lte]": `${FEB1}` }, "started:2024-01-01..2024-02-01"],
  ["started:2024-01-01", { startedAt: `${JAN1}`, "startedAt[lte]": `${JAN1 + DAY - 1}` }, "started:2024-01-01..2024-01-01T23:59:59Z"],
  // A relative time is a point on the time line: >=7d is the last seven days, as >= reads with a date.
  ["started:>=7d", { startedAt: `${NOW - 7 * DAY}` }, "started:>=2023-11-07T22:13:20Z"],
  ["started:<7d", { "startedAt[lt]": `${NOW - 7 * DAY}` }, "started:<2023-11-07T22:13:20Z"],
  ["started:<=7d", { "startedAt[lte]": `${NOW - 7 * DAY}` }, "started:<=2023-11-07T22:13:20Z"],
  ["started:7d..1d", { startedAt: `${NOW - 7 * DAY}`, "startedAt[lte]": `${NOW - DAY}` }, "started:2023-11-07T22:13:20Z..2023-11-13T22:13:20Z"],
  ["ended:<=2024-02-01", { endedAt: `${FEB1}` }, "ended:<=2024-02-01"],
  ["ended:>=2024-01-01", { "endedAt[gte]": `${JAN1}` }, "ended:>=2024-01-01"],
  ["ended:>2024-01-01", { "endedAt[gt]": `${JAN1}` }, "ended:>2024-01-01"],
  ["ended:<2024-01-01", { "endedAt[lt]": `${JAN1}` }, "ended:<2024-01-01"],
  ["ended:2024-01-01..2024-02-01", { "endedAt[gte]": `${JAN1}`, endedAt: `${FEB1}` }, "ended:2024-01-01..2024-02-01"],
  ["ended:<1h", { "endedAt[lt]": `${NOW - 3600}` }, "ended:<2023-11-14T21:13:20Z"],
  ["ended:>=1h", { "endedAt[gte]": `${NOW - 3600}` }, "ended:>=2023-11-14T21:13:20Z"],
  ["per:50", { perPage: "50" }, "per:50"],
  ["page:2", { page: "2" }, "page:2"],
];

describe("parseCallFilter and formatCallFilter", () => {
  it.each(EXAMPLES)("%s", (line, params, canonical) => {
    const parsed = parse(line);
    expect(parsed.errors).toEqual([]);
    expect(parsed.params).toEqual(params);
    expect(formatCallFilter(params)).toBe(canonical);
    expect(parse(canonical).params).toEqual(params);
  });

  it("reads the design's example line", () => {
    const parsed = parse("type:video mode:meet status:ended,rejected receiver:group uid:alice rec:yes started:>=2024-01-01");
    expect(parsed.params).toEqual({
      type: "video",
      mode: "meet",
      status: "ended,rejected",
      receiverType: "group",
      uid: "alice",
      hasRecording: "true",
      startedAt: `${JAN1}`,
    });
  });

  it("reaches every documented parameter of GET /calls", () => {
    const reached = new Set(CALL_FILTER_KEYS.flatMap((k) => k.params));
    for (const name of ["type", "mode", "status", "receiverType", "uid", "hasRecording", "hasTranscription", "participantsCount", "startedAt", "endedAt", "page", "perPage"]) {
      expect(reached).toContain(name);
    }
    for (const k of CALL_FILTER_KEYS) {
      expect(k.example.startsWith(`${k.key}:`)).toBe(true);
      expect(parse(k.example).errors).toEqual([]);
    }
  });

  it("leaves out what no key writes", () => {
    expect(formatCallFilter({ "startedAt[gte]": "1", "startedAt[eq]": "2", "endedAt[lte]": "3", other: "x", uid: "" })).toBe("");
  });
});

const ERRORS: Array<[string, string, string]> = [
  ["alice", "alice", "calls have no text search; filter by uid:alice or open one call with :call <sessionId>"],
  ['"ann marie"', '"ann marie"', 'filter by uid:"ann marie"'],
  ["v1.us.31780434a95d45.1692", "v1.us.31780434a95d45.1692", "looks like a session id; open it with :call v1.us.31780434a95d45.1692"],
  ["created:<7d", "created:<7d", 'unknown filter "created:"; try type:, mode:, status:'],
  ["tpye:video", "tpye:video", "did you mean type:?"],
  ["type:", "type:", "type: needs a value, e.g. type:video"],
  ["type:screen", "type:screen", 'type: "screen" is not audio or video'],
  ["mode:party", "mode:party", 'mode: "party" is not call, meet or presenter'],
  ["status:ended,done", "status:ended,done", 'status: "done" is not initiated, ongoing, ended, unanswered, rejected or canceled'],
  ["status:ended,", "status:ended,", "empty item"],
  ["receiver:channel", "receiver:channel", 'receiver: "channel" is not user or group'],
  ["receiver:user,group", "receiver:user,group", "is not user or group"],
  ["uid:", "uid:", "uid: needs a value, e.g. uid:alice"],
  ["rec:maybe", "rec:maybe", "rec: expected yes or no"],
  ["transcript:", "transcript:", "transcript: needs a value"],
  ["participants:many", "participants:many", "participants: expected >=3, <5, 2..4 or 3"],
  ["participants:5..2", "participants:5..2", "backwards; write 2..5"],
  ["started:today", "started:today", 'started: "today" is not a time'],
  ["started:<=", "started:<=", "started: expected started:>=2024-01-01"],
  ["ended:2024-02-01..2024-01-01", "ended:2024-02-01..2024-01-01", "backwards"],
  ["per:2000", "per:2000", "per: expected a number from 1 to 1000"],
  ["page:-1", "page:-1", "page: expected a page number from 1 up"],
  ['uid:"alice', 'uid:"alice', "unterminated quote"],
  ["type:audio type:video", "type:video", "conflicts with type:audio; keep one or write type:audio,video"],
  ["started:>=2024-01-01 started:2024-01-02", "started:2024-01-02", "conflicts with started:>=2024-01-01"],
  ["uid:a uid:b", "uid:b", "conflicts with uid:a; keep one"],
];

describe("calls filter errors", () => {
  it.each(ERRORS)("%s marks %s", (line, marked, message) => {
    const parsed = parse(`rec:yes ${line}`);
    expect(parsed.params).toEqual({});
    expect(parsed.errors).toHaveLength(1);
    const [error] = parsed.errors;
    const start = 8 + line.lastIndexOf(marked);
    expect(error).toMatchObject({ text: marked, start, end: start + marked.length });
    expect(error!.error).toContain(message);
    expect(parsed.tokens).toContain(error);
  });

  it("accepts a repeat with the same value", () => {
    expect(parse("uid:a uid:a").params).toEqual({ uid: "a" });
  });
});
