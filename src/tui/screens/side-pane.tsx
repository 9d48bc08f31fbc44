import { Box, Text } from "ink";
import { REGIONS } from "../../api/regions.js";
import type { ExplorerState, ExplorerStore } from "../../store/explorer-store.js";
import type { AppRef } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import { truncate } from "../../text/width.js";
import type { Theme } from "../theme.js";
import type { Selection } from "./types.js";
import { useScrollWindow } from "../components/use-scroll-window.js";

/** The known apps in the pane's order: by region (in REGIONS' order, then any other), as configured within one. */
export function appsByRegion(apps: AppRef[]): AppRef[] {
  const rank = (region: string) => {
    const i = (REGIONS as readonly string[]).indexOf(region);
    return i < 0 ? REGIONS.length : i;
  };
  return apps.map((app, i) => ({ app, i })).sort((a, b) => rank(a.app.region) - rank(b.app.region) || a.i - b.i).map((x) => x.app);
}

const cursorOf = (state: ExplorerState) => {
  const ordered = appsByRegion(state.apps);
  return Math.min(state.ui.cursors.side ?? Math.max(0, ordered.findIndex((a) => a.key === state.activeKey)), ordered.length - 1);
};

/**
 * The apps pane of wide terminals: every known app under its region, the
 * active one marked. ctrl-p moves the keys there; j/k and Enter switch.
 */
export const SIDE_PANE = {
  cursor: (state: ExplorerState) => ({ index: Math.max(0, cursorOf(state)), count: state.apps.length }),
  select: (store: ExplorerStore, index: number) => store.getState().setCursor("side", index),
  selection(store: ExplorerStore): Selection | undefined {
    const state = store.getState();
    const app = appsByRegion(state.apps)[cursorOf(state)];
    return app && { id: app.appId, open: () => {
      store.getState().setFocus("main");
      store.getState().switchApp(app.key);
    } };
  },
};

export function SidePane({ state, width, height, theme }: { state: ExplorerState; width: number; height: number; theme: Theme }) {
  const focused = state.ui.focus === "side";
  const ordered = appsByRegion(state.apps);
  const cursor = cursorOf(state);
  const lines: Array<{ text: string; region?: boolean; index?: number }> = [];
  let region: string | undefined;
  for (const [index, app] of ordered.entries()) {
    if (app.region !== region) {
      region = app.region;
      lines.push({ text: sanitize(region).toUpperCase(), region: true });
    }
    const mark = app.key === state.activeKey ? "●" : " ";
    lines.push({ text: `${mark} ${truncate(sanitize(app.label), width - 4)}`, index });
  }
  // The cursor's line stays in view.
  const at = lines.findIndex((l) => l.index === cursor);
  const rows = Math.max(1, height - 1);
  const start = useScrollWindow(at, lines.length, rows);
  return (
    <Box flexDirection="column" width={width} height={height} paddingRight={1} overflow="hidden">
      <Text bold color={focused ? theme.accent : theme.muted} wrap="truncate-end">{focused ? "▸ apps (esc back)" : "apps (ctrl-p)"}</Text>
      {lines.slice(start, start + rows).map((line, i) => (
        <Text key={i} wrap="truncate-end" bold={line.region} color={line.region ? theme.muted : undefined}
          inverse={focused && line.index === cursor}>
          {line.text}
        </Text>
      ))}
    </Box>
  );
}
