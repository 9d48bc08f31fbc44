import { activeApp } from "../../store/explorer-store.js";
import type { Route } from "../../store/types.js";
import type { Binding } from "./types.js";

/** A key that writes: refused at once in read-only mode (pressing it says so), else as `disabled` says. */
export function writeKey<R extends Route = Route>(binding: Omit<Binding<R>, "write">): Binding<R> {
  return {
    ...binding,
    write: true,
    disabled: (c) => (activeApp(c.state)?.readOnly ? "read-only mode: writes are refused" : binding.disabled?.(c)),
  };
}
