import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";

interface WireParticipant {
  uid: string; deviceId?: string; isJoined: boolean; joinedAt?: number; leftAt?: number; mid?: string; state: string;
  totalAudioMinutes: number; totalVideoMinutes: number; totalDurationInMinutes?: number; totalDuration?: number; name?: string;
}
interface WireTranscription { tid: string; mid: string; roomName: string; startTime: number; endTime: number; transcriptDate: string | number; transcriptUrl: string }
interface WireRecording { rid: string; recording_url: string; startTime: number | string; endTime: number; duration: number | string }
interface WireCall {
  sessionId: string; type: string; mode: string; receiverType: string; status: string; initiator: string; receiver: string;
  totalAudioMinutes: number; totalVideoMinutes: number; totalDurationInMinutes: number; totalDuration: string; totalParticipants: number;
  hasRecording: boolean; hasTranscription: boolean; startedAt: number; endedAt?: number;
  participants: WireParticipant[]; recordings?: WireRecording[]; transcriptions?: WireTranscription[];
}
type Params = Record<string, string | number | boolean>;

const SIZES = { apps: 3, groups: 60, calls: 300, users: 40 };
let fx: EmulatorFixture;
/** Every call of every app, as GET /calls?perPage=1000 answers. */
const all: WireCall[][] = [];
const guids: Set<string>[] = [];

async function list(params: Params, headers: Record<string, string> = {}, app = 0) {
  const reply = await fx.calls("/calls", params, headers, app);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as { data: WireCall[]; meta: { pagination: Record<string, number> } };
}
const calls = async (params: Params, headers: Record<string, string> = {}) => (await list({ ...params, perPage: 1000 }, headers)).data;
const ids = (cs: WireCall[]) => cs.map((c) => c.sessionId);
const uidsOf = (c: WireCall) => new Set([c.initiator, ...(c.receiverType === "user" ? [c.receiver] : []), ...c.participants.map((p) => p.uid)]);

/** The filtered answer is exactly the reference calls that match, in the same order, and not empty. */
async function expectFilter(params: Params, keep: (c: WireCall) => boolean) {
  const got = await calls(params);
  for (const c of got) expect(keep(c), `${JSON.stringify(params)} let through ${c.sessionId}`).toBe(true);
  expect(ids(got)).toEqual(ids(all[0]!.filter(keep)));
  expect(got.length, JSON.stringify(params)).toBeGreaterThan(0);
  return got;
}

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: SIZES });
  for (let app = 0; app < SIZES.apps; app++) {
    const body = await list({ perPage: 1000 }, {}, app);
    expect(body.data).toHaveLength(SIZES.calls);
    all.push(body.data);
    const groups = await fx.chat("/groups", { perPage: 1000 }, {}, app);
    guids.push(new Set(groups.body.data.map((g: { guid: string }) => g.guid)));
  }
});
afterAll(() => fx.close());

describe("GET /calls envelope", () => {
  it("pages consistently, newest first", async () => {
    const pages: WireCall[] = [];
    for (let page = 1; page <= 9; page++) {
      const body = await list({ perPage: 37, page });
      expect(body.meta.pagination).toEqual({ total: 300, count: page < 9 ? 37 : 300 - 8 * 37, per_page: 37, current_page: page, total_pages: 9 });
      pages.push(...body.data);
    }
    expect(ids(pages)).toEqual(ids(all[0]!));
    expect(new Set(ids(pages)).size).toBe(300);
    for (let i = 1; i < pages.length; i++) expect(pages[i]!.startedAt).toBeLessThanOrEqual(pages[i - 1]!.startedAt);
    const beyond = await list({ perPage: 37, page: 10 });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination).toMatchObject({ total: 300, count: 0, current_page: 10 });
    expect((await list({})).meta.pagination).toMatchObject({ per_page: 100, count: 100, total_pages: 3 });
  });
});

describe("GET /calls filters", () => {
  it("type, mode, receiverType", async () => {
    await expectFilter({ type: "audio" }, (c) => c.type === "audio");
    await expectFilter({ type: "video" }, (c) => c.type === "video");
    for (const mode of ["call", "meet", "presenter"]) await expectFilter({ mode }, (c) => c.mode === mode);
    await expectFilter({ receiverType: "group" }, (c) => c.receiverType === "group");
    await expectFilter({ receiverType: "user" }, (c) => c.receiverType === "user");
  });

  it("status, one or a comma list", async () => {
    await expectFilter({ status: "ended" }, (c) => c.status === "ended");
    await expectFilter({ status: "unanswered" }, (c) => c.status === "unanswered");
    await expectFilter({ status: "ongoing,initiated" }, (c) => c.status === "ongoing" || c.status === "initiated");
    await expectFilter({ status: "rejected,canceled,unanswered" }, (c) => ["rejected", "canceled", "unanswered"].includes(c.status));
  });

  it("uid: calls that include the user as initiator, receiver or participant", async () => {
    const counts = new Map<string, number>();
    for (const c of all[0]!) for (const u of uidsOf(c)) counts.set(u, (counts.get(u) ?? 0) + 1);
    const uid = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    await expectFilter({ uid }, (c) => uidsOf(c).has(uid));
    // Receivers of one-to-one calls count even when they never joined.
    const unanswered = all[0]!.find((c) => c.receiverType === "user" && c.status === "unanswered" && c.receiver !== c.initiator)!;
    const got = await calls({ uid: unanswered.receiver });
    expect(ids(got)).toContain(unanswered.sessionId);
    expect(await calls({ uid: "no-such-user" })).toEqual([]);
  });

  it("hasRecording and hasTranscription", async () => {
    await expectFilter({ hasRecording: true }, (c) => c.hasRecording && (c.recordings?.length ?? 0) > 0);
    await expectFilter({ hasRecording: false }, (c) => !c.hasRecording && c.recordings === undefined);
    await expectFilter({ hasTranscription: true }, (c) => c.hasTranscription);
    await expectFilter({ hasTranscription: "false" }, (c) => !c.hasTranscription);
  });

  it("participantsCount, exact and with operators", async () => {
    await expectFilter({ participantsCount: 2 }, (c) => c.totalParticipants === 2);
    await expectFilter({ "participantsCount[gte]": 5 }, (c) => c.totalParticipants >= 5);
    await expectFilter({ "participantsCount[gte]": 3, "participantsCount[lte]": 6 }, (c) => c.totalParticipants >= 3 && c.totalParticipants <= 6);
    await expectFilter({ "participantsCount[gt]": 10 }, (c) => c.totalParticipants > 10);
  });

  it("startedAt=T keeps calls started at or after T; endedAt=T calls ended at or before T", async () => {
    const starts = all[0]!.map((c) => c.startedAt).sort((a, b) => a - b);
    const median = starts[Math.floor(starts.length / 2)]!;
    const got = await expectFilter({ startedAt: median }, (c) => c.startedAt >= median);
    expect(got.some((c) => c.startedAt === median)).toBe(true);
    const ends = all[0]!.flatMap((c) => (c.endedAt === undefined ? [] : [c.endedAt])).sort((a, b) => a - b);
    const endMedian = ends[Math.floor(ends.length / 2)]!;
    await expectFilter({ endedAt: endMedian }, (c) => c.endedAt !== undefined && c.endedAt <= endMedian);
    // A call still running has not ended before any time.
    expect((await calls({ endedAt: 4_000_000_000 })).every((c) => c.endedAt !== undefined)).toBe(true);
  });

  it("combinations narrow together", async () => {
    await expectFilter({ receiverType: "group", status: "ended", type: "video" },
      (c) => c.receiverType === "group" && c.status === "ended" && c.type === "video");
    const uid = all[0]!.find((c) => c.hasRecording)!.initiator;
    await expectFilter({ uid, hasRecording: true }, (c) => uidsOf(c).has(uid) && c.hasRecording);
    const starts = all[0]!.map((c) => c.startedAt).sort((a, b) => a - b);
    const from = starts[Math.floor(starts.length / 4)]!;
    await expectFilter({ startedAt: from, "participantsCount[gte]": 2, mode: "call", status: "ended,rejected" },
      (c) => c.startedAt >= from && c.totalParticipants >= 2 && c.mode === "call" && ["ended", "rejected"].includes(c.status));
  });

  it("malformed values → 400 ERR_BAD_REQUEST naming the parameter", async () => {
    const cases: Array<[Params, string]> = [
      [{ status: "bogus" }, "status"], [{ status: "ended,bogus" }, "status"], [{ perPage: 0 }, "perPage"],
      [{ perPage: 1001 }, "perPage"], [{ startedAt: "abc" }, "startedAt"], [{ endedAt: "1.5" }, "endedAt"],
      [{ type: "hologram" }, "type"], [{ mode: "party" }, "mode"], [{ receiverType: "room" }, "receiverType"],
      [{ hasRecording: "maybe" }, "hasRecording"], [{ participantsCount: "many" }, "participantsCount"],
      [{ "participantsCount[near]": 3 }, "participantsCount[near]"], [{ page: 0 }, "page"],
    ];
    for (const [params, name] of cases) {
      const error = expectServiceError(await fx.calls("/calls", params), 400, "ERR_BAD_REQUEST", "calls-api");
      expect(Object.keys(error.details!), JSON.stringify(params)).toEqual([name]);
    }
    const two = expectServiceError(await fx.calls("/calls", { status: "x", perPage: 0 }), 400, "ERR_BAD_REQUEST", "calls-api");
    expect(Object.keys(two.details!).sort()).toEqual(["perPage", "status"]);
  });

  it("onBehalfOf scopes the list to that user's calls", async () => {
    const uid = all[0]![0]!.initiator;
    const scoped = await calls({}, { onBehalfOf: uid });
    expect(scoped.length).toBeGreaterThan(0);
    expect(ids(scoped)).toEqual(ids(all[0]!.filter((c) => uidsOf(c).has(uid))));
    const narrowed = await calls({ status: "ended" }, { onBehalfOf: uid });
    expect(ids(narrowed)).toEqual(ids(scoped.filter((c) => c.status === "ended")));
  });
});

describe("generated calls, over every app", () => {
  const every = () => all.flatMap((cs, app) => cs.map((c) => ({ c, app })));
  const near = (a: number, b: number, tolerance = 0.05) => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThanOrEqual(tolerance);

  it("sessionIds carry the app's own region and appId, and are unique", () => {
    for (const { c, app } of every()) {
      const { appId, region } = fx.app(app);
      expect(c.sessionId).toMatch(new RegExp(`^v1\\.(us|eu|in)\\.${appId}\\.\\w+$`));
      expect(c.sessionId.split(".")[1]).toBe(region);
    }
    expect(new Set(every().map(({ c }) => c.sessionId)).size).toBe(SIZES.apps * SIZES.calls);
  });

  it("every status and every mode occurs", () => {
    const statuses = new Set(every().map(({ c }) => c.status));
    expect([...statuses].sort()).toEqual(["canceled", "ended", "initiated", "ongoing", "rejected", "unanswered"]);
    expect([...new Set(every().map(({ c }) => c.mode))].sort()).toEqual(["call", "meet", "presenter"]);
    expect([...new Set(every().map(({ c }) => c.type))].sort()).toEqual(["audio", "video"]);
  });

  it("totals add up over the participant entries", () => {
    for (const { c } of every()) {
      expect(c.totalParticipants).toBe(c.participants.length);
      expect(c.totalParticipants).toBeLessThanOrEqual(50);
      near(c.totalAudioMinutes, c.participants.reduce((s, p) => s + p.totalAudioMinutes, 0));
      near(c.totalVideoMinutes, c.participants.reduce((s, p) => s + p.totalVideoMinutes, 0));
      near(c.totalDurationInMinutes, c.participants.reduce((s, p) => s + p.totalDuration!, 0));
      near(c.totalDurationInMinutes, c.totalAudioMinutes + c.totalVideoMinutes);
      const timer = /^(\d{2,}):([0-5]\d):([0-5]\d)$/.exec(c.totalDuration);
      expect(timer, c.totalDuration).not.toBeNull();
      const seconds = Number(timer![1]) * 3600 + Number(timer![2]) * 60 + Number(timer![3]);
      near(seconds, c.totalDurationInMinutes * 60, 2);
      if (c.type === "audio") expect(c.totalVideoMinutes).toBe(0);
    }
  });

  it("participants who never joined have no device, times or mid; someone joins from several devices", () => {
    let multiDevice = 0;
    for (const { c } of every()) {
      for (const p of c.participants) {
        if (!p.isJoined) {
          for (const field of ["deviceId", "joinedAt", "leftAt", "mid"]) expect(p, c.sessionId).not.toHaveProperty(field);
          expect(["unanswered", "rejected"]).toContain(p.state);
          expect(p.totalDuration).toBe(0);
        } else {
          expect(p.deviceId).toEqual(expect.any(String));
          expect(p.joinedAt).toBeGreaterThanOrEqual(c.startedAt);
          if (p.leftAt !== undefined) expect(p.leftAt).toBeGreaterThanOrEqual(p.joinedAt!);
          expect(["ongoing", "ended"]).toContain(p.state);
        }
      }
      const devices = new Map<string, Set<string>>();
      for (const p of c.participants.filter((p) => p.isJoined)) (devices.get(p.uid) ?? devices.set(p.uid, new Set()).get(p.uid)!).add(p.deviceId!);
      if ([...devices.values()].some((d) => d.size > 1)) multiDevice++;
    }
    expect(multiDevice).toBeGreaterThan(0);
  });

  it("recordings agree with hasRecording and lie within the call", () => {
    for (const { c } of every()) {
      expect(c.hasRecording).toBe((c.recordings?.length ?? 0) > 0);
      expect(c.hasTranscription).toBe((c.transcriptions?.length ?? 0) > 0);
      expect(c.transcriptions?.length ?? 0).toBeLessThanOrEqual(5);
      for (const r of c.recordings ?? []) {
        expect(r).toEqual({ rid: expect.any(String), recording_url: expect.stringMatching(/^https:\/\//), startTime: expect.any(Number), endTime: expect.any(Number), duration: expect.any(Number) });
        const start = r.startTime as number;
        expect(start).toBeGreaterThanOrEqual(c.startedAt);
        expect(r.endTime).toBeGreaterThan(start);
        expect(r.endTime).toBeLessThanOrEqual(c.endedAt!);
        near(r.duration as number, (r.endTime - start) / 60, 0.01);
      }
    }
    expect(every().filter(({ c }) => c.hasRecording).length).toBeGreaterThan(0);
  });

  it("statuses agree with endedAt and with who joined", () => {
    for (const { c } of every()) {
      const joined = c.participants.filter((p) => p.isJoined);
      if (c.status === "ended") {
        expect(c.endedAt, c.sessionId).toEqual(expect.any(Number));
        expect(c.endedAt!).toBeGreaterThanOrEqual(c.startedAt);
      }
      if (c.status === "ongoing" || c.status === "initiated") {
        expect(c, c.sessionId).not.toHaveProperty("endedAt");
        expect(joined.length).toBeGreaterThan(0);
      }
      if (["unanswered", "rejected", "canceled"].includes(c.status)) expect(joined, c.sessionId).toEqual([]);
      if (c.status === "ongoing") expect(joined.some((p) => p.state === "ongoing")).toBe(true);
      for (const p of joined) {
        // Someone still in the call has not left; someone who left is no longer ongoing.
        expect(p.state === "ongoing", `${c.sessionId} ${p.uid}`).toBe(p.leftAt === undefined);
        if (c.endedAt !== undefined) expect(p.leftAt!, c.sessionId).toBeLessThanOrEqual(c.endedAt);
      }
    }
  });

  it("group calls go to an existing group; user calls to a user", () => {
    for (const { c, app } of every()) {
      expect(["user", "group"]).toContain(c.receiverType);
      if (c.receiverType === "group") expect(guids[app]!.has(c.receiver), c.receiver).toBe(true);
      else expect(guids[app]!.has(c.receiver)).toBe(false);
    }
  });
});

describe("GET /calls/{sessionId}", () => {
  it("answers {data: call}, the list item plus metaData and tags", async () => {
    let withMeta = 0;
    for (const item of all[0]!.filter((c, i) => c.hasRecording || i % 10 === 0)) {
      const reply = await fx.calls(`/calls/${item.sessionId}`);
      expect(reply.status, reply.text).toBe(200);
      expect(Object.keys(reply.body)).toEqual(["data"]);
      const { metaData, tags, ...rest } = reply.body.data;
      expect(rest).toEqual(item);
      // Both always sent, as the detail's example sends them: [] when the call has none.
      expect(typeof metaData).toBe("object");
      if (!Array.isArray(metaData)) withMeta++;
      expect(Array.isArray(tags) && tags.every((t: unknown) => typeof t === "string")).toBe(true);
    }
    expect(withMeta).toBeGreaterThan(0);
  });

  it("unknown → 404 ERR_CALL_SESSION_NOT_FOUND, also for another app's call", async () => {
    expectServiceError(await fx.calls("/calls/v1.us.nothing.123"), 404, "ERR_CALL_SESSION_NOT_FOUND", "calls-api");
    expectServiceError(await fx.calls(`/calls/${all[1]![0]!.sessionId}`), 404, "ERR_CALL_SESSION_NOT_FOUND", "calls-api");
    expectServiceError(await fx.calls("/calls/nope/transcriptions"), 404, "ERR_CALL_SESSION_NOT_FOUND", "calls-api");
  });

  it("with onBehalfOf: found for a user on the call, 404 for one who is not", async () => {
    const call = all[0]!.find((c) => c.receiverType === "user")!;
    const users = (await fx.chat("/users", { perPage: 1000 })).body.data.map((u: { uid: string }) => u.uid) as string[];
    const outsider = users.find((u) => !uidsOf(call).has(u))!;
    expect((await fx.calls(`/calls/${call.sessionId}`, {}, { onBehalfOf: call.receiver })).status).toBe(200);
    expect((await fx.calls(`/calls/${call.sessionId}`, {}, { onBehalfOf: call.initiator })).status).toBe(200);
    expectServiceError(await fx.calls(`/calls/${call.sessionId}`, {}, { onBehalfOf: outsider }), 404, "ERR_CALL_SESSION_NOT_FOUND", "calls-api");
  });

  it("transcriptions page", async () => {
    const call = all[0]!.find((c) => (c.transcriptions?.length ?? 0) >= 2)!;
    expect(call).toBeDefined();
    const n = call.transcriptions!.length;
    const whole = await fx.calls(`/calls/${call.sessionId}/transcriptions`);
    expect(whole.status, whole.text).toBe(200);
    expect(whole.body.data).toEqual(call.transcriptions);
    expect(whole.body.meta.pagination).toEqual({ total: n, count: n, per_page: 100, current_page: 1, total_pages: 1 });
    for (const t of whole.body.data) {
      expect(Object.keys(t).sort()).toEqual(["endTime", "mid", "roomName", "startTime", "tid", "transcriptDate", "transcriptUrl"]);
      // As the export's example: an ISO-8601 string, made after the call ended.
      expect(t.transcriptDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      expect(Date.parse(t.transcriptDate) / 1000).toBeGreaterThan(t.endTime);
    }
    const second = await fx.calls(`/calls/${call.sessionId}/transcriptions`, { perPage: 1, page: 2 });
    expect(second.body.data).toEqual([call.transcriptions![1]]);
    expect(second.body.meta.pagination).toEqual({ total: n, count: 1, per_page: 1, current_page: 2, total_pages: n });
    const none = all[0]!.find((c) => !c.hasTranscription)!;
    expect((await fx.calls(`/calls/${none.sessionId}/transcriptions`)).body).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
    expectServiceError(await fx.calls(`/calls/${call.sessionId}/transcriptions`, { perPage: 1001 }), 400, "ERR_BAD_REQUEST", "calls-api");
  });
});

describe("variants", () => {
  let vx: EmulatorFixture;
  beforeAll(async () => {
    vx = await emulatorFixture({ sizes: SIZES, variants: new Set(["call-data-array", "participant-in-minutes", "string-numbers", "transcript-date-seconds"] as const) });
  });
  afterAll(() => vx.close());

  it("call-data-array: GET /calls/{id} answers a one-element array whose participants have names", async () => {
    const item = all[0]![0]!;
    const reply = await vx.calls(`/calls/${item.sessionId}`);
    expect(reply.status, reply.text).toBe(200);
    expect(Array.isArray(reply.body.data)).toBe(true);
    expect(reply.body.data).toHaveLength(1);
    const call = reply.body.data[0];
    expect(call.sessionId).toBe(item.sessionId);
    const users = new Map<string, string>((await vx.chat("/users", { perPage: 1000 })).body.data.map((u: { uid: string; name: string }) => [u.uid, u.name]));
    for (const p of call.participants) expect(p.name).toBe(users.get(p.uid));
  });

  it("by default participants carry totalDuration (minutes), as the calls export's examples; participant-in-minutes: totalDurationInMinutes, the field table's", async () => {
    const listed = (await vx.calls("/calls", { perPage: 1000 })).body.data as WireCall[];
    expect(ids(listed)).toEqual(ids(all[0]!));
    for (const [i, c] of listed.entries()) {
      expect(c.totalDurationInMinutes).toBe(all[0]![i]!.totalDurationInMinutes);
      for (const [j, p] of c.participants.entries()) {
        const plain = all[0]![i]!.participants[j]!;
        expect(plain).not.toHaveProperty("totalDurationInMinutes");
        expect(p).not.toHaveProperty("totalDuration");
        expect(p.totalDurationInMinutes).toBe(plain.totalDuration);
      }
    }
  });

  it("transcript-date-seconds: transcriptDate in UNIX seconds, the same instant as the default's ISO string", async () => {
    const call = all[0]!.find((c) => (c.transcriptions?.length ?? 0) > 0)!;
    const sent = (await vx.calls(`/calls/${call.sessionId}/transcriptions`)).body.data as WireTranscription[];
    expect(sent.map((t) => t.transcriptDate)).toEqual(call.transcriptions!.map((t) => Date.parse(String(t.transcriptDate)) / 1000));
    expect(((await vx.calls(`/calls/${call.sessionId}`)).body.data[0] as WireCall).transcriptions).toEqual(sent);
  });

  it("string-numbers: recording duration and startTime are strings", async () => {
    const plain = all[0]!.find((c) => c.hasRecording)!;
    const reply = await vx.calls("/calls", { perPage: 1000, hasRecording: true });
    const call = (reply.body.data as WireCall[]).find((c) => c.sessionId === plain.sessionId)!;
    expect(call.recordings!.length).toBe(plain.recordings!.length);
    for (const [k, r] of call.recordings!.entries()) {
      expect(typeof r.duration).toBe("string");
      expect(typeof r.startTime).toBe("string");
      expect(Number(r.duration)).toBe(plain.recordings![k]!.duration);
      expect(Number(r.startTime)).toBe(plain.recordings![k]!.startTime);
      expect(r.endTime).toBe(plain.recordings![k]!.endTime);
    }
  });
});
