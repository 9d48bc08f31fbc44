import { maskKey } from "../config/mask.js";
import type { ManagementTarget } from "./apps.js";
import { type AppTarget, checkedBase, encodePathSegment, fillTemplate } from "./client.js";
import { type Auth, type Endpoint, type Host, type Method, endpointsOf, findEndpoint, pathOnly } from "./endpoints.js";
import { ApiError, CLIENT_CODES, badInput } from "./errors.js";
import { isSecretParameter } from "./secret-names.js";

/**
 * One request of `ccx api`, from a path as a user writes it: the host and
 * headers the catalogue gives the path (endpoints.ts), `{appId}` filled in
 * from the app, the query the path carried merged with the one given.
 */

export interface ApiCallInput {
  method: Method;
  /** Under the host's base: `/users/alice`, `/apps/{appId}/webhooks`, `/groups?perPage=5`. */
  path: string;
  /** Instead of the one the catalogue gives the path (chat when it gives none). */
  host?: Host;
  query: Record<string, string>;
  /**
   * The credentials to send where the exports give a path with more than one (a blocked message's
   * review: the API key, or the management key and secret); undefined: the catalogue's first.
   */
  auth?: "apikey" | "management";
  /** Headers of the user's own (`ccx api -H`), beside those ccx sets. */
  headers?: Record<string, string>;
  /** Whether a header of the user's may replace a credential ccx sets; else naming one is refused. */
  replaceCredentials?: boolean;
}

export interface ApiCall {
  method: Method;
  host: Host;
  /** The documented operation, when the path is one. */
  endpoint?: Endpoint;
  /** The base URL and path, no query. */
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Writes to it are refused (read-only mode). */
  readOnly: boolean;
  /** The app it is sent for, when the host is one of an app's (or the path names it). */
  appId?: string;
}

export interface ApiCredentials {
  /** The active app: its key, acting user, URLs and read-only mode. */
  app?: AppTarget;
  management?: ManagementTarget;
  /** Read-only mode, for a call that concerns no app (the management API's /apps). */
  readOnly: boolean;
}


/** The path and the query it carries, apart; `/users?perPage=5` → `/users`, `{perPage: "5"}`. */
export function splitPath(path: string): { path: string; query: Record<string, string> } {
  const trimmed = path.trim();
  if (/^\/\//.test(trimmed) || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) throw badInput("give the path under the host's base, not a URL (the host is chosen by --host or from the path)");
  if (!trimmed.startsWith("/")) throw badInput(`a path starts with /, under the host's base (/users, /calls/{sessionId}): got "${path}"`);
  const question = trimmed.indexOf("?");
  const query = question < 0 ? {} : Object.fromEntries(new URLSearchParams(trimmed.slice(question + 1)));
  return { path: pathOnly(trimmed), query };
}

/** The path with `{appId}` filled in; any other `{name}` left is a mistake, named. */
function fillPath(path: string, appId: string | undefined): string {
  const filled = appId === undefined ? path : path.replaceAll("{appId}", encodePathSegment(appId));
  const left = /\{([^}]*)\}/.exec(filled);
  if (left) throw badInput(left[1] === "appId" ? "{appId} needs an app: pass --app-id or a profile" : `fill in {${left[1]}} in the path (it is the documented template's)`);
  return filled;
}

/** Whether the call is sent for an app (its host is one of the app's, or its path names `{appId}`). */
export function callNeedsApp(input: ApiCallInput): boolean {
  const { path } = splitPath(input.path);
  const host = input.host ?? findEndpoint(path, input.method)?.host ?? "chat";
  return host !== "management" || path.includes("{appId}");
}

/** The headers that carry credentials: one given with -H replaces ccx's only when asked to. */
const CREDENTIAL_HEADERS = new Set(["apikey", "key", "secret", "authorization"]);

/** Whether a header's value is a secret, never shown whole: a credential, or a name that says it is one (`X-Api-Key`). */
export const isSecretHeader = (name: string): boolean => CREDENTIAL_HEADERS.has(name.toLowerCase()) || isSecretParameter(name);

/** Headers as `name: value` lines to show, each secret's value masked (`…` and its last four characters). */
export const shownHeaders = (headers: Record<string, string>): string[] =>
  Object.entries(headers).map(([name, value]) => `${name}: ${isSecretHeader(name) ? maskKey(value) : value}`);

/** The documented operation a call is, among those the path names, by the credentials asked for. */
function operationOf(path: string, method: Method, asked: ApiCallInput["auth"]): Endpoint | undefined {
  const candidates = endpointsOf(path, method);
  if (asked === undefined || candidates.length === 0) return candidates[0];
  const chosen = candidates.find((e) => (e.auth === "apikey") === (asked === "apikey"));
  if (!chosen) throw badInput(`${candidates[0]!.path} is documented with ${candidates[0]!.auth === "apikey" ? "the API key" : "the management key and secret"} only: drop --auth ${asked}; nothing was sent`);
  return chosen;
}

/** The credentials sent: the catalogue's for the operation, or those asked for (--auth), on the host it goes to. */
function authOf(host: Host, endpoint: Endpoint | undefined, asked: ApiCallInput["auth"]): Auth {
  if (host === "management") {
    if (asked === "apikey") throw badInput("the management API takes the management key and secret, not the API key: drop --auth apikey; nothing was sent");
    return endpoint?.host === "management" && endpoint.auth === "basic" ? "basic" : "management";
  }
  // The moderation headers only on the host the catalogue gives them (the app's chat host), or where asked.
  if (host === "chat" && (asked === "management" || (asked === undefined && endpoint?.auth === "moderation"))) return "moderation";
  if (asked === "management") throw badInput(`the ${host} host takes the API key: drop --auth management; nothing was sent`);
  return "apikey";
}

/** The user's headers beside ccx's: one naming a credential ccx sets replaces it only when asked to (--replace-credentials). */
function withOwnHeaders(own: Record<string, string>, given: Record<string, string>, replace: boolean): Record<string, string> {
  const givenNames = new Set(Object.keys(given).map((name) => name.toLowerCase()));
  const replaced = Object.keys(own).filter((name) => givenNames.has(name.toLowerCase()));
  const credentials = replaced.filter((name) => CREDENTIAL_HEADERS.has(name.toLowerCase()));
  if (credentials.length > 0 && !replace) {
    throw badInput(`-H ${credentials.join(", ")} would replace the credentials ccx sends for this path: add --replace-credentials if that is what you mean; nothing was sent`);
  }
  return { ...Object.fromEntries(Object.entries(own).filter(([name]) => !replaced.includes(name))), ...given };
}

/** Where a call goes and what it carries, or a message naming what is missing. */
export function prepareCall(input: ApiCallInput, credentials: ApiCredentials): ApiCall {
  const { path, query: inPath } = splitPath(input.path);
  const endpoint = operationOf(path, input.method, input.auth);
  const host = input.host ?? endpoint?.host ?? "chat";
  const auth = authOf(host, endpoint, input.auth);
  const app = credentials.app;
  const needsApp = host !== "management" || path.includes("{appId}");
  if (needsApp && !app) throw new ApiError(CLIENT_CODES.config, `${path} is sent for an app: pass --app-id and --api-key, or use a profile`);
  const management = credentials.management;
  if (auth !== "apikey" && !management) {
    throw new ApiError(CLIENT_CODES.config, `${path} takes the management key and secret${auth === "basic" ? " (as HTTP Basic's user and password)" : ""}: set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET, or a management block in the config`);
  }
  // A read that acts for a user by its definition says so before anything is sent (exit 2).
  if (auth === "apikey" && endpoint?.onBehalfOf === "required" && !app?.onBehalfOf) {
    throw new ApiError(CLIENT_CODES.config, `${path} answers as a user sees it: say which with --as <uid> (or CCX_ON_BEHALF_OF)`);
  }
  const base = host === "management" ? checkedBase(management!.url) : fillTemplate(host === "calls" ? app!.callsUrl : app!.chatUrl, app!.appId, app!.region);
  const own: Record<string, string> =
    auth === "apikey" ? { apikey: app!.apiKey, ...(app!.onBehalfOf ? { onBehalfOf: app!.onBehalfOf } : {}) }
    : auth === "moderation" ? { key: management!.key, secret: management!.secret, appId: app!.appId }
    : auth === "basic" ? { authorization: `Basic ${Buffer.from(`${management!.key}:${management!.secret}`).toString("base64")}` }
    : { key: management!.key, secret: management!.secret };
  const headers = withOwnHeaders(own, input.headers ?? {}, input.replaceCredentials ?? false);
  return {
    method: input.method,
    host,
    endpoint,
    url: `${base}${fillPath(path, app?.appId)}`,
    query: { ...inPath, ...input.query },
    headers,
    readOnly: app?.readOnly ?? credentials.readOnly,
    appId: needsApp ? app?.appId : undefined,
  };
}

/** The call's URL with a query. */
export function urlWithQuery(url: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${url}?${qs}` : url;
}
