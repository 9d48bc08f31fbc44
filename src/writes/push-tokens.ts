import { badInput } from "../api/errors.js";
import { maskKey } from "../config/mask.js";
import { type WriteItem, type WriteVerb, arg, documentedWrite, eachOf } from "./verb.js";

/**
 * The push tokens a user's devices register (chat-apis.json, Notifications):
 * one registered against an auth token, those of an auth token (or all the
 * user's) unregistered, one deleted by its value. A push token and an auth
 * token are secrets: named by their last characters wherever ccx names the
 * item, masked in the URLs and bodies it shows, and never kept whole in the
 * journal; so none of these has an inverse (it would have to name a token),
 * as an auth token's create has none. A stale token is deleted, not undone:
 * the device registers a fresh one when its app starts. No key offers them
 * in the explorer: `:push-tokens` shows each token masked, which cannot name it.
 */

const TOKENS = "/notifications/push/v1/tokens";

/** The platforms the documented register body names, and the field each one's token goes in. */
const TOKEN_FIELD: ReadonlyArray<readonly [RegExp, string]> = [[/^fcm_/, "fcmToken"], [/^apns_.*_voip$/, "voipToken"], [/^apns_/, "deviceToken"]];

function tokenField(platform: string): string {
  const found = TOKEN_FIELD.find(([pattern]) => pattern.test(platform));
  if (!found) throw badInput(`not a documented platform: '${platform}' (fcm_android, fcm_ios, fcm_web, apns_ios_device, apns_ios_voip, … and their flutter, react_native and ionic_cordova forms); nothing was sent`);
  return found[1];
}

const authTokenOf = (item: WriteItem) => String(item.input.flags.authToken ?? "");
const AUTH_TOKEN_FLAG = { flag: "auth-token", value: "token", description: "the auth token the device logged in with (ccx tokens <uid> --reveal)", required: true } as const;

export const pushTokenRegister: WriteVerb = {
  noun: "push-token", verb: "register",
  description: "register a device's push token against the auth token it logged in with (not undone: push-token delete)",
  args: [],
  flags: [
    AUTH_TOKEN_FLAG,
    { flag: "platform", value: "platform", description: "fcm_android, fcm_ios, fcm_web, apns_ios_device, apns_ios_voip, …", required: true },
    { flag: "token", value: "pushToken", description: "the token the provider gave the device (masked in every output)", required: true },
    { flag: "provider", value: "providerId", description: "the push provider it is for (default: the app's default for its platform)" },
  ],
  items: (input) => [{ label: `${String(input.flags.platform)} ${maskKey(String(input.flags.token ?? ""))}`, input }],
  request: (item) => {
    const { platform, token, provider } = item.input.flags;
    const body = { platform, [tokenField(String(platform))]: token, ...(typeof provider === "string" ? { providerId: provider } : {}) };
    return documentedWrite("POST", TOKENS, {}, { query: { authToken: authTokenOf(item) }, body });
  },
  irreversible: "a push token is deleted, not undone: ccx push-token delete <token> (the journal keeps no token to name)",
  check: () => "ccx notifications tokens --auth-token <token>",
};

export const pushTokenUnregister: WriteVerb = {
  noun: "push-token", verb: "unregister",
  description: "unregister the push token of an auth token's device, or --all of its user's devices (not undone: the devices register again)",
  args: [],
  flags: [AUTH_TOKEN_FLAG, { flag: "all", description: "every push token of the auth token's user" }],
  items: (input) => [{ label: `${maskKey(String(input.flags.authToken ?? ""))}${input.flags.all === true ? " all" : ""}`, input }],
  request: (item) => documentedWrite("DELETE", TOKENS, {}, { query: { authToken: authTokenOf(item), ...(item.input.flags.all === true ? { all: "true" } : {}) } }),
  irreversible: "an unregistered push token is registered again by its device, not by ccx (the journal keeps no token)",
  check: () => "ccx notifications tokens --auth-token <token>",
};

/** The fix `ccx why` names for a stale push token. */
export const pushTokenDelete: WriteVerb = {
  noun: "push-token", verb: "delete",
  description: "delete push tokens by their value: a stale device's (not undone: a device registers a fresh one)",
  args: [{ name: "pushToken", description: "the push tokens", variadic: true }],
  items: (input) => eachOf(input, "pushToken", maskKey),
  request: (item) => documentedWrite("DELETE", "/notifications/push/v1/tokens/{pushToken}", { pushToken: arg(item, "pushToken") }),
  irreversible: "a deleted push token is registered again by its device, not by ccx (the journal keeps no token)",
  check: () => "ccx notifications tokens --auth-token <token>",
};
