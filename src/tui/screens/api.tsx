import { Box, Text } from "ink";
import { type ExplorerState, activeView } from "../../store/explorer-store.js";
import { apiCursorName } from "../../store/api-actions.js";
import type { ApiViewState } from "../../store/types.js";
import { type TreeLine, copyText, lineText, treeLines } from "../../text/json-tree.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "../components/failure-box.js";
import type { Theme } from "../theme.js";
import type { KeyContext, RouteOf, Screen } from "./types.js";
import { useScrollWindow } from "../components/use-scroll-window.js";

type ApiRoute = RouteOf<"api">;

const apiOf = (state: ExplorerState, route: ApiRoute): ApiViewState | undefined => activeView(state).apis?.[route.path];

/** The tree's visible lines, kept for the last answer and folds asked: every key press draws again. */
let drawn: { api: ApiViewState; lines: TreeLine[] } | undefined;
function linesOf(api: ApiViewState | undefined): TreeLine[] {
  if (!api || api.body === undefined) return [];
  if (drawn?.api.body !== api.body || drawn.api.toggled !== api.toggled) drawn = { api, lines: treeLines(api.body, new Set(api.toggled)) };
  return drawn.lines;
}

const cursorOf = (state: ExplorerState, route: ApiRoute) => {
  const count = linesOf(apiOf(state, route)).length;
  return { index: Math.max(0, Math.min(state.ui.cursors[apiCursorName(route.path)] ?? 0, count - 1)), count };
};

function statusLine(api: ApiViewState | undefined): string {
  if (!api) return "";
  if (api.loading) return `⟳ ${api.request ?? "asking"}`;
  const page = api.paged ? ` · page ${api.page}${api.next ? " · n next page" : " (the last)"}` : "";
  const masked = api.masked?.length ? ` · ${api.masked.length} secret${api.masked.length === 1 ? "" : "s"} masked (ccx api --reveal shows them)` : "";
  return `${api.request ?? ""}${page}${masked}`;
}

function ApiView({ api, selected, height, theme }: { api: ApiViewState | undefined; selected: number; height: number; theme: Theme }) {
  const lines = linesOf(api);
  const rows = Math.max(1, height - 1 - (api?.error ? 3 : 0));
  // The window keeps the cursor in view, as a list's rows do.
  const first = useScrollWindow(selected, lines.length, rows);
  return (
    <Box flexDirection="column">
      <Text color={theme.muted} wrap="truncate-end">{sanitize(statusLine(api))}</Text>
      {api?.error ? <FailureBox failure={api.error} theme={theme} /> : null}
      {lines.slice(first, first + rows).map((line, i) => (
        <Text key={line.path || "(root)"} inverse={first + i === selected} color={line.container ? theme.accent : undefined} wrap="truncate-end">
          {sanitize(lineText(line))}
        </Text>
      ))}
    </Box>
  );
}

const lineAt = (c: KeyContext<ApiRoute>): TreeLine | undefined => linesOf(apiOf(c.state, c.route))[c.cursor.index];
const apiIn = (c: KeyContext<ApiRoute>) => apiOf(c.state, c.route);

/** :api <path>: any documented GET as a tree: Enter folds, / searches, y copies a value, Y the answer, n pages a list. */
export const apiScreen: Screen<ApiRoute> = {
  title: "An answer as a tree (:api <path>)",
  legend: [
    "any documented GET of the app (or of the management API, with its key and secret), its host and headers from the endpoint catalogue, as ccx api sends it",
    "▸ a folded object or array, ▾ an open one, with its size: {keys} or [items]; three levels deep and more start folded",
    "secrets in the answer (API keys, tokens, passwords) are masked, as ccx api masks them",
  ],
  crumb: (route) => `api ${route.path}`,
  bindings: [
    { keys: ["enter"], description: "fold or unfold the object or array", footer: "fold", disabled: (c) => (lineAt(c)?.container ? undefined : "not an object or array"), run: (c) => {
      const line = lineAt(c);
      if (line?.container) c.store.getState().toggleApiFold(line.path);
    } },
    { keys: ["/"], description: "search keys and values (Enter goes to the next match, unfolding what hides it)", footer: "search", run: (c) => c.store.getState().openPrompt("search") },
    { keys: ["n"], description: "the next page of a documented list", footer: "next page", disabled: (c) => {
      const api = apiIn(c);
      return !api?.paged ? "not a documented list" : api.next ? undefined : "this is the last page";
    }, run: (c) => c.store.getState().nextApiPage() },
    { keys: ["r"], description: "ask again (the first page)", footer: "refresh", run: (c) => c.store.getState().reloadApi() },
  ],
  cursor: (state, route) => cursorOf(state, route),
  select: (store, route, index) => store.getState().setCursor(apiCursorName(route.path), index),
  selection: (state, route) => {
    const api = apiOf(state, route);
    const line = linesOf(api)[cursorOf(state, route).index];
    return line && { id: copyText(line.value), what: line.path ? `value of ${line.path}` : "answer", json: api?.body };
  },
  render: ({ state, route, height, theme }) => <ApiView api={apiOf(state, route)} selected={cursorOf(state, route).index} height={height} theme={theme} />,
};
