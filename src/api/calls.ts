import { type AppClient, type Query, REGIONS, type Region, encodePathSegment } from "./client.js";
import { ApiError, CLIENT_CODES } from "./errors.js";
import { findEndpoint } from "./endpoints.js";
import { type Page, rawItems } from "./paging.js";
import { endpointPager, pageQuery, typedPages } from "./paging-styles.js";
import { type Call, callDetailSchema, callListSchema } from "./schemas.js";

export interface CallPage extends Page<Call> {
  raw: unknown[];
}

export async function listCalls(client: AppClient, query: Query, signal?: AbortSignal): Promise<CallPage> {
  const { value, raw } = await client.get("calls", "/calls", query, callListSchema, signal);
  return { items: value.data, pagination: value.meta?.pagination, raw: rawItems(raw) };
}

/** Every page of GET /calls from the query's own, walked by its documented paging (ccx download, the stats). */
export const callPages = (client: AppClient, query: Query, signal?: AbortSignal) =>
  typedPages(endpointPager(findEndpoint("/calls", "GET"), pageQuery(query)), (asked) => listCalls(client, asked, signal));

export interface CallDetail {
  call: Call;
  /** The call as the server sent it (unwrapped from a one-element array if need be). */
  raw: unknown;
}

export async function getCall(client: AppClient, sessionId: string, signal?: AbortSignal): Promise<CallDetail> {
  const { value, raw } = await client.get("calls", `/calls/${encodePathSegment(sessionId)}`, {}, callDetailSchema, signal);
  if (value.data === undefined) throw new ApiError(CLIENT_CODES.notFound, `the service answered an empty call for ${sessionId}: it has no such call`);
  const data = (raw as { data: unknown }).data;
  return { call: value.data, raw: Array.isArray(data) ? data[0] : data };
}

/**
 * What a session id tells about where the call lives: `v1.<region>.<appId>.<id>`
 * (docs/service.md). Undefined when it does not have that shape.
 */
export function sessionIdOrigin(sessionId: string): { region: Region; appId: string } | undefined {
  const match = /^v\d+\.([a-z]+)\.([^.]+)\..+$/.exec(sessionId);
  if (!match || !(REGIONS as readonly string[]).includes(match[1]!)) return undefined;
  return { region: match[1] as Region, appId: match[2]! };
}
