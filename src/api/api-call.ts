import type { ManagementTarget } from "./apps.js";
import { type AppTarget, checkedBase, encodePathSegment, fillTemplate } from "./client.js";
import { type Endpoint, type Host, type Method, findEndpoint, pathOnly } from "./endpoints.js";
import { ApiError, CLIENT_CODES, badInput } from "./errors.js";

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

/** Where a call goes and what it carries, or a message naming what is missing. */
export function prepareCall(input: ApiCallInput, credentials: ApiCredentials): ApiCall {
  const { path, query: inPath } = splitPath(input.path);
  const endpoint = findEndpoint(path, input.method);
  const host = input.host ?? endpoint?.host ?? "chat";
  // The moderation headers only on the host the catalogue gives them (the app's chat host).
  const auth = host === "management" ? "management" : endpoint?.auth === "moderation" && host === "chat" ? "moderation" : "apikey";
  const app = credentials.app;
  const needsApp = host !== "management" || path.includes("{appId}");
  if (needsApp && !app) throw new ApiError(CLIENT_CODES.config, `${path} is sent for an app: pass --app-id and --api-key, or use a profile`);
  const management = credentials.management;
  if (auth !== "apikey" && !management) {
    throw new ApiError(CLIENT_CODES.config, `${path} takes the management key and secret: set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET, or a management block in the config`);
  }
  // A read that acts for a user by its definition says so before anything is sent (exit 2).
  if (auth === "apikey" && endpoint?.onBehalfOf === "required" && !app?.onBehalfOf) {
    throw new ApiError(CLIENT_CODES.config, `${path} answers as a user sees it: say which with --as <uid> (or CCX_ON_BEHALF_OF)`);
  }
  const base = host === "management" ? checkedBase(management!.url) : fillTemplate(host === "calls" ? app!.callsUrl : app!.chatUrl, app!.appId, app!.region);
  const headers: Record<string, string> =
    auth === "apikey" ? { apikey: app!.apiKey, ...(app!.onBehalfOf ? { onBehalfOf: app!.onBehalfOf } : {}) }
    : auth === "moderation" ? { key: management!.key, secret: management!.secret, appId: app!.appId }
    : { key: management!.key, secret: management!.secret };
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
