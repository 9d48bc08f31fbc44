/**
 * One error type for everything a request can end in. `code` is the service's
 * own (`ERR_CALL_SESSION_NOT_FOUND`, `AUTH_ERR_APIKEY_NOT_FOUND`, …) when it
 * sent one; otherwise one of ccx's, prefixed `CCX_`. Callers key on the code,
 * never on the status (docs/service.md).
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly code: string,
    message: string,
    readonly extra: {
      status?: number;
      devMessage?: string;
      details?: Record<string, string[]>;
      /** The request, without secrets: "GET https://…/groups?…". */
      request?: string;
      retries?: number;
      /** Seconds the service asked to wait (429). */
      retryAfter?: number;
      /** The server's certificate is not trusted: asking again cannot mend it, so it is not retried. */
      certificate?: boolean;
      /** The app's request quota as the answer's headers said it. */
      rateLimit?: RateLimit;
    } = {},
  ) {
    super(message);
  }

  get status(): number | undefined {
    return this.extra.status;
  }
}

/** An app's request quota, from the rate-limit headers (either spelling, docs/service.md); each part only when sent. */
export interface RateLimit {
  limit?: number;
  remaining?: number;
  /** When the window resets, in UNIX seconds. */
  reset?: number;
}

/** The quota as the request log and --verbose show it: "remaining/limit" (a part not sent is "?"). */
export function quotaText(rateLimit: RateLimit | undefined): string {
  if (!rateLimit || (rateLimit.remaining === undefined && rateLimit.limit === undefined)) return "";
  return `${rateLimit.remaining ?? "?"}/${rateLimit.limit ?? "?"}`;
}

/** ccx's own codes, for failures the service did not name. */
export const CLIENT_CODES = {
  /** The URL is not https:// or not a valid URL. */
  insecureUrl: "CCX_INSECURE_URL",
  badUrl: "CCX_BAD_URL",
  /** No answer: refused, reset, DNS, TLS. */
  network: "CCX_NETWORK_ERROR",
  timeout: "CCX_TIMEOUT",
  aborted: "CCX_ABORTED",
  /** An answer that is not JSON (a proxy's HTML page, an empty or truncated body). */
  notJson: "CCX_NOT_JSON",
  /** JSON that does not have the shape the API documents. */
  badShape: "CCX_UNEXPECTED_RESPONSE",
  tooLarge: "CCX_RESPONSE_TOO_LARGE",
  /** An HTTP error without the service's error body. */
  http: "CCX_HTTP_ERROR",
  /** A 404 without the service's error body (some versions answer `{}`), or a detail that came back empty. */
  notFound: "CCX_NOT_FOUND",
  redirect: "CCX_REDIRECT_REFUSED",
  /** A key or user id with characters an HTTP header cannot carry: bad input, not a network failure. */
  badHeader: "CCX_BAD_HEADER",
  /** An app ccx cannot ask (no key, a failing key command), met while asking several. */
  config: "CCX_CONFIG",
  /** Input ccx refuses before sending anything (an empty text, one over the service's limits). */
  badInput: "CCX_BAD_INPUT",
  /** A write refused in read-only mode, before anything is sent. */
  readOnly: "CCX_READ_ONLY",
} as const;

/**
 * At most `max` characters of a server's text, marked when cut: a message is
 * for one screen, and a hostile server can make one as long as its body.
 */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** Input ccx refuses before anything is sent: exit 2, the message said as it is. */
export const badInput = (message: string): ApiError => new ApiError(CLIENT_CODES.badInput, message);

export const isAuthError = (code: string): boolean => code.startsWith("AUTH_ERR_");
export const isNotFound = (code: string): boolean => /NOT_FOUND$/.test(code) && !isAuthError(code);

/**
 * True for an ApiError, also one made by another bundle of ccx (the explorer
 * is bundled apart from the commands, so `instanceof` alone is not enough).
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === "ApiError" && typeof (error as ApiError).code === "string");
}
