import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ParsedFilter, formatCallFilter, formatGroupFilter, parseCallFilter, parseGroupFilter } from "../../src/query/index.js";
import { MAX_TIME } from "../../src/query/time.js";

const NOW = 1_700_000_000;
const RUNS = { numRuns: 300 };

// ---- valid parameter sets: exactly what a parse can produce ---------------------

/** Any text, from printable ASCII to the whole of Unicode, lone surrogates included. */
const anyText = (minLength = 0) =>
  fc.oneof(
    fc.string({ minLength }),
    fc.string({ minLength, unit: "binary" }),
    fc.string({ minLength, unit: "grapheme" }),
    fc.string({ minLength, unit: fc.nat(0xffff).map((c) => String.fromCharCode(c)) }),
  );
const item = anyText(1).filter((s) => !s.includes(","));
const list = (of: fc.Arbitrary<string>, minLength = 1) => fc.array(of, { minLength, maxLength: 4 }).map((xs) => xs.join(","));
const count = fc.nat({ max: 1_000_000 }).map(String);
const time = fc.oneof(fc.integer({ min: 0, max: MAX_TIME }), fc.constantFrom(0, 1_704_067_200, MAX_TIME)).map(String);
const bool = fc.constantFrom("true", "false");
const groupType = fc.constantFrom("public", "private", "protected", "password");
/** Optional pairs that only come together (after:/before:, sort:). */
const pair = <A, B>(a: fc.Arbitrary<A>, b: fc.Arbitrary<B>) => fc.option(fc.tuple(a, b), { nil: undefined });

const validGroupParams = fc
  .tuple(
    fc.record(
      {
        searchKey: anyText(1),
        searchIn: list(fc.constantFrom("name", "guid")),
        type: groupType,
        types: list(groupType, 2),
        tags: list(item),
        withTags: bool,
        guid: item,
        guids: list(item, 2),
        "membersCount[gte]": count,
        "membersCount[gt]": count,
        "membersCount[lte]": count,
        "membersCount[lt]": count,
        "membersCount[eq]": count,
        "createdAt[from]": time,
        "createdAt[to]": time,
        "updatedAt[from]": time,
        "updatedAt[to]": time,
        hasJoined: bool,
        perPage: fc.integer({ min: 1, max: 1000 }).map(String),
        page: fc.integer({ min: 1, max: 1_000_000 }).map(String),
      },
      { requiredKeys: [] },
    ),
    pair(time, fc.constantFrom("append", "prepend")),
    pair(fc.constantFrom("name", "guid", "createdAt"), fc.constantFrom("asc", "desc")),
  )
  .map(([params, cursor, sort]) => {
    const p: Record<string, string> = { ...params };
    if (cursor) [p.updatedAt, p.affix] = cursor;
    if (sort) [p.sortBy, p.sortOrder] = sort;
    return p;
  });

const validCallParams = fc.record(
  {
    type: list(fc.constantFrom("audio", "video")),
    mode: list(fc.constantFrom("call", "meet", "presenter")),
    status: list(fc.constantFrom("initiated", "ongoing", "ended", "unanswered", "rejected", "canceled")),
    receiverType: fc.constantFrom("user", "group"),
    uid: anyText(1),
    hasRecording: bool,
    hasTranscription: bool,
    participantsCount: count,
    "participantsCount[gte]": count,
    "participantsCount[gt]": count,
    "participantsCount[lte]": count,
    "participantsCount[lt]": count,
    "participantsCount[eq]": count,
    startedAt: time,
    "startedAt[gt]": time,
    "startedAt[lte]": time,
    "startedAt[lt]": time,
    "endedAt[gte]": time,
    "endedAt[gt]": time,
    endedAt: time,
    "endedAt[lt]": time,
    perPage: fc.integer({ min: 1, max: 1000 }).map(String),
    page: fc.integer({ min: 1, max: 1_000_000 }).map(String),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, string>>;

describe("format then parse gives the parameters back", () => {
  it("groups", () => {
    fc.assert(
      fc.property(validGroupParams, (p) => {
        const parsed = parseGroupFilter(formatGroupFilter(p), { now: NOW });
        expect(parsed.errors).toEqual([]);
        expect(parsed.params).toEqual(p);
      }),
      RUNS,
    );
  });

  it("calls", () => {
    fc.assert(
      fc.property(validCallParams, (p) => {
        const parsed = parseCallFilter(formatCallFilter(p), { now: NOW });
        expect(parsed.errors).toEqual([]);
        expect(parsed.params).toEqual(p);
      }),
      RUNS,
    );
  });
});

// ---- arbitrary input ----------------------------------------------------------

/** Lines built from the syntax's own pieces, so that many of them nearly parse. */
const filterish = fc
  .array(
    fc.oneof(
      fc.constantFrom("type:", "members:", "created:", "started:", "participants:", "tag:", "uid:", "after:", "sort:", "per:", "in:", "Foo:"),
      fc.constantFrom('"', "\\", "\\\"", " ", "\t", ",", "..", ">=", "<", ">", "=", "-", ":", "7d", "now", "2024-01-01", "T10:00Z"),
      fc.constantFrom("public", "video", "ended", "yes", "name", "10", "0", "1000", "999999999999999999999"),
      fc.string({ maxLength: 3, unit: "binary" }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(""));

/** Plausible values for each key, so that lines of whole tokens often parse. */
const TIMES = [">=2024-01-01", "<7d", ">1h", "2024-01-01", "2024-01-01..2024-02-01", "<=now", ">1700000000", "2024-01-01T10:00+02:00.."];
const COUNTS = [">=10", "<5", "10..50", "3", "=3", ">0", "..7"];
const GROUP_VALUES: Record<string, string[]> = {
  type: ["public", "private,protected", "password"], members: COUNTS, created: TIMES, updated: TIMES, tag: ["vip", "a,b", '"big fish"'],
  guid: ["g1", "g1,g2"], in: ["name", "name,guid"], after: ["2024-01-01", "1h"], before: ["now"], sort: ["name", "-createdAt"],
  per: ["500"], page: ["2"], joined: ["true"], withtags: ["false"],
};
const CALL_VALUES: Record<string, string[]> = {
  type: ["video", "audio,video"], mode: ["meet", "call,presenter"], status: ["ended,rejected", "ongoing"], receiver: ["user", "group"],
  uid: ["alice", '"ann marie"'], rec: ["yes"], transcript: ["no"], participants: COUNTS, started: TIMES, ended: TIMES, per: ["50"], page: ["3"],
};
const tokenLine = (values: Record<string, string[]>, words: string[]) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...Object.keys(values)).chain((key) => fc.constantFrom(...values[key]!).map((value) => `${key}:${value}`)),
        fc.constantFrom(...words),
      ),
      { maxLength: 5 },
    )
    .map((tokens) => tokens.join(" "));
const groupLine = tokenLine(GROUP_VALUES, ["design", '"big team"', "x"]);
const callLine = tokenLine(CALL_VALUES, ["type:audio"]);

const lines = fc.oneof(filterish, groupLine, callLine, anyText(), fc.string({ unit: "binary-ascii" }));

function checkWellFormed(line: string, parsed: ParsedFilter): void {
  let previousEnd = 0;
  for (const token of parsed.tokens) {
    expect(token.start).toBeGreaterThanOrEqual(previousEnd);
    expect(token.end).toBeGreaterThan(token.start);
    expect(token.end).toBeLessThanOrEqual(line.length);
    expect(token.text).toBe(line.slice(token.start, token.end));
    previousEnd = token.end;
  }
  expect(parsed.errors).toEqual(parsed.tokens.filter((t) => t.error !== undefined));
  for (const error of parsed.errors) {
    expect(parsed.tokens).toContain(error);
    expect(error.error).not.toBe("");
  }
  if (parsed.errors.length > 0) expect(parsed.params).toEqual({});
}

describe("any line", () => {
  it("parses as groups without throwing; tokens and errors lie within the line", () => {
    fc.assert(
      fc.property(lines, (line) => checkWellFormed(line, parseGroupFilter(line, { now: NOW }))),
      RUNS,
    );
  });

  it("parses as calls without throwing; tokens and errors lie within the line", () => {
    fc.assert(
      fc.property(lines, (line) => checkWellFormed(line, parseCallFilter(line, { now: NOW }))),
      RUNS,
    );
  });

  it("that parses is written back to a line with the same meaning", () => {
    fc.assert(
      fc.property(fc.oneof(groupLine, filterish), (line) => {
        const { params, errors } = parseGroupFilter(line, { now: NOW });
        if (errors.length === 0) expect(parseGroupFilter(formatGroupFilter(params), { now: NOW }).params).toEqual(params);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.oneof(callLine, filterish), (line) => {
        const { params, errors } = parseCallFilter(line, { now: NOW });
        if (errors.length === 0) expect(parseCallFilter(formatCallFilter(params), { now: NOW }).params).toEqual(params);
      }),
      RUNS,
    );
  });
});
