import { Box, Text } from "ink";
import type { WebhookEvent } from "../../api/webhook-receiver.js";
import type { ExplorerState } from "../../store/explorer-store.js";
import { FailureBox } from "../components/failure-box.js";
import { type Column, Rows } from "../components/rows.js";
import type { RouteOf, Screen } from "./types.js";

/** The events as kept, newest last. */
const eventsOf = (state: ExplorerState) => state.listen?.events ?? [];
/** The selected event: the newest until one is chosen, as the request log's cursor. */
const cursorOf = (state: ExplorerState) => Math.min(state.ui.cursors.listen ?? eventsOf(state).length - 1, eventsOf(state).length - 1);

const columns: Column<WebhookEvent>[] = [
  { header: "time", get: (e) => new Date(e.receivedAt).toISOString().slice(11, 19), width: 8, priority: 9 },
  { header: "event", get: (e) => e.trigger || "(no trigger)", width: 26, priority: 9 },
  { header: "names", get: (e) => (e.names ? `${e.names.kind} ${e.names.id}` : "—"), flex: 1, minWidth: 12, priority: 8 },
  { header: "delay", get: (e) => (e.delayMs === undefined ? "" : `${(e.delayMs / 1000).toFixed(1)} s`), width: 8, align: "right", priority: 6 },
  {
    header: "answer", width: 26, priority: 7,
    get: (e) => (e.refused ? `401 ${e.refused}` : e.forwarded ? `→ ${e.forwarded.status ?? e.forwarded.error}` : "200"),
    color: (e, t) => (e.refused || e.forwarded?.error || (e.forwarded?.status ?? 0) >= 400 ? t.error : undefined),
  },
];

/** `:listen`: the webhook events the receiver got, newest last; Enter opens what the selected one names. */
export const listenScreen: Screen<RouteOf<"listen">> = {
  title: "Webhook events (:listen)",
  legend: [
    "the events the service posted to the receiver :listen started (as ccx webhooks listen), newest last: when, the trigger, what it names, the delay since the event, the answer (401 when its Basic credentials were wrong)",
    "point a webhook at the address shown (a tunnel's, or https://localhost with :listen <port> <cert> <key> for the emulator); Enter opens what the event names; Y copies its body",
  ],
  crumb: () => "listen",
  bindings: [
    { keys: ["enter"], description: "open what the event names: its message, call, user or group", footer: "open", onRows: true,
      disabled: (c) => (eventsOf(c.state)[cursorOf(c.state)]?.names ? undefined : "this event names nothing ccx can open"),
      run: (c) => c.selection()?.open?.() },
  ],
  cursor: (state) => ({ index: Math.max(0, cursorOf(state)), count: eventsOf(state).length }),
  select: (store, _route, index) => store.getState().setCursor("listen", index),
  selection: (state) => {
    const event = eventsOf(state)[cursorOf(state)];
    return event && { id: event.names?.id ?? event.trigger, json: event.body, open: () => state.openListenEvent(event) };
  },
  render: ({ state, height, width, theme }) => {
    const listen = state.listen;
    if (listen?.error) return <FailureBox failure={listen.error} theme={theme} />;
    if (!listen?.url) return <Text color={theme.muted}>starting the receiver…</Text>;
    const events = eventsOf(state);
    return (
      <Box flexDirection="column">
        <Text color={theme.muted} wrap="truncate-end">listening on {listen.url} · {events.length} event{events.length === 1 ? "" : "s"} · Enter opens what one names</Text>
        {events.length === 0 ? <Text color={theme.muted}>no event yet: point a webhook at this address</Text> : (
          <Rows columns={columns} rows={events} selected={Math.max(0, cursorOf(state))} height={height - 1} width={width} theme={theme} />
        )}
      </Box>
    );
  },
};
