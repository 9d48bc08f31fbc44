import { badInput } from "../api/errors.js";
import { maskKey } from "../config/mask.js";
import { formatTime } from "../text/format.js";
import { type VerbKey, type WriteVerb, arg, dataOf, documentedWrite, eachOf, fieldOf } from "./verb.js";

/**
 * A user's auth tokens (chat-apis.json, Auth Tokens): one created (POST
 * /users/{uid}/auth_tokens), shown once and kept nowhere, not even in the
 * journal (its answer is never journaled; a token is no inverse ccx could
 * keep: revoking it names it). Revoking them: one by one
 * (DELETE /users/{uid}/auth_tokens/{authToken}) or all at once (DELETE
 * /users/{uid}/auth_tokens). Where one is used said (PUT
 * /users/{uid}/auth_tokens/{authToken}: platform, user agent, app info), not
 * undone: its inverse would name the token. A token is a secret: it is named by its last
 * characters wherever ccx names the item (the progress, the journal), and
 * masked in the URLs it shows.
 */

export const tokensRevoke: WriteVerb = {
  noun: "tokens", verb: "revoke",
  description: "revoke a user's auth tokens, the ones named or --all (with --query: every token of each user the filter selects): their sessions must log in again (cannot be undone)",
  args: [{ name: "uid", description: "the user" }, { name: "token", description: "the tokens to revoke", variadic: true }],
  flags: [{ flag: "all", description: "every token of the user, in one request" }],
  items: (input) => {
    const all = input.flags.all === true;
    // --query fills uid with the users it selects: every token of each, one request a user.
    if (Array.isArray(input.args.uid)) {
      if (!all) throw badInput("--query selects users: give --all to revoke every token of each; nothing was sent");
      return eachOf(input, "uid", (uid) => `${uid}/all`);
    }
    if (input.args.uid === undefined || input.args.uid === "") throw badInput("say whose tokens: a uid, or --query for the users a filter selects; nothing was sent");
    const named = eachOf(input, "token", (token) => `${String(input.args.uid)}/${maskKey(token)}`);
    if (all && named.length > 0) throw badInput("name tokens or give --all, not both; nothing was sent");
    if (!all && named.length === 0) throw badInput("say which tokens: name them (or --ids FILE), or give --all; nothing was sent");
    return all ? [{ label: `${String(input.args.uid)}/all`, input }] : named;
  },
  request: (item) => (item.input.flags.all === true
    ? documentedWrite("DELETE", "/users/{uid}/auth_tokens", { uid: arg(item, "uid") })
    : documentedWrite("DELETE", "/users/{uid}/auth_tokens/{authToken}", { uid: arg(item, "uid"), authToken: arg(item, "token") })),
  selectable: "users",
  selectInto: "uid",
  irreversible: "a revoked token cannot be restored: the user's client logs in with a new one",
  check: (item) => `ccx tokens ${arg(item, "uid")}`,
};

/** t on a user, or on a row of users: a token for them. */
const tokenKey = (on: "user" | "users"): VerbKey => ({ on, key: "t", footer: "token", input: ({ row }) => ({ args: { uid: fieldOf(row, "uid") }, flags: {} }) });

export const tokenCreate: WriteVerb = {
  verb: "token",
  description: "create an auth token for a user (POST /users/{uid}/auth_tokens), printed alone on stdout, once: ccx keeps no copy, the journal names the write, never the token",
  args: [{ name: "uid", description: "the user's uid" }],
  flags: [{ flag: "force", description: "a new token even if the user has one (force: true)" }],
  items: (input) => [{ label: String(input.args.uid), input }],
  request: (item) => documentedWrite("POST", "/users/{uid}/auth_tokens", { uid: arg(item, "uid") }, { body: item.input.flags.force === true ? { force: true } : {} }),
  // Its inverse would name the token: the journal would keep the secret it must not.
  irreversible: "a token is revoked, not undone: ccx tokens revoke <uid> <token> (the journal keeps no token to name)",
  answered: (item, answer) => {
    const data = dataOf(answer);
    const token = data?.authToken;
    if (typeof token !== "string") return {};
    const uid = typeof data?.uid === "string" ? data.uid : arg(item, "uid");
    const created = typeof data?.createdAt === "number" ? `, created ${formatTime(data.createdAt)}` : "";
    return { secret: { title: `Auth token for ${uid}`, value: token, note: `auth token for ${uid}${created}: shown once, ccx keeps no copy` } };
  },
  keys: [tokenKey("user"), tokenKey("users")],
  confirmWord: "create the token",
  check: (item) => `ccx tokens ${arg(item, "uid")}`,
};

export const tokenUpdate: WriteVerb = {
  noun: "tokens", verb: "update",
  description: "say where a user's auth token is used: --platform, --user-agent, --app-info JSON (not undone: the journal keeps no token to name)",
  args: [{ name: "uid", description: "the user" }, { name: "token", description: "the auth token" }],
  flags: [
    { flag: "platform", value: "platform", description: "the platform it is used on: web, android, ios, …" },
    { flag: "user-agent", value: "agent", description: "the user agent it is used from", field: "userAgent" },
    { flag: "app-info", value: "json", description: "what the app says of itself, as JSON: {\"version\":\"1.2\"}", field: "appInfo" },
  ],
  items: (input) => [{ label: `${String(input.args.uid)}/${maskKey(String(input.args.token ?? ""))}`, input }],
  request: (item) => {
    const { platform, userAgent, appInfo } = item.input.flags;
    let info: unknown;
    if (typeof appInfo === "string") {
      try {
        info = JSON.parse(appInfo);
      } catch {
        throw badInput("--app-info takes JSON; nothing was sent");
      }
    }
    const body = { ...(typeof platform === "string" ? { platform } : {}), ...(typeof userAgent === "string" ? { userAgent } : {}), ...(info === undefined ? {} : { appInfo: info }) };
    if (Object.keys(body).length === 0) throw badInput("nothing to change: give --platform, --user-agent or --app-info; nothing was sent");
    return documentedWrite("PUT", "/users/{uid}/auth_tokens/{authToken}", { uid: arg(item, "uid"), authToken: arg(item, "token") }, { body });
  },
  irreversible: "its inverse would name the token, which the journal keeps only masked: update it again to change it back",
  check: (item) => `ccx tokens ${arg(item, "uid")}`,
};
