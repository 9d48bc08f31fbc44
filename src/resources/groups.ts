import { type Group, groupSchema } from "../api/schemas.js";
import { GROUP_FIRST } from "../text/fields.js";
import { formatAge, formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

/**
 * The app's groups (GET /groups, one by GET /groups/{guid}): `ccx groups` and
 * `ccx group`, the explorer's groups and group screen, written by hand for
 * the filter grammar and cursor paging; their members below each group.
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
    grammar: async () => (await import("../query/groups.js")).GROUP_GRAMMAR,
    // The list shows each group's tags, which the service leaves out unless asked.
    always: { withTags: "true" },
  },
  detail: { path: "/groups/{guid}", first: GROUP_FIRST },
  children: ["members"],
  own: true,
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
