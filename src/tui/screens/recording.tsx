import { Box, Text } from "ink";
import type { Recording } from "../../api/schemas.js";
import { type ExplorerState, activeView, detailOf } from "../../store/explorer-store.js";
import { formatMinutes, formatTime } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import type { Theme } from "../theme.js";
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

/** How a recording is named in the route: its rid, or its place in the call when it came without one. */
export const recordingKey = (recording: Recording, index: number) => recording.rid ?? `#${index + 1}`;

const recordingOf = (state: ExplorerState, route: RouteOf<"recording">) =>
  detailOf(activeView(state), "call", route.sessionId)?.call?.recordings?.find((r, i) => recordingKey(r, i) === route.rid);

export const recordingScreen: Screen<RouteOf<"recording">> = {
  title: "A recording",
  crumb: (route) => `recording ${sanitize(route.rid)}`,
  bindings: [
    downloadBinding("download this recording", (c) => {
      const route = c.route as RouteOf<"recording">;
      const recording = recordingOf(c.state, route);
      const call = detailOf(activeView(c.state), "call", route.sessionId)?.call;
      return recording && { sessionId: call?.sessionId ?? route.sessionId, recordings: [recording] };
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
