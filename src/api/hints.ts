import { type ApiError, CLIENT_CODES } from "./errors.js";
import { REGIONS } from "./regions.js";

/**
 * What to do about a failure, by the service's (or ccx's) code: one table for
 * the one-shot commands, which name flags, and the explorer, which names keys.
 * An entry with one text says the same to both.
 */
type Hint = string | { cli?: string; explorer?: string };

const HINTS: Record<string, Hint> = {
  AUTH_ERR_EMPTY_APIKEY: { cli: "pass --api-key or set CCX_API_KEY", explorer: "this app has no key: pass --api-key or set CCX_API_KEY" },
  AUTH_ERR_APIKEY_NOT_FOUND: {
    cli: "check the key, the app id and the region: a key works only for its own app",
    explorer: "the key is not this app's: check the app id, the region (ctrl-r) and the key",
  },
  AUTH_ERR_NO_ACCESS: "this needs the fullAccess (REST API) key, not the Auth key",
  ERR_APP_NOT_FOUND: { cli: `check the app id and the region (--region ${REGIONS.join("|")})`, explorer: "the app does not answer in this region: try another (ctrl-r)" },
  ERR_UID_NOT_FOUND: { explorer: "no such user: change it with u, or clear it" },
  ERR_TOO_MANY_REQUESTS: { cli: "the app's rate limit was reached; wait and try again", explorer: "rate limited: wait a moment, then r to retry" },
  ERR_CALL_SESSION_NOT_FOUND: { explorer: "no known app has this call: check the id, or the apps (ctrl-p)" },
  ERR_BAD_REQUEST: { explorer: "the service refused the request's parameters: change the filter" },
  [CLIENT_CODES.network]: { cli: "is the address right, and is the service (or the emulator) running?", explorer: "no answer: is the service (or the emulator) reachable? r retries" },
  [CLIENT_CODES.timeout]: { cli: "the service is slow or unreachable; try again", explorer: "the service is slow: r retries" },
  [CLIENT_CODES.notJson]: { explorer: "the answer was not JSON (a proxy page?): r retries" },
  [CLIENT_CODES.http]: { explorer: "the service answered an error page: r retries" },
  [CLIENT_CODES.badShape]: { explorer: "the answer did not have the documented shape" },
  [CLIENT_CODES.tooLarge]: { explorer: "the answer was too large to read: narrow the filter or lower per:" },
  [CLIENT_CODES.redirect]: { explorer: "the service sent ccx elsewhere; the key was not sent there: check the chat and calls URLs" },
};

const CERTIFICATE_HINT = {
  cli: "the server's certificate is not trusted: check the address, or pass the CA that signed it with --ca (CCX_CA_FILE)",
  explorer: "the server's certificate is not trusted: pass its CA with --ca (CCX_CA_FILE), or check the host name",
};

/** The hint for a failure, worded for the one-shot commands or the explorer. */
export function hintFor(error: ApiError, where: "cli" | "explorer"): string | undefined {
  if (error.extra.certificate) return CERTIFICATE_HINT[where];
  const hint = HINTS[error.code];
  const text = typeof hint === "string" ? hint : hint?.[where];
  if (text) return text;
  // The explorer can always retry a failure of the service.
  return where === "explorer" && error.status !== undefined && error.status >= 500 ? "the service failed: r retries" : undefined;
}
