import type { Command } from "commander";
import { ConfigError } from "../../config/config-file.js";
import { redact } from "../../config/mask.js";
import type { KnownApp, Settings } from "../../config/resolve.js";
import type { AppRef } from "../../store/types.js";
import { useColor } from "../render/terminal.js";
import { runCommand } from "../runtime.js";

function appRefs(settings: Settings): AppRef[] {
  return settings.apps.map((app: KnownApp) => ({
    key: `${app.appId}:${app.region}`,
    label: app.label,
    appId: app.appId,
    region: app.region,
    source: app.source,
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

/** `ccx`, `ccx call <id> --tui` and `ccx demo`: the interactive explorer over the known apps. */
export function runExplore(command: Command, options: ExploreOptions = {}): Promise<void> {
  return runCommand(command, async ({ settings, http }) => {
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      throw new ConfigError("the explorer needs a terminal; for scripts use ccx groups, ccx calls or ccx call with --json");
    }
    if (settings.management) await settings.loadManagementApps(http);
    if (settings.apps.length === 0) {
      throw new ConfigError("no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
    }
    const flags = command.optsWithGlobals() as { color?: boolean };
    // chalk (under Ink) reads --no-color from argv when it loads and then drops every style,
    // inverse video too, which is what marks the selection; the theme has taken the flag already.
    process.argv = process.argv.filter((arg) => !/^--no-colou?rs?$/.test(arg));
    const { runExplorer } = await import("../../tui/index.js");
    return runExplorer({
      http,
      apps: appRefs(settings),
      user: settings.active?.onBehalfOf,
      color: useColor(flags.color === false),
      caFile: settings.caFile,
      sessionId: options.sessionId,
      notice: options.notice,
      redact: (text) => redact(text, settings.secrets()),
    });
  }, options.settings);
}
