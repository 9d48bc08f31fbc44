import { type User, userSchema } from "../api/chat-schemas.js";
import { formatTime } from "../text/format.js";
import { type Resource, yesNo } from "./resource.js";

/** The users a user blocked (GET /users/{uid}/blockedusers): why a 1:1 stays silent. */
export const blocked: Resource<User> = {
  name: "blocked",
  singular: "blocked user",
  description: "the users a user blocked, when, and whether they blocked back",
  idField: "uid",
  schema: userSchema,
  list: { path: "/users/{uid}/blockedusers", perPage: { default: 100, max: 1000 } },
  columns: [
    { header: "uid", get: (u) => u.uid, min: 6, max: 32, grows: true },
    { header: "name", field: "name", get: (u) => u.name ?? "", min: 6, max: 32, grows: true },
    { header: "blocked", field: "blockedByMeAt", get: (u) => formatTime(u.blockedByMeAt ?? u.blockedAt), min: 16 },
    { header: "blocked back", field: "hasBlockedMe", get: (u) => yesNo(u.hasBlockedMe), min: 12 },
  ],
};
