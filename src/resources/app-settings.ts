import * as v from "valibot";
import { ENDPOINTS } from "../api/endpoints.js";
import { int, opt, tolerantObject } from "../api/schemas.js";
import { formatTime } from "../text/format.js";
import { type Resource, yesNo } from "./resource.js";

/**
 * The app as the management API configures it: its extensions (which of
 * them are on: the profanity filter, data masking and the XSS filter change
 * what a message becomes), its settings and its collaborators.
 */

const extensionSchema = tolerantObject("id", {
  id: v.string(),
  name: opt(v.string()),
  tagLine: opt(v.string()),
  description: opt(v.string()),
  isActive: opt(v.boolean()),
  isThirdParty: opt(v.boolean()),
  adminURL: opt(v.string()),
});
type Extension = v.InferOutput<typeof extensionSchema>;

/** An extension's settings path: the catalogue documents one for each extension that has settings (`…/widget/v2/settings`). */
function extensionSettingsPath(id: string): string | undefined {
  const pattern = /^\/apps\/\{appId\}\/extensions\/([^/]+)\/v\d+\/settings$/;
  return ENDPOINTS.find((e) => e.methods.includes("GET") && pattern.exec(e.path)?.[1] === id)?.path;
}

export const extensions: Resource<Extension> = {
  name: "extensions",
  singular: "extension",
  description: "the app's extensions and which are on (moderation, notifications, user experience); with an id, its settings (secrets masked)",
  idField: "id",
  schema: extensionSchema,
  list: { path: "/apps/{appId}/extensions", perPage: { default: 25, max: 1000 } },
  detail: { path: "/apps/{appId}/extensions/profanity-filter/v1/settings", pathOf: extensionSettingsPath },
  itemByList: true,
  columns: [
    { header: "id", field: "id", get: (e) => e.id, min: 12 },
    { header: "name", field: "name", get: (e) => e.name ?? "", min: 8, max: 28 },
    { header: "on", field: "isActive", get: (e) => yesNo(e.isActive), min: 3 },
    { header: "third party", field: "isThirdParty", get: (e) => yesNo(e.isThirdParty), min: 5 },
    { header: "about", field: ["tagLine", "description"], get: (e) => e.tagLine ?? e.description ?? "", min: 8, grows: true },
  ],
};

/** Whether the push extension holds its APNs certificates (GET …/push-notification/v1/query-certificates, wrapped). */
export const pushCertificates: Resource<Record<string, unknown>> = {
  name: "push-certificates",
  singular: "push-certificates",
  description: "whether the push notification extension has its APNs certificates (p12, p8) uploaded",
  idField: "success",
  schema: v.record(v.string(), v.unknown()),
  detail: { path: "/apps/{appId}/extensions/push-notification/v1/query-certificates" },
  columns: [],
};

/** The app's settings: one flat map of switches (`core.conversations.updateOnReplies: true`), and one list (`core.notifications.push.advanced.included`). */
export const settings: Resource<Record<string, unknown>> = {
  name: "settings",
  singular: "settings",
  description: "the app's settings, every switch and its value",
  // A flat map has no id: the app is the one it is of.
  idField: "appId",
  schema: v.record(v.string(), v.unknown()),
  detail: { path: "/apps/{appId}/settings" },
  columns: [],
};

const collaboratorSchema = tolerantObject("id", {
  id: v.string(),
  name: opt(v.string()),
  email: opt(v.string()),
  role: opt(v.string()),
  createdAt: opt(int),
});
type Collaborator = v.InferOutput<typeof collaboratorSchema>;

export const collaborators: Resource<Collaborator> = {
  name: "collaborators",
  singular: "collaborator",
  description: "who else works on the app in the dashboard, and as what",
  idField: "id",
  schema: collaboratorSchema,
  list: { path: "/apps/{appId}/collaborators" },
  columns: [
    { header: "name", field: "name", get: (c) => c.name ?? "", min: 8, grows: true },
    { header: "email", field: "email", get: (c) => c.email ?? "", min: 8, max: 40 },
    { header: "role", field: "role", get: (c) => c.role ?? "", min: 6 },
    { header: "since", field: "createdAt", get: (c) => formatTime(c.createdAt), min: 16 },
  ],
};
