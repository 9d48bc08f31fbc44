import type { Recording } from "../../api/schemas.js";
import type { Binding, KeyContext } from "./types.js";

/** `d` on a call or a recording: downloads the recordings `pick` chooses (asked first; the store says why not). */
export function downloadBinding(description: string, pick: (c: KeyContext) => { sessionId: string; recordings: Recording[] } | undefined): Binding {
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
