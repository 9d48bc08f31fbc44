import { join } from "node:path";
import { Text } from "ink";
import { render } from "ink-testing-library";
import { afterAll, afterEach, beforeAll } from "vitest";
import { Http } from "../../src/api/http.js";
import type { EmulatorSettings } from "../../src/emulator/options.js";
import { type ExplorerStore, createExplorerStore } from "../../src/store/explorer-store.js";
import type { AppRef } from "../../src/store/types.js";
import { App } from "../../src/tui/app.js";
import { attachInput } from "../../src/tui/input/attach.js";
import { type InputRouter, createInputRouter } from "../../src/tui/input/router.js";
import { explorerServices } from "../../src/tui/services.js";
import { createTheme } from "../../src/tui/theme.js";
import { curlCommand } from "../../src/store/request-log.js";
import { type EmulatorFixture, emulatorFixture } from "./emulator.js";
import { recordOutput } from "./secrets.js";
import { scratchDir } from "./scratch.js";

/** What an item's screen says while its secrets are shown whole (v, confirmed). */
export const REVEALED_BANNER = "secrets shown whole (r masks them again)";

/**
 * Drives the explorer the way a user does: the whole <App> rendered by
 * ink-testing-library, keys written to its stdin as a terminal sends them, the
 * store talking to an in-process emulator over real HTTPS, and every copy
 * (OSC 52) the app writes captured.
 */

/** A small world, quick to generate and to page through. */
export const SMALL = { apps: 3, groups: 300, calls: 60, users: 30 };

export interface TuiEmulator extends EmulatorFixture {
  /** Every request the emulator answered, as `METHOD path?query status`, oldest first. */
  served: string[];
}

/** Starts an emulator for one test file; its requests are recorded in `served`. */
export async function startTuiEmulator(settings: EmulatorSettings = {}): Promise<TuiEmulator> {
  const served: string[] = [];
  const fx = await emulatorFixture({ sizes: SMALL, ...settings, verbose: true, log: (line) => served.push(line) });
  return Object.assign(fx, { served });
}

/** The emulator's apps as the explorer knows them, labelled by their names. */
export function appRefs(fx: EmulatorFixture): AppRef[] {
  return fx.info.apps.map((a) => ({
    key: `${a.appId}:${a.region}`, label: a.name, appId: a.appId, region: a.region, source: "test",
    target: () => ({ appId: a.appId, region: a.region as "us", apiKey: a.fullAccessKey, chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl }),
  }));
}

export interface MountOptions {
  /** Wait after the last key before a filter is sent (short, for fast tests). */
  debounceMs?: number;
  color?: boolean;
  rows?: number;
  columns?: number;
  root?: "groups" | "calls";
  /** Load the root list at start, as runExplorer does. */
  load?: boolean;
  /** The apps the explorer knows (default: the emulator's, with their keys). */
  apps?: AppRef[];
  /** The apps and preview panes of wide terminals (off by default: most tests read one pane at any width). */
  panes?: boolean;
  /** Passed to Http: retries of failed GETs (none by default: a failure shows at once) and the backoff base. */
  retries?: number;
  backoffMs?: number;
  /** The CA file requests trust (default: the emulator's), e.g. one that also trusts a file server. */
  caFile?: string;
  /** Give the store the management API's credentials (for :api on its paths). */
  management?: boolean;
  /** The journal of writes (default: a file of its own in a new temporary directory). */
  journal?: string;
  /** What the command line said at start and help and :apps keep (the demo's `source …/env` line). */
  note?: string;
}

const CSI = "\u001b[";

/**
 * A frame as a user reads it. chalk writes no styles in a test worker (no TTY),
 * but does under FORCE_COLOR: then its SGR sequences are taken out. Tests of
 * what reaches the terminal use the raw frames instead.
 */
export const readable = (frame: string) => frame.replace(/\u001b\[[0-9;]*m/g, "");

/** The bytes a terminal sends for a key named as the keymap names it. */
export function keyBytes(name: string): string {
  const named: Record<string, string> = {
    enter: "\r", escape: "\u001b", tab: "\t", "shift-tab": `${CSI}Z`, backspace: "\u007f",
    up: `${CSI}A`, down: `${CSI}B`, right: `${CSI}C`, left: `${CSI}D`,
    pageUp: `${CSI}5~`, pageDown: `${CSI}6~`, home: `${CSI}H`, end: `${CSI}F`, delete: `${CSI}3~`,
    "ctrl-left": `${CSI}1;5D`, "ctrl-right": `${CSI}1;5C`, "alt-backspace": "\u001b\u007f",
  };
  if (named[name]) return named[name];
  const alt = /^alt-(.)$/.exec(name);
  if (alt) return `\u001b${alt[1]}`;
  const ctrl = /^ctrl-([a-z])$/.exec(name);
  if (ctrl) return String.fromCharCode(ctrl[1]!.charCodeAt(0) - 96);
  return name;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds; the error names what was awaited and shows the last frame. */
export async function until(check: () => boolean, what: string, show: () => string = () => "", ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n--- last frame ---\n${show()}`);
    await sleep(5);
  }
}

export interface Tui {
  store: ExplorerStore;
  /** The input router the keys go through (the same one the terminal's bytes reach). */
  router: InputRouter;
  /** True once q (or :q) asked the explorer to quit. */
  quitted(): boolean;
  http: Http;
  apps: AppRef[];
  /** The last frame drawn, as read: Ink's own styles (present only when this process forces colour) taken out. */
  frame(): string;
  /** The last frame exactly as written to the terminal. */
  rawFrame(): string;
  /** Every frame written since the mount, exactly, oldest first. */
  frames(): readonly string[];
  /** Writes one key (by its keymap name) and waits for the frames to settle. */
  press(...keys: string[]): Promise<void>;
  /** Types text one character at a time, each its own key press. */
  type(text: string): Promise<void>;
  /**
   * Pastes text: one input event, as a terminal sends a paste (or keys faster
   * than frames); reads given apart are written `gapMs` apart, as SSH and mosh
   * hand over a long paste. Returns once the input layer has taken the text.
   */
  paste(text: string | readonly string[], gapMs?: number): Promise<void>;
  /** Resolves once a frame satisfies `predicate`; rejects with the last frame after `ms`. */
  waitForFrame(predicate: (frame: string) => boolean, what?: string, ms?: number): Promise<string>;
  /** Waits until no new frame has been drawn for `quietMs`. */
  settle(quietMs?: number): Promise<void>;
  /** What the app wrote besides frames (the OSC 52 sequences), oldest first. */
  writes: string[];
  /** The texts put on the clipboard through OSC 52, decoded. */
  copies(): string[];
  /** Requests in the store's log whose URL contains `part`. */
  requests(part?: string): number;
  unmount(): Promise<void>;
}

/** Mounts the explorer over the emulator's apps and waits for the first frame (with data when `load`). */
export async function mountTui(fx: EmulatorFixture, options: MountOptions = {}): Promise<Tui> {
  const http = new Http({ caFile: options.caFile ?? fx.info.caFile, retries: options.retries ?? 0, backoffMs: options.backoffMs ?? 10 });
  const apps = options.apps ?? appRefs(fx);
  const management = options.management ? { url: fx.info.managementUrl, key: fx.info.management.key, secret: fx.info.management.secret } : undefined;
  const journal = options.journal ?? join(scratchDir("ccx-tui-journal-"), "journal.ndjson");
  const store = createExplorerStore({ http, apps, debounceMs: options.debounceMs ?? 80, root: options.root, caFile: fx.info.caFile, management, journal, note: options.note });
  if (!options.panes) for (const pane of ["side", "preview"] as const) store.getState().togglePane(pane);
  const writes: string[] = [];
  const instance = render(<App store={store} theme={createTheme(options.color ?? false)} />);
  let quitted = false;
  const router = createInputRouter(store, explorerServices(store, () => { quitted = true; }, (t) => writes.push(t)));
  const detach = attachInput(instance.stdin, router);

  const rawFrame = () => instance.lastFrame() ?? "";
  const frame = () => readable(rawFrame());
  const settle = async (quietMs = 15) => {
    const end = Date.now() + 2000;
    let seen = instance.frames.length;
    let quietSince = Date.now();
    await new Promise((r) => setImmediate(r));
    while (Date.now() < end) {
      await sleep(3);
      if (instance.frames.length !== seen) {
        seen = instance.frames.length;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= quietMs) {
        return;
      }
    }
  };
  const waitForFrame = async (predicate: (f: string) => boolean, what = "a frame", ms = 5000) => {
    await until(() => predicate(frame()), what, frame, ms);
    return frame();
  };
  const tui: Tui = {
    store, router, http, apps, frame, rawFrame, settle, waitForFrame, writes,
    quitted: () => quitted,
    frames: () => instance.frames,
    async press(...keys) {
      for (const key of keys) {
        instance.stdin.write(keyBytes(key));
        // A lone ESC is the Escape key once no sequence follows it for a moment: a person's next key comes later.
        if (key === "escape") await until(() => router.waiting() === undefined, "the Escape key to be taken");
        await settle();
      }
    },
    async type(text) {
      for (const char of text) {
        instance.stdin.write(char);
        await settle(5);
      }
    },
    async paste(text, gapMs = 5) {
      for (const [i, read] of (typeof text === "string" ? [text] : text).entries()) {
        if (i > 0) await sleep(gapMs);
        instance.stdin.write(read);
      }
      // Text that may start a paste waits a moment for the rest (a few ms) before it is taken.
      await until(() => router.waiting() !== "burst", "the pasted text to be taken");
      await settle();
    },
    copies: () => writes.flatMap((w) => [...w.matchAll(/\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007/g)].map((m) => Buffer.from(m[1]!, "base64").toString("utf8"))),
    requests: (part = "") => store.getState().log.filter((e) => e.url.includes(part)).length,
    async unmount() {
      detach();
      instance.unmount();
      store.getState().dispose();
      // As runExplorer does: the writes under way answered and journaled before the connections close.
      await store.getState().stopWrites();
      await http.close();
      // What the explorer drew, copied and logged goes to the secrets scan (secrets-setup.ts).
      // A frame of an item whose secrets the user asked to see (v, confirmed) may show them, as a --reveal run may.
      for (const f of instance.frames) recordOutput(f.includes(REVEALED_BANNER) ? "explorer frame, asked with v as with --reveal" : "explorer frame", f);
      for (const w of writes) recordOutput("explorer terminal write", w);
      for (const c of tui.copies()) recordOutput("explorer clipboard", c);
      for (const e of store.getState().log) recordOutput("request log", `${JSON.stringify(e)}\n${curlCommand(e, fx.info.caFile)}`);
    },
  };
  // ink-testing-library's stdout is 100 columns and has no rows: give it a size, and tell the app as a
  // terminal would. Only once the first frame has settled: the app listens for resizes from an effect.
  await settle();
  const { stdout } = instance;
  Object.defineProperty(stdout, "columns", { configurable: true, value: options.columns ?? 100 });
  Object.defineProperty(stdout, "rows", { configurable: true, value: options.rows ?? 24 });
  stdout.emit("resize");
  await settle();

  if (options.load !== false) {
    store.getState().reload(options.root ?? "groups");
    await waitForFrame((f) => /\d+ of \d+/.test(f) || /loaded/.test(f) || /^\d+ · page \d+/m.test(f) || f.includes("✗"), "the first list");
  }
  await settle();
  return tui;
}

/**
 * One emulator for a test file and a fresh explorer for each test: the
 * emulator starts before the file's tests and closes after them, and the
 * explorer a test mounted is unmounted after it.
 */
export function tuiFixture(settings: EmulatorSettings = {}) {
  const state: { fx?: TuiEmulator; tui?: Tui } = {};
  beforeAll(async () => {
    state.fx = await startTuiEmulator(settings);
  });
  afterAll(() => state.fx?.close());
  afterEach(async () => {
    await state.tui?.unmount();
    state.tui = undefined;
  });
  return {
    get fx(): TuiEmulator {
      return state.fx!;
    },
    async mount(options: MountOptions = {}): Promise<Tui> {
      state.tui = await mountTui(state.fx!, options);
      return state.tui;
    },
  };
}

/** Lines of a frame, for finding a row. */
export const lines = (frame: string) => frame.split("\n");
/** The frame's last line: the footer, with the keys the screen offers. */
export const footer = (frame: string) => lines(frame).at(-1) ?? "";

let colour: boolean | undefined;

/** True when Ink writes styles at all in this process (chalk's level: FORCE_COLOR, a TTY); a worker has none. */
export function inkWritesColour(): boolean {
  if (colour === undefined) {
    const probe = render(<Text color="red">x</Text>);
    colour = (probe.lastFrame() ?? "").includes("\u001b");
    probe.unmount();
  }
  return colour;
}

/** The rows of the groups or calls table in a frame: the lines between its header and its summary. */
export function listRows(frame: string): string[] {
  const all = lines(frame);
  const header = all.findIndex((l) => /^\s*(NAME\s+(GUID|UID)|SESSION|WITH\s+TYPE)/.test(l));
  if (header < 0) return [];
  const rows: string[] = [];
  for (const line of all.slice(header + 1)) {
    if (/^(⟳ )?\d+( of \d+| loaded)/.test(line)) break;
    if (line.trim()) rows.push(line);
  }
  return rows;
}
