import * as v from "valibot";
import { int, opt, tolerantObject } from "../api/schemas.js";
import { formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

const apiKeySchema = tolerantObject("apiKey", {
  apiKey: v.string(),
  name: opt(v.string()),
  scope: opt(v.string()),
  createdAt: opt(int),
});
type ApiKey = v.InferOutput<typeof apiKeySchema>;

/**
 * The app's REST API keys (GET /apikeys): the keys masked unless --reveal. One key by the key itself
 * (`ccx apikeys <apiKey>`, pasted); the explorer opens none from its list, whose rows hold it masked.
 */
export const apikeys: Resource<ApiKey> = {
  name: "apikeys",
  singular: "apikey",
  aliases: ["api-keys"],
  description: "the app's REST API keys: their names and scopes (fullAccess, authOnly), the keys masked",
  idField: "apiKey",
  schema: apiKeySchema,
  list: {
    path: "/apikeys",
    flags: [
      { flag: "scope", param: "scope", description: "fullAccess or authOnly" },
      { flag: "search", param: "searchKey", description: "keys whose name holds this" },
    ],
  },
  detail: { path: "/apikeys/{apiKey}", first: ["apiKey", "name", "scope", "createdAt"] },
  itemByList: true,
  columns: [
    { header: "key", field: "apiKey", get: (k) => k.apiKey, min: 8 },
    { header: "name", field: "name", get: (k) => k.name ?? "", min: 8, grows: true },
    { header: "scope", field: "scope", get: (k) => k.scope ?? "", min: 10 },
    { header: "created", field: "createdAt", get: (k) => formatTime(k.createdAt), min: 16 },
  ],
};
