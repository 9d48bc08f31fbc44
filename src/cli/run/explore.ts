import type { Command } from "commander";
import { ConfigError } from "../../config/config-file.js";
import { redact } from "../../config/mask.js";
import { type KnownApp, Settings } from "../../config/resolve.js";
import type { AppRef } from "../../store/types.js";
import type { ExplorerNext } from "../../tui/screens/types.js";
import { DEMO_SEED } from "../commands/demo.js";
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
  /** Settings of its own instead of the flags' and env's (`ccx demo`). */
  settings?: () => Settings;
  /** Said in the footer at start. */
  notice?: string;
}

const SET_UP = "run ccx init to set one up (or ccx demo to try the explorer on demo data), pass --app-id and --api-key, or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET";

/**
 * `ccx`, `ccx call <id> --tui` and `ccx demo`: the interactive explorer over the known apps.
 * With nothing configured it opens on the welcome screen, and runs what the user chose there
 * (the demo, or `ccx init` and then the explorer on the new profile) once it has left the terminal.
 */
export async function runExplore(command: Command, options: ExploreOptions = {}): Promise<void> {
  let next: ExplorerNext | undefined;
  await runCommand(command, async ({ settings, http }) => {
    const unconfigured = settings.apps.length === 0 && !settings.management;
    // The welcome needs a terminal, and has no call to open.
    if (unconfigured && (!process.stdin.isTTY || !process.stdout.isTTY || options.sessionId)) throw new ConfigError(`no app is configured: ${SET_UP}`);
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      throw new ConfigError("the explorer needs a terminal; for scripts use ccx groups, ccx calls or ccx call with --json");
    }
    if (settings.management) await settings.loadManagementApps(http);
    if (settings.apps.length === 0 && !unconfigured) throw new ConfigError(`the management API knows no app: ${SET_UP}`);
    const flags = command.optsWithGlobals() as { color?: boolean };
    // chalk (under Ink) reads --no-color from argv when it loads and then drops every style,
    // inverse video too, which is what marks the selection; the theme has taken the flag already.
    process.argv = process.argv.filter((arg) => !/^--no-colou?rs?$/.test(arg));
    const { runExplorer } = await import("../../tui/index.js");
    const exit = await runExplorer({
      http,
      apps: appRefs(settings),
      user: settings.active?.onBehalfOf,
      color: useColor(flags.color === false),
      caFile: settings.caFile,
      sessionId: options.sessionId,
      notice: options.notice,
      root: unconfigured ? "welcome" : undefined,
      redact: (text) => redact(text, settings.secrets()),
    });
    next = exit.next;
    return exit.status;
  }, options.settings);
  if (next === "demo") {
    const { runDemo } = await import("./demo.js");
    await runDemo({ seed: DEMO_SEED }, command);
  } else if (next === "init") {
    const { runInit } = await import("./init.js");
    const written = await runInit({}, command, { thenExplore: true });
    // The new profile by name: it is the default only when it was the first. Its URLs and CA are what
    // init kept (answers may have changed the flags'), so the flags' no longer override them.
    const kept = { chatUrl: undefined, callsUrl: undefined, managementUrl: undefined, ca: undefined };
    if (written) await runExplore(command, { settings: () => new Settings({ ...command.optsWithGlobals(), ...kept, profile: written.profile }) });
  }
}
