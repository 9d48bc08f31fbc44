import * as v from "valibot";
import { parseBody } from "../body.js";
import type { ManagementRoute } from "../context.js";
import { WEBHOOK_TRIGGERS, type Webhook } from "../data/webhooks.js";
import { badRequest } from "../errors.js";
import { webhookOf, webhookSummary, webhooksOf } from "./management.js";

/**
 * The writes on an app's webhooks and their triggers (management-apis.json),
 * each changing what the reads after it answer: create (an id not taken, an
 * HTTPS URL), update, delete; add and remove triggers, only the documented
 * ones. Answered as the exports' examples are: a create as a top-level array
 * `[ {data: {…}} ]`, an update `data: [ {data: {…}} ]`, neither with the
 * basic-auth credentials. `X-Webhook-Version: 2` reaches the current webhooks,
 * kept apart from the legacy ones.
 */

const text = (field: string, max = 50) => v.pipe(v.string(`The ${field} must be a string.`), v.minLength(1, `The ${field} may not be empty.`), v.maxLength(max, `The ${field} may have ${max} characters at most.`));
// The documented endpoint requirements: an HTTPS URL the service can post to.
const hookUrl = v.pipe(v.string("The webhookURL must be a string."), v.url("The webhookURL must be a URL."), v.startsWith("https://", "The webhookURL must be an HTTPS URL."));

const fields = {
  name: text("name"),
  webhookURL: hookUrl,
  useBasicAuth: v.optional(v.boolean("The useBasicAuth field must be true or false.")),
  username: v.optional(v.string()),
  password: v.optional(v.string()),
  enabled: v.optional(v.boolean("The enabled field must be true or false.")),
  retryOnFailure: v.optional(v.boolean("The retryOnFailure field must be true or false.")),
};
const created = v.object({ id: text("id"), ...fields });
const updated = v.object({ ...fields, name: v.optional(fields.name), webhookURL: v.optional(fields.webhookURL) });
const triggerIds = v.object({
  triggerIds: v.pipe(v.array(v.string(), "The triggerIds field must be an array of trigger ids."), v.minLength(1, "The triggerIds field must name at least one trigger.")),
});

/** The triggers asked, every one documented, or ERR_BAD_REQUEST naming those that are not. */
function documented(body: unknown): string[] {
  const asked = parseBody(triggerIds, body).triggerIds;
  const unknown = asked.filter((id) => !WEBHOOK_TRIGGERS.some((t) => t.id === id));
  if (unknown.length > 0) throw badRequest({ triggerIds: [`Not a trigger: ${unknown.join(", ")}. The triggers are ${WEBHOOK_TRIGGERS.map((t) => t.id).join(", ")}.`] });
  return asked;
}

/** Basic auth as the body sets it: off drops the credentials. */
function withAuth(webhook: Webhook): Webhook {
  if (webhook.useBasicAuth) return webhook;
  const { username: _u, password: _p, ...rest } = webhook;
  return rest;
}

const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

const route = (method: ManagementRoute["method"], path: RegExp, handle: ManagementRoute["handle"]): ManagementRoute => ({ api: "management", method, path, handle });

export const webhookWriteRoutes: ManagementRoute[] = [
  route("POST", /^\/apps\/(?<appId>[^/]+)\/webhooks\/?$/, (ctx, { appId }) => {
    const webhooks = webhooksOf(ctx, appId!);
    const { retryOnFailure: _r, ...body } = parseBody(created, ctx.body);
    if (webhooks.some((w) => w.id === body.id)) throw badRequest({ id: [`A webhook with the id ${body.id} exists already.`] });
    const webhook = withAuth({ ...body, enabled: body.enabled ?? true, useBasicAuth: body.useBasicAuth ?? false, createdAt: ctx.now, updatedAt: ctx.now, triggers: [] });
    webhooks.push(webhook);
    return [{ data: webhookSummary(webhook) }];
  }),
  route("PUT", /^\/apps\/(?<appId>[^/]+)\/webhooks\/(?<webhookId>[^/]+)\/?$/, (ctx, { appId, webhookId }) => {
    const webhook = webhookOf(ctx, appId!, webhookId!);
    const { retryOnFailure: _r, ...changes } = parseBody(updated, ctx.body);
    const webhooks = webhooksOf(ctx, appId!);
    const changed = withAuth({ ...webhook, ...defined(changes), updatedAt: ctx.now });
    webhooks[webhooks.indexOf(webhook)] = changed;
    return { data: [{ data: webhookSummary(changed) }] };
  }),
  route("DELETE", /^\/apps\/(?<appId>[^/]+)\/webhooks\/(?<webhookId>[^/]+)\/?$/, (ctx, { appId, webhookId }) => {
    const webhook = webhookOf(ctx, appId!, webhookId!);
    const webhooks = webhooksOf(ctx, appId!);
    webhooks.splice(webhooks.indexOf(webhook), 1);
    return { data: { success: true, message: "Deleted Webhook successfully." } };
  }),
  route("POST", /^\/apps\/(?<appId>[^/]+)\/webhooks\/(?<webhookId>[^/]+)\/triggers\/?$/, (ctx, { appId, webhookId }) => {
    const webhook = webhookOf(ctx, appId!, webhookId!);
    const asked = documented(ctx.body);
    // Kept in the documented list's order, as the seeded ones are.
    webhook.triggers = WEBHOOK_TRIGGERS.map((t) => t.id).filter((id) => webhook.triggers.includes(id) || asked.includes(id));
    return { data: Object.fromEntries(asked.map((id) => [id, { success: true, message: "Triggers has been added successfully." }])) };
  }),
  route("DELETE", /^\/apps\/(?<appId>[^/]+)\/webhooks\/(?<webhookId>[^/]+)\/triggers\/?$/, (ctx, { appId, webhookId }) => {
    const webhook = webhookOf(ctx, appId!, webhookId!);
    const asked = documented(ctx.body);
    webhook.triggers = webhook.triggers.filter((id) => !asked.includes(id));
    return { data: { success: true, message: "Removed trigger successfully." } };
  }),
];
