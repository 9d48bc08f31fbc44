/**
 * Paging as async iterators, used alike by `--all` and by the explorer: by page
 * number, and by the updatedAt + affix cursor. Each yields one page at a time,
 * so a consumer that streams holds one page in memory.
 */

export interface Page<T> {
  items: T[];
  /** The service's pagination block, when it sent one. */
  pagination?: { total: number; count: number; per_page?: number; current_page: number; total_pages: number };
}

export interface CursorPage<T> extends Page<T> {
  cursor?: { updatedAt: number; affix: "append" | "prepend" };
}

/** Page 1, 2, … until the service says it was the last (or a page comes back empty). */
export async function* pagesByNumber<T>(fetchPage: (page: number) => Promise<Page<T>>, firstPage = 1): AsyncGenerator<Page<T>> {
  for (let page = firstPage; ; page++) {
    const result = await fetchPage(page);
    yield result;
    const last = result.pagination ? page >= result.pagination.total_pages : result.items.length === 0;
    if (last || result.items.length === 0) return;
  }
}

/**
 * Follows the cursor the service answers with, from `start`, until a page comes
 * back empty or the cursor stops moving.
 */
export async function* pagesByCursor<T>(
  fetchPage: (cursor: { updatedAt: number; affix: "append" | "prepend" }) => Promise<CursorPage<T>>,
  start: { updatedAt: number; affix: "append" | "prepend" },
): AsyncGenerator<CursorPage<T>> {
  let cursor = start;
  for (;;) {
    const result = await fetchPage(cursor);
    yield result;
    const next = result.cursor;
    if (result.items.length === 0 || !next || (next.updatedAt === cursor.updatedAt && next.affix === cursor.affix)) return;
    cursor = next;
  }
}
