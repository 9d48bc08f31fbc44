import { type AnyResource, type ResourceColumn, cellOf, growthOf } from "../../resources/resource.js";
import { displayWidth } from "../../text/width.js";
import type { Column } from "../components/rows.js";

/** The widest a column that does not grow takes, whatever its values, unless it says otherwise. */
const WIDEST = 48;

/**
 * A resource's columns as the explorer's rows draw them, for these rows: a
 * column that does not grow is as wide as its widest value (an id is never
 * cut), between its min and its max; one that grows shares the width left;
 * the rightmost drop first when even the minimums do not fit.
 */
export function rowColumns(resource: AnyResource, rows: ReadonlyArray<Record<string, unknown>>): Array<Column<Record<string, unknown>>> {
  const columns = resource.columns as ReadonlyArray<ResourceColumn<Record<string, unknown>>>;
  return columns.map((c, i) => {
    // A field the schema could not read shows as sent, marked, as in every list.
    const get = cellOf(c);
    const natural = Math.max(c.header.length, ...rows.map((row) => displayWidth(String(get(row) ?? ""))));
    return {
      header: c.header,
      get,
      ...(growthOf(c) ? { flex: growthOf(c), minWidth: c.min } : { width: Math.min(Math.max(c.min, natural), c.max ?? WIDEST) }),
      priority: columns.length - i,
      align: c.align,
    };
  });
}
