import { type Group, groupListSchema, groupSchema } from "../api/schemas.js";
import { GROUP_FIRST } from "../text/fields.js";
import { formatAge, formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

/**
 * The app's groups (GET /groups, one by GET /groups/{guid}): `ccx groups` is
 * made from this definition, its filter grammar written by hand
 * (src/query/groups.ts), cursor paging by after:/before:; `ccx group` is written
 * by hand. In the explorer one group is its generic item, extended (src/tui/screens/item-screens.ts):
 * its members below it, then (tab) the users it banned.
 */
export const groups: Resource<Group> = {
  name: "groups",
  singular: "group",
  description: "the groups of the app: name, type, members, tags, owner",
  idField: "guid",
  schema: groupSchema,
  list: {
    path: "/groups",
    perPage: { default: 100, max: 1000 },
    answer: groupListSchema,
    flags: [
      { flag: "search", key: "", description: "keyword in name or guid (searchKey)" },
      { flag: "search-in", key: "in", description: "where to search: name, guid or name,guid (searchIn)" },
      { flag: "type", key: "type", description: "public, private, protected (or password); a comma list for several" },
      { flag: "tags", key: "tag", description: "groups with any of these tags, comma-separated" },
      { flag: "with-tags", key: "withtags", switch: "true", description: "include each group's tags (withTags)" },
      { flag: "guid", key: "guid", description: "one guid, or a comma list" },
      { flag: "members", key: "members", description: "members count: >=10, <5, 10..50 or 10" },
      { flag: "created", key: "created", description: "created: >=2024-01-01, >=7d (the last 7 days), 2024-01-01..2024-02-01" },
      { flag: "updated", key: "updated", description: "updated (never-updated groups excluded): as --created" },
      { flag: "after", key: "after", description: "cursor mode: groups updated after this time (updatedAt, affix=append)" },
      { flag: "before", key: "before", description: "cursor mode: groups updated before this time (affix=prepend)" },
      { flag: "joined", key: "joined", switch: "true", description: "only groups the --on-behalf-of user has joined" },
      { flag: "sort", key: "sort", description: "name, guid or createdAt; a leading - for descending" },
    ],
    grammar: async () => (await import("../query/groups.js")).GROUP_GRAMMAR,
    always: { withTags: "true" },
    cursorKeys: { append: "after", prepend: "before" },
  },
  detail: { path: "/groups/{guid}", first: GROUP_FIRST },
  children: ["members", "banned"],
  live: (g) => `${g.updatedAt}|${g.membersCount}|${g.name}`,
  wideAt: 110,
  columns: [
    { header: "name", field: "name", get: (g) => g.name ?? "", min: 16, max: 40, grows: 3 },
    { header: "guid", get: (g) => g.guid, min: 12, max: 36, grows: 2 },
    { header: "scope", field: "hasJoined", get: (g) => (g.hasJoined ? g.scope ?? "member" : "—"), min: 5, actingUser: true },
    { header: "joined", field: "hasJoined", get: (g) => (g.hasJoined ? formatTime(g.joinedAt) : ""), narrow: { get: (g) => (g.hasJoined ? formatAge(g.joinedAt) : ""), min: 8 }, min: 16, actingUser: true },
    { header: "type", field: "type", get: (g) => g.type ?? "", min: 6 },
    { header: "members", field: "membersCount", get: (g) => g.membersCount ?? "", align: "right", min: 7 },
    { header: "tags", field: "tags", get: (g) => (g.tags ?? []).join(","), min: 6, max: 24, grows: 1 },
    { header: "owner", field: "owner", get: (g) => g.owner ?? "", min: 5, max: 16 },
    { header: "created", field: "createdAt", get: (g) => formatTime(g.createdAt), narrow: { get: (g) => formatAge(g.createdAt), min: 8 }, min: 16 },
    { header: "updated", field: "updatedAt", get: (g) => formatTime(g.updatedAt), narrow: { get: (g) => formatAge(g.updatedAt), min: 8 }, min: 16 },
  ],
};
