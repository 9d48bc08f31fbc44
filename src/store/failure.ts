import { isApiError } from "../api/errors.js";
import type { Failure } from "./types.js";

const HINTS: Record<string, string> = {
  AUTH_ERR_EMPTY_APIKEY: "this app has no key: pass --api-key or set CCX_API_KEY",
  AUTH_ERR_APIKEY_NOT_FOUND: "the key is not this app's: check the app id, the region (ctrl-r) and the key",
  AUTH_ERR_NO_ACCESS: "this needs the fullAccess (REST API) key, not the Auth key",
  ERR_APP_NOT_FOUND: "the app does not answer in this region: try another (ctrl-r)",
  ERR_UID_NOT_FOUND: "no such user: change it with u, or clear it",
  ERR_TOO_MANY_REQUESTS: "rate limited: wait a moment, then r to retry",
  ERR_CALL_SESSION_NOT_FOUND: "no known app has this call: check the id, or the apps (ctrl-p)",
  CCX_NETWORK_ERROR: "no answer: is the service (or the emulator) reachable? r retries",
  CCX_TIMEOUT: "the service is slow: r retries",
  CCX_NOT_JSON: "the answer was not JSON (a proxy page?): r retries",
  CCX_HTTP_ERROR: "the service answered an error page: r retries",
  CCX_UNEXPECTED_RESPONSE: "the answer did not have the documented shape",
  CCX_RESPONSE_TOO_LARGE: "the answer was too large to read: narrow the filter or lower per:",
  CCX_REDIRECT_REFUSED: "the service sent ccx elsewhere; the key was not sent there: check the chat and calls URLs",
  ERR_BAD_REQUEST: "the service refused the request's parameters: change the filter",
};

const CERTIFICATE_HINT = "the server's certificate is not trusted: pass its CA with --ca (CCX_CA_FILE), or check the host name";

/** Any error as the explorer shows it: a code, a message, and what to do. */
export function toFailure(error: unknown): Failure {
  if (isApiError(error)) {
    const hint = (error.extra.certificate ? CERTIFICATE_HINT : HINTS[error.code])
      ?? (error.status !== undefined && error.status >= 500 ? "the service failed: r retries" : undefined);
    return { code: error.code, message: error.message, hint };
  }
  return { code: "CCX_ERROR", message: error instanceof Error ? error.message : String(error) };
}
