import type { ApiCall } from "../api/api-call.js";
import { urlWithQuery } from "../api/api-call.js";
import { isSecretField } from "../api/answer-secrets.js";

/**
 * A request as the curl command that sends it, for `--dry-run`: the keys as
 * the environment variables that hold them (`$CCX_API_KEY`), never their
 * values, and so a body's secrets (a webhook's basic-auth password as
 * `$CCX_PASSWORD`); every other part single-quoted for a POSIX shell.
 */

const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** The headers' values that are secrets, by name, and the variable a user's shell keeps each in. */
const SECRET_HEADERS: Record<string, string> = { apikey: "$CCX_API_KEY", key: "$CCX_MANAGEMENT_KEY", secret: "$CCX_MANAGEMENT_SECRET" };

/** The variable a body's secret field is printed as: `password` → `CCX_PASSWORD`, `authToken` → `CCX_AUTH_TOKEN`. */
const variableOf = (field: string) => `CCX_${field.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").toUpperCase()}`;

/** The body as curl's -d argument: JSON single-quoted, each secret string a double-quoted variable the shell fills in. */
function bodyArgument(body: unknown): string {
  // Each secret's place, marked by a string no body holds (a NUL, then its number), as JSON writes it.
  const marks = new Map<string, string>();
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(Object.entries(node).map(([field, value]) => {
      if (!isSecretField(field) || typeof value !== "string" || value === "") return [field, walk(value)];
      const mark = String(marks.size);
      marks.set(mark, variableOf(field));
      return [field, `\u0000${mark}`];
    }));
  };
  let text = quoted(JSON.stringify(walk(body)));
  // Out of the single quotes for the variable, in again after it: '{"password":"'"$CCX_PASSWORD"'"}'.
  for (const [mark, variable] of marks) text = text.replace(`"\\u0000${mark}"`, `"'"$${variable}"'"`);
  return text;
}

/** An auth token in a path (`/auth_tokens/{authToken}`): printed as `$CCX_AUTH_TOKEN`, as a body's secrets are. */
const TOKEN_SEGMENT = /(\/auth_tokens\/)([^/?#]+)/;

/** The URL as curl's argument: single-quoted, an auth token in its path a double-quoted variable. */
function urlArgument(url: string): string {
  const token = TOKEN_SEGMENT.exec(url);
  if (!token) return quoted(url);
  const rest = url.slice(token.index + token[0].length);
  return `${quoted(url.slice(0, token.index + token[1]!.length))}"$CCX_AUTH_TOKEN"${rest ? quoted(rest) : ""}`;
}

export function curlOf(call: ApiCall, body: unknown): string {
  const parts = ["curl", "-X", call.method, urlArgument(urlWithQuery(call.url, call.query))];
  for (const [name, value] of Object.entries(call.headers)) {
    const variable = SECRET_HEADERS[name.toLowerCase()];
    parts.push("-H", variable ? `"${name}: ${variable}"` : quoted(`${name}: ${value}`));
  }
  if (body !== undefined) parts.push("-H", quoted("content-type: application/json"), "-d", bodyArgument(body));
  return parts.join(" ");
}
