import * as v from "valibot";

/**
 * Shapes of the service's answers (valibot: it tree-shakes to a few kB, so a
 * one-shot command starts fast). Every object keeps the fields it does not
 * name, and each accepts the variants api-notes.md lists: numbers sent as
 * strings, the groups cursor at the top level or in meta, a call's `data` as an
 * object or a one-element array, a participant's total as `totalDuration` or
 * `totalDurationInMinutes`.
 */

/** A number, also when sent as a numeric string (the recording webhook does). */
const num = v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))]);
const int = v.pipe(num, v.integer());
const opt = <S extends v.GenericSchema>(schema: S) => v.optional(schema);

export const paginationSchema = v.looseObject({
  total: int,
  count: int,
  per_page: opt(int), // one example of GET /calls omits it
  current_page: int,
  total_pages: int,
});

export const cursorSchema = v.looseObject({ updatedAt: int, affix: v.picklist(["append", "prepend"]) });
export type Cursor = v.InferOutput<typeof cursorSchema>;

export const groupSchema = v.looseObject({
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
  owner: opt(v.string()),
  tags: opt(v.array(v.string())),
  metadata: opt(v.record(v.string(), v.unknown())),
});
export type Group = v.InferOutput<typeof groupSchema>;

export const groupListSchema = v.pipe(
  v.looseObject({
    data: v.array(groupSchema),
    meta: opt(v.looseObject({ pagination: opt(paginationSchema), cursor: opt(cursorSchema) })),
    cursor: opt(cursorSchema),
  }),
  // The SDK reads meta.cursor; the official schema declares it at the top level: read either.
  v.transform((body) => ({ ...body, cursor: body.meta?.cursor ?? body.cursor })),
);

export const groupDetailSchema = v.looseObject({ data: groupSchema });

/** A member: a user plus the member's scope and joinedAt. */
export const memberSchema = v.looseObject({
  uid: v.string(),
  name: opt(v.string()),
  scope: opt(v.string()),
  joinedAt: opt(int),
  status: opt(v.string()),
  role: opt(v.string()),
});
export type Member = v.InferOutput<typeof memberSchema>;

export const memberListSchema = v.looseObject({
  data: v.array(memberSchema),
  meta: opt(v.looseObject({ pagination: opt(paginationSchema) })),
});

export const participantSchema = v.pipe(
  v.looseObject({
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
  v.transform((p) => ({ ...p, totalDurationInMinutes: p.totalDurationInMinutes ?? p.totalDuration })),
);
export type Participant = v.InferOutput<typeof participantSchema>;

export const recordingSchema = v.looseObject({
  rid: v.string(),
  recording_url: opt(v.string()),
  startTime: opt(int),
  endTime: opt(int),
  duration: opt(num),
});
export type Recording = v.InferOutput<typeof recordingSchema>;

export const callSchema = v.looseObject({
  sessionId: v.string(),
  type: opt(v.string()),
  mode: opt(v.string()),
  receiverType: opt(v.string()),
  status: opt(v.string()),
  initiator: opt(v.string()),
  receiver: opt(v.string()),
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
});
export type Call = v.InferOutput<typeof callSchema>;

export const callListSchema = v.looseObject({
  data: v.array(callSchema),
  meta: opt(v.looseObject({ pagination: opt(paginationSchema) })),
});

export const callDetailSchema = v.looseObject({
  data: v.union([callSchema, v.pipe(v.tuple([callSchema]), v.transform(([call]) => call))]),
});

export const appSchema = v.looseObject({
  id: v.string(),
  name: opt(v.string()),
  region: v.string(),
  apiKeys: opt(v.record(v.string(), v.looseObject({ apiKey: opt(v.string()), scope: opt(v.string()), name: opt(v.string()) }))),
});
export type ManagedApp = v.InferOutput<typeof appSchema>;

export const appListSchema = v.looseObject({
  data: v.array(appSchema),
  meta: opt(v.looseObject({ pagination: opt(paginationSchema) })),
});

/** The first problem of a failed parse, as "data[3].participants[0].uid: expected string". */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]!;
  const path = (issue.path ?? []).reduce<string>((out, item) => {
    const key = item.key as string | number;
    return typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${key}` : String(key);
  }, "");
  return `${path || "the body"}: ${issue.message}`;
}
