import type { StoreContext } from "./context.js";
import { toFailure } from "./failure.js";
import type { Dialog, WriteRequest } from "./types.js";

/**
 * The confirm box of the explorer's writes (a verb's, src/store/verb-actions.ts, an auth token and a test
 * message among them; a download): y does what it shows, n closes it. An auth token is shown once, in a
 * box of its own (verb-actions), and kept nowhere else: not in a notice, the request log or the history.
 */
export interface WriteActions {
  /** y in the confirm box: sends. */
  runWrite(): void;
  closeDialog(): void;
}

/** What the confirm box sends: a write's, or a download's. */
interface WriteNeeds {
  sendVerb(write: WriteRequest & { kind: "verb" }): Promise<void>;
  startDownload(request: Extract<WriteRequest, { kind: "download" }>): void;
}

export function writeActions(ctx: StoreContext<WriteNeeds & WriteActions>): WriteActions {
  const setDialog = (dialog: Dialog | undefined) => ctx.set({ ui: { ...ctx.get().ui, dialog } });
  async function send(write: WriteRequest): Promise<void> {
    if (write.kind === "download") return ctx.get().startDownload(write);
    return ctx.get().sendVerb(write);
  }

  return {
    runWrite() {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind !== "confirm") return;
      setDialog(undefined);
      ctx.get().notify(dialog.write.kind === "verb" ? `${dialog.write.words}…` : "downloading…");
      send(dialog.write).catch((error: unknown) => {
        const failure = toFailure(error);
        ctx.get().notify(`${failure.code}: ${failure.message}`);
        ctx.get().setLastError(failure);
      });
    },

    closeDialog() {
      // A write asked from a form goes back to it, the edits kept; Esc there closes it.
      const dialog = ctx.get().ui.dialog;
      setDialog(dialog?.kind === "confirm" ? dialog.back : undefined);
    },
  };
}
