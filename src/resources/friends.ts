import { type User, userSchema } from "../api/chat-schemas.js";
import { formatAge, formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

/** A user's friends (GET /users/{uid}/friends): who they can see online in a friends-only app. */
export const friends: Resource<User> = {
  name: "friends",
  singular: "friend",
  description: "a user's friends: who, and whether they are about",
  idField: "uid",
  schema: userSchema,
  list: {
    path: "/users/{uid}/friends",
    perPage: { default: 100, max: 1000 },
    flags: [{ flag: "search", param: "searchKey", description: "friends whose uid or name holds this" }],
  },
  columns: [
    { header: "uid", get: (u) => u.uid, min: 6, max: 32, grows: true },
    { header: "name", field: "name", get: (u) => u.name ?? "", min: 6, max: 32, grows: true },
    { header: "status", field: "status", get: (u) => u.status ?? "", min: 9 },
    { header: "last active", field: "lastActiveAt", get: (u) => formatTime(u.lastActiveAt), narrow: { get: (u) => formatAge(u.lastActiveAt), min: 11 }, min: 16 },
  ],
};
