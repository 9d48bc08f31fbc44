import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppClient } from "../../src/api/client.js";
import { advanceCursor, startCursor } from "../../src/api/cursor.js";
import { listGroups } from "../../src/api/groups.js";
import { findEndpoint } from "../../src/api/endpoints.js";
import { endpointPager, pageQuery, typedPages } from "../../src/api/paging-styles.js";
import { Http } from "../../src/api/http.js";
import { DAY, dayOf } from "../../src/emulator/group-query.js";
import { createExplorerStore } from "../../src/store/explorer-store.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runCcx } from "../support/run-ccx.js";
import { appRefs, until } from "../support/tui.js";

/**
 * The updatedAt cursor walked as the official SDK walks it: ccx keeps its own
 * direction, derives the next cursor from the items, and drops the items of
 * the boundary it already has. Against a server whose cursor always says
 * prepend (every documented example) and whose times are coarse (ties at the
 * page boundaries, the boundary answered again), every group comes exactly
 * once, and the walk stops.
 */

const item = { id: (g: { guid: string }) => g.guid, time: (g: { t: number }) => g.t };
const walk = (state: ReturnType<typeof startCursor>, items: Array<{ guid: string; t: number }>, perPage?: number) =>
  advanceCursor(state, items, item.id, item.time, perPage);

describe("the cursor walk, alone", () => {
  it("derives the next cursor from the items, in its own direction, and drops the boundary's items it has", () => {
    let step = walk(startCursor("updatedAt", 100, "append"), [{ guid: "a", t: 101 }, { guid: "b", t: 105 }, { guid: "c", t: 105 }], 3);
    expect(step.state).toMatchObject({ at: 105, affix: "append", boundary: ["b", "c"], done: false });
    // An inclusive server answers b and c again: they are dropped, d is new.
    step = walk(step.state, [{ guid: "b", t: 105 }, { guid: "c", t: 105 }, { guid: "d", t: 107 }], 3);
    expect(step.fresh.map((g) => g.guid)).toEqual(["d"]);
    expect(step.positions).toEqual([2]);
    expect(step.state).toMatchObject({ at: 107, boundary: ["d"] });
    // Nothing new: the walk ends rather than asking for the same page again.
    step = walk(step.state, [{ guid: "d", t: 107 }], 3);
    expect(step.fresh).toEqual([]);
    expect(step.state.done).toBe(true);
  });

  it("prepending takes the smallest time; a short page is the last; times sent as strings count", () => {
    const step = advanceCursor(startCursor("updatedAt", 500, "prepend"), [{ guid: "x", t: "480" }, { guid: "y", t: 470 }], (g) => g.guid, (g) => g.t, 10);
    expect(step.state).toMatchObject({ at: 470, affix: "prepend", done: true });
  });

  it("a boundary that does not move keeps every id it has had", () => {
    let step = walk(startCursor("updatedAt", 100, "append"), [{ guid: "a", t: 100 }, { guid: "b", t: 100 }], 2);
    expect(step.state).toMatchObject({ at: 100, boundary: ["a", "b"], done: false });
    step = walk(step.state, [{ guid: "b", t: 100 }, { guid: "c", t: 100 }], 2);
    expect(step.fresh.map((g) => g.guid)).toEqual(["c"]);
    expect(step.state.boundary).toEqual(["a", "b", "c"]);
  });

  it("items behind the cursor (a server that ignores the direction) end the walk", () => {
    const step = walk(startCursor("updatedAt", 100, "append"), [{ guid: "old", t: 50 }], 1);
    expect(step.state.done).toBe(true);
  });
});

let fx: EmulatorFixture;
let http: Http;
const SIZES = { apps: 1, groups: 300, calls: 10, users: 20 };

beforeAll(async () => {
  fx = await emulatorFixture({ seed: 5, sizes: SIZES, variants: new Set(["cursor-prepend", "cursor-ties"]) });
  http = new Http({ caFile: fx.info.caFile });
});
afterAll(async () => {
  await http.close();
  await fx?.close();
});

/** Every group's guid, and a page size that makes ties fall across page boundaries without a run filling a page. */
function world() {
  const groups = fx.emulator.world.apps[0]!.groups;
  const perDay = new Map<number, number>();
  for (const g of groups) perDay.set(dayOf(g.updatedAt), (perDay.get(dayOf(g.updatedAt)) ?? 0) + 1);
  const longestRun = Math.max(...perDay.values());
  const ties = [...perDay.values()].filter((n) => n > 1).length;
  return { guids: new Set(groups.map((g) => g.guid)), perPage: longestRun + 2, ties };
}

const client = () => new AppClient(http, {
  appId: fx.app().appId, region: fx.app().region as "us", apiKey: fx.app().fullAccessKey, chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl,
});

describe("the cursor walk against a server that always says prepend, with ties at the boundaries", () => {
  it("the emulator's variant answers as the docs do: prepend whatever was asked, times to the day, the boundary again", async () => {
    const { perPage, ties } = world();
    expect(ties).toBeGreaterThan(10);
    const reply = await fx.chat("/groups", { at: 0, affix: "append", perPage });
    expect(reply.body.meta.cursor.affix).toBe("prepend");
    expect(reply.body.data.every((g: { updatedAt: number }) => g.updatedAt % DAY === 0)).toBe(true);
  });

  it.each(["append", "prepend"] as const)("the groups list's walk (%s) yields every group exactly once, and stops", async (affix) => {
    const { guids, perPage } = world();
    const seen: string[] = [];
    let pages = 0;
    const start = affix === "append" ? 0 : fx.emulator.world.now + DAY;
    for await (const page of typedPages(endpointPager(findEndpoint("/groups", "GET"), pageQuery({ updatedAt: start, affix, perPage })), (q) => listGroups(client(), q))) {
      seen.push(...page.items.map((g) => g.guid));
      expect(page.raw).toHaveLength(page.items.length);
      pages++;
      expect(pages).toBeLessThan(guids.size);
    }
    expect(seen).toHaveLength(guids.size);
    expect(new Set(seen)).toEqual(guids);
  });

  it("ccx groups --query 'after:… per:N' --all --ndjson prints every group once and exits 0", async () => {
    const { guids, perPage } = world();
    const run = await runCcx(["groups", "--query", `after:2000-01-01 per:${perPage}`, "--all", "--ndjson"], fx.cliEnv());
    expect(run.code).toBe(0);
    const printed = run.stdout.trim().split("\n").map((line) => (JSON.parse(line) as { guid: string }).guid);
    expect(printed).toHaveLength(guids.size);
    expect(new Set(printed)).toEqual(guids);
  });

  it("the explorer's cursor list loads every group once as the cursor reaches the end, then says all loaded", async () => {
    const { guids, perPage } = world();
    const store = createExplorerStore({ http, apps: appRefs(fx).slice(0, 1), debounceMs: 1 });
    const list = () => store.getState().views[store.getState().activeKey]!.lists.groups!;
    store.getState().setFilter("groups", `after:2000-01-01 per:${perPage}`);
    await until(() => !list().loading && list().items.length > 0, "the first cursor page");
    for (let i = 0; i < guids.size && list().hasMore; i++) {
      const had = list().items.length;
      store.getState().select("groups", had - 1);
      await until(() => !list().loading, "more groups");
    }
    expect(list().hasMore).toBe(false);
    const shown = list().items.map((g) => g.guid);
    expect(shown).toHaveLength(guids.size);
    expect(new Set(shown)).toEqual(guids);
    store.getState().dispose();
  });
});
