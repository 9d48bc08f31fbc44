import { countOf } from "../text/format.js";
import { ApiError, CLIENT_CODES, type RateLimit, clip } from "./errors.js";

/**
 * Reading what an answer says besides its JSON: the quota headers, how long
 * to wait, redirects, an error page's name and the service's error details.
 */

/** An answer's headers, as node:http and undici give them. */
type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, ...names: string[]): string | undefined => {
  for (const name of names) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined && text.trim() !== "") return text.trim();
  }
  return undefined;
};

/** The rate-limit headers, in either spelling (X-Rate-Limit-* and X-RateLimit-*); undefined when none came. */
export function rateLimitOf(headers: Headers): RateLimit | undefined {
  const number = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);
  const limit = number(header(headers, "x-rate-limit-limit", "x-rate-limit", "x-ratelimit-limit"));
  const remaining = number(header(headers, "x-rate-limit-remaining", "x-ratelimit-remaining"));
  const reset = number(header(headers, "x-rate-limit-reset", "x-ratelimit-reset"));
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { ...(limit !== undefined ? { limit } : {}), ...(remaining !== undefined ? { remaining } : {}), ...(reset !== undefined ? { reset } : {}) };
}

function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** `an HTML page ("502 Bad Gateway")`, named by its title or else its first text, when the body is markup. */
export function htmlPage(text: string): string | undefined {
  if (!/^\s*</.test(text)) return undefined;
  const head = text.slice(0, 4096);
  const named = /<title[^>]*>([^<]*)<\/title>/i.exec(head)?.[1] ?? head.replace(/<(script|style)[^]*?<\/\1>|<[^>]*>/gi, " ");
  const name = named.replace(/\s+/g, " ").trim();
  return `an HTML page${name ? ` ("${clip(name, 80)}")` : ""}`;
}

/**
 * The service's `details` (field → messages) as ccx prints them. Why: they are
 * the server's JSON, unchecked: a string where a list belongs made printing the
 * error throw (`s.join is not a function`), and 5,000 fields made 5,000 lines.
 */
export function detailsOf(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const MAX_FIELDS = 10;
  const entries = Object.entries(value);
  const details: Record<string, string[]> = {};
  for (const [field, messages] of entries.slice(0, MAX_FIELDS)) {
    const texts = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === "string");
    if (texts.length > 0) details[clip(field, 64)] = texts.slice(0, 5).map((m) => clip(m, 200));
  }
  if (entries.length > MAX_FIELDS) details["…"] = [`and ${countOf(entries.length - MAX_FIELDS, "more field")}`];
  return Object.keys(details).length > 0 ? details : undefined;
}

/** What an error status says about waiting: the quota, and Retry-After (for a 429 without it, the window's reset). */
export function waitOf(status: number, headers: Headers) {
  const rateLimit = rateLimitOf(headers);
  const untilReset = status === 429 && rateLimit?.reset !== undefined ? Math.max(0, rateLimit.reset * 1000 - Date.now()) : undefined;
  const retryAfter = retryAfterMs(headers["retry-after"]) ?? untilReset;
  return { status, rateLimit, retryAfter: retryAfter === undefined ? undefined : retryAfter / 1000 };
}

export function redirected(status: number, headers: Headers, why = ""): ApiError {
  const location = Array.isArray(headers.location) ? headers.location[0] : headers.location;
  // The location is clipped: it is the server's text, up to a header's 16 kB.
  return new ApiError(CLIENT_CODES.redirect, `the server redirected (HTTP ${status}) to ${location ? clip(location, 200) : "an unnamed place"}; ccx does not follow redirects${why}`, { status });
}
