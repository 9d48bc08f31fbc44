import { expect } from "vitest";
import { Http, type HttpOptions } from "../../src/api/http.js";
import { type ExplorerStore, activeView, createExplorerStore } from "../../src/store/explorer-store.js";
import type { AppRef, AppViewState, DetailKind, DetailStates, Failure, ListState } from "../../src/store/types.js";
import type { EmulatorFixture } from "../support/emulator.js";
import { portless } from "./support.js";
/** The entries of one kind of an app's details, by id. */
const detailEntries = <K extends DetailKind>(view: AppViewState, kind: K) =>
  Object.entries(view.details).filter(([key]) => key.startsWith(`${kind}:`)).map(([key, entry]) => [key.slice(kind.length + 1), entry] as [string, DetailStates[K]]);



/**
 * The explorer's store driven through a user's journey (filter, page, walk the
 * cursor, open a call and a group, switch apps, act for a user, retry with r)
 * over a faulty emulator, checked after every step against a twin emulator with
 * the same seed and no faults: each list and detail either shows the right
 * answer or a failure with its code and a hint, and nothing stays loading.
 */

export const RETRIES = 3;

export function appRefs(fx: EmulatorFixture): AppRef[] {
  return fx.info.apps.map((a, i) => ({
    key: `${a.appId}:${a.region}`, label: `app${i}`, appId: a.appId, region: a.region, source: "test",
    target: () => ({ appId: a.appId, region: a.region as "us", apiKey: a.fullAccessKey, chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl }),
  }));
}

export interface Probe {
  store: ExplorerStore;
  http: Http;
  apps: AppRef[];
  /** Requests the store started, by URL path and query. */
  started: Map<string, number>;
  /** The most retries any request took. */
  maxRetries: { value: number };
  /** Failures shown in place, by code. */
  shown: Map<string, number>;
  close(): Promise<void>;
}

export function probe(fx: EmulatorFixture, http: HttpOptions): Probe {
  const client = new Http({ caFile: fx.info.caFile, ...http });
  const apps = appRefs(fx);
  const store = createExplorerStore({ http: client, apps, debounceMs: 30 });
  const started = new Map<string, number>();
  const maxRetries = { value: 0 };
  client.onEvent((e) => {
    const u = new URL(e.url);
    if (e.phase === "start") started.set(u.pathname + u.search, (started.get(u.pathname + u.search) ?? 0) + 1);
    else maxRetries.value = Math.max(maxRetries.value, e.retries ?? 0);
  });
  return {
    store, http: client, apps, started, maxRetries, shown: new Map(),
    async close() {
      store.getState().dispose();
      await client.close();
    },
  };
}

const lists = (v: AppViewState) => Object.entries(v.lists);

/** Why the store is not settled yet, or undefined when nothing is loading or in flight. */
function busy(p: Probe): string | undefined {
  const state = p.store.getState();
  if (state.inflight !== 0) return `${state.inflight} requests in flight`;
  for (const [key, view] of Object.entries(state.views)) {
    for (const [kind, list] of lists(view)) if (list.loading) return `${key} ${kind} loading (${list.request ?? list.filter})`;
    for (const [id, d] of detailEntries(view, "resource")) if (d.loading) return `${key} ${id} loading`;
  }
  return undefined;
}

/** Waits until nothing is loading; a store still loading after `ms` is stuck, and fails the test. */
export async function settle(p: Probe, step: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  // Debounced filters wait a moment before they count as loading: give them that moment.
  await new Promise((r) => setTimeout(r, 40));
  for (let why = busy(p); why; why = busy(p)) {
    if (Date.now() > end) throw new Error(`stuck after "${step}": ${why}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Failures already counted: one still shown at the next step is the same object. */
const counted = new WeakSet<Failure>();

function expectShownFailure(p: Probe, failure: Failure, where: string): void {
  expect(failure.code, where).toMatch(/^[A-Z][A-Z0-9_]+$/);
  expect(failure.message, where).toBeTruthy();
  expect(failure.hint, `${where}: ${failure.code} shown without a hint`).toBeTruthy();
  if (counted.has(failure)) return;
  counted.add(failure);
  p.shown.set(failure.code, (p.shown.get(failure.code) ?? 0) + 1);
}

async function twinData(twin: EmulatorFixture, url: string, key: string, user?: string): Promise<unknown> {
  const reply = await twin.send("GET", url, { apikey: key, ...(user ? { onBehalfOf: user } : {}) });
  expect(reply.status, `${url}: ${reply.text.slice(0, 200)}`).toBe(200);
  return reply.body.data;
}


/** Every list and detail of every app: the twin's answer, or a failure with code and hint. */
export async function check(p: Probe, twin: EmulatorFixture, step: string): Promise<void> {
  const state = p.store.getState();
  for (const [key, view] of Object.entries(state.views)) {
    const index = p.apps.findIndex((a) => a.key === key);
    const apiKey = twin.app(index).fullAccessKey;
    for (const [kind, list] of lists(view)) {
      const where = `${step} · ${key} ${kind}`;
      if (list.error) {
        expectShownFailure(p, list.error, where);
        continue;
      }
      if (!list.request) continue;
      // The calls are the calls API's; the groups and a group's members, the chat API's.
      const base = twin.base(kind === "calls" ? "call" : "api", index);
      const items = (list as ListState<{ guid?: string; sessionId?: string; uid?: string; updatedAt?: number }>).items;
      const ids = items.map((i) => i.guid ?? i.sessionId ?? i.uid);
      const path = list.request.replace(/^GET /, "");
      const query = new URL(path, "https://x").searchParams;
      if (query.has("updatedAt")) {
        // Cursor mode: the pages loaded so far, in order, each group once.
        expect(new Set(ids).size, where).toBe(ids.length);
        query.set("updatedAt", list.params.updatedAt!);
        query.set("affix", list.params.affix ?? "append");
        const expected: string[] = [];
        while (expected.length < ids.length) {
          const page = (await twinData(twin, `${base}/groups?${query}`, apiKey, state.user)) as Array<{ guid: string; updatedAt: number }>;
          if (page.length === 0) break;
          expected.push(...page.map((g) => g.guid));
          query.set("updatedAt", String(page.at(-1)!.updatedAt));
        }
        expect(ids, where).toEqual(expected.slice(0, ids.length));
      } else {
        const expected = (await twinData(twin, `${base}${path}`, apiKey, state.user)) as Array<{ guid?: string; sessionId?: string; uid?: string }>;
        expect(ids, where).toEqual(expected.map((i) => i.guid ?? i.sessionId ?? i.uid));
      }
    }
    // An item (a group, a call): its fields as the twin sends them; a group's members are a list, checked above.
    // A call is the calls API's, kept by the app that has it, and asked on behalf of nobody; beside its fields,
    // ccx's own `outcomes`, read from its messages (none when they could not be read).
    for (const [id, d] of detailEntries(view, "resource")) {
      if (d.error) expectShownFailure(p, d.error, `${step} · ${id}`);
      else if (d.item !== undefined) {
        const call = id.startsWith("calls/");
        const { outcomes: _outcomes, ...sent } = d.item as Record<string, unknown>;
        expect(portless(call ? sent : d.item), `${step} · ${id}`).toEqual(portless(await twinData(twin, `${twin.base(call ? "call" : "api", index)}/${id}`, apiKey, call ? undefined : state.user)));
      }
    }
  }
}

/** The journey: each step acts, waits for the store to settle, and checks everything shown. */
export async function journey(p: Probe, fx: EmulatorFixture, twin: EmulatorFixture): Promise<void> {
  const s = () => p.store.getState();
  const groups = () => activeView(s()).lists.groups!;
  const step = async (name: string, act: () => void) => {
    act();
    await settle(p, name);
    await check(p, twin, name);
  };
  const world = fx.emulator.world;

  await step("filter per:10", () => s().setFilter("groups", "per:10"));
  // r after a failure asks again what failed, as a user would press it.
  for (let i = 0; i < 3 && groups().error; i++) await step("r", () => s().refresh());
  await step("next page", () => s().nextPage("groups"));
  await step("next page", () => s().nextPage("groups"));
  await step("previous page", () => s().prevPage("groups"));
  await step("page 5", () => s().goToPage("groups", 5));
  await step("typed type:public", () => {
    for (const line of ["t", "type:", "type:pub", "type:public per:10"]) s().setFilter("groups", line);
  });
  await step("cursor after:0", () => s().setFilter("groups", "after:0 per:10"));
  for (let i = 0; i < 4; i++) await step("scroll near the end", () => s().select("groups", groups().items.length - 2));
  await step("calls", () => s().openRoot("calls"));
  await step("calls next page", () => s().nextPage("calls"));
  // Found, the call opens in the app that has it: the explorer is in that app until switched back.
  await step("open a call of another app", () => s().openResourceItem("calls", [world.apps[1]!.calls.find((c) => c.hasRecording)!.sessionId]));
  await step("back, to the first app, open a group", () => {
    s().back();
    s().switchApp(p.apps[0]!.key);
    s().openRoot("groups");
    s().openResourceItem("groups", [world.apps[0]!.groups[3]!.guid]);
  });
  await step("members page 1 again", () => s().reload(`members/${world.apps[0]!.groups[3]!.guid}`));
  await step("back, switch app", () => {
    s().back();
    s().switchApp(p.apps[1]!.key);
  });
  // Typing, then switching away before the pause is over: both apps must end settled.
  await step("type, switch away at once", () => {
    s().setFilter("groups", "type:private");
    s().switchApp(p.apps[0]!.key);
  });
  await step("back to the other app", () => s().switchApp(p.apps[1]!.key));
  // Acting for a user while requests are in flight in both apps.
  await step("act for a user mid-flight", () => {
    s().switchApp(p.apps[0]!.key);
    s().reload("groups");
    s().reload("calls");
    s().setUser(world.apps[0]!.users[1]!.uid);
  });
  await step("calls for the user", () => s().openRoot("calls"));
  await step("r", () => s().refresh());
}
