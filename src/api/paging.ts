/**
 * What a page is, and what its counts say: the walks themselves, one strategy
 * for each paging style, are paging-styles.ts's (pagesByNumberAhead below
 * asks for the next page early, for ccx stats' throughput).
 */

/** A list answer's items as sent (`data` an array, or one item alone), for --json. */
export function rawItems(body: unknown): unknown[] {
  const data = (body as { data?: unknown })?.data;
  return Array.isArray(data) ? data : data === undefined ? [] : [data];
}

export interface Page<T> {
  items: T[];
  /** The service's pagination block, when it sent one. */
  pagination?: { total?: number; count?: number; per_page?: number; current_page?: number; total_pages?: number };
}

export interface CursorPage<T> extends Page<T> {
  cursor?: { updatedAt: number; affix: "append" | "prepend" };
}

/**
 * A total worth showing: only when it is at least the rows already had. The
 * service's own example for GET /users answers `total: 0` beside `count: 5`
 * (docs/service.md, "Counts lie"): a total below what arrived says nothing.
 */
export function trustedTotal(total: number | undefined, had: number): number | undefined {
  return total !== undefined && Number.isFinite(total) && total >= had ? total : undefined;
}

/** What a page of a paged list may be trusted to say about the rest. */
export interface PageCounts {
  /** All the items, when the service's count is believable. */
  total?: number;
  /** The number of the last page, when the service's is believable. */
  lastPage?: number;
  /** More pages follow (true), none do (false), or nobody knows (undefined: a full page with no count). */
  more?: boolean;
}

/**
 * The counts of one page by number, read with suspicion: the total only when
 * it is at least the rows had (`had`, this page's included), the page count
 * only when it reaches the current page; whether more follow from the page
 * count, else from the page being short (the last) or full (maybe more).
 */
export function pageCounts(pagination: Page<unknown>["pagination"], had: number, rows: number, perPage?: number): PageCounts {
  const total = trustedTotal(pagination?.total, had);
  const current = pagination?.current_page;
  const pages = pagination?.total_pages;
  const lastPage = pages !== undefined && current !== undefined && pages >= current ? pages : undefined;
  const size = perPage ?? pagination?.per_page;
  const more = rows === 0 ? false
    : lastPage !== undefined && current !== undefined ? current < lastPage
    : total !== undefined ? had < total
    : size !== undefined ? rows >= size
    : undefined;
  return { ...(total === undefined ? {} : { total }), ...(lastPage === undefined ? {} : { lastPage }), ...(more === undefined ? {} : { more }) };
}

/** pageCounts for page `page` of `perPage` rows, the rows before it counted as had. */
export function numberedPageCounts(pagination: Page<unknown>["pagination"], page: number, perPage: number, rows: number): PageCounts {
  const before = Number.isFinite(perPage) ? Math.max(0, page - 1) * perPage : 0;
  return pageCounts(pagination, before + rows, rows, Number.isFinite(perPage) ? perPage : undefined);
}

/**
 * Whether page `page` of a list paged by number is its last: it is empty, or the count of pages the
 * service gave says so, or (with no count) it is shorter than the page size asked. The one rule of
 * page-number paging: `--all`, the explorer and `ccx api --paginate` (paging-styles.ts) all ask it.
 */
export function lastNumberedPage(page: number, pagination: Page<unknown>["pagination"], count: number, perPage?: number): boolean {
  const pages = Number(pagination?.total_pages);
  return count === 0 || (Number.isFinite(pages) ? page >= pages : perPage !== undefined && count < perPage);
}

/**
 * Page 1, 2, … as pagesByNumber, with the next page asked before this one is
 * read: the service prepares it while ccx parses this one, so that on a second
 * core the two overlap (ccx stats, over 100,000 calls). Only once the service
 * said how many pages there are: never a page past the last.
 */
export async function* pagesByNumberAhead<T>(fetchPage: (page: number) => Promise<Page<T>>, firstPage = 1): AsyncGenerator<Page<T>> {
  const ask = (page: number) => {
    const answer = fetchPage(page);
    // Awaited in its turn; a page asked ahead whose turn never comes (one before it failed) is no crash.
    answer.catch(() => {});
    return answer;
  };
  let lastPage: number | undefined;
  let next = ask(firstPage);
  for (let page = firstPage; ; page++) {
    const current = next;
    const askedAhead = lastPage !== undefined && page < lastPage;
    if (askedAhead) next = ask(page + 1);
    let result: Page<T> | undefined = await current;
    const count = result.items.length;
    lastPage = result.pagination?.total_pages;
    yield result;
    // Let the page go before the next is awaited: held, it doubled the pages alive while the next was read.
    result = undefined;
    const last = lastPage !== undefined ? page >= lastPage : count === 0;
    if (last || count === 0) return;
    if (!askedAhead) next = ask(page + 1);
  }
}

