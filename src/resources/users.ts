import { type User, userListSchema, userSchema } from "../api/chat-schemas.js";
import { USER_FIRST } from "../text/fields.js";
import { formatAge, formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

/**
 * The app's users (GET /users, one by GET /users/{uid}): `ccx users` is made
 * from this definition, its filter grammar written by hand (src/query/users.ts);
 * `ccx user` is written by hand. In the explorer one user is its generic item, extended
 * (src/tui/screens/item-screens.ts), its sections its children.
 */
export const users: Resource<User> = {
  name: "users",
  singular: "user",
  description: "the users of the app: name, status, role, tags, when last active",
  idField: "uid",
  schema: userSchema,
  list: {
    path: "/users",
    perPage: { default: 100, max: 1000 },
    answer: userListSchema,
    flags: [
      { flag: "search", key: "", description: "keyword in name or uid (searchKey)" },
      { flag: "search-in", key: "in", description: "where to search: name, uid or name,uid (searchIn)" },
      { flag: "status", key: "status", description: "available or offline" },
      { flag: "role", key: "role", description: "a role, or a comma list for several (role, roles)" },
      { flag: "tags", key: "tag", description: "users with any of these tags, comma-separated" },
      { flag: "with-tags", key: "withtags", switch: "true", description: "include each user's tags (withTags)" },
      { flag: "deactivated", key: "deactivated", description: "with: deactivated users as well; only: just them" },
    ],
    grammar: async () => (await import("../query/users.js")).USER_GRAMMAR,
    always: { withTags: "true" },
  },
  detail: { path: "/users/{uid}", first: USER_FIRST },
  // Below one user (tab, ←/→): what they joined, took part in and see, then whom they blocked, their friends, tokens and preferences.
  children: [
    { name: "groups", title: "groups joined", actsAs: true, query: { hasJoined: "true" } },
    { name: "calls", param: "uid" },
    { name: "conversations", actsAs: true },
    { name: "blocked", title: "blocked users" },
    "friends",
    "tokens",
    "preferences",
  ],
  live: (u) => `${u.status}|${u.updatedAt}`,
  wideAt: 110,
  columns: [
    { header: "name", field: "name", get: (u) => u.name ?? "", min: 12, max: 32, grows: 2 },
    { header: "uid", get: (u) => u.uid, min: 10, max: 32, grows: 2 },
    { header: "status", field: "status", get: (u) => (u.deactivatedAt !== undefined ? "deactivated" : u.status ?? ""), min: 9 },
    { header: "last active", field: "lastActiveAt", get: (u) => formatTime(u.lastActiveAt), narrow: { get: (u) => formatAge(u.lastActiveAt), min: 11 }, min: 16 },
    { header: "role", field: "role", get: (u) => u.role ?? "", min: 7, max: 16 },
    { header: "tags", field: "tags", get: (u) => (u.tags ?? []).join(","), min: 6, max: 24, grows: 1 },
    { header: "created", field: "createdAt", get: (u) => formatTime(u.createdAt), narrow: { get: (u) => formatAge(u.createdAt), min: 8 }, min: 16 },
  ],
};
