import { Box, Text } from "ink";
import type { AppRef } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import type { RouteOf, Screen } from "./types.js";
import type { ExplorerState } from "../../store/explorer-store.js";

const appColumns = (activeKey: string): Column<AppRef>[] => [
  { header: " ", get: (a) => (a.key === activeKey ? "*" : ""), width: 1 },
  { header: "name", get: (a) => a.label, flex: 2 },
  { header: "app id", get: (a) => a.appId, width: 16 },
  { header: "region", get: (a) => a.region, width: 6 },
  { header: "source", get: (a) => a.source, width: 10 },
];

function AppsView({ apps, activeKey, note, selected, height, width, theme }: { apps: AppRef[]; activeKey: string; note?: string; selected: number; height: number; width: number; theme: Theme }) {
  return (
    <Box flexDirection="column">
      {/* How the demo points another shell at its apps: said at start, and here where the apps are. */}
      {note ? <Text color={theme.warning} wrap="truncate-end">{sanitize(note)}</Text> : null}
      <Text color={theme.muted}>enter switches to the app; each app keeps its own filters and place</Text>
      <Rows columns={appColumns(activeKey)} rows={apps} selected={selected} height={height - 1 - (note ? 1 : 0)} width={width} theme={theme} />
    </Box>
  );
}

const cursorOf = (state: ExplorerState) => state.ui.cursors.apps ?? Math.max(0, state.apps.findIndex((a) => a.key === state.activeKey));

/** The known apps (ctrl-p on narrow terminals, :apps): Enter switches. */
export const appsScreen: Screen<RouteOf<"apps">> = {
  title: "The apps screen",
  crumb: () => "apps",
  bindings: [{ keys: ["enter"], description: "switch to the app", footer: "switch", run: (c) => c.selection()?.open?.() }],
  cursor: (state) => ({ index: cursorOf(state), count: state.apps.length }),
  select: (store, _route, index) => store.getState().setCursor("apps", index),
  selection: (state) => {
    const app = state.apps[cursorOf(state)];
    return app && { id: app.appId, open: () => { state.back(); state.switchApp(app.key); } };
  },
  render: ({ state, height, width, theme }) => <AppsView apps={state.apps} activeKey={state.activeKey} note={state.note} selected={cursorOf(state)} height={height} width={width} theme={theme} />,
};
