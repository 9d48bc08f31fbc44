import * as v from "valibot";
import { int, map, opt, tolerantObject } from "../api/schemas.js";
import { formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

const roleSchema = tolerantObject("role", {
  role: v.string(),
  name: opt(v.string()),
  description: opt(v.string()),
  metadata: opt(map),
  settings: opt(v.looseObject({ listUsers: opt(v.string()), sendMessagesTo: opt(v.string()) })),
  createdAt: opt(int),
});
type Role = v.InferOutput<typeof roleSchema>;

/** The app's roles (GET /roles, one by GET /roles/{role}): whom their users see and may write to; below one, what it may not do and may do. */
export const roles: Resource<Role> = {
  name: "roles",
  singular: "role",
  description: "the app's roles: whom their users may list and write to",
  idField: "role",
  schema: roleSchema,
  list: { path: "/roles", perPage: { default: 100, max: 1000 } },
  detail: { path: "/roles/{role}", first: ["role", "name", "description", "settings", "metadata", "createdAt"] },
  children: ["restricted-features", "permissions"],
  columns: [
    { header: "role", field: "role", get: (r) => r.role, min: 8 },
    { header: "name", field: "name", get: (r) => r.name ?? "", min: 8, max: 24 },
    { header: "list users", field: "settings", get: (r) => r.settings?.listUsers ?? "", min: 10 },
    { header: "message", field: "settings", get: (r) => r.settings?.sendMessagesTo ?? "", min: 7 },
    { header: "description", field: "description", get: (r) => r.description ?? "", min: 12, grows: true },
    { header: "created", field: "createdAt", get: (r) => formatTime(r.createdAt), min: 16 },
  ],
};
