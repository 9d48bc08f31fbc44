import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOW, type EmulatorSettings } from "../../src/emulator/options.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * --live: the world moves with the clock. Time is driven through the clock
 * hooks (`clock`, `emulator.live.advance`), never by sleeping.
 */

interface WireParticipant { uid: string; deviceId?: string; isJoined: boolean; joinedAt?: number; leftAt?: number; state: string; totalDuration: number }
interface WireCall {
  sessionId: string; status: string; initiator: string; startedAt: number; endedAt?: number; totalParticipants: number;
  totalAudioMinutes: number; totalVideoMinutes: number; totalDurationInMinutes: number; hasRecording: boolean;
  participants: WireParticipant[]; recordings?: Array<{ startTime: number; endTime: number; recording_url: string }>;
}

const SIZES = { apps: 2, groups: 30, calls: 40, users: 20, messages: 10 };
/** A clock that stands still: the live world moves only when a test advances it. */
const still = (): EmulatorSettings => ({ sizes: SIZES, live: true, clock: () => 0 });

const fixtures: EmulatorFixture[] = [];
async function start(options: EmulatorSettings): Promise<EmulatorFixture> {
  const fx = await emulatorFixture(options);
  fixtures.push(fx);
  return fx;
}
afterAll(() => Promise.all(fixtures.map((fx) => fx.close())));

async function list(fx: EmulatorFixture, params: Record<string, string | number> = {}, app = 0): Promise<WireCall[]> {
  const reply = await fx.calls("/calls", { perPage: 1000, ...params }, {}, app);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}
/** Answers with the emulator's own origin taken out: two emulators differ only by their port. */
const plain = (fx: EmulatorFixture, body: unknown) => JSON.stringify(body).replaceAll(fx.info.url, "ORIGIN");

/** What any moment of the world must hold, as the generated calls do. */
function expectConsistent(calls: WireCall[]): void {
  expect(new Set(calls.map((c) => c.sessionId)).size).toBe(calls.length);
  for (let i = 1; i < calls.length; i++) expect(calls[i]!.startedAt).toBeLessThanOrEqual(calls[i - 1]!.startedAt);
  for (const c of calls) {
    const joined = c.participants.filter((p) => p.isJoined);
    expect(c.totalParticipants).toBe(c.participants.length);
    expect(Math.abs(c.totalDurationInMinutes - c.participants.reduce((s, p) => s + p.totalDuration, 0))).toBeLessThan(0.05);
    expect(c.hasRecording).toBe((c.recordings?.length ?? 0) > 0);
    if (c.status === "ongoing" || c.status === "initiated") {
      expect(c.endedAt, c.sessionId).toBeUndefined();
      expect(joined.length, c.sessionId).toBeGreaterThan(0);
    } else {
      expect(c.endedAt, c.sessionId).toEqual(expect.any(Number));
    }
    if (c.status === "ongoing") expect(joined.some((p) => p.state === "ongoing"), c.sessionId).toBe(true);
    if (["unanswered", "rejected", "canceled"].includes(c.status)) expect(joined, c.sessionId).toEqual([]);
    for (const p of joined) {
      expect(p.joinedAt!).toBeGreaterThanOrEqual(c.startedAt);
      expect(p.state === "ongoing").toBe(p.leftAt === undefined);
      if (c.endedAt !== undefined) expect(p.leftAt!).toBeLessThanOrEqual(c.endedAt);
    }
    for (const r of c.recordings ?? []) expect(r.endTime).toBeLessThanOrEqual(c.endedAt!);
  }
}

describe("the live clock", () => {
  let a: EmulatorFixture;
  beforeAll(async () => {
    a = await start(still());
  });

  it("starts at the later of --now and the clock, and only moves forward", async () => {
    expect(a.emulator.live!.anchor).toBe(DEFAULT_NOW);
    expect(a.emulator.live!.tick()).toBe(DEFAULT_NOW);
    expect(a.emulator.live!.advance(1500)).toBe(DEFAULT_NOW + 1);
    expect(() => a.emulator.live!.advance(-1)).toThrow(RangeError);
    const wall = await start({ ...still(), clock: () => (DEFAULT_NOW + 86_400) * 1000 });
    expect(wall.emulator.live!.anchor).toBe(DEFAULT_NOW + 86_400);
    // The calls the seed left ongoing ended minutes after --now, long before a run that starts a day later.
    expect(await list(wall, { status: "initiated,ongoing" })).toEqual([]);
    const off = await start({ sizes: SIZES });
    expect(off.emulator.live).toBeUndefined();
  });

  it("liveSpeed runs the world N times faster than the clock", async () => {
    let ms = 0;
    const fast = await start({ ...still(), liveSpeed: 10, clock: () => ms });
    ms = 30_000;
    expect(fast.emulator.live!.tick()).toBe(DEFAULT_NOW + 300);
    expect((await list(fast)).filter((c) => c.startedAt > DEFAULT_NOW).length).toBeGreaterThan(50);
  });
});

describe("determinism", () => {
  it("same seed, same start, same elapsed time: the same answers, however often the world was asked", async () => {
    const [a, b, other] = [await start(still()), await start(still()), await start({ ...still(), seed: 2 })];
    let ms = 0;
    const sped = await start({ ...still(), liveSpeed: 4, clock: () => ms });
    // a is asked every 9 s of the 9 minutes; b and the sped-up one only at the end.
    for (let step = 0; step < 60; step++) {
      a.emulator.live!.advance(9000);
      await list(a);
    }
    b.emulator.live!.advance(540_000);
    other.emulator.live!.advance(540_000);
    ms = 135_000;
    for (const app of [0, 1]) {
      const expected = plain(a, await list(a, {}, app));
      expect(plain(b, await list(b, {}, app))).toBe(expected);
      expect(plain(sped, await list(sped, {}, app))).toBe(expected);
      expect(plain(other, await list(other, {}, app))).not.toBe(expected);
    }
    for (const call of (await list(a)).slice(0, 40)) {
      const one = await a.calls(`/calls/${call.sessionId}`);
      expect(plain(b, (await b.calls(`/calls/${call.sessionId}`)).body)).toBe(plain(a, one.body));
    }
  });
});

describe("calls progress", () => {
  let fx: EmulatorFixture;
  /** Every state each call was seen in, second by second, over ten minutes. */
  const seen = new Map<string, Array<{ at: number; call: WireCall }>>();
  let anchor = 0;

  beforeAll(async () => {
    fx = await start(still());
    anchor = fx.emulator.live!.anchor;
    for (let s = 0; s <= 600; s++) {
      const at = s === 0 ? fx.emulator.live!.tick() : fx.emulator.live!.advance(1000);
      const calls = await list(fx, { perPage: 120 });
      expectConsistent(calls);
      for (const call of calls) {
        const states = seen.get(call.sessionId) ?? seen.set(call.sessionId, []).get(call.sessionId)!;
        if (states.length === 0 || JSON.stringify(states.at(-1)!.call) !== JSON.stringify(call)) states.push({ at, call });
      }
    }
  }, 120_000);

  const statusesOf = (id: string) => [...new Set(seen.get(id)!.map((s) => s.call.status))];
  const born = () => [...seen.keys()].filter((id) => seen.get(id)![0]!.call.startedAt > anchor);

  it("a new call every 3 to 5 s", () => {
    const starts = born().map((id) => seen.get(id)![0]!.call.startedAt).sort((x, y) => x - y);
    expect(starts.length).toBeGreaterThanOrEqual(120);
    expect(starts.length).toBeLessThanOrEqual(200);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(3), expect(starts[i]! - starts[i - 1]!).toBeLessThanOrEqual(5);
  });

  it("calls ring, are answered, gain and lose participants, end, and are recorded a little later", () => {
    const answered = born().filter((id) => statusesOf(id).join() === "initiated,ongoing,ended");
    expect(answered.length).toBeGreaterThan(50);
    const recorded = answered.filter((id) => seen.get(id)!.at(-1)!.call.hasRecording);
    expect(recorded.length).toBeGreaterThan(10);
    for (const id of recorded) {
      const states = seen.get(id)!;
      const ended = states.find((s) => s.call.status === "ended")!;
      expect(ended.call.hasRecording).toBe(false);
      const withRecording = states.find((s) => s.call.hasRecording)!;
      expect(withRecording.at).toBeGreaterThan(ended.call.endedAt!);
      expect(withRecording.at - ended.call.endedAt!).toBeLessThanOrEqual(15);
      expect(withRecording.call.endedAt).toBe(ended.call.endedAt);
    }
    const counts = (id: string) => seen.get(id)!.filter((s) => s.call.status === "ongoing").map((s) => s.call.participants.filter((p) => p.isJoined).length);
    expect(answered.some((id) => counts(id).some((n, i, all) => i > 0 && n > all[i - 1]!))).toBe(true);
    const leftEarly = (id: string) => seen.get(id)!.some((s) => s.call.status === "ongoing" && s.call.participants.some((p) => p.leftAt !== undefined));
    expect(answered.some(leftEarly)).toBe(true);
    const devices = (c: WireCall) => new Set(c.participants.filter((p) => p.isJoined).map((p) => p.uid)).size < c.participants.filter((p) => p.isJoined).length;
    expect(answered.some((id) => devices(seen.get(id)!.at(-1)!.call))).toBe(true);
  });

  it("some ring and end unanswered, rejected or canceled; an ended call never changes status again", () => {
    for (const outcome of ["unanswered", "rejected", "canceled"]) {
      expect(born().some((id) => statusesOf(id).join() === `initiated,${outcome}`), outcome).toBe(true);
    }
    for (const id of seen.keys()) {
      const finals = seen.get(id)!.filter((s) => !["initiated", "ongoing"].includes(s.call.status));
      expect(new Set(finals.map((s) => `${s.call.status} ${s.call.endedAt}`)).size).toBeLessThanOrEqual(1);
    }
  });

  it("the calls the seed left ringing or ongoing end within the first minutes", async () => {
    const seeded = [...seen.keys()].filter((id) => seen.get(id)![0]!.call.startedAt <= anchor && ["initiated", "ongoing"].includes(seen.get(id)![0]!.call.status));
    expect(seeded.length).toBeGreaterThan(0);
    for (const id of seeded) {
      const last = seen.get(id)!.at(-1)!.call;
      expect(["ended", "unanswered", "canceled"]).toContain(last.status);
      expect(last.endedAt! - anchor).toBeLessThanOrEqual(180);
    }
    const still = await list(fx, { status: "initiated,ongoing" });
    expect(still.every((c) => c.startedAt > anchor)).toBe(true);
  });

  it("each call writes its own messages as it turns (category call, data.action, by who acted), in its conversation", async () => {
    const rejectedOf = (receiverType: string) => born().map((id) => seen.get(id)!.at(-1)!.call).find((c) => c.status === "rejected" && (c as { receiverType?: string }).receiverType === receiverType);
    const oneToOne = rejectedOf("user")! as WireCall & { receiver: string; type: string };
    const conversationId = [oneToOne.initiator, oneToOne.receiver].sort().join("_user_");
    const reply = await fx.chat("/messages", { category: "call", conversationId, fromTimestamp: oneToOne.startedAt, limit: 100 });
    const mine = (reply.body.data as Array<{ sender: string; category: string; type: string; sentAt: number; data: { action: string; entities: { by: { entity: { uid: string } }; on: { entityType: string; entity: { sessionid: string; status: string } } } } }>)
      .filter((m) => m.data.entities.on.entity.sessionid === oneToOne.sessionId);
    expect(mine.map((m) => [m.data.action, m.sender, m.data.entities.by.entity.uid])).toEqual([
      ["initiated", oneToOne.initiator, oneToOne.initiator],
      ["rejected", oneToOne.receiver, oneToOne.receiver],
    ]);
    for (const m of mine) {
      expect([m.category, m.type, m.data.entities.on.entityType, m.data.entities.on.entity.status]).toEqual(["call", oneToOne.type, "call", m.data.action]);
    }
    expect(mine.at(-1)!.sentAt).toBe(oneToOne.endedAt);
    // An answered call: initiated, ongoing by who answered, ended by the caller at its end.
    const answered = born().map((id) => seen.get(id)!.at(-1)!.call).find((c) => c.status === "ended" && (c as { receiverType?: string }).receiverType === "user")! as WireCall & { receiver: string };
    const talk = await fx.chat("/messages", { category: "call", conversationId: [answered.initiator, answered.receiver].sort().join("_user_"), fromTimestamp: answered.startedAt, limit: 100 });
    const actions = (talk.body.data as Array<{ sender: string; data: { action: string; entities: { on: { entity: { sessionid: string } } } } }>)
      .filter((m) => m.data.entities.on.entity.sessionid === answered.sessionId).map((m) => [m.data.action, m.sender]);
    expect(actions).toEqual([["initiated", answered.initiator], ["ongoing", answered.receiver], ["ended", answered.initiator]]);
  });

  it("the list, the detail, the filters and onBehalfOf agree at any moment", async () => {
    const calls = await list(fx, { perPage: 30 });
    for (const item of calls) {
      const { metaData: _m, tags: _t, ...detail } = (await fx.calls(`/calls/${item.sessionId}`)).body.data;
      expect(detail).toEqual(item);
    }
    const live = calls.find((c) => c.status === "ongoing")!;
    expect((await list(fx, { uid: live.initiator, status: "ongoing" })).map((c) => c.sessionId)).toContain(live.sessionId);
    expect((await fx.calls(`/calls/${live.sessionId}`, {}, { onBehalfOf: live.initiator })).status).toBe(200);
  });
});
