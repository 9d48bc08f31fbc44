import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type VerbInput, type WriteItem, type WriteRequest, type WriteVerb, arg, commaList, dataOf, documentedRead, documentedWrite, fieldOf, isTrue } from "./verb.js";

/**
 * The writes on an app's webhooks and their triggers (management-apis.json,
 * the management key and secret): create, update, enable and disable, delete;
 * add and remove triggers. Each reads the webhook (or its triggers) first
 * where its inverse needs to know what it changes. `--version 2` sends each
 * request (and the read before it, and its undo) with `X-Webhook-Version: 2`:
 * the service keeps its current webhooks apart from the legacy ones, which a
 * request without the header reaches (the exports: same paths, same fields).
 */

/** The triggers the service's documentation lists for its (legacy) webhooks: no other is sent. */
export const WEBHOOK_TRIGGERS: readonly string[] = [
  "before_message", "after_message", "message_delivery_receipt", "message_read_receipt", "message_edited", "message_deleted",
  "message_reaction_added", "message_reaction_removed", "user_blocked", "user_unblocked", "user_connection_status_changed",
  "group_created", "group_updated", "group_deleted", "group_member_joined", "group_member_left", "group_member_added",
  "group_member_kicked", "group_member_banned", "group_member_unbanned", "group_member_scope_changed",
  "call_initiated", "call_started", "call_participant_joined", "call_participant_left", "call_ended",
  "meeting_started", "meeting_ended", "recording_generated",
];

/** `{appId}` is the active app's, filled in when the request is made. */
const HOOK = "/apps/{appId}/webhooks/{webhookId}";
const TRIGGERS = `${HOOK}/triggers`;

/** The header that picks the current webhooks: --version 2; none, the legacy ones (the service's default). */
function versionOf(input: VerbInput): Pick<WriteRequest, "headers"> {
  const version = input.flags.version;
  if (version === undefined) return {};
  if (version !== "2") throw badInput("--version takes 2, the current webhooks (without it, the legacy ones); nothing was sent");
  return { headers: { "X-Webhook-Version": "2" } };
}

const VERSION_FLAG = { flag: "version", value: "2", description: "2: the current webhooks (X-Webhook-Version: 2); without it, the legacy ones" } as const;

/** How to read the webhook again: `ccx webhook <id>` for a legacy one, `ccx api` with the header for a current one. */
const checkOf = (item: WriteItem, what: "webhook" | "triggers") => (item.input.flags.version === undefined
  ? `ccx ${what} ${arg(item, "webhookId")}`
  : `ccx api /apps/{appId}/webhooks/${arg(item, "webhookId")}${what === "triggers" ? "/triggers" : ""} -H 'X-Webhook-Version: 2'`);

const oneHook = (input: VerbInput, method: "PUT" | "DELETE", webhookId: string, body?: unknown): DocumentedWrite =>
  documentedWrite(method, HOOK, { webhookId }, { ...(body === undefined ? {} : { body }), ...versionOf(input) });

/** Triggers given, each one of the documented list, or bad input said before anything is sent. */
function documented(triggers: readonly string[]): string[] {
  const unknown = triggers.filter((t) => !WEBHOOK_TRIGGERS.includes(t));
  if (unknown.length > 0) throw badInput(`not a documented trigger: ${unknown.join(", ")} (the triggers: ${WEBHOOK_TRIGGERS.join(", ")}); nothing was sent`);
  return [...new Set(triggers)];
}

const variadic = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)]);

/** The webhook a GET answers: double-wrapped (`data: [ {data: {…}} ]`), as the exports say, or plainly. */
function webhookIn(before: unknown): Record<string, unknown> | undefined {
  const outer = dataOf(before);
  return (outer && dataOf(outer)) ?? outer;
}

/** The ids of the triggers a webhook has, from its triggers' list. */
function triggersIn(before: unknown): Set<string> {
  const list = (before as { data?: unknown } | null)?.data;
  return new Set(Array.isArray(list) ? list.map((t) => String((t as { id?: unknown } | null)?.id ?? "")) : []);
}

const addTriggers = (input: VerbInput, webhookId: string, triggers: readonly string[]): DocumentedWrite =>
  documentedWrite("POST", TRIGGERS, { webhookId }, { body: { triggerIds: triggers }, ...versionOf(input) });
const removeTriggers = (input: VerbInput, webhookId: string, triggers: readonly string[]): DocumentedWrite =>
  documentedWrite("DELETE", TRIGGERS, { webhookId }, { body: { triggerIds: triggers }, ...versionOf(input) });

/** A new webhook's id: --id, else its name made one (lower case, `-` between words; at most 50 characters, as documented). */
function newId(input: VerbInput): string {
  const given = input.flags.id;
  const id = typeof given === "string" ? given : String(input.flags.name ?? "").toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 50);
  if (!id) throw badInput("the webhook needs an id: give --id (its name makes none); nothing was sent");
  return id;
}

/** --basic-auth's `user:pass`: the documented body's useBasicAuth, username and password. */
function basicAuth(value: unknown): Record<string, unknown> {
  if (typeof value !== "string") return {};
  const colon = value.indexOf(":");
  if (colon <= 0) throw badInput("--basic-auth takes user:password; nothing was sent");
  return { useBasicAuth: true, username: value.slice(0, colon), password: value.slice(colon + 1) };
}

/** The triggers a create adds, its second item's; none for the webhook itself. */
const createdTriggers = (item: WriteItem) => variadic(item.input.args.trigger);

export const webhookCreate: WriteVerb = {
  noun: "webhook", verb: "create",
  description: "create a webhook, enabled, and add its triggers after it (undo: delete it; remove the triggers)",
  args: [],
  flags: [
    { flag: "name", value: "name", description: "its name", required: true },
    { flag: "url", value: "url", description: "where the service posts the events", required: true },
    { flag: "id", value: "webhookId", description: "its id (default: the name, lower case, words joined by -)" },
    { flag: "triggers", value: "a,b", description: "the events it is posted for, from the documented list" },
    { flag: "basic-auth", value: "user:pass", description: "the basic auth the service sends (the password masked in every output and the journal)" },
    VERSION_FLAG,
  ],
  inOrder: true,
  // Its flags, in a form: the one write offered by a key that must go in order.
  keys: [{ on: "webhooks", key: "+", footer: "create", form: true, input: () => ({ args: {}, flags: {} }) }],
  items: (input) => {
    const id = newId(input);
    const made = { label: id, input: { ...input, args: { ...input.args, webhookId: id } } };
    const triggers = documented(commaList(input.flags.triggers));
    return triggers.length === 0 ? [made] : [made, { label: `${id} triggers`, input: { ...made.input, args: { ...made.input.args, trigger: triggers } } }];
  },
  request: (item) => {
    const id = arg(item, "webhookId");
    if (createdTriggers(item).length > 0) return addTriggers(item.input, id, createdTriggers(item));
    // The flags as commander names them: --basic-auth is basicAuth.
    const { name, url } = item.input.flags;
    return documentedWrite("POST", "/apps/{appId}/webhooks", {}, { body: { id, name, webhookURL: url, enabled: true, ...basicAuth(item.input.flags.basicAuth) }, ...versionOf(item.input) });
  },
  inverse: (item) => (createdTriggers(item).length > 0 ? removeTriggers(item.input, arg(item, "webhookId"), createdTriggers(item)) : oneHook(item.input, "DELETE", arg(item, "webhookId"))),
  check: (item) => checkOf(item, createdTriggers(item).length > 0 ? "triggers" : "webhook"),
};

/** The fields `webhook update` changes, by flag: the documented body's names. */
const UPDATED = { name: "name", url: "webhookURL" } as const;

function updatedFields(flags: VerbInput["flags"]): Record<string, string> {
  const body = Object.fromEntries(Object.entries(UPDATED).flatMap(([flag, field]) => (typeof flags[flag] === "string" ? [[field, flags[flag]]] : [])));
  if (Object.keys(body).length === 0) throw badInput("nothing to change: give --name or --url; nothing was sent");
  return body;
}

// Its version checked before anything is read or sent.
const oneWebhook = (input: VerbInput): WriteItem[] => (versionOf(input), [{ label: String(input.args.webhookId), input }]);
const webhookBefore = (item: WriteItem) => documentedRead(HOOK, { webhookId: arg(item, "webhookId") }, versionOf(item.input));
const WEBHOOK_ARG = [{ name: "webhookId", description: "the webhook's id" }];

export const webhookUpdate: WriteVerb = {
  noun: "webhook", verb: "update",
  description: "change a webhook's name or URL (undo: the values it had)",
  args: WEBHOOK_ARG,
  flags: [{ flag: "name", value: "name", description: "its new name" }, { flag: "url", value: "url", description: "its new URL", field: UPDATED.url }, VERSION_FLAG],
  items: oneWebhook,
  keys: [{ on: "webhooks", key: "e", footer: "edit", form: true, input: ({ row }) => ({ args: { webhookId: fieldOf(row, "id") }, flags: {} }) }],
  request: (item) => oneHook(item.input, "PUT", arg(item, "webhookId"), updatedFields(item.input.flags)),
  before: webhookBefore,
  inverse: (item, before) => {
    const had = webhookIn(before) ?? {};
    const body = Object.fromEntries(Object.keys(updatedFields(item.input.flags)).filter((field) => typeof had[field] === "string").map((field) => [field, had[field]]));
    return Object.keys(body).length > 0 ? oneHook(item.input, "PUT", arg(item, "webhookId"), body) : undefined;
  },
  check: (item) => checkOf(item, "webhook"),
};

/** `webhook enable` and `webhook disable`: each the other's inverse, nothing to undo when it was already so. */
function switchVerb(enabled: boolean): WriteVerb {
  const put = (item: WriteItem, on: boolean): DocumentedWrite => oneHook(item.input, "PUT", arg(item, "webhookId"), { enabled: on });
  return {
    noun: "webhook", verb: enabled ? "enable" : "disable",
    description: enabled ? "enable a webhook: the service posts its events again (undo: disable)" : "disable a webhook: the service stops posting to it (undo: enable)",
    args: WEBHOOK_ARG,
    flags: [VERSION_FLAG],
    items: oneWebhook,
    request: (item) => put(item, enabled),
    // s on a webhook's row switches it: on when it is off, off when it is on.
    keys: [{ on: "webhooks", key: "s", footer: enabled ? "enable" : "disable", when: (row) => isTrue(row?.enabled) !== enabled, input: ({ row }) => ({ args: { webhookId: fieldOf(row, "id") }, flags: {} }) }],
    before: webhookBefore,
    inverse: (item, before) => (isTrue(webhookIn(before)?.enabled) === enabled ? undefined : put(item, !enabled)),
    check: (item) => checkOf(item, "webhook"),
  };
}

export const webhookEnable = switchVerb(true);
export const webhookDisable = switchVerb(false);

export const webhookDelete: WriteVerb = {
  noun: "webhook", verb: "delete",
  description: "delete a webhook and its triggers; its id is typed back first",
  args: WEBHOOK_ARG,
  flags: [VERSION_FLAG],
  items: oneWebhook,
  request: (item) => oneHook(item.input, "DELETE", arg(item, "webhookId")),
  keys: [{ on: "webhooks", key: "D", footer: "delete", input: ({ row }) => ({ args: { webhookId: fieldOf(row, "id") }, flags: {} }) }],
  irreversible: "a deleted webhook cannot be brought back (nor its basic-auth password, which ccx never keeps whole)",
  destructive: () => true,
  check: (item) => checkOf(item, "webhook"),
};

/** `triggers add` and `triggers remove`: one request for the triggers given; the inverse only for those it changed. */
function triggersVerb(add: boolean): WriteVerb {
  return {
    noun: "triggers", verb: add ? "add" : "remove",
    description: add ? "post a webhook for more events, from the documented list (undo: remove those it did not have)" : "stop posting a webhook for events (undo: add back those it had)",
    args: [{ name: "webhookId", description: "the webhook's id" }, { name: "trigger", description: "the triggers, from the documented list", variadic: true }],
    flags: [VERSION_FLAG],
    items: (input) => {
      versionOf(input);
      const triggers = documented(variadic(input.args.trigger));
      return triggers.length === 0 ? [] : [{ label: `${String(input.args.webhookId)}: ${triggers.join(", ")}`, input: { ...input, args: { ...input.args, trigger: triggers } } }];
    },
    request: (item) => (add ? addTriggers : removeTriggers)(item.input, arg(item, "webhookId"), variadic(item.input.args.trigger)),
    keys: [add
      ? { on: "triggers", key: "+", footer: "add", asks: { label: "add triggers (message_sent …): ", into: { arg: "trigger", several: true } }, input: ({ params }) => ({ args: { webhookId: params[0] ?? "" }, flags: {} }) }
      : { on: "triggers", key: "-", footer: "remove", input: ({ params, row }) => ({ args: { webhookId: params[0] ?? "", trigger: [fieldOf(row, "id")] }, flags: {} }) }],
    before: (item) => documentedRead(TRIGGERS, { webhookId: arg(item, "webhookId") }, versionOf(item.input)),
    inverse: (item, before) => {
      const had = triggersIn(before);
      const changed = variadic(item.input.args.trigger).filter((t) => had.has(t) !== add);
      return changed.length === 0 ? undefined : (add ? removeTriggers : addTriggers)(item.input, arg(item, "webhookId"), changed);
    },
    check: (item) => checkOf(item, "triggers"),
  };
}

export const triggersAdd = triggersVerb(true);
export const triggersRemove = triggersVerb(false);
