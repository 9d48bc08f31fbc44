import type { ExplorerStore } from "../store/explorer-store.js";
import { sanitize } from "../text/sanitize.js";
import { type ClipboardWrite, askTmux, clipboardWrite } from "./clipboard.js";
import type { Services } from "./screens/types.js";
import { openUrl } from "./terminal.js";

/** The terminal's services for key handlers: quit, copy through OSC 52 (`write` is the terminal), open a URL. */
export function explorerServices(store: ExplorerStore, quit: Services["quit"], write: (text: string) => void, env: NodeJS.ProcessEnv = process.env): Services {
  const copy = (text: string, what: string) => {
    const done = ({ bytes, problem }: ClipboardWrite) => {
      write(bytes);
      store.getState().notify(`copied the ${what} (OSC 52)${problem ? `, but ${problem}` : ""}`);
    };
    // Inside tmux, what arrives depends on its options: asked at each copy (they may change meanwhile).
    if (env.TMUX) void askTmux().then((tmux) => done(clipboardWrite(text, env, tmux)));
    else done(clipboardWrite(text, env));
  };
  return {
    quit,
    copy,
    // Why sanitized: with no browser the URL (server text) is copied instead, as y copies it.
    open: (url) => (openUrl(url) ? store.getState().notify("opened in the browser") : copy(sanitize(url), "URL (no browser here)")),
  };
}
