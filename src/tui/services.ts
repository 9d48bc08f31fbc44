import type { ExplorerStore } from "../store/explorer-store.js";
import { sanitize } from "../text/sanitize.js";
import type { Services } from "./screens/types.js";
import { openUrl, osc52 } from "./terminal.js";

/** The terminal's services for key handlers: quit, copy through OSC 52 (`write` is the terminal), open a URL. */
export function explorerServices(store: ExplorerStore, quit: Services["quit"], write: (text: string) => void): Services {
  const copy = (text: string, what: string) => {
    write(osc52(text));
    store.getState().notify(`copied the ${what} (OSC 52)`);
  };
  return {
    quit,
    copy,
    // Why sanitized: with no browser the URL (server text) is copied instead, as y copies it.
    open: (url) => (openUrl(url) ? store.getState().notify("opened in the browser") : copy(sanitize(url), "URL (no browser here)")),
  };
}
