import { badInput } from "../api/errors.js";
import { maskKey } from "../config/mask.js";
import { type WriteVerb, arg, documentedWrite, eachOf } from "./verb.js";

/**
 * Revoking a user's auth tokens (chat-apis.json, Auth Tokens): one by one
 * (DELETE /users/{uid}/auth_tokens/{authToken}) or all at once (DELETE
 * /users/{uid}/auth_tokens). A token is a secret: it is named by its last
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
