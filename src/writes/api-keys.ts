import { badInput } from "../api/errors.js";
import { maskKey } from "../config/mask.js";
import { type VerbInput, type WriteItem, type WriteVerb, arg, dataOf, documentedWrite, eachOf } from "./verb.js";

/**
 * The app's REST API keys (chat-apis.json, API Keys): one created, renamed or
 * re-scoped, deleted. A key is a secret: named by its last characters wherever
 * ccx names the item (the progress, the journal), masked in the URLs it shows;
 * a created key is shown once, as `ccx token` shows an auth token. None has
 * an undo: each would name the key in its path, which the journal keeps
 * masked (a deleted key cannot be made again: a new one has another value).
 */

const SCOPES = ["fullAccess", "authOnly"] as const;

function scopeOf(value: unknown, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (!(SCOPES as readonly unknown[]).includes(value)) throw badInput(`--scope takes ${SCOPES.join(" or ")}; nothing was sent`);
  return value as string;
}

const keyItem = (input: VerbInput): WriteItem[] => [{ label: maskKey(String(input.args.apiKey)), input }];
const KEY_ARG = { name: "apiKey", description: "the key" };

export const apiKeyCreate: WriteVerb = {
  noun: "apikey", verb: "create",
  description: "create a REST API key (POST /apikeys), printed alone on stdout, once: ccx keeps no copy",
  args: [],
  flags: [
    { flag: "name", value: "text", description: "its name", required: true },
    { flag: "scope", value: "fullAccess|authOnly", description: "what it may do: fullAccess (every operation) or authOnly (users and auth tokens)", required: true },
  ],
  items: (input) => [{ label: String(input.flags.name), input }],
  request: (item) => documentedWrite("POST", "/apikeys", {}, { body: { name: String(item.input.flags.name), scope: scopeOf(item.input.flags.scope, true) } }),
  irreversible: "its undo would name the key, which ccx keeps nowhere: ccx apikey delete <apiKey>",
  answered: (_item, answer) => {
    const data = dataOf(answer);
    if (typeof data?.apiKey !== "string") return {};
    return { secret: { title: `API key ${String(data.name ?? "")}`, value: data.apiKey, note: `${String(data.scope ?? "")} API key ${String(data.name ?? "")}: shown once, ccx keeps no copy` } };
  },
  confirmWord: "create the key",
  check: () => "ccx apikeys",
};

export const apiKeyUpdate: WriteVerb = {
  noun: "apikey", verb: "update",
  description: "rename a REST API key or change its scope (cannot be undone from the journal, which keeps the key masked)",
  args: [KEY_ARG],
  flags: [
    { flag: "name", value: "text", description: "its new name" },
    { flag: "scope", value: "fullAccess|authOnly", description: "its new scope" },
  ],
  items: (input) => {
    if (input.flags.name === undefined && input.flags.scope === undefined) throw badInput("nothing to change: give --name or --scope; nothing was sent");
    return keyItem(input);
  },
  request: (item) => {
    const scope = scopeOf(item.input.flags.scope, false);
    const body = { ...(typeof item.input.flags.name === "string" ? { name: item.input.flags.name } : {}), ...(scope ? { scope } : {}) };
    return documentedWrite("PUT", "/apikeys/{apiKey}", { apiKey: arg(item, "apiKey") }, { body });
  },
  irreversible: "its undo would name the key, which the journal keeps masked: ccx apikey update <apiKey> with the name and scope ccx apikeys showed",
  check: () => "ccx apikeys",
};

export const apiKeyDelete: WriteVerb = {
  noun: "apikey", verb: "delete",
  description: "delete REST API keys: every client using one is refused from then on (cannot be undone)",
  args: [{ ...KEY_ARG, description: "the keys", variadic: true }],
  items: (input) => eachOf(input, "apiKey", maskKey),
  request: (item) => documentedWrite("DELETE", "/apikeys/{apiKey}", { apiKey: arg(item, "apiKey") }),
  irreversible: "a deleted key cannot be made again: a new one has another value",
  check: () => "ccx apikeys",
};
