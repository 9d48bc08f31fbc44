import * as v from "valibot";
import { idText, int, opt, tolerantObject } from "../api/schemas.js";
import { formatTime } from "../text/format.js";
import { type Resource, yesNo } from "./resource.js";

const webhookSchema = tolerantObject("id", {
  id: idText,
  name: opt(v.string()),
  webhookURL: opt(v.string()),
  enabled: opt(v.boolean()),
  useBasicAuth: opt(v.boolean()),
  createdAt: opt(int),
  updatedAt: opt(int),
});
type Webhook = v.InferOutput<typeof webhookSchema>;

/** The app's webhooks (management API: GET /apps/{appId}/webhooks, one by id, its triggers). */
export const webhooks: Resource<Webhook> = {
  name: "webhooks",
  singular: "webhook",
  description: "the app's webhooks: where the service posts its events, and which events (triggers)",
  idField: "id",
  schema: webhookSchema,
  list: { path: "/apps/{appId}/webhooks", perPage: { default: 100, max: 1000 } },
  detail: { path: "/apps/{appId}/webhooks/{webhookId}", first: ["id", "name", "webhookURL", "enabled", "useBasicAuth", "username", "password", "createdAt", "updatedAt"] },
  children: ["triggers"],
  columns: [
    { header: "id", field: "id", get: (w) => w.id, min: 12 },
    { header: "name", field: "name", get: (w) => w.name ?? "", min: 8, max: 32, grows: true },
    { header: "enabled", field: "enabled", get: (w) => yesNo(w.enabled), min: 7 },
    { header: "updated", field: "updatedAt", get: (w) => (w.updatedAt === undefined ? "" : formatTime(w.updatedAt)), min: 16 },
    { header: "url", field: "webhookURL", get: (w) => w.webhookURL ?? "", min: 12, grows: true },
  ],
};
