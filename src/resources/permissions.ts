import * as v from "valibot";
import { int, opt, tolerantObject } from "../api/schemas.js";
import type { Resource } from "./resource.js";

const permissionSchema = tolerantObject("id", {
  id: v.string(),
  type: opt(v.string()),
  title: opt(v.string()),
  description: opt(v.string()),
  dataType: opt(v.string()),
  availableValues: opt(v.array(v.unknown())),
  defaultValue: opt(v.unknown()),
  createdAt: opt(int),
  updatedAt: opt(int),
});
export type Permission = v.InferOutput<typeof permissionSchema>;

const columns: Resource<Permission>["columns"] = [
  { header: "permission", field: "id", get: (p) => p.id, min: 18 },
  // "allow"/"deny" or a mode as written, a list as JSON.
  { header: "default", field: "defaultValue", get: (p) => (p.defaultValue === undefined ? "" : typeof p.defaultValue === "string" ? p.defaultValue : JSON.stringify(p.defaultValue)), min: 7 },
  { header: "type", field: "dataType", get: (p) => p.dataType ?? "", min: 7 },
  { header: "description", field: "description", get: (p) => p.description ?? "", min: 12, grows: true },
];

/** What a role may do (GET /roles/{role}/permissions): the RBAC switches, each with its value. */
export const permissions: Resource<Permission> = {
  name: "permissions",
  singular: "permission",
  description: "what a role's users may do: each permission and its value",
  idField: "id",
  schema: permissionSchema,
  list: { path: "/roles/{role}/permissions" },
  columns,
};

/** What a group's admins, moderators or participants may do there (GET /groups/{guid}/scopes/{scope}/permissions). */
export const scopePermissions: Resource<Permission> = {
  name: "scope-permissions",
  singular: "scope permission",
  description: "what a group's admins, moderators or participants may do in it",
  idField: "id",
  schema: permissionSchema,
  list: { path: "/groups/{guid}/scopes/{scope}/permissions" },
  columns,
};
