import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import type { Http } from "../../src/api/http.js";
import { type ExplorerStore, createExplorerStore, currentRoute } from "../../src/store/explorer-store.js";
import { App } from "../../src/tui/app.js";
import { type InputRouter, createInputRouter } from "../../src/tui/input/router.js";
import type { ExplorerNext } from "../../src/tui/screens/types.js";
import { explorerServices } from "../../src/tui/services.js";
import { createTheme } from "../../src/tui/theme.js";
import { keyBytes, readable, until } from "../support/tui.js";

/**
 * The welcome screen, with nothing configured: no app, so only its own keys
 * act (d, s, q), each leaving the explorer with the choice the command line
 * runs next; the keys of the explorer that need an app, and pastes, do nothing.
 */

/** No request may be made: there is no app to ask. */
const noHttp = {
  send: () => Promise.reject(new Error("a request was made")),
  onEvent: () => () => undefined,
} as unknown as Http;

let unmount = () => {};
afterEach(() => unmount());

function welcome(columns = 79, rows = 24): { store: ExplorerStore; router: InputRouter; quits: Array<ExplorerNext | undefined>; frame: () => string } {
  const store = createExplorerStore({ http: noHttp, apps: [], root: "welcome" });
  store.getState().setViewport(columns, rows);
  const quits: Array<ExplorerNext | undefined> = [];
  const router = createInputRouter(store, explorerServices(store, (next) => quits.push(next), () => undefined));
  const instance = render(<App store={store} theme={createTheme(false)} />);
  unmount = () => instance.unmount();
  return { store, router, quits, frame: () => readable(instance.lastFrame() ?? "") };
}

describe("the welcome screen", () => {
  it("says nothing is configured and offers the demo, the set-up and quit, with no panes even on a wide terminal", async () => {
    const { frame } = welcome(200, 50);
    await until(() => frame().includes("Welcome to ccx"), "the welcome", frame);
    const lines = frame().split("\n");
    expect(lines[1]).toBe("welcome");
    expect(frame()).toContain("Nothing is configured yet");
    expect(frame()).not.toContain("apps (ctrl-p)");
    expect(frame()).not.toContain("preview (] hides)");
    expect(lines.at(-1)).toBe("d try the demo · s set up · q quit");
  });

  it.each([
    ["d", "demo"],
    ["s", "init"],
    ["q", undefined],
    ["ctrl-c", undefined],
  ] as const)("%s leaves the explorer with the choice %s", (key, next) => {
    const { router, quits } = welcome();
    router.feed(keyBytes(key));
    expect(quits).toEqual([next]);
  });

  it("the explorer's keys that need an app, and a paste, do nothing", () => {
    const { store, router, quits } = welcome();
    for (const key of [":", "/", "?", "r", "tab", "ctrl-p", "ctrl-r", "u", "L", "f", "j", "enter", "escape", "y", "[", "]"]) router.feed(keyBytes(key));
    router.flush();
    router.feed("\u001b[200~:groups\u001b[201~");
    const state = store.getState();
    expect(currentRoute(state)).toEqual({ view: "welcome" });
    expect(state.ui.prompt).toBeUndefined();
    expect(state.log).toEqual([]);
    expect(quits).toEqual([]);
  });
});
