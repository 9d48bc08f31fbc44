import * as v from "valibot";
import { userSchema } from "../api/chat-schemas.js";
import { formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

type Member = v.InferOutput<typeof userSchema>;

/**
 * A group's members (GET /groups/{guid}/members), or the users it banned
 * (`--banned`: GET /groups/{guid}/bannedusers). The group's own screen keeps
 * its members below its fields; this is their list on its own.
 */
export const members: Resource<Member> = {
  name: "members",
  singular: "member",
  description: "a group's members, their scope and when they joined",
  idField: "uid",
  schema: userSchema,
  list: {
    path: "/groups/{guid}/members",
    perPage: { default: 100, max: 1000 },
    flags: [{ flag: "scope", param: "scopes", description: "admin, moderator or participant; a comma list for several" }],
    narrowed: { flag: "banned", path: "/groups/{guid}/bannedusers", description: "the users the group banned instead", excludes: ["scope"] },
  },
  columns: [
    { header: "uid", field: "uid", get: (m) => m.uid, min: 6, max: 32, grows: true },
    { header: "name", field: "name", get: (m) => m.name ?? "", min: 6, max: 32, grows: true },
    { header: "scope", field: "scope", get: (m) => m.scope ?? "", min: 11 },
    { header: "joined", field: "joinedAt", get: (m) => (m.joinedAt === undefined ? "" : formatTime(m.joinedAt)), min: 16 },
  ],
};
