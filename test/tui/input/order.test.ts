import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Http } from "../../../src/api/http.js";
import { type ExplorerStore, createExplorerStore } from "../../../src/store/explorer-store.js";
import { type InputRouter, createInputRouter } from "../../../src/tui/input/router.js";
import { explorerServices } from "../../../src/tui/services.js";
import { keyBytes } from "../../support/tui.js";
import type { AppRef, AppViewState, DetailKind } from "../../../src/store/types.js";
/** The ids of one kind of an app's details, in the order of use. */
const detailIds = (view: AppViewState, kind: DetailKind) => Object.keys(view.details).filter((key) => key.startsWith(`${kind}:`)).map((key) => key.slice(kind.length + 1));



/**
 * Keys in order at any speed: any sequence of keys, its bytes cut into reads
 * at random places and fed with or without pauses, ends in the same state as
 * the same keys fed one read a key. The service never answers here (every
 * request waits until it is aborted), so the state is the keys' alone.
 */

/** An Http whose requests never answer: they end only when aborted. */
const silentHttp = {
  send: (req: { signal?: AbortSignal }) => new Promise((_, reject) => req.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
  onEvent: () => () => undefined,
} as unknown as Http;

const APPS: AppRef[] = ["us", "eu", "in"].map((region, i) => ({
  key: `app${i}:${region}`, label: `App ${i}`, appId: `app${i}`, region, source: "test",
  target: () => ({ appId: `app${i}`, region: region as "us", apiKey: "k", chatUrl: "https://127.0.0.1:9/{appId}", callsUrl: "https://127.0.0.1:9/{appId}" }),
}));

function explorer(): { store: ExplorerStore; router: InputRouter; copies: string[] } {
  const store = createExplorerStore({ http: silentHttp, apps: APPS, debounceMs: 5 });
  store.getState().setViewport(159, 45);
  const copies: string[] = [];
  const router = createInputRouter(store, explorerServices(store, () => copies.push("quit"), (t) => copies.push(t)));
  return { store, router, copies };
}

/** What the keys changed: the input state, and each app's place, filters and selection. */
function snapshot(store: ExplorerStore, copies: string[], router: InputRouter): unknown {
  const s = store.getState();
  const views = Object.fromEntries(Object.entries(s.views).map(([key, v]) => [key, {
    nav: v.nav,
    lists: Object.fromEntries(Object.entries(v.lists).map(([kind, l]) => [kind, { filter: l.filter, params: l.params, errors: l.errors.length, page: l.page, selected: l.selected }])),
    items: detailIds(v, "resource"),
  }]));
  return { ui: { ...s.ui }, activeKey: s.activeKey, user: s.user, notice: s.notice, apps: s.apps.map((a) => a.key), views, copies, held: router.held() };
}

/** Keys a user sends: the keymap's, line editing, text, pastes. */
const KEYS = [
  "j", "k", "g", "G", "/", ":", "?", "f", "e", "x", "n", "p", "u", "y", "Y", "[", "]", "r", "tab", "shift-tab", "enter", "escape", "backspace",
  "up", "down", "left", "right", "home", "end", "delete", "pageUp", "pageDown", "ctrl-a", "ctrl-e", "ctrl-u", "ctrl-k", "ctrl-w", "ctrl-p", "ctrl-r",
  "alt-b", "alt-f", "t", "y", "p", "e", ":", "1", " ", "v", "é", "日",
];
const key = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...KEYS).map(keyBytes) },
  { weight: 1, arbitrary: fc.constantFrom("call v1.us.app0.1a2b", "type:private", "apps", "region eu", "calls", "help", " tag:vip\n", "\"v1.eu.app1.77\"").map((t) => `\u001b[200~${t}\u001b[201~`) },
);
/**
 * A sequence of keys as bytes. An Escape directly before a printable key is
 * left out: in one read, ESC then `b` IS alt-b (that is how terminals send it),
 * so no reader can tell them apart; typed a moment apart they are two keys.
 */
const keySequence = fc.array(key, { minLength: 1, maxLength: 40 }).map((keys) => {
  const out: string[] = [];
  for (const k of keys) {
    // Leaving one ESC out can put the one before it next to the printable key: drop each in turn.
    while (out.at(-1) === "\u001b" && /^[^\u0000-\u001f]/.test(k)) out.pop();
    out.push(k);
  }
  return out;
});

/** Feeds each key as its own read; a lone ESC is taken as the Escape key before the next, as its wait ends. */
function oneByOne(router: InputRouter, keys: string[]): void {
  for (const k of keys) {
    router.feed(k);
    if (router.waiting()) router.flush();
  }
}

/** The keys' bytes cut at the given places. */
function cut(bytes: string, at: number[]): string[] {
  const points = [...new Set(at.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const reads: string[] = [];
  let from = 0;
  for (const p of points) {
    reads.push(bytes.slice(from, p));
    from = p;
  }
  reads.push(bytes.slice(from));
  return reads.filter((r) => r !== "");
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("keys in order at any speed", () => {
  it("any keys cut into reads anywhere end in the state the keys one by one make", () => {
    fc.assert(
      fc.property(keySequence, fc.array(fc.nat(), { maxLength: 12 }), (keys, at) => {
        const a = explorer();
        oneByOne(a.router, keys);
        const b = explorer();
        for (const read of cut(keys.join(""), at)) b.router.feed(read);
        if (b.router.waiting()) b.router.flush();
        const same = JSON.stringify(snapshot(a.store, a.copies, a.router)) === JSON.stringify(snapshot(b.store, b.copies, b.router));
        a.store.getState().dispose();
        b.store.getState().dispose();
        expect(snapshot(b.store, b.copies, b.router)).toEqual(snapshot(a.store, a.copies, a.router));
        return same;
      }),
      { numRuns: 300 },
    );
  });

  it("and so do they fed through the terminal's stream with random pauses between the reads (none included)", async () => {
    const { attachInput } = await import("../../../src/tui/input/attach.js");
    const { EventEmitter } = await import("node:events");
    // The pauses on a clock of the test's own: on a busy machine a real 20 ms pause can outlast the wait of a
    // lone ESC. What keys load on first use (every list's filter grammar) is loaded before, on the real one.
    const { listFilterHelp } = await import("../../../src/store/list-actions.js");
    await listFilterHelp();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const pause = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    try {
      await fc.assert(
        fc.asyncProperty(keySequence, fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 9, maxLength: 9 }), async (keys, at, pauses) => {
          const a = explorer();
          oneByOne(a.router, keys);
          const b = explorer();
          const stream = new EventEmitter();
          const detach = attachInput(stream as never, b.router);
          for (const [i, read] of cut(keys.join(""), at).entries()) {
            stream.emit("data", read);
            // Pauses shorter than the wait of a lone ESC: a longer one after an ESC makes it the Escape key, as in every terminal program.
            if (pauses[i]) await pause(pauses[i]!);
          }
          // Past the wait of a trailing ESC, and past the filter's pause.
          await pause(80);
          const [got, wanted] = [snapshot(b.store, b.copies, b.router), snapshot(a.store, a.copies, a.router)];
          detach();
          expect(got).toEqual(wanted);
          a.store.getState().dispose();
          b.store.getState().dispose();
        }),
        { numRuns: 20 },
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("a paste of `:call <id>` then Enter in one read opens that call, not the selected row", () => {
    const { store, router } = explorer();
    router.feed(`:\u001b[200~  call v1.eu.app1.9f8e7d  \u001b[201~\r`);
    const view = store.getState().views[store.getState().activeKey]!;
    expect(view.nav.at(-1)).toEqual({ view: "resource-item", name: "calls", params: ["v1.eu.app1.9f8e7d"] });
    expect(store.getState().ui.prompt).toBeUndefined();
    expect(store.getState().ui.history.command).toEqual(["call v1.eu.app1.9f8e7d"]);
  });

  it("/type:private, Enter and j in one read: the filter is the list's, and j waits for its rows", () => {
    const { store, router } = explorer();
    router.feed("/type:private\rj");
    const s = store.getState();
    expect(s.views[s.activeKey]!.lists.groups!.filter).toBe("type:private");
    expect(s.views[s.activeKey]!.lists.groups!.params).toMatchObject({ type: "private" });
    expect(s.ui.prompt).toBeUndefined();
    expect(s.ui.history.filter).toEqual(["type:private"]);
    // The answer never comes here: j is held for the rows it will move in.
    expect(router.held()).toBe(1);
    expect(s.views[s.activeKey]!.lists.groups!.selected).toBe(0);
  });

  it("a paste with no line open opens the command bar with it, a bare session id as :call, and runs nothing", () => {
    const { store, router } = explorer();
    router.feed("\u001b[200~v1.us.app0.abc123\n\u001b[201~");
    expect(store.getState().ui.prompt).toMatchObject({ kind: "command", text: "call v1.us.app0.abc123" });
    expect(store.getState().views[store.getState().activeKey]!.nav).toHaveLength(1);
    router.feed("\r");
    expect(store.getState().views[store.getState().activeKey]!.nav.at(-1)).toEqual({ view: "resource-item", name: "calls", params: ["v1.us.app0.abc123"] });
  });

  describe("a session id in one read, with no paste markers", () => {
    const nav = (store: ExplorerStore) => store.getState().views[store.getState().activeKey]!.nav;

    it("is a paste: the command bar opens with `call <id>`, u never opens the act-as prompt, and Enter opens the call", () => {
      const { store, router } = explorer();
      router.feed("v1.us.app0.u7a2b9");
      // Held for the next read a moment: the rest of a paste may follow.
      expect(router.waiting()).toBe("burst");
      router.flush();
      expect(store.getState().ui.prompt).toMatchObject({ kind: "command", text: "call v1.us.app0.u7a2b9" });
      expect(store.getState().user).toBeUndefined();
      router.feed("\r");
      expect(nav(store).at(-1)).toEqual({ view: "resource-item", name: "calls", params: ["v1.us.app0.u7a2b9"] });
      expect(store.getState().user).toBeUndefined();
    });

    it("with its Enter in the same read, or inside a log line, opens that call", () => {
      const a = explorer();
      a.router.feed("v1.eu.app1.uu42\r\n");
      expect(nav(a.store).at(-1)).toEqual({ view: "resource-item", name: "calls", params: ["v1.eu.app1.uu42"] });
      const b = explorer();
      b.router.feed("2026-11-01 12:00:03 ERROR\tsession=v1.in.app2.77aa dropped");
      b.router.flush();
      expect(b.store.getState().ui.prompt).toMatchObject({ kind: "command", text: "call v1.in.app2.77aa" });
    });

    it("is not an answer to a box that asks: its y confirms nothing", async () => {
      const { store, router } = explorer();
      store.getState().askVerb("token", { args: { uid: "someone" }, flags: {} });
      await vi.waitFor(() => expect(store.getState().ui.dialog?.kind).toBe("confirm"));
      router.feed("v1.us.app0.yyyy");
      router.flush();
      expect(store.getState().ui.dialog?.kind).toBe("confirm");
      expect(store.getState().notice).toBeUndefined();
    });

    it("cut across reads, or short words typed fast, are keys", () => {
      const { store, router } = explorer();
      // One character a read: the keys they are (u opens the act-as prompt, and the rest is typed into it).
      for (const char of "v1.us.app0.u7") router.feed(char);
      expect(store.getState().ui.prompt).toMatchObject({ kind: "act-as", text: "s.app0.u7" });
      router.feed("\u001b");
      router.flush();
      // Keys typed faster than one read: no line opens with them, u and what follows act as keys do.
      router.feed("jjj");
      router.flush();
      expect(store.getState().ui.prompt).toBeUndefined();
      router.feed("ualice\r");
      expect(store.getState().user).toBe("alice");
    });
  });

  describe("a session id cut across reads a few ms apart, with no paste markers (as SSH and mosh deliver a long paste)", () => {
    const nav = (store: ExplorerStore) => store.getState().views[store.getState().activeKey]!.nav;
    const ID = "v1.us.app0.u7a2b9";

    /** An explorer fed through the terminal's stream, on the test's clock: the input layer's waits run as `advance` says. */
    async function streamed() {
      const { attachInput } = await import("../../../src/tui/input/attach.js");
      const { EventEmitter } = await import("node:events");
      const e = explorer();
      const stream = new EventEmitter();
      const detach = attachInput(stream as never, e.router);
      const read = (bytes: string, thenMs = 0) => {
        stream.emit("data", bytes);
        vi.advanceTimersByTime(thenMs);
      };
      return { ...e, read, detach };
    }

    beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] }));
    afterEach(() => vi.useRealTimers());

    it("in two reads 5 ms apart is one paste: `:call <id>` in the command bar, u never opening the act-as prompt, and Enter opens the call", async () => {
      const { store, read, detach } = await streamed();
      read("v1.us.ap", 5);
      read("p0.u7a2b9", 30);
      expect(store.getState().ui.prompt).toMatchObject({ kind: "command", text: `call ${ID}` });
      read("\r");
      expect(nav(store).at(-1)).toEqual({ view: "resource-item", name: "calls", params: [ID] });
      expect(store.getState().user).toBeUndefined();
      detach();
      store.getState().dispose();
    });

    it("its Enter in the last read opens the call at once, and so does a log line cut in three", async () => {
      const a = await streamed();
      a.read("v1.us.app0", 5);
      a.read(".u7a2b9\r\n");
      expect(nav(a.store).at(-1)).toEqual({ view: "resource-item", name: "calls", params: [ID] });
      expect(a.store.getState().ui.prompt).toBeUndefined();
      a.detach();
      a.store.getState().dispose();
      const b = await streamed();
      b.read("2026-11-01 12:00:03 ERROR\tsess", 3);
      b.read(`ion=${ID.slice(0, 6)}`, 8);
      b.read(`${ID.slice(6)} dropped\r`);
      expect(nav(b.store).at(-1)).toEqual({ view: "resource-item", name: "calls", params: [ID] });
      b.detach();
      b.store.getState().dispose();
    });

    it("any session id line cut into reads anywhere, 0 to 8 ms apart, ends as it does read whole", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(ID, `${ID}\r`, ` "${ID}"\r\n`, `session=${ID} ended (1006)`, `\t${ID}\t`),
          fc.array(fc.integer({ min: 2, max: 60 }), { maxLength: 5 }),
          // Six reads at most, all within the 50 ms the input layer holds such text at most.
          fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 6, maxLength: 6 }),
          async (line, at, pauses) => {
            const whole = explorer();
            whole.router.feed(line);
            if (whole.router.waiting()) whole.router.flush();
            const cutUp = await streamed();
            // The first read holds two characters at least: a single one first is a key at once (a person's).
            for (const [i, bytes] of cut(line, at.map((p) => 2 + (p % (line.length - 1)))).entries()) cutUp.read(bytes, pauses[i]);
            vi.advanceTimersByTime(100);
            expect(snapshot(cutUp.store, cutUp.copies, cutUp.router)).toEqual(snapshot(whole.store, whole.copies, whole.router));
            cutUp.detach();
            whole.store.getState().dispose();
            cutUp.store.getState().dispose();
          },
        ),
        { numRuns: 60 },
      );
    });

    it("keys bunched in a read, then more coming closer than the wait (a held key over a slow link): taken within 50 ms, not at the end", async () => {
      const { store, read, detach } = await streamed();
      read("ua", 10);
      for (let i = 0; i < 4; i++) read("b", 10);
      // 50 ms after the first read: what came so far is typed into the act-as prompt, while the key still comes.
      expect(store.getState().ui.prompt).toMatchObject({ kind: "act-as", text: "abbbb" });
      for (let i = 0; i < 3; i++) read("c", 10);
      expect(store.getState().ui.prompt).toMatchObject({ kind: "act-as", text: "abbbbccc" });
      detach();
      store.getState().dispose();
    });

    it("keys typed by hand stay keys, each taken as it comes: u opens the act-as prompt at once, the uid typed after it is the user", async () => {
      const { store, read, detach } = await streamed();
      read("u");
      expect(store.getState().ui.prompt).toMatchObject({ kind: "act-as" });
      for (const char of "v1.us.app0.bob") read(char, 40);
      read("\r");
      expect(store.getState().user).toBe("v1.us.app0.bob");
      detach();
      store.getState().dispose();
    });
  });

  describe("a whole session id pasted into a line that asks for something else", () => {
    const nav = (store: ExplorerStore) => store.getState().views[store.getState().activeKey]!.nav;
    const ID = "v1.eu.app1.9f8e7d";

    it("the act-as prompt: no user taken, the status line says it is a call's id, and Enter opens that call", () => {
      const { store, router } = explorer();
      router.feed("u");
      router.feed(`\u001b[200~ "${ID}" \u001b[201~`);
      expect(store.getState().ui.prompt).toBeUndefined();
      expect(store.getState().user).toBeUndefined();
      expect(store.getState().notice).toBe("that is a call's session id: enter opens the call · esc leaves it");
      router.feed("\r");
      expect(nav(store).at(-1)).toEqual({ view: "resource-item", name: "calls", params: [ID] });
      expect(store.getState().ui.history.command).toEqual([`call ${ID}`]);
      expect(store.getState().user).toBeUndefined();
    });

    it("a filter line: the filter is left as it was; Esc declines it, and the keys after act as ever", () => {
      const { store, router } = explorer();
      const filter = () => store.getState().views[store.getState().activeKey]!.lists.groups?.filter ?? "";
      router.feed("/");
      router.feed(`\u001b[200~${ID}\u001b[201~`);
      expect(store.getState().ui.prompt).toBeUndefined();
      expect(filter()).toBe("");
      expect(store.getState().notice).toContain("that is a call's session id");
      router.feed("\u001b");
      router.flush();
      expect(store.getState().notice).toBeUndefined();
      expect(nav(store)).toHaveLength(1);
      router.feed("/");
      expect(store.getState().ui.prompt).toMatchObject({ kind: "filter", text: "" });
    });

    it("an id typed into the act-as prompt by hand, or pasted beside other words, is what was typed", () => {
      const { store, router } = explorer();
      router.feed("u");
      for (const char of ID) router.feed(char);
      router.feed("\r");
      expect(store.getState().user).toBe(ID);
      router.feed("/");
      router.feed(`\u001b[200~uid:${ID}\u001b[201~`);
      expect(store.getState().ui.prompt).toMatchObject({ kind: "filter", text: `uid:${ID}` });
      expect(store.getState().notice).toBeUndefined();
    });
  });

  it(":call takes the session id out of a pasted log line", () => {
    const { store, router } = explorer();
    router.feed(":call \u001b[200~2026-11-01 12:00:03 ERROR session=v1.in.app2.77aa dropped (code 1006)\u001b[201~\r");
    expect(store.getState().views[store.getState().activeKey]!.nav.at(-1)).toEqual({ view: "resource-item", name: "calls", params: ["v1.in.app2.77aa"] });
  });

  it("↑ recalls earlier commands, ↓ comes back to what was typed; tab completes a command and its argument", () => {
    const { store, router } = explorer();
    router.feed(":calls\r:help\r");
    router.feed(":x");
    router.feed("\u001b[A");
    expect(store.getState().ui.prompt?.text).toBe("help");
    router.feed("\u001b[A\u001b[A");
    expect(store.getState().ui.prompt?.text).toBe("calls");
    router.feed("\u001b[B\u001b[B");
    expect(store.getState().ui.prompt?.text).toBe("x");
    router.feed("\u0015reg\t");
    expect(store.getState().ui.prompt?.text).toBe("region ");
    router.feed("e\t");
    router.flush();
    expect(store.getState().ui.prompt?.text).toBe("region eu");
  });
});
