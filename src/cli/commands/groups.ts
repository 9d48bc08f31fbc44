import type { Command } from "commander";
import { keyToken, quote } from "../../query/tokenize.js";
import { type FilterFlag, registerListCommand } from "../list-command.js";

const FLAGS: FilterFlag[] = [
  { flag: "search", description: "keyword in name or guid (searchKey)", token: (v) => quote(v) },
  { flag: "search-in", description: "where to search: name, guid or name,guid (searchIn)", token: (v) => keyToken("in", v) },
  { flag: "type", description: "public, private, protected (or password); a comma list for several", token: (v) => keyToken("type", v) },
  { flag: "tags", description: "groups with any of these tags, comma-separated", token: (v) => keyToken("tag", v) },
  { flag: "with-tags", description: "include each group's tags (withTags)", token: () => "withtags:true", boolean: true },
  { flag: "guid", description: "one guid, or a comma list", token: (v) => keyToken("guid", v) },
  { flag: "members", description: "members count: >=10, <5, 10..50 or 10", token: (v) => keyToken("members", v) },
  { flag: "created", description: "created: >=2024-01-01, >=7d (the last 7 days), 2024-01-01..2024-02-01", token: (v) => keyToken("created", v) },
  { flag: "updated", description: "updated (never-updated groups excluded): as --created", token: (v) => keyToken("updated", v) },
  { flag: "after", description: "cursor mode: groups updated after this time (updatedAt, affix=append)", token: (v) => keyToken("after", v) },
  { flag: "before", description: "cursor mode: groups updated before this time (affix=prepend)", token: (v) => keyToken("before", v) },
  { flag: "joined", description: "only groups the --on-behalf-of user has joined", token: () => "joined:true", boolean: true },
  { flag: "sort", description: "name, guid or createdAt; a leading - for descending", token: (v) => keyToken("sort", v) },
];

export function registerGroups(program: Command): void {
  registerListCommand<"groups">(program, {
    name: "groups",
    description: "list the groups of the app (GET /groups) once and exit",
    filterFlags: FLAGS,
    endpoint: "GET /groups",
    tableQuery: { withTags: "true" },
  });
}
