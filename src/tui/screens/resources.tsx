import { Box, Text } from "ink";
import type { ExplorerState } from "../../store/explorer-store.js";
import { RESOURCE_LIST } from "../../resources/index.js";
import { type AnyResource, colonCommands, colonLine, endpointOf } from "../../resources/resource.js";
import { writesByResource } from "../../writes/resource-writes.js";
import { runCommand } from "../commands.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import type { RouteOf, Screen } from "./types.js";

/** One row: a resource, the group of the service's docs it is in, and the `:` command that opens it. */
export interface ResourceRow {
  group: string;
  resource: AnyResource;
  /** The command's name: the list's, else the item's. */
  command: string;
  params: string[];
}

/**
 * Every resource a `:` command opens, by the group the service's docs put it in, then as the registry
 * orders them (one conversation, which the explorer reaches from the list, has none).
 */
let rows: ResourceRow[] | undefined;
/** Made when first shown, not as the screens load: it searches the catalogue for every resource, before the first frame. */
export function resourceRows(): ResourceRow[] {
  rows ??= RESOURCE_LIST.flatMap((resource) => {
    const { list, item } = colonCommands(resource);
    const opens = list ?? item;
    return opens ? [{ group: endpointOf((resource.list ?? resource.detail)!.path).group, resource, command: opens.name, params: opens.params }] : [];
  }).sort((a, b) => a.group.localeCompare(b.group));
  return rows;
}

const commandOf = (row: ResourceRow) => colonLine({ name: row.command, params: row.params });

/** Each resource's writes, by their command words, beside what it answers: made when first drawn, not at every start. */
let writes: Map<string, Array<{ verb: string }>> | undefined;
const writesOf = (row: ResourceRow) => [...new Set(((writes ??= writesByResource(RESOURCE_LIST)).get(row.resource.name) ?? []).map((w) => w.verb))].join(", ");

const COLUMNS: Column<ResourceRow>[] = [
  { header: "docs", get: (r) => r.group, width: 18, priority: 7 },
  { header: "command", get: commandOf, width: 34, priority: 9 },
  { header: "what it answers", get: (r) => r.resource.description, flex: 1, minWidth: 16, priority: 8 },
  { header: "writes", get: writesOf, flex: 1, minWidth: 12, priority: 6 },
];

const CURSOR = "resources";
const cursorOf = (state: ExplorerState) => Math.min(state.ui.cursors[CURSOR] ?? 0, resourceRows().length - 1);

/** `:resources`: every resource ccx knows, by group, with what each answers; Enter opens one. */
export const resourcesScreen: Screen<RouteOf<"resources">> = {
  title: "The resources (:resources)",
  legend: ["every resource ccx reads, grouped as the service's docs group them, with the writes ccx sends by name that change it; enter opens one, or, when it needs an id, the command line to type it"],
  crumb: () => "resources",
  bindings: [
    { keys: ["enter"], description: "open the resource (the command line first when it takes an id)", footer: "open", run: (c) => {
      const row = resourceRows()[cursorOf(c.state)];
      if (!row) return;
      // What needs an id waits for it on the command line; the rest opens as its `:` command does.
      if (row.params.length > 0) c.store.getState().openPrompt("command", `${row.command} `);
      else runCommand(row.command, c.store, () => c.services.quit());
    } },
  ],
  cursor: (state) => ({ index: cursorOf(state), count: resourceRows().length }),
  select: (store, _route, index) => store.getState().setCursor(CURSOR, index),
  selection: (state) => {
    const row = resourceRows()[cursorOf(state)];
    return row && { id: commandOf(row) };
  },
  render: ({ state, height, width, theme }: { state: ExplorerState; height: number; width: number; theme: Theme }) => (
    <Box flexDirection="column">
      <Text color={theme.muted} wrap="truncate-end">{`${resourceRows().length} resources · enter opens one (the command line first when it takes an id)`}</Text>
      <Rows columns={COLUMNS} rows={resourceRows()} selected={cursorOf(state)} height={height - 1} width={width} theme={theme} />
    </Box>
  ),
};
