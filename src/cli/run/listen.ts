import { readFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import type { Command } from "commander";
import { maskAnswerSecrets } from "../../api/answer-secrets.js";
import { ApiError, CLIENT_CODES, badInput } from "../../api/errors.js";
import { type WebhookEvent, startReceiver } from "../../api/webhook-receiver.js";
import { ConfigError } from "../../config/config-file.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
import { curlOf } from "../../writes/curl.js";
import { planned, shownRequest, writeCall } from "../../writes/execute.js";
import { journalPath } from "../../writes/journal.js";
import { runPlan } from "../../writes/run-plan.js";
import { WEBHOOK_TRIGGERS, webhookCreate, webhookDelete } from "../../writes/webhooks.js";
import { askToSend } from "../prompt.js";
import { type Runtime, runCommand } from "../runtime.js";
import { EXIT } from "../usage-error.js";
import { activeTarget } from "./active-app.js";

/**
 * `ccx webhooks listen`: the receiver (src/api/webhook-receiver.ts) on a
 * local port, each event printed as it arrives, until interrupted. With
 * `--create`, a temporary webhook pointing at the public URL is made through
 * the write runner (asked, or `--yes`; journaled; refused read-only before
 * anything is sent or listened to) and deleted the same way on every way out:
 * ctrl-c, SIGTERM, a failure; when it cannot be, ccx says so and how to remove it.
 */

export interface ListenFlags {
  port: number;
  host: string;
  cert?: string;
  key?: string;
  user?: string;
  password?: string;
  forwardTo?: string;
  create?: boolean;
  /** --create's webhook sent without asking (needed without a terminal). */
  yes?: boolean;
  /** --create's requests printed as curl, nothing sent or listened to. */
  dryRun?: boolean;
  url?: string;
  triggers?: string;
  json?: boolean;
  reveal?: boolean;
}

/** One line of the text output: time, trigger, what it names, the delay, the forward's status or the refusal. */
export function eventLine(event: WebhookEvent): string {
  const time = new Date(event.receivedAt).toISOString().slice(11, 23);
  const trigger = sanitize(event.trigger) || "(no trigger)";
  if (event.refused) return `${time}  refused (401: ${event.refused})  ${trigger}`;
  const names = event.names ? `${event.names.kind} ${sanitize(event.names.id)}` : "—";
  const delay = event.delayMs === undefined ? "" : `  +${(event.delayMs / 1000).toFixed(1)} s`;
  const forwarded = event.forwarded ? `  → ${event.forwarded.status ?? `failed: ${sanitize(event.forwarded.error)}`}` : "";
  return `${time}  ${trigger.padEnd(30)}  ${names}${delay}${forwarded}`;
}

/** One line of --json: the event as read, with its body as it came (secrets masked unless --reveal). */
export function eventJson(event: WebhookEvent, reveal = false): string {
  const { seq, receivedAt, trigger, names, delayMs, refused, forwarded, body } = event;
  return jsonForTerminal({
    seq, receivedAt: new Date(receivedAt).toISOString(), trigger, ...(names ? { names } : {}), ...(delayMs === undefined ? {} : { delayMs }),
    accepted: refused === undefined, ...(refused ? { refused } : {}), ...(forwarded ? { forwarded } : {}),
    contentType: event.headers["content-type"], body: reveal ? body : maskAnswerSecrets(body).value,
  });
}

async function pemOf(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new ConfigError(`cannot read the ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

function checked(flags: ListenFlags, env: NodeJS.ProcessEnv): { credentials?: { user: string; password: string } } {
  if ((flags.cert === undefined) !== (flags.key === undefined)) throw new ConfigError("--cert and --key go together: HTTPS needs both (or neither, for plain HTTP behind a tunnel)");
  const password = flags.password ?? env.CCX_WEBHOOK_PASSWORD;
  if ((flags.user === undefined) !== (password === undefined)) throw new ConfigError("--user and --password (or CCX_WEBHOOK_PASSWORD) go together: the Basic credentials the webhook sends");
  if (flags.create && !flags.url) throw new ConfigError("--create needs --url: the public HTTPS address the service posts to (your tunnel's)");
  if (flags.forwardTo !== undefined && !/^https?:\/\/[^/\s]+/i.test(flags.forwardTo)) throw new ConfigError(`--forward-to takes your handler's http:// or https:// URL, not ${JSON.stringify(flags.forwardTo)}`);
  if (!flags.create && (flags.url || flags.triggers || flags.dryRun)) throw new ConfigError("--url, --triggers and --dry-run are --create's: give --create to register a temporary webhook");
  return flags.user !== undefined ? { credentials: { user: flags.user, password: password! } } : {};
}

export function runListen(flags: ListenFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { credentials } = checked(flags, runtime.io.env);
    const temporary = flags.create ? await temporaryWebhook(runtime, flags, credentials) : undefined;
    if (temporary === "declined") {
      runtime.warn("not sent: nothing listened to");
      return EXIT.failure;
    }
    if (temporary === "dry run") return EXIT.ok;
    const tls = flags.cert && flags.key ? { cert: await pemOf(flags.cert, "certificate"), key: await pemOf(flags.key, "key") } : undefined;

    // Stopped by ctrl-c or SIGTERM from here on: the temporary webhook is removed whichever comes.
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    process.once("SIGINT", stop).once("SIGTERM", stop);
    let printing = Promise.resolve();
    let shown = 0;
    try {
      const receiver = await startReceiver({
        port: flags.port, host: flags.host, tls, credentials, forwardTo: flags.forwardTo,
        onEvent: (event) => {
          shown++;
          const line = flags.json ? eventJson(event, flags.reveal) : eventLine(event);
          printing = printing.then(() => runtime.write(`${line}\n`));
        },
      });
      try {
        runtime.warn(`listening on ${receiver.url}${credentials ? " (Basic credentials checked)" : ""}${flags.forwardTo ? `, forwarding to ${flags.forwardTo}` : ""}; ctrl-c to stop`);
        if (temporary) await temporary.create(receiver.url);
        await stopped;
      } finally {
        await receiver.close();
        await printing;
      }
    } finally {
      process.off("SIGINT", stop).off("SIGTERM", stop);
      await temporary?.remove();
    }
    runtime.warn(`stopped: ${shown} event${shown === 1 ? "" : "s"} received`);
    return EXIT.interrupted;
  });
}

/**
 * The temporary webhook of --create: checked before anything is sent (an app, the management
 * credentials, not read-only), made once the receiver listens, removed on the way out.
 */
async function temporaryWebhook(runtime: Runtime, flags: ListenFlags, credentials: { user: string; password: string } | undefined) {
  const app = await activeTarget(runtime);
  if (!app) throw new ConfigError("--create needs an app: pass --app-id, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
  const id = `ccx-listen-${randomBytes(4).toString("hex")}`;
  const writeFlags = {
    name: `ccx webhooks listen ${id.slice(-8)}`, url: flags.url, id, triggers: flags.triggers ?? WEBHOOK_TRIGGERS.join(","),
    ...(credentials ? { basicAuth: `${credentials.user}:${credentials.password}` } : {}),
  };
  const made = planned(webhookCreate, { args: {}, flags: writeFlags });
  const removal = planned(webhookDelete, { args: { webhookId: id }, flags: {} });
  const writeCredentials = { management: runtime.settings.management, readOnly: runtime.settings.readOnly };
  // As every write's --dry-run: the requests as curl (secrets as variables), nothing sent.
  if (flags.dryRun) {
    const writes = [...made, ...removal];
    const calls = writes.map((w) => writeCall(app, writeCredentials, w.request));
    for (const [i, call] of calls.entries()) await runtime.write(`${curlOf(call, writes[i]!.request.body)}\n`);
    runtime.warn(`dry run: the temporary webhook's ${writes.length} requests above (made, then removed on the way out), nothing sent, nothing listened to${calls[0]!.readOnly ? " (read-only mode would refuse them)" : ""}`);
    return "dry run" as const;
  }
  if (made.some((w) => writeCall(app, writeCredentials, w.request).readOnly)) {
    throw new ApiError(CLIENT_CODES.readOnly, "read-only mode: --create writes a webhook, refused; nothing was sent (unset --read-only, CCX_READ_ONLY or the profile's readOnly to write)");
  }
  // Asked as every write is: the exact requests on a terminal, --yes without one. Its removal is not asked: --create asked for both.
  if (!flags.yes) {
    if (!runtime.io.in.isTTY || !runtime.io.err.isTTY) throw badInput("--create writes a webhook, and there is no terminal to ask on: add --yes to send it (nothing was sent)");
    const shown = made.flatMap((w) => shownRequest(writeCall(app, writeCredentials, w.request), w.request.body, app.region));
    if (!(await askToSend(runtime.io.in, runtime.io.err, [`a temporary webhook, removed when this stops: ${made.length} requests`, ...shown]))) return "declined";
  }
  const context = { http: runtime.http, app, credentials: writeCredentials, journal: journalPath(runtime.io.env), profile: runtime.settings.active?.label };
  let created = false;
  return {
    async create(receiverUrl: string): Promise<void> {
      const run = await runPlan(made, context);
      // The webhook itself came to be (its triggers may not have): it is removed on the way out whatever followed.
      created = run.results[0] !== undefined && run.results[0].outcome !== "refused";
      const failed = run.results.find((r) => r?.outcome !== "done");
      if (failed) throw new ApiError(failed.code ?? CLIENT_CODES.http, `the temporary webhook was not made (${failed.item}: ${failed.outcome}${failed.message ? `: ${failed.message}` : ""})`);
      runtime.warn(`temporary webhook ${id}: ${flags.url} → ${receiverUrl}, for ${writeFlags.triggers.split(",").length} triggers (journaled; removed when this stops)`);
    },
    async remove(): Promise<void> {
      if (!created) return;
      const run = await runPlan(removal, context).catch((error: Error) => ({ results: [{ outcome: "unknown", message: error.message }] }));
      const result = run.results[0] as { outcome?: string; code?: string; message?: string } | undefined;
      if (result?.outcome === "done") runtime.warn(`removed the temporary webhook ${id}`);
      else runtime.warn(`could not remove the temporary webhook ${id} (${result?.code ?? result?.outcome ?? "not sent"}${result?.message ? `: ${result.message}` : ""}): remove it with ccx webhook delete ${id}`);
    },
  };
}
