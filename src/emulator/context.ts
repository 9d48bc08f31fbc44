import type { IncomingHttpHeaders } from "node:http";
import type { App, User, World } from "./data/model.js";
import type { ErrorSource } from "./errors.js";
import type { EmulatorOptions } from "./options.js";
import type { WebhookEvents } from "./webhook-events.js";

export type Api = "chat" | "calls" | "management";

export const SOURCE: Record<Api, ErrorSource> = { chat: "chat-api", calls: "calls-api", management: "management-api" };

/** What every handler gets: the request, already routed and authenticated. */
export interface BaseContext {
  world: World;
  options: EmulatorOptions;
  /** The world's clock for this request (UNIX seconds): `now`, or the live clock. */
  now: number;
  method: string;
  /** Path below the version segment, e.g. `/groups/abc`. */
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body of a POST (an empty object when there was none), or a multipart one's FormData. */
  body: unknown;
  /** Where what happens is posted to the app's webhooks. */
  events: WebhookEvents;
}

/** A request to one app's chat or calls API. */
export interface RequestContext extends BaseContext {
  app: App;
  /** The user named by onBehalfOf, already checked to exist. */
  onBehalfOf?: { index: number; user: User };
}

interface RouteShape<A extends Api, C> {
  api: A;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Matched against the context's path; named groups become `match`. */
  path: RegExp;
  /** Routes an authOnly key may call (user creation and auth tokens). */
  authOnly?: boolean;
  /**
   * Moderation's rules, keywords and blocked messages: the management key and secret with an `appId`
   * header, on the app's chat host, in place of the API key; `moderation-or-apikey`: either (the
   * blocked messages' review, documented with both). `basic`: the management key and secret as HTTP
   * Basic's user and password, and no other way (`POST /tenants`).
   */
  auth?: "moderation" | "moderation-or-apikey" | "basic";
  handle: (ctx: C, match: Record<string, string>) => unknown;
}

export type AppRoute = RouteShape<"chat" | "calls", RequestContext>;
export type ManagementRoute = RouteShape<"management", BaseContext>;
export type Route = AppRoute | ManagementRoute;
