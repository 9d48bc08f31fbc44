import { prepareCall, urlWithQuery } from "../api/api-call.js";
import { maskAnswerSecrets, shownUrl } from "../api/answer-secrets.js";
import type { ManagementTarget } from "../api/apps.js";
import * as v from "valibot";
import { parseAnswer, withQuery } from "../api/client.js";
import { ApiError, CLIENT_CODES } from "../api/errors.js";
import { anyListSchema, describeIssues } from "../api/schemas.js";
import { type Pager, endpointPager } from "../api/paging-styles.js";
import type { Page } from "../api/paging.js";
import { type AnyResource, actedForRefusal, endpointOf, listBody, listParams, listRequests, sourcedItems, withAlways } from "../resources/resource.js";
import type { ListRef } from "./item-children.js";
import type { StoreContext } from "./context.js";
import type { Row } from "./types.js";

/** One answer of a list, read: its rows (secrets masked), its counts, and where a walk goes next. */
export interface ListAnswer {
  items: Row[];
  pagination?: Page<unknown>["pagination"];
  /** The query of the next step of a walk, or of the next page by number; none after the last. */
  next?: Record<string, string>;
  /** Rows of a walk (a cursor, `meta.next`, a log id), which loads more below, rather than of a numbered page. */
  walk: boolean;
  /** Numbered pages documented (n/p flip them); false for a list of one answer. */
  numbered: boolean;
}

/**
 * How the explorer asks any resource's list and reads its answers, as its commands do: the endpoint
 * catalogue's host, credentials and paging style; the path's parameters from the route; the user
 * acted for where the list is a user's (refused before anything is sent when none is).
 */
export function listRequester(ctx: StoreContext, management: ManagementTarget | undefined) {
  /** The request of a path for an app (or the management API), as the catalogue says it is sent. */
  const callOf = (appKey: string, path: string, query: Record<string, string>, as?: string) =>
    prepareCall({ method: "GET", path, query }, { app: ctx.clientFor(appKey, as).target, management, readOnly: true });

  const get = async (appKey: string, path: string, query: Record<string, string>, signal: AbortSignal, as?: string): Promise<unknown> => {
    const call = callOf(appKey, path, query, as);
    return (await ctx.http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers, signal })).json;
  };

  /**
   * The items read by their resource's schema, secrets masked: an item it cannot read is kept as sent, but a
   * page none of whose items it can read (every id a number where a string is documented) is no answer of this list.
   */
  const readRows = (resource: AnyResource, raw: readonly unknown[], where: string): Row[] => {
    // One pass: each item masked, then read (an item it cannot read kept as sent, marked where it can be).
    let failed: v.SafeParseResult<typeof resource.schema> | undefined;
    let read = 0;
    const rows = raw.filter((item): item is object => item !== null && typeof item === "object").map((item) => {
      const masked = maskAnswerSecrets(item).value as Row;
      const parsed = v.safeParse(resource.schema, masked);
      if (parsed.success) {
        read++;
        return parsed.output;
      }
      failed ??= parsed;
      return masked;
    });
    if (failed && read === 0) {
      throw new ApiError(CLIENT_CODES.badShape, `unexpected answer from ${where}: no ${resource.singular} in it can be read (${describeIssues(failed.issues!)})`);
    }
    return rows;
  };

  /** The list's own path parameters, and the item's id when it is narrowed to one beyond its path. */
  const partsOf = (ref: ListRef) => {
    const own = listParams(ref.resource.list!).length;
    return { own: ref.params.slice(0, own), itemId: ref.below ? ref.params[own] : undefined };
  };
  /** Whom a list is asked as: its own user (a 1:1), the item it is narrowed to (a user's conversations), else the user acted for. */
  const asOf = (ref: ListRef) => ref.as ?? (ref.below?.actsAs ? partsOf(ref).itemId : undefined);

  return {
    /**
     * The query of a list's first page: its path's own, its page size, the filter's, what it always asks,
     * and, below an item, what narrows it to the item (which the filter cannot undo).
     */
    queryOf(ref: ListRef, filter: Record<string, string>): Record<string, string> {
      const list = ref.resource.list!;
      const { own, itemId } = partsOf(ref);
      const [first] = listRequests(list, own);
      const query = withAlways(list, { ...first!.query, ...(list.perPage ? { perPage: String(list.perPage.default) } : {}), ...filter });
      return { ...query, ...ref.below?.query, ...(ref.below?.param && itemId !== undefined ? { [ref.below.param]: itemId } : {}) };
    },

    /** The pager of a list asked with `query`: its documented paging style (a cursor when the query starts one). */
    pagerOf: (resource: AnyResource, query: Record<string, string>): Pager => endpointPager(endpointOf(resource.list!.path), query),

    /** The request line the explorer shows: `GET /groups?perPage=100&withTags=true (as alice)`, secrets in it masked. */
    requestLine(appKey: string, ref: ListRef, query: Record<string, string>): string {
      const list = ref.resource.list!;
      if (list.sources) return `GET ${list.sources.map((s) => s.path).join(", ")}`;
      const path = listRequests(list, partsOf(ref).own)[0]!.path.replace("{appId}", encodeURIComponent(ctx.clientFor(appKey).target.appId));
      const as = asOf(ref);
      return `GET ${shownUrl(withQuery("", path, query))}${as === undefined ? "" : ` (as ${as})`}`;
    },

    /** Asks one page (`sent` as the pager made it) and reads it by the pager's step. */
    async ask(appKey: string, ref: ListRef, pager: Pager, sent: Record<string, string>, signal: AbortSignal): Promise<ListAnswer> {
      const { resource } = ref;
      const list = resource.list!;
      const { own } = partsOf(ref);
      const as = asOf(ref);
      if (list.sources) {
        // Several documented reads (the push providers): all at once, one answer.
        const bodies = await Promise.all(listRequests(list, own).map((r) => get(appKey, r.path, r.query, signal, as)));
        return { items: readRows(resource, sourcedItems(list, bodies), list.path), walk: false, numbered: false };
      }
      const refused = actedForRefusal(resource, as ?? ctx.clientFor(appKey).target.onBehalfOf);
      if (refused) throw refused;
      const paging = endpointOf(list.path).paging;
      const path = listRequests(list, own)[0]!.path;
      const answer = await get(appKey, path, sent, signal, as);
      // An answer that is no list of this resource is said as such (the first lists' own schemas, any list's shape).
      parseAnswer(list.answer ?? anyListSchema, answer, `GET ${path}`);
      const step = pager.step(sent, listBody(list, answer));
      const pagination = (answer as { meta?: { pagination?: ListAnswer["pagination"] } } | null)?.meta?.pagination;
      const walk = step.walk !== undefined || (paging !== "pages" && paging !== "none");
      return { items: readRows(resource, step.items, `GET ${path}`), pagination, next: step.next, walk, numbered: !walk && paging === "pages" };
    },
  };
}
