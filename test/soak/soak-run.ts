/**
 * The soak's store side, in a process of its own so that the heap measured is
 * the store's alone (the emulators run in the test's process) and `gc()` can be
 * forced: `node --expose-gc --import tsx test/soak/soak-run.ts`, with the apps
 * in CCX_SOAK_CONFIG (JSON). Prints one JSON line of figures on stdout.
 *
 * The journey, repeated until the request count is reached: page forward over
 * every page of the big app (perPage 100), then back; a few filters paged; the
 * cursor (after:) walked forward over every group, and back (before:); now and
 * then a switch to the small app and back, and a group or a call opened.
 */
import { setImmediate as tick } from "node:timers/promises";
import { Http } from "../../src/api/http.js";
import { type ExplorerState, activeView, createExplorerStore } from "../../src/store/explorer-store.js";
import type { AppRef } from "../../src/store/types.js";
import { detailsOfKind } from "../../src/store/details.js";

interface Config {
  caFile: string;
  requests: number;
  warmup: number;
  apps: Array<{ appId: string; region: string; apiKey: string; chatUrl: string; callsUrl: string; sessionId: string }>;
  now: number;
}

const config = JSON.parse(process.env.CCX_SOAK_CONFIG ?? "{}") as Config;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

const http = new Http({ caFile: config.caFile });
const apps: AppRef[] = config.apps.map((a, i) => ({
  key: `${a.appId}:${a.region}`, label: i === 0 ? "big" : "small", appId: a.appId, region: a.region, source: "soak",
  target: () => ({ appId: a.appId, region: a.region as "us", apiKey: a.apiKey, chatUrl: a.chatUrl, callsUrl: a.callsUrl }),
}));
const store = createExplorerStore({ http, apps, debounceMs: 0 });
const s = () => store.getState();
const [big, small] = apps as [AppRef, AppRef];

let requests = 0;
let failures = 0;
http.onEvent((e) => {
  if (e.phase === "start") requests++;
  else if (e.code) failures++;
});

function busy(state: ExplorerState): string | undefined {
  if (state.inflight !== 0) return "in flight";
  for (const [key, v] of Object.entries(state.views)) {
    if (Object.values(v.lists).some((l) => l.loading)) return `${key} list loading`;
    for (const d of detailsOfKind(v, "resource")) if (d.loading) return `${key} item loading`;
  }
  return undefined;
}

/** Resolves once nothing is loading; a store still busy after 10 s is stuck. */
function settled(): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!busy(s())) return resolve();
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`stuck: ${busy(s())}`));
    }, 10_000);
    const unsubscribe = store.subscribe((state) => {
      if (busy(state)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

let warmHeap: number | undefined;
let warmAt = 0;
let started = 0;
const heap = async () => {
  for (let i = 0; i < 3; i++) {
    gc!();
    await tick();
  }
  return process.memoryUsage().heapUsed;
};

class Done extends Error {}

/** One action and its answer; measures the heap once warm, and stops at the count. */
async function act(action: () => void): Promise<void> {
  if (requests >= config.requests) throw new Done();
  action();
  await settled();
  if (warmHeap === undefined && requests >= config.warmup) {
    warmHeap = await heap();
    warmAt = performance.now() - started;
  }
  if (requests >= nextSample) {
    nextSample += config.warmup;
    samples.push({ requests, heap: await heap(), rows: groups().items.length });
  }
}

/** The heap after GC every `warmup` requests, with the rows the list held then. */
const samples: Array<{ requests: number; heap: number; rows: number }> = [];
let nextSample = config.warmup;

const groups = () => activeView(s()).lists.groups!;
let opened = 0;

/** Now and then: to the small app and back, or a group or a call opened and closed. */
async function aside(step: number): Promise<void> {
  if (step % 150 === 75) {
    await act(() => s().switchApp(small.key));
    await act(() => {
      s().setFilter("groups", step % 300 === 75 ? "type:public" : "");
      s().submitFilter("groups");
    });
    await act(() => s().nextPage("groups"));
    await act(() => s().switchApp(big.key));
  } else if (step % 100 === 40 && groups().items.length > 0) {
    const guid = String(groups().items[opened++ % groups().items.length]!.guid);
    await act(() => s().openResourceItem("groups", [guid]));
    await act(() => s().back());
  } else if (step % 250 === 130) {
    // A call of either app: found in the other, the explorer switches to it; back, and to the app it was in.
    const from = s().activeKey;
    await act(() => s().openResourceItem("calls", [config.apps[opened++ % 2]!.sessionId]));
    await act(() => {
      s().back();
      s().switchApp(from);
    });
  }
}

async function filter(line: string): Promise<void> {
  await act(() => {
    s().setFilter("groups", line);
    s().submitFilter("groups");
  });
}

async function pageForwardAndBack(line: string, pages: number): Promise<void> {
  await filter(line);
  for (let i = 1; i < pages && groups().page < (groups().totalPages ?? 1); i++) {
    await act(() => s().nextPage("groups"));
    await aside(i);
  }
  for (let i = 1; i < pages && groups().page > 1; i++) {
    await act(() => s().prevPage("groups"));
    await aside(i);
  }
}

async function walkCursor(line: string): Promise<void> {
  await filter(line);
  for (let i = 1; groups().hasMore; i++) {
    // Scrolling to the end loads the next page (select loads more near the end).
    await act(() => s().select("groups", groups().items.length - 1));
    await aside(i);
  }
}

async function journey(): Promise<void> {
  for (;;) {
    await pageForwardAndBack("", 1000);
    await pageForwardAndBack("type:public", 60);
    await pageForwardAndBack("members:>=50 sort:name", 30);
    await pageForwardAndBack("tag:vip in:name", 30);
    await walkCursor("after:0");
    await walkCursor(`before:${config.now + 1}`);
  }
}

async function main(): Promise<void> {
  started = performance.now();
  await act(() => s().reload("groups"));
  try {
    await journey();
  } catch (error) {
    if (!(error instanceof Done)) throw error;
  }
  const ms = performance.now() - started;
  const endHeap = await heap();
  const state = s();
  const views = Object.values(state.views);
  const figures = {
    requests, failures, ms, warmMs: warmAt, warmHeap, endHeap, rss: process.memoryUsage().rss, samples,
    sizes: {
      log: state.log.length,
      items: views.map((v) => Object.values(v.lists).reduce((n, l) => n + l.items.length, 0)),
      itemDetails: views.map((v) => detailsOfKind(v, "resource").length),
      lists: views.map((v) => Object.keys(v.lists).length),
    },
  };
  s().dispose();
  await http.close();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`soak failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
