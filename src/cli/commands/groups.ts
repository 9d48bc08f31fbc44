import type { Command } from "commander";
import { groupPages } from "../../api/groups.js";
import type { Group } from "../../api/schemas.js";
import { GROUP_FILTER_KEYS, parseGroupFilter } from "../../query/index.js";
import { formatTime } from "../../text/index.js";
import { type FilterFlag, registerListCommand } from "../list-command.js";

const FLAGS: FilterFlag[] = [
  { flag: "search", description: "keyword in name or guid (searchKey)", token: (v) => v },
  { flag: "search-in", description: "where to search: name, guid or name,guid (searchIn)", token: (v) => `in:${v}` },
  { flag: "type", description: "public, private, protected (or password); a comma list for several", token: (v) => `type:${v}` },
  { flag: "tags", description: "groups with any of these tags, comma-separated", token: (v) => `tag:${v}` },
  { flag: "with-tags", description: "include each group's tags (withTags)", token: () => "withtags:true", boolean: true },
  { flag: "guid", description: "one guid, or a comma list", token: (v) => `guid:${v}` },
  { flag: "members", description: "members count: >=10, <5, 10..50 or 10", token: (v) => `members:${v}` },
  { flag: "created", description: "created: >=2024-01-01, <7d, 2024-01-01..2024-02-01", token: (v) => `created:${v}` },
  { flag: "updated", description: "updated (never-updated groups excluded): as --created", token: (v) => `updated:${v}` },
  { flag: "after", description: "cursor mode: groups updated after this time (updatedAt, affix=append)", token: (v) => `after:${v}` },
  { flag: "before", description: "cursor mode: groups updated before this time (affix=prepend)", token: (v) => `before:${v}` },
  { flag: "joined", description: "only groups the --on-behalf-of user has joined", token: () => "joined:true", boolean: true },
  { flag: "sort", description: "name, guid or createdAt; a leading - for descending", token: (v) => `sort:${v}` },
];

export function registerGroups(program: Command): void {
  registerListCommand<Group>(program, {
    name: "groups",
    description: "list the groups of the app (GET /groups) once and exit",
    filterFlags: FLAGS,
    syntaxHelp: ["Filter syntax (--query), every parameter of GET /groups:", ...GROUP_FILTER_KEYS.map((k) => `  ${k.example.padEnd(30)}${k.description}`)].join("\n"),
    parse: (line) => parseGroupFilter(line),
    pages: (client, params) => groupPages(client, params),
    columns: [
      { header: "name", get: (g) => g.name ?? "", min: 16, max: 40, flex: 2 },
      { header: "guid", get: (g) => g.guid, min: 14, max: 36, flex: 1 },
      { header: "type", get: (g) => g.type ?? "", min: 6 },
      { header: "members", get: (g) => g.membersCount ?? "", align: "right", min: 7 },
      { header: "tags", get: (g) => (g.tags ?? []).join(","), min: 6, max: 24, flex: 1 },
      { header: "owner", get: (g) => g.owner ?? "", min: 5, max: 16 },
      { header: "created", get: (g) => formatTime(g.createdAt), min: 16 },
      { header: "updated", get: (g) => formatTime(g.updatedAt), min: 16 },
    ],
  });
}
