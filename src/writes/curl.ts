import type { ApiCall } from "../api/api-call.js";
import { urlWithQuery } from "../api/api-call.js";
import { isSecretField } from "../api/answer-secrets.js";
import { isSecretParameter } from "../api/secret-names.js";

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

/** Tokens in a path (`/auth_tokens/{authToken}`, `/push/v1/tokens/{pushToken}`): printed as variables, as a body's secrets are. */
const SECRET_SEGMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(\/auth_tokens\/)([^/?#]+)/, "CCX_AUTH_TOKEN"], [/(\/push\/v1\/tokens\/)([^/?#]+)/, "CCX_PUSH_TOKEN"],
  // The key a write changes (`/apikeys/{apiKey}`), not the one it is sent with ($CCX_API_KEY).
  [/(\/apikeys\/)([^/?#]+)/, "CCX_TARGET_API_KEY"],
];

/**
 * The URL as curl's argument: single-quoted, each secret in it (a token in its path, a secret query
 * parameter's value: `?authToken=`) a double-quoted variable.
 */
function urlArgument(url: string): string {
  const variables: string[] = [];
  // Each secret's place marked by a NUL and its number, as the body's are.
  const mark = (variable: string) => `\u0000${variables.push(variable) - 1}\u0000`;
  const [base = "", query] = url.split("?", 2) as [string, string | undefined];
  let marked = SECRET_SEGMENTS.reduce((text, [segment, variable]) => text.replace(segment, (_, before: string) => `${before}${mark(variable)}`), base);
  if (query !== undefined) {
    marked += `?${query.split("&").map((pair) => {
      const [name = "", value] = pair.split("=", 2);
      return value !== undefined && value !== "" && isSecretParameter(name) ? `${name}=${mark(variableOf(name))}` : pair;
    }).join("&")}`;
  }
  // Out of the single quotes for each variable, in again after it: 'https://…/tokens?authToken='"$CCX_AUTH_TOKEN".
  return quoted(marked).replace(/\u0000(\d+)\u0000/g, (_, n: string) => `'"$${variables[Number(n)]}"'`).replace(/''$/, "");
}

export function curlOf(call: ApiCall, body: unknown, files?: Record<string, string>): string {
  const parts = ["curl", "-X", call.method, urlArgument(urlWithQuery(call.url, call.query))];
  for (const [name, value] of Object.entries(call.headers)) {
    // HTTP Basic (`POST /tenants`) is the management key and secret, base64 no secret: curl's -u with their variables.
    if (name.toLowerCase() === "authorization") {
      parts.push("-u", `"${SECRET_HEADERS.key}:${SECRET_HEADERS.secret}"`);
      continue;
    }
    const variable = SECRET_HEADERS[name.toLowerCase()];
    parts.push("-H", variable ? `"${name}: ${variable}"` : quoted(`${name}: ${value}`));
  }
  // A file part as curl sends it (-F sets the multipart content type and its boundary).
  for (const [field, path] of Object.entries(files ?? {})) parts.push("-F", quoted(`${field}=@${path}`));
  if (body !== undefined) parts.push("-H", quoted("content-type: application/json"), "-d", bodyArgument(body));
  return parts.join(" ");
}
