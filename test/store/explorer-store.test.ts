import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Http } from "../../src/api/http.js";
import { type ExplorerStore, activeView, createExplorerStore, currentRoute } from "../../src/store/explorer-store.js";
import type { AppRef } from "../../src/store/types.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { detailOf } from "../../src/store/details.js";

let fx: EmulatorFixture;
let http: Http;
let store: ExplorerStore;
let apps: AppRef[];

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting for the store");
    await new Promise((r) => setTimeout(r, 10));
  }
};

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 3, groups: 400, calls: 80, users: 30 }, faults: { latency: { min: 30, max: 30 } } });
  apps = fx.info.apps.map((a, i) => ({
    key: `${a.appId}:${a.region}`, label: `app${i}`, appId: a.appId, region: a.region, source: "test",
    target: () => ({ appId: a.appId, region: a.region as "us", apiKey: a.fullAccessKey, chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl }),
  }));
});
afterAll(() => fx.close());
afterEach(async () => {
  store?.getState().dispose();
  await http?.close();
});

function start(debounceMs = 60) {
  http = new Http({ caFile: fx.info.caFile });
  store = createExplorerStore({ http, apps, debounceMs });
  return store;
}

const groups = () => activeView(store.getState()).lists.groups!;
const requests = () => store.getState().log.filter((e) => e.url.includes("/groups"));

describe("the explorer store", () => {
  it("filters as you type: one request after the pause, earlier ones aborted, answers in order", async () => {
    start();
    store.getState().reload("groups");
    await until(() => groups().items.length > 0);
    const before = requests().length;
    for (const line of ["t", "ty", "typ", "type:", "type:p", "type:pu", "type:public"]) {
      store.getState().setFilter("groups", line);
      await new Promise((r) => setTimeout(r, 15));
    }
    await until(() => !groups().loading && groups().items.every((g) => g.type === "public") && requests().length > before);
    await new Promise((r) => setTimeout(r, 150));
    expect(requests().length - before).toBe(1);
    expect(groups().request).toContain("type=public");
    expect(groups().total).toBe(fx.emulator.world.apps[0]!.groups.filter((g) => g.type === "public").length);
  });

  it("marks a token that does not parse and sends nothing, keeping the last results", async () => {
    start();
    store.getState().reload("groups");
    await until(() => groups().items.length > 0);
    const shown = groups().items.length;
    const before = store.getState().log.length;
    store.getState().setFilter("groups", "type:public members:lots");
    await new Promise((r) => setTimeout(r, 150));
    expect(groups().errors.map((t) => t.text)).toEqual(["members:lots"]);
    expect(store.getState().log.length).toBe(before);
    expect(groups().items).toHaveLength(shown);
  });

  it("drops a late answer to a request a newer one replaced", async () => {
    start(0);
    store.getState().setFilter("groups", "type:private");
    await new Promise((r) => setTimeout(r, 5));
    store.getState().setFilter("groups", "type:protected");
    await until(() => !groups().loading && groups().items.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(groups().items.every((g) => g.type === "protected")).toBe(true);
  });

  it("pages forward and back, and walks the cursor loading more as the selection nears the end", async () => {
    start();
    store.getState().reload("groups");
    await until(() => groups().items.length > 0 && !groups().loading);
    expect(groups()).toMatchObject({ page: 1, totalPages: 4 });
    store.getState().nextPage("groups");
    await until(() => groups().page === 2 && !groups().loading);
    store.getState().prevPage("groups");
    await until(() => groups().page === 1 && !groups().loading);
    store.getState().setFilter("groups", "after:0 per:50");
    await until(() => groups().items.length === 50 && !groups().loading);
    expect(groups().hasMore).toBe(true);
    store.getState().select("groups", 45);
    await until(() => groups().items.length === 100 && !groups().loading);
    const times = groups().items.map((g) => Number(g.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(groups().items.map((g) => g.guid)).size).toBe(100);
  });

  it("keeps each app's own state when switching apps, and never mixes their answers", async () => {
    start();
    store.getState().setFilter("groups", "type:private");
    await until(() => groups().items.length > 0 && !groups().loading);
    const first = groups().items.map((g) => g.guid);
    store.getState().switchApp(apps[1]!.key);
    await until(() => groups().items.length > 0 && !groups().loading);
    expect(groups().filter).toBe("");
    const guids1 = new Set(fx.emulator.world.apps[1]!.groups.map((g) => g.guid));
    expect(groups().items.every((g) => guids1.has(String(g.guid)))).toBe(true);
    store.getState().switchApp(apps[0]!.key);
    expect(groups().filter).toBe("type:private");
    expect(groups().items.map((g) => g.guid)).toEqual(first);
  });

  it("opens a call found in another app in that app, with participants and recordings, and goes back there", async () => {
    start();
    const call = fx.emulator.world.apps[2]!.calls.find((c) => c.hasRecording)!;
    const route = { view: "resource-item", name: "calls", params: [call.sessionId] };
    store.getState().openResourceItem("calls", [call.sessionId]);
    expect(currentRoute(store.getState())).toEqual(route);
    await until(() => store.getState().activeKey === apps[2]!.key && detailOf(activeView(store.getState()), "resource", `calls/${call.sessionId}`)?.loading === false);
    // Shown under the app that has it, and said: the first app's stack and cache keep nothing of it.
    expect(currentRoute(store.getState())).toEqual(route);
    expect(store.getState().notice).toBe("switched to app2 · in: it has this call");
    expect(store.getState().views[apps[0]!.key]!.nav).toEqual([{ view: "resource", name: "groups", params: [] }]);
    expect(Object.keys(store.getState().views[apps[0]!.key]!.details)).toEqual([]);
    const item = detailOf(activeView(store.getState()), "resource", `calls/${call.sessionId}`)!.item!;
    expect(item.participants).toHaveLength(call.participants.length);
    expect((item.recordings as Array<{ rid: string }>).map((r) => r.rid)).toEqual(call.recordings.map((r) => r.rid));
    store.getState().back();
    expect(currentRoute(store.getState())).toEqual({ view: "resource", name: "groups", params: [] });
    store.getState().back();
    expect(currentRoute(store.getState())).toEqual({ view: "resource", name: "groups", params: [] });
  });

  it("a call no app has shows ERR_CALL_SESSION_NOT_FOUND in place, with a hint", async () => {
    start();
    const key = "calls/v1.us.nope.123";
    store.getState().openResourceItem("calls", ["v1.us.nope.123"]);
    await until(() => detailOf(activeView(store.getState()), "resource", key)?.loading === false);
    const detail = detailOf(activeView(store.getState()), "resource", key)!;
    expect(detail.error).toMatchObject({ code: "ERR_CALL_SESSION_NOT_FOUND", hint: expect.any(String) });
    expect(store.getState().lastError?.code).toBe("ERR_CALL_SESSION_NOT_FOUND");
    // The header's last error stands until a request succeeds; the call keeps its own.
    store.getState().back();
    store.getState().reload("groups");
    await until(() => groups().items.length > 0 && !groups().loading);
    expect(store.getState().lastError).toBeUndefined();
    expect(detailOf(activeView(store.getState()), "resource", key)!.error?.code).toBe("ERR_CALL_SESSION_NOT_FOUND");
  });

  it("acting for a user adds hasJoined and scope; an unknown user fails clearly", async () => {
    start();
    store.getState().setUser("alice");
    await until(() => groups().items.length > 0 && !groups().loading);
    expect(groups().items.every((g) => typeof g.hasJoined === "boolean")).toBe(true);
    store.getState().setUser("nobody-here");
    await until(() => groups().error !== undefined);
    expect(groups().error!.code).toBe("ERR_UID_NOT_FOUND");
  });

  it("counts requests in flight and logs each with status and duration", async () => {
    start();
    store.getState().reload("calls");
    await until(() => store.getState().inflight === 1);
    await until(() => store.getState().inflight === 0 && activeView(store.getState()).lists.calls!.items.length > 0);
    const entry = store.getState().log.at(-1)!;
    expect(entry).toMatchObject({ method: "GET", status: 200, done: true, retries: 0 });
    expect(entry.durationMs).toBeGreaterThanOrEqual(25);
  });
});
