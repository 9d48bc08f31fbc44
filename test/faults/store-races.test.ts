import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Http } from "../../src/api/http.js";
import { type ExplorerStore, activeView, createExplorerStore } from "../../src/store/explorer-store.js";
import type { AppRef } from "../../src/store/types.js";
import type { EmulatorFixture } from "../support/emulator.js";
import { emulatorFixture } from "../support/emulator.js";
import { type Row, printTable } from "./support.js";
import { scratchDir } from "../support/scratch.js";

/**
 * What the faults journey found in the store, each pinned down on its own:
 * a filter's pause ending after an app switch, acting for a user while requests
 * are in flight, and loading more after a fresh query failed.
 */

let good: EmulatorFixture;
/** The same seed (same apps and keys), every answer a 500. */
let failing: EmulatorFixture;
let http: Http;
let dir: string;
let bundle: string;
let store: ExplorerStore;
/** Where the apps' requests go: switched to `failing` to make one request fail. */
const aim = { fx: undefined as unknown as EmulatorFixture };

const SIZES = { apps: 2, groups: 60, calls: 20, users: 10 };

beforeAll(async () => {
  [good, failing] = await Promise.all([
    emulatorFixture({ seed: 5, sizes: SIZES, faults: { latency: { min: 40, max: 40 } } }),
    emulatorFixture({ seed: 5, sizes: SIZES, faults: { errorRate: 1 } }),
  ]);
  aim.fx = good;
  process.on("unhandledRejection", onUnhandled);
  dir = scratchDir("ccx-races-");
  bundle = join(dir, "cas.pem");
  writeFileSync(bundle, [good, failing].map((f) => readFileSync(f.info.caFile, "utf8")).join("\n"));
});
const rows: Row[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let started = 0;
/** The race's short name, for the table. */
let label = "";

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  printTable("store races, each pinned down (a same-seed emulator answering 500 where a request must fail)", rows);
  await Promise.all([good.close(), failing.close()]);
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  started = performance.now();
});
afterEach(async (context) => {
  const log = store.getState().log;
  const codes = new Map<string, number>();
  for (const e of log) if (e.code) codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
  const met = [...codes].map(([code, n]) => `${code === "CCX_ABORTED" ? "aborted" : code === "ERR_INTERNAL_SERVER_ERROR" ? "5xx" : code} ${n}`).join(", ");
  rows.push({ scenario: "race", what: label, requests: log.length, met: met || "none", outcome: context.task.result?.state === "fail" ? "FAILED" : "ok, settled", ms: performance.now() - started });
  store.getState().dispose();
  await http.close();
  aim.fx = good;
  expect(unhandled, "unhandled rejections").toEqual([]);
});

function start(): ExplorerStore {
  // One CA per emulator: trust both through a bundle of the two.
  http = new Http({ caFile: bundle, retries: 0 });
  const apps: AppRef[] = good.info.apps.map((a, i) => ({
    key: `${a.appId}:${a.region}`, label: `app${i}`, appId: a.appId, region: a.region, source: "test",
    target: () => ({ appId: a.appId, region: a.region as "us", apiKey: a.fullAccessKey, chatUrl: aim.fx.info.chatUrl, callsUrl: aim.fx.info.callsUrl }),
  }));
  store = createExplorerStore({ http, apps, debounceMs: 30 });
  return store;
}

const s = () => store.getState();
const until = async (check: () => boolean, what: string, ms = 4000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
const idle = () => s().inflight === 0 && Object.values(s().views).every((v) => Object.values(v.lists).every((l) => !l.loading));

describe("store races", () => {
  it("a filter whose pause ends after switching apps is sent for its own app, which does not stay loading", async () => {
    label = "filter pause ends in app 2";
    start();
    const [a0, a1] = s().apps;
    s().setFilter("groups", "type:private");
    s().switchApp(a1!.key);
    await until(() => idle() && activeView(s()).lists.groups!.items.length > 0, "both apps settled");
    const first = s().views[a0!.key]!.lists.groups!;
    expect(first.loading).toBe(false);
    expect(first.request).toContain("type=private");
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.every((g) => g.type === "private")).toBe(true);
    // The other app got its own, unfiltered list.
    expect(activeView(s()).lists.groups!.request).not.toContain("type=");
    const guids1 = new Set(good.emulator.world.apps[1]!.groups.map((g) => g.guid));
    expect(activeView(s()).lists.groups!.items.every((g) => guids1.has(String(g.guid)))).toBe(true);
  });

  it("acting for a user while requests are in flight leaves nothing loading, and every list loads again for the user", async () => {
    label = "user set mid-flight";
    start();
    const uid = good.emulator.world.apps[0]!.users[2]!.uid;
    s().reload("groups");
    s().reload("calls");
    await new Promise((r) => setTimeout(r, 5));
    s().setUser(uid);
    await until(() => idle() && activeView(s()).lists.groups!.items.length > 0, "settled for the user");
    expect(activeView(s()).lists.calls!.loading).toBe(false);
    expect(activeView(s()).lists.groups!.items.every((g) => typeof g.hasJoined === "boolean")).toBe(true);
    // The calls list is shown again: it loads, for the user.
    s().openRoot("calls");
    await until(() => idle() && activeView(s()).lists.calls!.request !== undefined, "calls for the user");
    expect(s().log.at(-1)).toMatchObject({ onBehalfOf: uid, status: 200 });
  });

  it("after a fresh cursor query fails, scrolling loads nothing more after the previous query's rows; r retries it", async () => {
    label = "more after a failed cursor";
    start();
    s().setFilter("groups", "type:public per:10");
    await until(() => idle() && activeView(s()).lists.groups!.items.length > 0, "page mode");
    const shown = activeView(s()).lists.groups!.items.map((g) => g.guid);
    aim.fx = failing;
    s().setFilter("groups", "after:0 per:10");
    await until(() => idle() && activeView(s()).lists.groups!.error !== undefined, "the failure");
    aim.fx = good;
    const requests = s().log.length;
    s().select("groups", shown.length - 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(s().log.length, "no request appending to the other query's rows").toBe(requests);
    expect(activeView(s()).lists.groups!.items.map((g) => g.guid)).toEqual(shown);
    s().refresh();
    await until(() => idle() && activeView(s()).lists.groups!.error === undefined, "retried");
    const times = activeView(s()).lists.groups!.items.map((g) => Number(g.updatedAt));
    expect(times).toHaveLength(10);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
