import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ParsedFilter,
  formatCallFilter,
  formatGroupFilter,
  formatMessageFilter,
  formatUserFilter,
  parseCallFilter,
  parseGroupFilter,
  parseMessageFilter,
  parseUserFilter,
} from "../../src/query/index.js";
import { formatConversationFilter, parseConversationFilter } from "../../src/query/conversations.js";
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

const perPage = fc.integer({ min: 1, max: 1000 }).map(String);
const page = fc.integer({ min: 1, max: 1_000_000 }).map(String);
/** At most one of parameters that exclude each other, set to true. */
const oneFlag = (...names: string[]) => fc.option(fc.constantFrom(...names), { nil: undefined }).map((name): Record<string, string> => (name ? { [name]: "true" } : {}));

const validUserParams = fc
  .tuple(
    fc.record(
      {
        searchKey: anyText(1),
        searchIn: list(fc.constantFrom("name", "uid")),
        status: fc.constantFrom("available", "offline"),
        role: item,
        roles: list(item, 2),
        tags: list(item),
        withTags: bool,
        perPage,
        page,
      },
      { requiredKeys: [] },
    ),
    oneFlag("onlyDeactivated", "withDeactivated"),
  )
  .map(([params, deactivated]): Record<string, string> => ({ ...params, ...deactivated }));

const TYPES = ["text", "image", "video", "audio", "file"];
/** A built-in type as written, or a custom one that is not a built-in in other case (that would be written back in lower case). */
const messageType = fc.oneof(fc.constantFrom(...TYPES), item.filter((s) => !TYPES.includes(s.toLowerCase())));
const category = fc.constantFrom("message", "action", "call", "custom");
const attachmentType = fc.constantFrom("image", "video", "audio", "file");
const attachments = fc.option(
  fc.oneof(
    bool.map((has) => ({ hasAttachments: has })),
    list(attachmentType).map((types) => ({ hasAttachments: "true", attachmentTypes: types })),
  ),
  { nil: undefined },
);

const validMessageParams = fc
  .tuple(
    fc.record(
      {
        searchKey: anyText(1),
        category,
        categories: list(category, 2),
        type: messageType,
        types: list(messageType, 2),
        sender: anyText(1),
        receiverType: fc.constantFrom("user", "group"),
        hasMentions: bool,
        hasLinks: bool,
        hasReactions: bool,
        fromTimestamp: time,
        toTimestamp: time,
        hideReplies: fc.constant("true"),
        tags: list(item),
        withTags: bool,
        unread: bool,
        conversationId: anyText(1),
        limit: perPage,
      },
      { requiredKeys: [] },
    ),
    attachments,
    oneFlag("hideDeleted", "onlyDeleted"),
  )
  .map(([params, attached, deleted]): Record<string, string> => ({ ...params, ...attached, ...deleted }));

const validConversationParams = fc.record(
  {
    searchKey: anyText(1),
    conversationType: fc.constantFrom("user", "group"),
    unread: bool,
    tags: list(item),
    withTags: bool,
    userTags: list(item),
    groupTags: list(item),
    perPage,
    page,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, string>>;

// ---- arbitrary input ----------------------------------------------------------

/** Lines built from the syntax's own pieces, so that many of them nearly parse. */
const filterish = fc
  .array(
    fc.oneof(
      fc.constantFrom("type:", "members:", "created:", "started:", "participants:", "tag:", "uid:", "after:", "sort:", "per:", "in:", "Foo:"),
      fc.constantFrom("sent:", "attachments:", "deleted:", "deactivated:", "role:", "category:", "usertag:", "limit:", "status:"),
      fc.constantFrom('"', "\\", "\\\"", " ", "\t", ",", "..", ">=", "<", ">", "=", "-", ":", "7d", "now", "2024-01-01", "T10:00Z"),
      fc.constantFrom("public", "video", "ended", "yes", "name", "10", "0", "1000", "999999999999999999999"),
      fc.constantFrom("image", "hide", "only", "with", "user", "group", "available", "text", "custom"),
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
const USER_VALUES: Record<string, string[]> = {
  in: ["uid", "name,uid"], status: ["available", "offline"], role: ["default", "admin,mod"], tag: ["vip", "a,b"], withtags: ["true"],
  deactivated: ["only", "with"], per: ["100"], page: ["2"],
};
const MESSAGE_VALUES: Record<string, string[]> = {
  category: ["message", "action,custom"], type: ["text", "image,poll", "Poll"], sender: ["alice", '"ann marie"'], receiver: ["group"],
  attachments: ["yes", "no", "image", "video,file"], mentions: ["yes"], links: ["no"], reactions: ["yes"], sent: TIMES, deleted: ["hide", "only"],
  replies: ["hide"], tag: ["urgent", "a,b"], withtags: ["true"], unread: ["true"], conversation: ["group_design"], limit: ["50"],
};
const CONVERSATION_VALUES: Record<string, string[]> = {
  type: ["user", "group"], unread: ["true", "false"], tag: ["pinned", "a,b"], withtags: ["true"], usertag: ["vip"], grouptag: ["vip,beta"],
  per: ["50"], page: ["2"],
};
const groupLine = tokenLine(GROUP_VALUES, ["design", '"big team"', "x"]);
const callLine = tokenLine(CALL_VALUES, ["type:audio"]);
const userLine = tokenLine(USER_VALUES, ["ann", '"ann marie"']);
const messageLine = tokenLine(MESSAGE_VALUES, ["hello", '"release notes"']);
const conversationLine = tokenLine(CONVERSATION_VALUES, ["design"]);

const lines = fc.oneof(filterish, groupLine, callLine, userLine, messageLine, conversationLine, anyText(), fc.string({ unit: "binary-ascii" }));

interface Grammar {
  name: string;
  parse: (line: string, options: { now: number }) => ParsedFilter;
  format: (params: Record<string, string>) => string;
  /** Parameter sets a parse can produce. */
  valid: fc.Arbitrary<Record<string, string>>;
  /** Lines of this grammar's own tokens. */
  line: fc.Arbitrary<string>;
}

const GRAMMARS: Grammar[] = [
  { name: "groups", parse: parseGroupFilter, format: formatGroupFilter, valid: validGroupParams, line: groupLine },
  { name: "calls", parse: parseCallFilter, format: formatCallFilter, valid: validCallParams, line: callLine },
  { name: "users", parse: parseUserFilter, format: formatUserFilter, valid: validUserParams, line: userLine },
  { name: "messages", parse: parseMessageFilter, format: formatMessageFilter, valid: validMessageParams, line: messageLine },
  { name: "conversations", parse: parseConversationFilter, format: formatConversationFilter, valid: validConversationParams, line: conversationLine },
];

describe("format then parse gives the parameters back", () => {
  it.each(GRAMMARS)("$name", ({ parse, format, valid }) => {
    fc.assert(
      fc.property(valid, (p) => {
        const parsed = parse(format(p), { now: NOW });
        expect(parsed.errors).toEqual([]);
        expect(parsed.params).toEqual(p);
      }),
      RUNS,
    );
  });
});

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
  it.each(GRAMMARS)("parses as $name without throwing; tokens and errors lie within the line", ({ parse }) => {
    fc.assert(
      fc.property(lines, (line) => checkWellFormed(line, parse(line, { now: NOW }))),
      RUNS,
    );
  });

  it.each(GRAMMARS)("that parses as $name is written back to a line with the same meaning", ({ parse, format, line: ownLine }) => {
    fc.assert(
      fc.property(fc.oneof(ownLine, filterish), (line) => {
        const { params, errors } = parse(line, { now: NOW });
        if (errors.length === 0) expect(parse(format(params), { now: NOW }).params).toEqual(params);
      }),
      RUNS,
    );
  });
});
