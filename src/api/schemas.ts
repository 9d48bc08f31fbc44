import * as v from "valibot";

/**
 * Shapes of the service's answers (valibot: it tree-shakes to a few kB, so a
 * one-shot command starts fast). Every object keeps the fields it does not
 * name, and each accepts the variants docs/service.md lists: numbers sent as
 * strings, the groups cursor at the top level or in meta, a call's `data` as an
 * object or a one-element array, a participant's total as `totalDuration` or
 * `totalDurationInMinutes`.
 */

/** A number, also when sent as a numeric string (the recording webhook does). */
export const num = v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))]);
export const int = v.pipe(num, v.integer());
/**
 * A time read as milliseconds, sent as a number or a numeric string, in seconds or in milliseconds: the
 * metrics' export calls its times a "Unix timestamp" and answers them in milliseconds. Below 1e11 (1973
 * in milliseconds, the year 5138 in seconds) a value is seconds.
 */
export const unixMs = v.pipe(num, v.transform((time) => (time < 1e11 ? time * 1000 : time)));
/** An id sent as a string or as a number: read as its text. */
export const idText = v.union([v.string(), v.pipe(v.number(), v.transform(String))]);
/** What `opt` does to what its field's schema read: null becomes absent, anything else stays (asIs knows it by identity). */
const NULL_AS_ABSENT = v.transform((value: unknown) => value ?? undefined);
/** A field that may be absent, or sent as `null` (the documented examples do): both read as absent. */
export const opt = <S extends v.GenericSchema>(schema: S) =>
  v.optional(v.pipe(v.nullable(schema), NULL_AS_ABSENT as unknown as v.TransformAction<v.InferOutput<S> | null, v.InferOutput<S> | undefined>));

type AsIs = (value: unknown) => boolean;
const asIsOf = new WeakMap<object, AsIs | null>();

/**
 * When it is quick to tell: which values `schema` reads as they are (it accepts them and gives them back
 * equal). Why: an answer's page of 100 items was read field by field through valibot, about 1,500 parses
 * of a string or a number on the explorer's first frame (docs/benchmarks.md); a value of the plain type
 * a field expects is kept without one, and any other value still goes through the schema. Undefined for a
 * schema whose effect it does not know. A property test (test/api/schemas-as-is.test.ts) holds it to
 * valibot's own reading.
 */
export function asIs(schema: v.GenericSchema): AsIs | undefined {
  if (!asIsOf.has(schema)) asIsOf.set(schema, derive(schema) ?? null);
  return asIsOf.get(schema) ?? undefined;
}

function derive(schema: v.GenericSchema): AsIs | undefined {
  const piped = (schema as { pipe?: readonly { kind: string; type: string }[] }).pipe;
  if (piped) {
    const base = asIs(piped[0] as v.GenericSchema);
    const steps = piped.slice(1);
    if (!base || !steps.every((step) => step === NULL_AS_ABSENT || step.type === "integer")) return undefined;
    const integer = steps.some((step) => step.type === "integer");
    return (value) => base(value) && (!integer || Number.isInteger(value));
  }
  const inner = (schema as { wrapped?: v.GenericSchema }).wrapped;
  switch (schema.type) {
    case "string":
      return (value) => typeof value === "string";
    case "number":
      return (value) => typeof value === "number" && !Number.isNaN(value);
    case "boolean":
      return (value) => typeof value === "boolean";
    // A union reads a value by its first option that accepts it: the first option's, then.
    case "union":
      return asIs((schema as unknown as { options: v.GenericSchema[] }).options[0]!);
    // Absent, or null, may be given a default or made absent: only present values are told.
    case "optional":
    case "nullable": {
      if ((schema as { default?: unknown }).default !== undefined || !inner) return undefined;
      const wrapped = asIs(inner);
      return wrapped && ((value) => value !== undefined && value !== null && wrapped(value));
    }
    case "array": {
      const item = asIs((schema as unknown as { item: v.GenericSchema }).item);
      return item && ((value) => Array.isArray(value) && value.every(item));
    }
    default:
      return undefined;
  }
}
/**
 * A user (or group) named by its uid, by a number, or by its entity object
 * (`{uid, name, avatar}`, a group's `{guid, …}`): read as the id.
 */
export const uidOrEntity = v.union([
  v.string(),
  v.pipe(v.number(), v.transform(String)),
  v.pipe(v.looseObject({ uid: v.string() }), v.transform((entity) => entity.uid)),
  v.pipe(v.looseObject({ guid: v.string() }), v.transform((entity) => entity.guid)),
]);
/**
 * Fields of an item that came in a form ccx cannot read, as sent: shown marked, never sinking the page.
 * Kept on the item under a registered symbol (not enumerable: JSON and spreads leave it out) rather than
 * in a module's WeakMap, since the explorer's store and its screens are bundled apart, each with its
 * own copy of this module: a WeakMap of one copy was empty in the other.
 */
const ODD = Symbol.for("ccx.oddFields");

/** The fields of `item` that could not be read, as the server sent them (undefined when none). */
export function oddFields(item: unknown): Record<string, unknown> | undefined {
  return item !== null && typeof item === "object" ? (item as { [ODD]?: Record<string, unknown> })[ODD] : undefined;
}

/** How a field that could not be read is shown: as sent (JSON), marked `[!]`, in tables and the explorer alike. */
export const ODD_MARK = "[!]";

/** What a table cell shows for `field`: `read(item)`, or the field as sent and marked when it could not be read. */
export function shownField<T>(item: unknown, field: string, read: () => T): T | string {
  const odd = oddFields(item);
  if (!odd || !Object.hasOwn(odd, field)) return read();
  const sent = JSON.stringify(odd[field]) ?? String(odd[field]);
  return `${ODD_MARK}${sent.length > 60 ? `${sent.slice(0, 59)}…` : sent}`;
}

/**
 * An item read tolerantly: it needs only its id (`id`'s schema must hold); every
 * other field is read by its schema when it can be, and otherwise left out of
 * the item and kept, as sent, in `oddFields`. Unknown fields are kept as sent.
 */
export function tolerantObject<F extends Record<string, v.GenericSchema>>(id: keyof F & string, fields: F) {
  // Told on the first item read, not as every schema is made when ccx starts.
  let readers: Array<{ name: string; schema: v.GenericSchema; quick?: AsIs }> | undefined;
  return v.pipe(
    v.looseObject({ [id]: fields[id]! }),
    v.transform((raw) => {
      const out: Record<string, unknown> = { ...raw };
      const odd: Record<string, unknown> = {};
      readers ??= Object.entries(fields).filter(([name]) => name !== id).map(([name, schema]) => ({ name, schema, quick: asIs(schema) }));
      for (const { name, schema, quick } of readers) {
        if (!Object.hasOwn(raw, name)) continue;
        const sent = (raw as Record<string, unknown>)[name];
        if (quick?.(sent)) continue;
        const read = v.safeParse(schema, sent);
        if (read.success) out[name] = read.output;
        else odd[name] = sent;
        if (!read.success || read.output === undefined) delete out[name];
      }
      if (Object.keys(odd).length > 0) Object.defineProperty(out, ODD, { value: odd, enumerable: false });
      return out as { [K in keyof F]: v.InferOutput<F[K]> } & Record<string, unknown>;
    }),
  );
}

/** A list's `data`: an array, or a single item sent alone (some answers do), read as a list of one. */
export const listOf = <S extends v.GenericSchema>(item: S) =>
  v.union([v.array(item), v.pipe(item, v.transform((one): Array<v.InferOutput<S>> => [one]))]);

/**
 * A map, also when sent as PHP's empty array `[]`. Any other list is no map (valibot's record takes an
 * array, read as `{0: …}`: fuzz: a message's `data` sent as `[true, "x"]` lost its text unmarked).
 */
export const map = v.union([
  v.pipe(v.custom<unknown>((value) => !Array.isArray(value), "Expected a map but received a list"), v.record(v.string(), v.unknown())),
  v.pipe(v.strictTuple([]), v.transform((): Record<string, unknown> => ({}))),
]);

/**
 * How deep an answer may nest. JSON.parse reads a million levels, but
 * JSON.stringify (--json, the group view, copying) overflows the stack at a
 * few thousand (fuzz: metadata nested 5,000 deep passed the schema, then
 * crashed the printing). No answer of the API comes near this.
 */
export const MAX_DEPTH = 512;

type PathKey = string | number;

/** Whether `value` nests deeper than MAX_DEPTH. Iterative (no stack to overflow) and lean: it runs on every answer. */
function nestsTooDeep(value: unknown, depthOfValue = 1): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [depthOfValue];
  while (values.length > 0) {
    const item = values.pop();
    const depth = depths.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth > MAX_DEPTH) return true;
    const children: unknown[] = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) {
      if (child !== null && typeof child === "object") {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** The first levels of the way to where `value` nests deeper than MAX_DEPTH (only asked once it does). */
function deepPlace(value: unknown): PathKey[] {
  const path: PathKey[] = [];
  for (let item = value, depth = 1; path.length < 4 && item !== null && typeof item === "object"; depth++) {
    const entries: Array<[PathKey, unknown]> = Array.isArray(item) ? item.map((child, i) => [i, child]) : Object.entries(item);
    const next = entries.find(([, child]) => nestsTooDeep(child, depth + 1));
    if (!next) break;
    path.push(next[0]);
    item = next[1];
  }
  return path;
}

/** A whole answer: refused first when it nests too deep to be printed. */
export const answer = <S extends v.GenericSchema>(schema: S) =>
  v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      if (nestsTooDeep(dataset.value)) addIssue({ message: `nested deeper than ${MAX_DEPTH} levels, under ${formatPath(deepPlace(dataset.value)) || "the top"}…` });
    }),
    schema,
  );

/**
 * Any list's answer, as the explorer reads every resource's: an object whose `data`, when sent, is a list, an
 * object of items (keyed by place, or one item alone) or null, never a bare string or number; refused when it
 * nests too deep to print. The items are read by their resource's schema after.
 */
export const anyListSchema = answer(v.looseObject({ data: v.optional(v.union([v.array(v.unknown()), v.record(v.string(), v.unknown()), v.null()])) }));

/** Any field may be missing (examples omit per_page, even total) or a string: ccx never sizes anything by them alone. */
export const paginationSchema = v.looseObject({
  total: opt(int),
  count: opt(int),
  per_page: opt(int),
  current_page: opt(int),
  total_pages: opt(int),
});

export const cursorSchema = v.looseObject({ updatedAt: int, affix: v.picklist(["append", "prepend"]) });
export type Cursor = v.InferOutput<typeof cursorSchema>;

// A paging block or a cursor of another shape is not read (ccx pages on without it) rather than sinking the page.
export const lenientPaging = v.fallback(opt(paginationSchema), undefined);
const lenientCursor = v.fallback(opt(cursorSchema), undefined);

export const groupSchema = tolerantObject("guid", {
  guid: v.string(),
  name: opt(v.string()),
  description: opt(v.string()),
  icon: opt(v.string()),
  type: opt(v.string()),
  scope: opt(v.string()),
  membersCount: opt(int),
  joinedAt: opt(int),
  conversationId: opt(v.string()),
  hasJoined: opt(v.boolean()),
  createdAt: opt(int),
  updatedAt: opt(int),
  owner: opt(uidOrEntity),
  tags: opt(v.array(v.string())),
  metadata: opt(map),
});
export type Group = v.InferOutput<typeof groupSchema>;

export const groupListSchema = answer(v.pipe(
  v.looseObject({
    data: listOf(groupSchema),
    meta: opt(v.looseObject({ pagination: lenientPaging, cursor: lenientCursor })),
    cursor: lenientCursor,
  }),
  // The SDK reads meta.cursor; the official schema declares it at the top level: read either.
  v.transform((body) => ({ ...body, cursor: body.meta?.cursor ?? body.cursor })),
));

/**
 * A detail that came back empty (`[]`, `{}`, `null` or no `data`), as some versions answer for an id they
 * do not have: read as undefined, for the caller to say not found.
 */
export const emptyDetail = v.pipe(
  v.union([v.null(), v.strictTuple([]), v.pipe(v.record(v.string(), v.unknown()), v.check((o) => Object.keys(o).length === 0))]),
  v.transform(() => undefined),
);

/** One item's `data`: the item, or a list of one where the docs show an object (the reverse of listOf). */
export const oneOf = <S extends v.GenericSchema>(item: S): v.GenericSchema<unknown, v.InferOutput<S>> =>
  v.union([item, v.pipe(v.tuple([item]), v.transform(([one]) => one))]) as v.GenericSchema<unknown, v.InferOutput<S>>;

export const groupDetailSchema = answer(v.looseObject({ data: v.optional(v.union([oneOf(groupSchema), emptyDetail])) }));

export const participantSchema = v.pipe(
  tolerantObject("uid", {
    uid: v.string(),
    deviceId: opt(v.string()),
    isJoined: opt(v.boolean()),
    joinedAt: opt(int),
    leftAt: opt(int),
    state: opt(v.string()),
    totalAudioMinutes: opt(num),
    totalVideoMinutes: opt(num),
    totalDurationInMinutes: opt(num),
    totalDuration: opt(num),
    name: opt(v.string()),
    avatar: opt(v.string()),
  }),
  // Examples send the total as totalDuration (minutes), the field table as totalDurationInMinutes.
  // In place: the item's odd fields are known by the object itself.
  v.transform((p) => Object.assign(p, { totalDurationInMinutes: p.totalDurationInMinutes ?? p.totalDuration })),
);
export type Participant = v.InferOutput<typeof participantSchema>;

/**
 * The name a participant's minutes came under, for a cell to mark them when they could not be read:
 * `totalDuration` (the examples') when that is what was sent, else `totalDurationInMinutes`.
 */
export function participantMinutesField(p: Participant): "totalDuration" | "totalDurationInMinutes" {
  return p.totalDurationInMinutes === undefined && Object.hasOwn(oddFields(p) ?? {}, "totalDuration") ? "totalDuration" : "totalDurationInMinutes";
}

export const recordingSchema = tolerantObject("rid", {
  // Some sources send a recording without its rid: it is then known by its URL or its place.
  rid: opt(v.string()),
  recording_url: opt(v.string()),
  startTime: opt(int),
  endTime: opt(int),
  duration: opt(num),
});
export type Recording = v.InferOutput<typeof recordingSchema>;

/** A call's fields and how each is read: the calls list reads them all, `ccx stats` those it counts. */
export const CALL_FIELDS = {
  sessionId: v.string(),
  type: opt(v.string()),
  mode: opt(v.string()),
  receiverType: opt(v.string()),
  status: opt(v.string()),
  initiator: opt(uidOrEntity),
  receiver: opt(uidOrEntity),
  totalAudioMinutes: opt(num),
  totalVideoMinutes: opt(num),
  totalDurationInMinutes: opt(num),
  totalDuration: opt(v.string()),
  totalParticipants: opt(int),
  hasRecording: opt(v.boolean()),
  initiatedAt: opt(int),
  startedAt: opt(int),
  endedAt: opt(int),
  participants: opt(v.array(participantSchema)),
  recordings: opt(v.array(recordingSchema)),
};
export const callSchema = tolerantObject("sessionId", CALL_FIELDS);
export type Call = v.InferOutput<typeof callSchema>;

export const callListSchema = answer(v.looseObject({
  data: listOf(callSchema),
  meta: opt(v.looseObject({ pagination: lenientPaging })),
}));

export const callDetailSchema = answer(v.looseObject({
  data: v.optional(v.union([oneOf(callSchema), emptyDetail])),
}));

export const appSchema = v.looseObject({
  id: v.string(),
  name: opt(v.string()),
  region: v.string(),
  apiKeys: opt(v.record(v.string(), v.looseObject({ apiKey: opt(v.string()), scope: opt(v.string()), name: opt(v.string()) }))),
});
export type ManagedApp = v.InferOutput<typeof appSchema>;

export const appListSchema = answer(v.looseObject({
  // The documented example of GET /apps answers one app as `data` itself.
  data: listOf(appSchema),
  meta: opt(v.looseObject({ pagination: lenientPaging })),
}));

/**
 * A union's own issue ("data: Expected (Object | Array) but received Object")
 * hides why each option failed: the option that got furthest into the value
 * says what is wrong (fuzz: a bad participant inside a call's data was
 * reported as data being the wrong type). Sub-issue paths are relative to the union.
 */
function deepestIssue(issue: v.BaseIssue<unknown>, base: PathKey[]): { path: PathKey[]; message: string } {
  const own = [...base, ...(issue.path ?? []).map((item) => item.key as PathKey)];
  let best = { path: own, message: issue.message };
  for (const sub of issue.issues ?? []) {
    const candidate = deepestIssue(sub, own);
    if (candidate.path.length > best.path.length) best = candidate;
  }
  return best;
}

/** One line, at most `max` characters: server keys and values can be anything (fuzz: a received string with newlines). */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/[\r\n\u2028\u2029]/g, (c) => JSON.stringify(c).slice(1, -1));
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The first problem of a failed parse, as "data[3].participants[0].uid: expected string". */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const { path, message } = deepestIssue(issues[0]!, []);
  return oneLine(`${formatPath(path) || "the body"}: ${message}`, 300);
}

/** `data[3].participants[0].uid`; a key that is not a plain word is quoted (fuzz: a key ":"), a long one shortened. */
function formatPath(path: readonly PathKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    const name = /^[\w$-]+$/.test(String(key)) ? oneLine(String(key), 40) : oneLine(JSON.stringify(String(key)), 40);
    return out ? `${out}.${name}` : name;
  }, "");
}
