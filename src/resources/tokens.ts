import * as v from "valibot";
import { int, opt, tolerantObject } from "../api/schemas.js";
import { formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

const authTokenSchema = tolerantObject("authToken", {
  authToken: v.string(),
  uid: opt(v.string()),
  createdAt: opt(int),
  platform: opt(v.string()),
  userAgent: opt(v.string()),
});
type AuthToken = v.InferOutput<typeof authTokenSchema>;

/**
 * A user's auth tokens (GET /users/{uid}/auth_tokens): the sessions the
 * client SDKs log in with. The tokens are secrets: masked unless --reveal.
 * `ccx token <uid>` (a write) makes one.
 */
export const tokens: Resource<AuthToken> = {
  name: "tokens",
  singular: "auth token",
  aliases: ["auth-tokens"],
  description: "a user's auth tokens: when each was made, and from where (the tokens masked)",
  idField: "authToken",
  schema: authTokenSchema,
  list: { path: "/users/{uid}/auth_tokens", perPage: { default: 100, max: 1000 } },
  // One token by the token itself (`ccx tokens <uid> <authToken>`, pasted): is it still this user's?
  detail: { path: "/users/{uid}/auth_tokens/{authToken}", first: ["authToken", "uid", "createdAt", "platform", "userAgent"] },
  itemByList: true,
  columns: [
    { header: "token", field: "authToken", get: (t) => t.authToken, min: 12 },
    { header: "created", field: "createdAt", get: (t) => formatTime(t.createdAt), min: 16 },
    { header: "platform", field: "platform", get: (t) => t.platform ?? "", min: 8 },
    { header: "user agent", field: "userAgent", get: (t) => t.userAgent ?? "", min: 10, grows: true },
  ],
};
