import type { Recording } from "../../api/schemas.js";
import type { Route } from "../../store/types.js";
import type { Binding, KeyContext } from "./types.js";

/** `d` on a call or a recording: downloads the recordings `pick` chooses (asked first; the store says why not). */
export function downloadBinding<R extends Route>(description: string, pick: (c: KeyContext<R>) => { sessionId: string; recordings: Recording[] } | undefined): Binding<R> {
  return {
    keys: ["d"],
    description,
    footer: "download",
    run: (c) => {
      const chosen = pick(c);
      c.store.getState().askDownload(chosen?.sessionId ?? "", chosen?.recordings ?? []);
    },
  };
}
