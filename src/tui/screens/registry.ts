import type { Route } from "../../store/types.js";
import { apiScreen } from "./api.js";
import { appsScreen } from "./apps.js";
import { HELP_BINDINGS, createHelpScreen } from "./help.js";
import { helpSections } from "./help-text.js";
import { listenScreen } from "./listen.js";
import { logScreen } from "./log.js";
import { recordingScreen } from "./recording.js";
import { ITEM_EXTENSIONS, ITEM_SCREENS } from "./item-screens.js";
import { resourceItemScreen } from "./resource-item.js";
import { LIST_KEY_SECTIONS, LIST_SCREENS, resourceListScreen } from "./resource-list.js";
import { resourcesScreen } from "./resources.js";
import { statsScreen } from "./stats.js";
import { healthScreen } from "./health.js";
import { traceScreen } from "./trace.js";
import { journalScreen } from "./journal.js";
import { welcomeScreen } from "./welcome.js";
import type { RouteOf, Screen } from "./types.js";

type Registry = { [V in Route["view"]]: Screen<RouteOf<V>> };

const SCREENS_BUT_HELP = {
  recording: recordingScreen,
  apps: appsScreen,
  log: logScreen,
  stats: statsScreen,
  health: healthScreen,
  api: apiScreen,
  resource: resourceListScreen,
  "resource-item": resourceItemScreen,
  resources: resourcesScreen,
  trace: traceScreen,
  journal: journalScreen,
  listen: listenScreen,
  welcome: welcomeScreen,
} satisfies Omit<Registry, "help">;

/**
 * What help says: every screen's keys and legend (after the generic list's and item's, each extension's own
 * keys as a section of their own: a thread's, a group's), then the keys of the boxes and lines, the commands and the filters.
 */
let sections: ReturnType<typeof helpSections> | undefined;
/** Made when help is first shown, not as the screens load: the first frame needs none of it. */
export function helpSectionsOfAll(): ReturnType<typeof helpSections> {
  return (sections ??= helpSections([
    ...(Object.values(SCREENS_BUT_HELP) as ReadonlyArray<Screen<never>>).flatMap((s): ReadonlyArray<Pick<Screen<never>, "title" | "bindings" | "legend">> =>
      s === resourceItemScreen ? [s, ...Object.values(ITEM_EXTENSIONS)] : s === resourceListScreen ? [s, ...LIST_KEY_SECTIONS] : [s]),
    { title: "Help (?)", bindings: HELP_BINDINGS },
  ]));
}

/** Every route's screen: a route without one does not compile. */
export const SCREENS: Registry = {
  ...SCREENS_BUT_HELP,
  help: createHelpScreen(helpSectionsOfAll),
};

/** The screen that draws a route and has its keys: a list's or an item's is its resource's extension of the generic one, where it registers one. */
export function screenFor<R extends Route>(route: R): Screen<R> {
  const extended = route.view === "resource-item" ? ITEM_SCREENS[route.name] : route.view === "resource" ? LIST_SCREENS[route.name] : undefined;
  return (extended ?? SCREENS[route.view]) as unknown as Screen<R>;
}
