import { type AnyResource, type ResourceColumn, cellOf, growthOf } from "../../resources/resource.js";
import { displayWidthUpTo } from "../../text/width.js";
import type { Column } from "../components/rows.js";
import { type Theme, statusColor } from "../theme.js";

/** The widest a column that does not grow takes, whatever its values, unless it says otherwise. */
const WIDEST = 48;

type Row = Record<string, unknown>;

export interface ColumnsFor {
  /** The width the rows are drawn in: under the resource's `wideAt`, columns show their narrow forms. */
  width: number;
  /** Whether a user is acted for: the columns about them show. */
  actingUser?: boolean;
  /**
   * The rows: a column that does not grow is as wide as its widest value or header (an id is never
   * cut), up to its max; without them it takes its min.
   */
  rows?: readonly Row[];
}

/** Columns made for a list's rows, by resource, width and acting user: every key press draws again. */
const made = new WeakMap<readonly Row[], Map<string, Array<Column<Row>>>>();

/**
 * A resource's columns as the explorer's rows draw them, from its definition:
 * the columns that grow share the width left; when even the minimums do not
 * fit, the rightmost drop first, as in the command line's tables. Made once
 * for a list's rows at a width.
 */
export function explorerColumns(resource: AnyResource, options: ColumnsFor): Array<Column<Row>> {
  if (!options.rows) return columnsOf(resource, options);
  const key = `${resource.name} ${options.width} ${Boolean(options.actingUser)}`;
  let forRows = made.get(options.rows);
  if (!forRows) made.set(options.rows, (forRows = new Map()));
  let columns = forRows.get(key);
  if (!columns) forRows.set(key, (columns = columnsOf(resource, options)));
  return columns;
}

function columnsOf(resource: AnyResource, options: ColumnsFor): Array<Column<Row>> {
  const narrow = resource.wideAt !== undefined && options.width < resource.wideAt;
  const columns = (resource.columns as ReadonlyArray<ResourceColumn<Row>>).filter((c) => options.actingUser || !c.actingUser);
  return columns.map((c, i) => {
    const form = narrow && c.narrow ? { min: c.narrow.min ?? c.min, grows: c.narrow.grows ?? c.grows } : c;
    const get = cellOf(c, narrow);
    const growth = growthOf(form as ResourceColumn<never>);
    // The widest cell, read no further than the column's cap: a long cell, or a row at the cap, ends the reading.
    const cap = c.max ?? WIDEST;
    const natural = (rows: readonly Row[]) => {
      let widest = c.header.length;
      for (let r = 0; r < rows.length && widest < cap; r++) widest = Math.max(widest, displayWidthUpTo(String(get(rows[r]!) ?? ""), cap));
      return widest;
    };
    return {
      header: c.header,
      get,
      ...(growth ? { flex: growth, minWidth: form.min } : { width: options.rows ? Math.min(natural(options.rows), cap) : form.min }),
      priority: columns.length - i,
      align: c.align,
      ...(c.state ? { color: (row: Row, theme: Theme) => statusColor(theme, c.state!(row)) } : {}),
    };
  });
}
