import os from "node:os";
import { render } from "ink";
import type { ExplorerStore } from "../store/explorer-store.js";
import { App } from "./app.js";
import { crashReport } from "./crash.js";
import { attachInput } from "./input/attach.js";
import { createInputRouter } from "./input/router.js";
import { explorerServices } from "./services.js";
import { frameWriter } from "./frame-writer.js";
import { enterAlternateScreen, hangUp, holdConsole, terminalHungUp, terminalRefused } from "./terminal.js";
import type { ExplorerNext } from "./screens/types.js";
import { createTheme } from "./theme.js";

export interface ExplorerLaunch {
  /**
   * The explorer's store, made by the command line before this bundle loaded, its first request already
   * on its way (ink, React and the layout engine take a while to load, and that request needs none of them).
   */
  store: ExplorerStore;
  color: boolean;
  /** Masks the secrets in use, for the crash report. */
  redact?: (text: string) => string;
}

/** How the explorer ended: the exit status when a signal ended it, and what to run next when the user chose it. */
export interface ExplorerExit {
  status?: number;
  next?: ExplorerNext;
}

/**
 * Runs the explorer until the user quits. The terminal is left as it was found
 * on quit, on a crash, and on SIGINT/SIGTERM/SIGHUP.
 */
export async function runExplorer(launch: ExplorerLaunch): Promise<ExplorerExit> {
  const { store } = launch;
  store.getState().setViewport(Math.max(20, (process.stdout.columns || 80) - 1), process.stdout.rows || 24);
  // Said in the first frame, with the rows the store may already have (help and :apps keep it).
  const { note } = store.getState();
  if (note) store.getState().notify(note);
  const leaveScreen = enterAlternateScreen(process.stdout);
  const releaseConsole = holdConsole();
  // Ink lays the frames out and hands each over whole (its debug mode); ccx's renderer sends what changed.
  const frames = frameWriter(process.stdout, () => !terminalHungUp());
  const restore = () => {
    frames.stop();
    leaveScreen();
    releaseConsole();
  };
  // Ink never reads the keyboard: the router does (it would only if a component asked for input).
  const instance = render(<App store={store} theme={createTheme(launch.color)} />, {
    stdout: frames.stream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  let detach = () => {};
  let next: ExplorerNext | undefined;
  const stop = (chosen?: ExplorerNext) => {
    next = chosen;
    detach();
    store.getState().dispose();
    instance.unmount();
  };
  detach = attachInput(process.stdin, createInputRouter(store, explorerServices(store, stop, (text) => process.stdout.write(text))));
  // Ended by a signal: the exit status says so, as a shell's would (128 + its number).
  let status: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    status = 128 + (os.constants.signals[signal] ?? 0);
    // The terminal is gone: nothing more is drawn or restored there (the command line ends by the signal: program.ts).
    if (signal === "SIGHUP") hangUp();
    stop();
  };
  const onCrash = (error: unknown) => {
    // A read or write the closed terminal refused (EIO) may come before its SIGHUP: the same hang-up, no crash.
    if (terminalRefused(error)) return status === undefined && onSignal("SIGHUP");
    // An auth token on screen is a secret too: the report masks it as it masks the keys.
    const dialog = store.getState().ui.dialog;
    const token = dialog?.kind === "secret" ? dialog.value : undefined;
    const redact = (text: string) => {
      const masked = launch.redact?.(text) ?? text;
      return token ? masked.replaceAll(token, "[auth token]") : masked;
    };
    stop();
    restore();
    process.stderr.write(crashReport(error, redact));
    process.exit(1);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  try {
    await instance.waitUntilExit();
  } finally {
    restore();
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.off(signal, onSignal);
    process.off("uncaughtException", onCrash);
    process.off("unhandledRejection", onCrash);
  }
  // Writes under way when it quit are answered and journaled before the process goes (none more is
  // started); a second ctrl-c meanwhile ends it at once.
  await store.getState().stopWrites();
  return { status, next };
}
