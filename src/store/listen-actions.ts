import { readFile } from "node:fs/promises";
import type { RunningReceiver, WebhookEvent } from "../api/webhook-receiver.js";
import { RESOURCES } from "../resources/index.js";
import type { StoreContext } from "./context.js";
import { toFailure } from "./failure.js";
import type { Failure } from "./types.js";

/**
 * `:listen`: the webhook receiver of `ccx webhooks listen`, started by the
 * store (src/api/webhook-receiver.ts), its events kept here as they arrive,
 * newest last, so that the screen is a list like the request log's. One
 * receiver for the explorer (events name their app): started by the first
 * :listen, kept while ccx runs (a later :listen shows it), stopped on quit.
 */

/** Events kept: the oldest go first beyond it, as the request log's do. */
export const LISTEN_KEPT = 1000;
export const LISTEN_DEFAULT_PORT = 8787;

export interface ListenState {
  /** Where it listens, once it does. */
  url?: string;
  events: WebhookEvent[];
  error?: Failure;
}

export interface ListenOptions {
  port: number;
  /** Files of a PEM certificate and key: HTTPS (the service, and the emulator, post only to HTTPS URLs). */
  cert?: string;
  key?: string;
}

export interface ListenActions {
  listen?: ListenState;
  /** Shows the :listen screen, starting the receiver unless it runs. */
  openListen(options: ListenOptions): void;
  /** Opens what an event names (its message, call, user or group), in its app when ccx knows it. */
  openListenEvent(event: WebhookEvent): void;
  stopListening(): Promise<void>;
}

type Needs = ListenActions & {
  navigate(route: { view: "listen" }): void;
  openResourceItem(name: string, params: readonly string[]): void;
  switchApp(key: string): void;
};

/** The resource each kind of named thing is opened as. */
const OPENED_AS = { message: RESOURCES.messages.name, call: RESOURCES.calls.name, user: RESOURCES.users.name, group: RESOURCES.groups.name } as const;

export function listenActions(ctx: StoreContext<Needs>): ListenActions {
  let receiver: RunningReceiver | undefined;
  let starting: Promise<void> | undefined;
  const patch = (change: Partial<ListenState>) => ctx.set({ listen: { events: [], ...ctx.get().listen, ...change } });

  async function start(options: ListenOptions): Promise<void> {
    const tls = options.cert && options.key ? { cert: await readFile(options.cert, "utf8"), key: await readFile(options.key, "utf8") } : undefined;
    const { startReceiver } = await import("../api/webhook-receiver.js");
    receiver = await startReceiver({
      port: options.port, tls,
      onEvent: (event) => patch({ events: [...(ctx.get().listen?.events ?? []), event].slice(-LISTEN_KEPT) }),
    });
    patch({ url: receiver.url, error: undefined });
  }

  return {
    openListen(options) {
      ctx.get().navigate({ view: "listen" });
      if (receiver || starting) return;
      patch({ error: undefined });
      starting = start(options).catch((error: unknown) => patch({ error: toFailure(error) })).finally(() => (starting = undefined));
    },

    openListenEvent(event) {
      if (!event.names) return;
      const appId = (event.body as { appId?: unknown } | null)?.appId;
      const app = ctx.get().apps.find((a) => a.appId === appId);
      if (app && app.key !== ctx.get().activeKey) ctx.get().switchApp(app.key);
      ctx.get().openResourceItem(OPENED_AS[event.names.kind], [event.names.id]);
    },

    async stopListening() {
      await starting;
      const running = receiver;
      receiver = undefined;
      await running?.close();
    },
  };
}
