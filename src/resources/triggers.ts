import * as v from "valibot";
import { opt, tolerantObject } from "../api/schemas.js";
import type { Resource } from "./resource.js";

const triggerSchema = tolerantObject("id", {
  id: v.string(),
  description: opt(v.string()),
});
type Trigger = v.InferOutput<typeof triggerSchema>;

/** A webhook's triggers: the events it is posted (GET /apps/{appId}/webhooks/{webhookId}/triggers). */
export const triggers: Resource<Trigger> = {
  name: "triggers",
  singular: "trigger",
  description: "the events a webhook is posted for (message_sent, call_ended, …)",
  idField: "id",
  schema: triggerSchema,
  list: { path: "/apps/{appId}/webhooks/{webhookId}/triggers" },
  columns: [
    { header: "trigger", field: "id", get: (t) => t.id, min: 24 },
    { header: "description", field: "description", get: (t) => t.description ?? "", min: 12, grows: true },
  ],
};
