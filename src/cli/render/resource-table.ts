import { type Resource, cellOf, growthOf } from "../../resources/resource.js";
import type { TableColumn } from "../../text/table.js";

/**
 * A resource's columns as the command line's table draws them, from its definition: those that grow
 * give room back first, the widest first (their weights share out the explorer's spare width; here a
 * name weighted to take the most would be the first cut); those about the user acted for show only
 * when one is.
 */
export function tableColumns<Item extends Record<string, unknown>>(resource: Resource<Item>, options: { actingUser?: boolean } = {}): Array<TableColumn<Item>> {
  return resource.columns
    .filter((c) => options.actingUser || !c.actingUser)
    .map((c) => ({ header: c.header, get: cellOf(c), min: c.min, max: c.max, flex: growthOf(c) ? 1 : undefined, align: c.align }));
}
