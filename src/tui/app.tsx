import { Box, Text, useStdout } from "ink";
import { useEffect } from "react";
import { useStore } from "zustand";
import { type ExplorerStore, activeApp, activeView, currentRoute } from "../store/explorer-store.js";
import type { Prompt, UiState } from "../store/types.js";
import { sanitize } from "../text/sanitize.js";
import { displayWidth, truncate } from "../text/width.js";
import { DialogBox } from "./components/dialog-box.js";
import { downloadStatus } from "./components/download-status.js";
import { LineView } from "./components/line-view.js";
import { SearchLine } from "./components/search-line.js";
import { keyLabel } from "./keymap.js";
import { LINE_BINDINGS, suggestionOf } from "../store/line-editor.js";
import { historyOf } from "../store/ui-actions.js";
import { activeHints } from "./input/router.js";
import { bodyHeight, frameLayout } from "./layout.js";
import { screenFor } from "./screens/registry.js";
import { SidePane } from "./screens/side-pane.js";
import type { Theme } from "./theme.js";

/** The footer while a line is open: the keys go to the line, and its table says which (those of the history where it has one). */
const lineHints = (prompt: Prompt) =>
  LINE_BINDINGS.filter((b) => b.footer && (!b.history || historyOf(prompt.kind))).map((b) => `${keyLabel(b.keys[0]!)} ${b.footer}`).join(" · ");

/** The lines drawn at the bottom, by what they say before the text; the others are drawn in their view. */
const PROMPT_LABELS: Partial<Record<Prompt["kind"], (prompt: Prompt) => string>> = {
  command: () => ":",
  "act-as": () => "act as user (empty: nobody): ",
  search: () => "/",
  verb: (p) => p.verb?.label ?? "",
};

export interface AppProps {
  store: ExplorerStore;
  theme: Theme;
}

/**
 * Tells the store the terminal's size, now and on every resize. The last
 * column stays empty: where a terminal measures a character wider than ccx
 * does (some scripts' vowel signs), a full row would wrap and push the frame
 * past the bottom.
 */
function useViewport(store: ExplorerStore): void {
  const { stdout } = useStdout();
  useEffect(() => {
    const measure = () => store.getState().setViewport(Math.max(20, (stdout.columns || 80) - 1), stdout.rows || 24);
    measure();
    stdout.on("resize", measure);
    return () => void stdout.off("resize", measure);
  }, [stdout, store]);
}

/**
 * The frame: the header, the breadcrumbs drawn from the navigation stack, the
 * panes (apps, the screen, the preview) and the footer, or the open command
 * line. Pure presentation of the store: keys reach the store through the
 * input router, never through a component.
 */
export function App({ store, theme }: AppProps) {
  const state = useStore(store);
  useViewport(store);
  const { columns, rows } = state.ui.viewport;
  const route = currentRoute(state);
  const view = activeView(state);
  const app = activeApp(state);
  const screen = screenFor(route);
  const panes = screen.standalone ? { side: 0, preview: 0, main: columns } : frameLayout(state.ui, screen.preview !== undefined);
  const height = bodyHeight(state.ui);
  const { prompt } = state.ui;
  const labelOf = prompt && PROMPT_LABELS[prompt.kind];
  // Server and typed text (uids, guids): sanitized, and never more than half the line.
  const label = labelOf && sanitize(labelOf(prompt));
  const cut = label && truncate(label, Math.floor(columns / 2));
  // A label cut short still leaves a space before the text.
  const promptLabel = cut === undefined || cut === label ? cut : `${truncate(label!, Math.floor(columns / 2) - 1)} `;
  const error = state.lastError;
  // ctrl-r's search is drawn in place of the bottom line (the command bar, or the filter line's footer).
  const searched = prompt && historyOf(prompt.kind);

  return (
    <Box flexDirection="column" width={columns} height={rows}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>ccx</Text>
        {/* Why first: the rest of the line may be cut at the right edge, and the mode must stay in view. */}
        {app?.readOnly ? <Text color={theme.warning}>{" · read-only"}</Text> : null}
        {/* Why: the app id and region come from the management API too; names are cut so that a long one leaves the ✗ in view. */}
        {` · ${appName(app)} · ${sanitize(app?.region ?? "—")} · as ${truncate(sanitize(state.user ?? "nobody"), 24)}`}
        {state.inflight > 0 ? ` · ⟳ ${state.inflight}` : ""}
        {error ? <Text color={theme.error}>{` · ✗ ${sanitize(error.code)}`}</Text> : null}
      </Text>
      <Text color={theme.muted} wrap="truncate-end">{breadcrumbs(view.nav.map((r) => screenFor(r).crumb(r as never)), columns)}</Text>
      <Box height={height} flexDirection="row" overflow="hidden">
        {panes.side > 0 ? <SidePane state={state} width={panes.side} height={height} theme={theme} /> : null}
        <Box width={panes.main} height={height} flexDirection="column" overflow="hidden">
          {state.ui.dialog
            ? <DialogBox dialog={state.ui.dialog} keys={state.ui.prompt ? lineKeys(state.ui.prompt) : activeHints(store).join(" · ")} width={panes.main} theme={theme} />
            : screen.render({ state, route: route as never, height, width: panes.main, theme })}
        </Box>
        {panes.preview > 0 ? (
          <Box width={panes.preview} height={height} flexDirection="column" paddingLeft={1} overflow="hidden">
            <Text bold color={theme.muted} wrap="truncate-end">preview (] hides)</Text>
            {screen.preview?.({ state, route: route as never, width: panes.preview - 1, height: height - 1, theme })}
          </Box>
        ) : null}
      </Box>
      {prompt?.completion ? <Candidates completion={prompt.completion} width={columns} theme={theme} /> : null}
      {prompt?.note && !prompt.completion ? <Text color={theme.warning} wrap="truncate-end">{sanitize(prompt.note)}</Text> : null}
      {prompt?.search && searched ? (
        <SearchLine search={prompt.search} history={state.ui.history[searched]} width={columns} theme={theme} />
      ) : prompt && promptLabel !== undefined ? (
        <Box>
          <Box flexShrink={0}>
            <Text color={theme.accent}>{promptLabel}</Text>
          </Box>
          <LineView line={prompt} width={columns - displayWidth(promptLabel)} hint={suggestedRest(prompt, state.ui.history)} />
        </Box>
      ) : (
        <Text color={state.notice ? theme.warning : theme.muted} wrap="truncate-end">
          {/* A notice may carry the service's words (a refusal's message): sanitized as every server string. */}
          {state.notice !== undefined ? sanitize(state.notice) : (state.downloads ? downloadStatus(state.downloads) : error?.hint ? `${sanitize(error.code)}: ${error.hint}` : prompt ? lineHints(prompt) : activeHints(store).join(" · "))}
        </Text>
      )}
    </Box>
  );
}

/** The app in the header: its name and id, the id once where the app has no name of its own (credentials from the environment). */
function appName(app: ReturnType<typeof activeApp>): string {
  if (!app) return "no app";
  const id = truncate(sanitize(app.appId), 24);
  return app.label === app.appId ? id : `${truncate(sanitize(app.label), 32)} ${id}`;
}

const CRUMB_GAP = " › ";

/**
 * The breadcrumbs in `width` columns, cut from the left (marked `…`) so that the screen in front always
 * shows: `… › user alice › calls of alice`. Only a crumb wider than the line alone is cut at its end.
 */
function breadcrumbs(crumbs: readonly string[], width: number): string {
  const whole = crumbs.join(CRUMB_GAP);
  if (displayWidth(whole) <= width) return whole;
  const cut = `…${CRUMB_GAP}`;
  let kept = crumbs.at(-1)!;
  for (const crumb of crumbs.slice(0, -1).reverse()) {
    const more = `${crumb}${CRUMB_GAP}${kept}`;
    if (displayWidth(cut + more) > width) break;
    kept = more;
  }
  return truncate(crumbs.length > 1 ? cut + kept : kept, width);
}

/** What the keys do while the line under a box has them: a destroying write's id typed back, or a form's field. */
/** What an earlier line suggests after what is typed (suggestionOf): drawn dim, → or End takes it. */
function suggestedRest(prompt: Prompt, history: UiState["history"]): string | undefined {
  const name = historyOf(prompt.kind);
  return name && suggestionOf(prompt, history[name])?.slice(prompt.text.length);
}

/**
 * The candidates tab goes through, above the line: each from its first word that differs from the others'
 * (`:group gr⇥`: the guids; an id that is a user and a group: `user x`, `group x`), the one the line holds
 * in inverse video.
 */
function Candidates({ completion, width, theme }: { completion: NonNullable<Prompt["completion"]>; width: number; theme: Theme }) {
  const split = completion.candidates.map((line) => line.trim().split(/\s+/));
  const shared = (at: number) => split.every((w) => w.length > at + 1 && w[at] === split[0]![at]);
  let from = 0;
  while (shared(from)) from++;
  const words = split.map((w) => sanitize(w.slice(from).join(" ")));
  // In their order, as many as fit from the first, or from the one chosen when it would not show.
  const fitFrom = (from: number) => {
    const fit: number[] = [];
    let room = width - 6;
    for (let at = from; at < words.length && (room -= displayWidth(words[at]!) + 2) >= 0; at++) fit.push(at);
    return fit.length > 0 ? fit : [from];
  };
  const first = fitFrom(0);
  const shown = completion.at < 0 || first.includes(completion.at) ? first : fitFrom(completion.at);
  return (
    <Text wrap="truncate-end">
      {shown.map((at) => <Text key={at} inverse={at === completion.at} color={at === completion.at ? undefined : theme.muted}>{` ${words[at]} `}</Text>)}
      {shown.length < words.length ? <Text color={theme.muted}>{` +${words.length - shown.length}`}</Text> : null}
    </Text>
  );
}

function lineKeys(prompt: Prompt): string {
  const into = prompt.verb?.into;
  if (into && "typeBack" in into) return `type ${into.typeBack} in the line below, then enter to send · esc: nothing sent`;
  return "edit it in the line below · enter puts it in · esc leaves it as it was";
}
