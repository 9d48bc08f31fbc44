import { Box, Text } from "ink";
import type { Recording } from "../../api/schemas.js";
import { type ExplorerState, activeView, detailOf, resourceKey } from "../../store/explorer-store.js";
import { formatMinutes, formatTime } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import type { Theme } from "../theme.js";
import { readCall, recordingKey } from "./call-item.js";
import { downloadBinding } from "./download-key.js";
import type { RouteOf, Screen } from "./types.js";

interface RecordingViewProps {
  recording?: Recording;
  theme: Theme;
}

/** One recording, whole: its URL is never cut here. */
function RecordingView({ recording, theme }: RecordingViewProps) {
  if (!recording) return <Text color={theme.muted}>no such recording</Text>;
  return (
    <Box flexDirection="column">
      <Text>{`rid       ${recording.rid === undefined ? "(none sent)" : sanitize(recording.rid)}`}</Text>
      <Text>{`duration  ${formatMinutes(recording.duration)} (${recording.duration ?? "—"} min)`}</Text>
      <Text>{`start     ${formatTime(recording.startTime)} UTC`}</Text>
      <Text>{`end       ${formatTime(recording.endTime)} UTC`}</Text>
      <Text>url</Text>
      <Text wrap="wrap">{sanitize(recording.recording_url)}</Text>
      <Text color={theme.muted}>y copies the URL · o opens it · d downloads it · Y copies the JSON · esc back</Text>
    </Box>
  );
}

/** The call whose recording the route names, from its item's answer (no request of its own). */
const callOf = (state: ExplorerState, route: RouteOf<"recording">) => {
  const item = detailOf(activeView(state), "resource", resourceKey(route.name, route.params))?.item;
  return item && readCall(item);
};
const recordingOf = (state: ExplorerState, route: RouteOf<"recording">) => callOf(state, route)?.recordings?.find((r, i) => recordingKey(r, i) === route.rid);

export const recordingScreen: Screen<RouteOf<"recording">> = {
  title: "A recording",
  crumb: (route) => `recording ${sanitize(route.rid)}`,
  bindings: [
    downloadBinding<RouteOf<"recording">>("download this recording", (c) => {
      const recording = recordingOf(c.state, c.route);
      return recording && { sessionId: callOf(c.state, c.route)?.sessionId ?? c.route.params.at(-1) ?? "", recordings: [recording] };
    }),
  ],
  cursor: () => ({ index: 0, count: 0 }),
  select: () => undefined,
  selection: (state, route) => {
    const r = recordingOf(state, route);
    return r && { id: r.rid, url: r.recording_url, json: r };
  },
  render: ({ state, route, theme }) => <RecordingView recording={recordingOf(state, route)} theme={theme} />,
};
