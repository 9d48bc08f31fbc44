import type { ApiCall } from "../api/api-call.js";
import { urlWithQuery } from "../api/api-call.js";

/**
 * A request as the curl command that sends it, for `--dry-run`: the keys as
 * the environment variables that hold them (`$CCX_API_KEY`), never their
 * values; every other part single-quoted for a POSIX shell.
 */

const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** The headers' values that are secrets, by name, and the variable a user's shell keeps each in. */
const SECRET_HEADERS: Record<string, string> = { apikey: "$CCX_API_KEY", key: "$CCX_MANAGEMENT_KEY", secret: "$CCX_MANAGEMENT_SECRET" };

export function curlOf(call: ApiCall, body: unknown): string {
  const parts = ["curl", "-X", call.method, quoted(urlWithQuery(call.url, call.query))];
  for (const [name, value] of Object.entries(call.headers)) {
    const variable = SECRET_HEADERS[name.toLowerCase()];
    parts.push("-H", variable ? `"${name}: ${variable}"` : quoted(`${name}: ${value}`));
  }
  if (body !== undefined) parts.push("-H", quoted("content-type: application/json"), "-d", quoted(JSON.stringify(body)));
  return parts.join(" ");
}
