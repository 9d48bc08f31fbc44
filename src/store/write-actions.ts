import { MAX_TEXT_BYTES, sendTextMessage, textProblem } from "../api/messages.js";
import { createAuthToken } from "../api/users.js";
import { type StoreContext, activeApp } from "./context.js";
import { detailOf, threadKey } from "./details.js";
import { toFailure } from "./failure.js";
import type { Dialog, ThreadScope, WriteRequest } from "./types.js";

/**
 * The explorer's writes (an auth token, a test message): each is refused at
 * once in read-only mode, else shown as it will be sent and sent only when
 * confirmed. An auth token is shown once, in a box of its own, and kept
 * nowhere else: not in a notice, the request log or the history.
 */
export interface WriteActions {
  /** t: asks to create an auth token for the user. */
  askToken(uid: string): void;
  /** m: opens the line for a test message's text, sent as `as` to a user or group. */
  askMessage(target: { as?: string; receiver: string; receiverType: "user" | "group" }): void;
  /** Enter on the message line: shows what will be sent, to confirm. */
  confirmMessage(text: string, send: { as: string; receiver: string; receiverType: "user" | "group" }): void;
  /** y in the confirm box: sends. */
  runWrite(): void;
  closeDialog(): void;
}

/** The text a test message starts with, for the user to keep or change. */
export const TEST_MESSAGE = "test message from ccx";

export function writeActions(ctx: StoreContext): WriteActions {
  const setDialog = (dialog: Dialog | undefined) => ctx.set({ ui: { ...ctx.get().ui, dialog } });
  const appName = () => {
    const app = activeApp(ctx.get());
    return app ? `${app.label} (${app.appId}, ${app.region})` : "the app";
  };
  /** Read-only mode, said before anything is asked or sent. */
  const refused = (what: string): boolean => {
    if (!activeApp(ctx.get())?.readOnly) return false;
    ctx.get().notify(`read-only mode: ${what} refused, nothing sent`);
    return true;
  };

  async function send(write: WriteRequest): Promise<void> {
    if (write.kind === "download") return ctx.get().startDownload(write);
    if (write.kind === "verb") return ctx.get().sendVerb(write);
    const key = ctx.get().activeKey;
    if (write.kind === "token") {
      const { token } = await createAuthToken(ctx.clientFor(key, null), write.uid);
      setDialog({
        kind: "secret",
        title: `Auth token for ${token.uid ?? write.uid}`,
        lines: ["shown once: ccx keeps no copy · y copies it · esc closes"],
        value: token.authToken,
      });
      return;
    }
    const { message } = await sendTextMessage(ctx.clientFor(key, write.as), { receiver: write.receiver, receiverType: write.receiverType, text: write.text });
    ctx.get().notify(`sent message ${message.id} as ${write.as} to ${write.receiverType} ${write.receiver}`);
    // Every open thread it belongs to shows it.
    const scopes: ThreadScope[] = write.receiverType === "group"
      ? [{ kind: "group", guid: write.receiver }, { kind: "app" }]
      : [{ kind: "user", uid: write.receiver, as: write.as }, { kind: "user", uid: write.as, as: write.receiver }, { kind: "app" }];
    for (const scope of scopes) if (detailOf(ctx.get().views[key], "messages", threadKey(scope))) ctx.get().loadThread(scope);
  }

  return {
    askToken(uid) {
      if (refused("creating an auth token")) return;
      setDialog({
        kind: "confirm",
        title: "Create an auth token?",
        lines: [`POST /users/${uid}/auth_tokens`, `for the user ${uid} in ${appName()}`, "the token is shown once"],
        write: { kind: "token", uid },
      });
    },

    askMessage({ as, receiver, receiverType }) {
      if (refused("sending a message")) return;
      const sender = as ?? ctx.get().user;
      if (!sender) return ctx.get().notify("a message is sent as a user: u chooses whom to act for");
      ctx.set({ ui: { ...ctx.get().ui, prompt: { kind: "message", text: TEST_MESSAGE, cursor: TEST_MESSAGE.length, send: { as: sender, receiver, receiverType } } } });
    },

    confirmMessage(text, send) {
      const problem = textProblem(text);
      if (problem) return ctx.get().notify(`${problem} (at most ${MAX_TEXT_BYTES} bytes); nothing sent`);
      setDialog({
        kind: "confirm",
        title: "Send this message?",
        lines: [`POST /messages as ${send.as}`, `to the ${send.receiverType} ${send.receiver} in ${appName()}`, `"${text}"`],
        write: { kind: "message", ...send, text },
      });
    },

    runWrite() {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind !== "confirm") return;
      setDialog(undefined);
      ctx.get().notify(dialog.write.kind === "token" ? "creating the auth token…" : dialog.write.kind === "verb" ? `${dialog.write.words}…` : "sending…");
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
