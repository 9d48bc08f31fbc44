import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCall, listCalls } from "../../src/api/calls.js";
import { AppClient, parseAnswer } from "../../src/api/client.js";
import { listGroups } from "../../src/api/groups.js";
import { findEndpoint } from "../../src/api/endpoints.js";
import { endpointPager, pageQuery, typedPages } from "../../src/api/paging-styles.js";
import { Http } from "../../src/api/http.js";
import { callDetailSchema, participantMinutesField, shownField } from "../../src/api/schemas.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * The client reads every shape docs/service.md says the real service answers in:
 * the emulator is switched to each less common one.
 */

let plain: EmulatorFixture;
let odd: EmulatorFixture;
const clients = new Map<EmulatorFixture, AppClient>();

function clientOf(fx: EmulatorFixture): AppClient {
  let client = clients.get(fx);
  if (!client) {
    client = new AppClient(new Http({ caFile: fx.info.caFile }), {
      appId: fx.app().appId, region: fx.app().region as "us", apiKey: fx.app().fullAccessKey, chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl,
    });
    clients.set(fx, client);
  }
  return client;
}

beforeAll(async () => {
  const sizes = { apps: 1, groups: 120, calls: 40, users: 20 };
  plain = await emulatorFixture({ seed: 3, sizes });
  odd = await emulatorFixture({ seed: 3, sizes, variants: new Set(["cursor-top-level", "call-data-array", "participant-in-minutes", "string-numbers", "password-type"]) });
});
afterAll(async () => {
  for (const client of clients.values()) await client.http.close();
  await plain.close();
  await odd.close();
});

describe("answer variants", () => {
  it("reads the groups cursor at the top level as well as in meta, and walks it", async () => {
    const a = await listGroups(clientOf(plain), { updatedAt: 0, perPage: 10 });
    const b = await listGroups(clientOf(odd), { updatedAt: 0, perPage: 10 });
    expect(b.cursor).toEqual(a.cursor);
    expect(b.cursor?.updatedAt).toBe(b.items.at(-1)!.updatedAt);
    const seen: string[] = [];
    for await (const page of typedPages(endpointPager(findEndpoint("/groups", "GET"), pageQuery({ updatedAt: 0, perPage: 25 })), (q) => listGroups(clientOf(odd), q))) seen.push(...page.items.map((g) => g.guid));
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
  });

  it("shows whatever type the server sends (password for protected)", async () => {
    const groups = (await listGroups(clientOf(odd), { perPage: 120 })).items;
    expect(groups.some((g) => g.type === "password")).toBe(true);
    expect(groups.some((g) => g.type === "protected")).toBe(false);
  });

  it("reads a call sent as a one-element array, participants' minutes as totalDurationInMinutes (the default: totalDuration), numbers as strings", async () => {
    const { items } = await listCalls(clientOf(plain), { hasRecording: true, perPage: 1 });
    const id = items[0]!.sessionId;
    const expected = (await getCall(clientOf(plain), id)).call;
    const found = await getCall(clientOf(odd), id);
    expect(found.call.sessionId).toBe(id);
    expect(found.call.participants!.map((p) => p.totalDurationInMinutes)).toEqual(expected.participants!.map((p) => p.totalDurationInMinutes));
    expect(expected.participants!.some((p) => (p.totalDurationInMinutes ?? 0) > 0)).toBe(true);
    expect(found.call.recordings!.map((r) => [r.duration, r.startTime])).toEqual(expected.recordings!.map((r) => [r.duration, r.startTime]));
    // --json shows the call itself, as sent, unwrapped from its array.
    expect((found.raw as { participants: Array<{ name?: string }> }).participants[0]!.name).toEqual(expect.any(String));
    expect(typeof (found.raw as { recordings: Array<{ duration: unknown }> }).recordings[0]!.duration).toBe("string");
  });

  it("a participant's minutes it cannot read are marked where they are shown, under either name", () => {
    for (const name of ["totalDuration", "totalDurationInMinutes"]) {
      const { data } = parseAnswer(callDetailSchema, { data: { sessionId: "s1", participants: [{ uid: "ann", [name]: "soon" }] } }, "GET /calls/s1");
      const p = data!.participants![0]!;
      expect(shownField(p, participantMinutesField(p), () => p.totalDurationInMinutes), name).toBe('[!]"soon"');
    }
  });

  it("keeps fields it does not know", async () => {
    const { items } = await listCalls(clientOf(plain), { status: "ended", perPage: 5 });
    expect(items[0]).toHaveProperty("mid");
    expect(items[0]).toHaveProperty("initiatedAt");
  });
});
