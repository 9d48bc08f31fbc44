import { type User, userSchema } from "../api/chat-schemas.js";
import type { Resource } from "./resource.js";

/** The users a group banned (GET /groups/{guid}/bannedusers), as `ccx members <guid> --banned` lists them. */
export const banned: Resource<User> = {
  name: "banned",
  singular: "banned user",
  description: "the users a group banned: they cannot join it again until unbanned",
  idField: "uid",
  schema: userSchema,
  list: { path: "/groups/{guid}/bannedusers", perPage: { default: 100, max: 1000 } },
  columns: [
    { header: "uid", get: (u) => u.uid, min: 6, max: 32, grows: true },
    { header: "name", field: "name", get: (u) => u.name ?? "", min: 6, max: 32, grows: true },
    { header: "status", field: "status", get: (u) => u.status ?? "", min: 9 },
    { header: "role", field: "role", get: (u) => u.role ?? "", min: 7 },
  ],
};
