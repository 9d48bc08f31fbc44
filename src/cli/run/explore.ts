import { journalPath } from "../../writes/journal.js";
import type { Command } from "commander";
import { ConfigError } from "../../config/config-file.js";
import { redact } from "../../config/mask.js";
import type { KnownApp, Settings } from "../../config/resolve.js";
import type { AppRef } from "../../store/types.js";
import { compileLayoutEngine } from "../../tui/layout-engine.js";
import type { ExplorerNext } from "../../tui/screens/types.js";
import { useColor } from "../render/terminal.js";
import { runCommand } from "../runtime.js";

function appRefs(settings: Settings): AppRef[] {
  return settings.apps.map((app: KnownApp) => ({
    key: `${app.appId}:${app.region}`,
    label: app.label,
    appId: app.appId,
    region: app.region,
    source: app.source,
    readOnly: settings.readOnlyOf(app),
    target: () => settings.targetOf(app),
  }));
}

export interface ExploreOptions {
  /** Open this call first (`ccx call <id> --tui`). */
  sessionId?: string;
  /** Open this view first (`ccx open '<view string>'`): its app, list, filter and row. */
  view?: string;
  /** Settings of its own instead of the flags' and env's (`ccx demo`). */
  settings?: () => Settings;
  /** Said in the footer at start, and kept where it can be found again (help, :apps): the demo's `source …/env` line. */
  note?: string;
  /** The journal of its writes instead of the user's (`ccx demo`: its own, gone with it). */
  journal?: string;
}

/** How long the first frame waits for the first answer, once the screens are loaded. */
const FIRST_ANSWER_WAIT_MS = 150;

/**
 * Resolves once the first view's answer is in the store (read, not only received), or after `ms`. At once
 * when it is in already: a near server's answer can be read while the screens load, and then no change
 * comes to wake a subscription (the first frame waited out the whole pause, 2 starts in 21).
 */
export function firstAnswer<S>(store: { getState(): S; subscribe(listener: (state: S) => void): () => void }, waiting: (state: S) => boolean, ms: number): Promise<void> {
  if (!waiting(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = store.subscribe((state) => {
      if (!waiting(state)) done();
    });
  });
}

const SET_UP = "run ccx init to set one up (or ccx demo to try the explorer on demo data), pass --app-id and --api-key, or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET";

/**
 * `ccx`, `ccx call <id> --tui` and `ccx demo`: the interactive explorer over the known apps. With nothing
 * configured it opens on the welcome screen, and says what the user chose there (the demo, or `ccx init`)
 * once it has left the terminal: `ccx` alone runs it (run/start.ts).
 */
export async function runExplore(command: Command, options: ExploreOptions = {}): Promise<ExplorerNext | undefined> {
  let next: ExplorerNext | undefined;
  await runCommand(command, async ({ settings, http, io }) => {
    const layoutEngine = compileLayoutEngine();
    const unconfigured = settings.apps.length === 0 && !settings.management;
    // The welcome needs a terminal, and has no call to open.
    if (unconfigured && (!process.stdin.isTTY || !process.stdout.isTTY || options.sessionId || options.view)) throw new ConfigError(`no app is configured: ${SET_UP}`);
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      throw new ConfigError("the explorer needs a terminal; for scripts use ccx groups, ccx calls or ccx call with --json");
    }
    if (settings.management) await settings.loadManagementApps(http);
    if (settings.apps.length === 0 && !unconfigured) throw new ConfigError(`the management API knows no app: ${SET_UP}`);
    const flags = command.optsWithGlobals() as { color?: boolean };
    // chalk (under Ink) reads --no-color from argv when it loads and then drops every style,
    // inverse video too, which is what marks the selection; the theme has taken the flag already.
    process.argv = process.argv.filter((arg) => !/^--no-colou?rs?$/.test(arg));
    // The store first, and its first request (the groups, or the call asked for) sent at once: the
    // screens' bundle (ink, React, the layout engine) loads meanwhile, and draws the answer when it is in.
    const { createExplorerStore, waitingForAnswer } = await import("../../store/explorer-store.js");
    const store = createExplorerStore({
      http, apps: appRefs(settings), user: settings.active?.onBehalfOf, caFile: settings.caFile, management: settings.management,
      root: unconfigured ? "welcome" : undefined, journal: options.journal ?? journalPath(io.env), note: options.note,
    });
    // The call, found in whichever known app has it (the explorer switches to that app).
    if (options.sessionId) store.getState().openResourceItem((await import("../../resources/calls.js")).calls.name, [options.sessionId.trim()]);
    // A view that cannot open (an app this profile does not know) fails here, before the terminal is taken.
    else if (options.view && !store.getState().openView(options.view)) throw new ConfigError(store.getState().notice ?? "the view does not open");
    else if (!unconfigured && !options.view) store.getState().reload("groups");
    // The screens load while the request is on its way (the kernel connects meanwhile), and the first
    // frame waits a little for its answer: on a near server it then has the rows, on a far one it
    // shows the list loading, and the rows follow.
    // A turn of the event loop first: the request's socket is opened and its handshake begun before the
    // thread is busy loading.
    await new Promise((resolve) => setImmediate(resolve));
    await layoutEngine;
    const { runExplorer } = await import("../../tui/index.js");
    if (!unconfigured) await firstAnswer(store, waitingForAnswer, FIRST_ANSWER_WAIT_MS);
    const exit = await runExplorer({
      store,
      color: useColor(flags.color === false),
      redact: (text) => redact(text, settings.secrets()),
    });
    next = exit.next;
    return exit.status;
  }, options.settings);
  return next;
}
