import { type Resource, cellOf, growthOf } from "../../resources/resource.js";
import type { TableColumn } from "../../text/table.js";

/** A resource's columns as the command line's table draws them: one that grows gives room back first. */
export function tableColumns<Item extends Record<string, unknown>>(resource: Resource<Item>): Array<TableColumn<Item>> {
  return resource.columns.map((c) => ({ header: c.header, get: cellOf(c), min: c.min, max: c.max, flex: growthOf(c) || undefined, align: c.align }));
}
