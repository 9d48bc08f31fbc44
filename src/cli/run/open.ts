import type { Command } from "commander";
import { ConfigError } from "../../config/config-file.js";
import { encodeView, type SharedView } from "../../store/view-string.js";
import type { ResourceListFlags } from "../commands/resource.js";
import { ioOf } from "../io.js";
import type { Runtime } from "../runtime.js";

/**
 * `ccx open '<view string>'`: on a terminal, the explorer on the view; in a pipe or with --json or
 * --ndjson, its rows as its list command prints them (that command's own run, the app the view names
 * put first: one exporter).
 */
export async function runOpen(view: SharedView, flags: { json?: boolean; ndjson?: boolean; all?: boolean }, command: Command): Promise<void> {
  const { resourceNamed } = await import("../../resources/index.js");
  const resource = resourceNamed(view.resource);
  const io = ioOf(command);
  const tty = Boolean((io.out as { isTTY?: boolean }).isTTY && (io.in as { isTTY?: boolean }).isTTY);
  if (!flags.json && !flags.ndjson && tty) {
    const { runExplore } = await import("./explore.js");
    return void (await runExplore(command, { view: encodeView(view) }));
  }
  const { runResourceList } = await import("./resource.js");
  const { runCommand } = await import("../runtime.js");
  if (!resource?.list) return runCommand(command, () => Promise.reject(new ConfigError(`the view names a list ccx does not have: ${view.resource}`)));
  const listFlags: ResourceListFlags = { ...command.optsWithGlobals(), json: flags.json, ndjson: flags.ndjson, all: flags.all, field: [], ...(view.filter ? { query: view.filter } : {}) };
  await runResourceList(resource, view.params, listFlags, command, (runtime) => putViewAppFirst(runtime, view));
}

/** The app the view names becomes the one the list is asked of; one this profile does not know is said by id and region. */
async function putViewAppFirst({ settings, http }: Runtime, view: SharedView): Promise<void> {
  const named = () => settings.apps.findIndex((a) => a.appId === view.appId && a.region === view.region);
  if (named() < 0) await settings.loadManagementApps(http);
  const at = named();
  if (at < 0) throw new ConfigError(`the view is of app ${view.appId} in region ${view.region}, which this profile does not know (ccx apps lists those it does)`);
  const [app] = settings.apps.splice(at, 1);
  // Asked as the view was: the user it names, whoever this profile acts for.
  if (view.as !== undefined) app!.onBehalfOf = view.as;
  settings.apps.unshift(app!);
}
