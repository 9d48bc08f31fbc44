import { type User, userSchema } from "../api/chat-schemas.js";
import { USER_FIRST } from "../text/fields.js";
import { formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

/**
 * The app's users (GET /users, one by GET /users/{uid}): `ccx users` and
 * `ccx user`, the explorer's users and user screen, written by hand for the
 * filter grammar.
 */
export const users: Resource<User> = {
  name: "users",
  singular: "user",
  description: "the users of the app: name, status, role, tags, when last active",
  idField: "uid",
  schema: userSchema,
  list: { path: "/users", perPage: { default: 100, max: 1000 } },
  detail: { path: "/users/{uid}", first: USER_FIRST },
  own: true,
  columns: [
    { header: "uid", get: (u) => u.uid, min: 8, max: 32, grows: 1 },
    { header: "name", field: "name", get: (u) => u.name ?? "", min: 8, max: 32, grows: 2 },
    { header: "status", field: "status", get: (u) => `${u.status ?? ""}${u.deactivatedAt !== undefined ? " (deactivated)" : ""}`, min: 9 },
    { header: "role", field: "role", get: (u) => u.role ?? "", min: 7, max: 16 },
    { header: "tags", field: "tags", get: (u) => (u.tags ?? []).join(","), min: 6, max: 24, grows: 1 },
    { header: "last active", field: "lastActiveAt", get: (u) => formatTime(u.lastActiveAt), min: 16 },
    { header: "created", field: "createdAt", get: (u) => formatTime(u.createdAt), min: 16 },
  ],
};
