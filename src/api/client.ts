import * as v from "valibot";
import { ApiError, CLIENT_CODES } from "./errors.js";
import type { Http } from "./http.js";
import { describeIssues } from "./schemas.js";

export { REGIONS, type Region } from "./regions.js";
import type { Region } from "./regions.js";

/** The real hosts (docs/service.md); `--chat-url` and `--calls-url` take templates of the same form. */
export const DEFAULT_CHAT_URL = "https://{appId}.api-{region}.cometchat.io/v3";
export const DEFAULT_CALLS_URL = "https://{appId}.call-{region}.cometchat.io/v3";
export const DEFAULT_MANAGEMENT_URL = "https://apimgmt.cometchat.io";

/** Everything needed to talk to one app. */
export interface AppTarget {
  appId: string;
  region: Region;
  apiKey: string;
  onBehalfOf?: string;
  chatUrl: string;
  callsUrl: string;
  /** Writes are refused before anything is sent (--read-only, CCX_READ_ONLY=1, a profile's readOnly). */
  readOnly?: boolean;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface Answer<T> {
  value: T;
  raw: unknown;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * One path segment, percent-encoded. A lone surrogate (from a server's id, or
 * typed) cannot be encoded and would throw "URI malformed": it is sent as
 * U+FFFD instead, and the service answers that nothing has that id.
 */
export function encodePathSegment(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, "\uFFFD"));
}

/**
 * A catalogue template's path with its parameters put in, each by encodePathSegment: the one encoder
 * of every path ccx sends. `{appId}` is left for the request to fill (the active app's) unless given; any other parameter not given is a mistake.
 */
export function filledPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    // The active app's, filled in when the request is made; unless the app is what the path names (DELETE /apps/{appId}).
    if (name === "appId" && params.appId === undefined) return whole;
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodePathSegment(value);
  });
}

/** Checks a base address: a valid https:// URL, else nothing is sent. */
export function checkedBase(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ApiError(CLIENT_CODES.badUrl, `not a valid URL: ${url}`);
  }
  if (parsed.protocol !== "https:") {
    throw new ApiError(CLIENT_CODES.insecureUrl, `refusing ${parsed.protocol}// for ${parsed.host}: the service is HTTPS only, and an API key must never travel in clear text`);
  }
  return url.replace(/\/+$/, "");
}

export function fillTemplate(template: string, appId: string, region: string): string {
  return checkedBase(template.replaceAll("{appId}", encodePathSegment(appId)).replaceAll("{region}", region));
}

export function withQuery(base: string, path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ""}`;
}

/** Validates an answer; a misfit names the field and where it was. */
export function parseAnswer<S extends v.GenericSchema>(schema: S, json: unknown, where: string): v.InferOutput<S> {
  const result = v.safeParse(schema, json);
  if (result.success) return result.output;
  throw new ApiError(CLIENT_CODES.badShape, `unexpected answer from ${where}: ${describeIssues(result.issues)}`);
}

/** Requests to one app's chat and calls APIs, through the shared Http. */
export class AppClient {
  readonly chatBase: string;
  readonly callsBase: string;

  constructor(readonly http: Http, readonly target: AppTarget) {
    this.chatBase = fillTemplate(target.chatUrl, target.appId, target.region);
    this.callsBase = fillTemplate(target.callsUrl, target.appId, target.region);
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { apikey: this.target.apiKey };
    if (this.target.onBehalfOf) headers.onBehalfOf = this.target.onBehalfOf;
    return headers;
  }

  /**
   * GETs and validates. `value` is the validated (normalised) answer for ccx to
   * read; `raw` is the body as the server sent it, for --json.
   */
  async get<S extends v.GenericSchema>(api: "chat" | "calls", path: string, query: Query, schema: S, signal?: AbortSignal): Promise<Answer<v.InferOutput<S>>> {
    const url = withQuery(api === "chat" ? this.chatBase : this.callsBase, path, query);
    const response = await this.http.send({ method: "GET", url, headers: this.headers(), signal });
    return { value: parseAnswer(schema, response.json, `GET ${path}`), raw: response.json };
  }
}
