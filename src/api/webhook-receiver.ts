import { timingSafeEqual } from "node:crypto";
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer as createHttpServer, request as httpRequest } from "node:http";
import { createServer as createHttpsServer, request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { record, text } from "./json-value.js";

/**
 * A local receiver of the service's webhook events (`ccx webhooks listen`,
 * the explorer's `:listen`): plain HTTP behind the user's tunnel, or HTTPS
 * with their certificate and key. Each POST is an event: its Basic
 * credentials checked when some are expected (else 401, and the event said
 * refused), answered 200 at once (the service asks for a quick 200), read
 * tolerantly (a body that is not JSON, or a trigger ccx does not know, is
 * shown as it came), and passed on to the developer's own handler when
 * asked, its answer's status kept. Besides downloads, the one place ccx
 * opens a socket outside http.ts: it listens, and the forward carries the
 * event's own bytes and headers, never a key of ccx's.
 */

export interface WebhookEvent {
  /** 1, 2, … in the order they arrived. */
  seq: number;
  /** When it arrived (ms since the epoch). */
  receivedAt: number;
  /** The body's `trigger`, or "" when it has none. */
  trigger: string;
  /** What it names: the message, call, user or group an event is about. */
  names?: { kind: "message" | "call" | "user" | "group"; id: string };
  /** Milliseconds from the event's own time (its data's sentAt, created_at, …) to its arrival. */
  delayMs?: number;
  /** Undefined: accepted; else why it was answered 401. */
  refused?: string;
  /** The body parsed, or its text when it is not JSON. */
  body: unknown;
  headers: IncomingHttpHeaders;
  /** With a forward: the handler's status, or why it gave none. */
  forwarded?: { status?: number; error?: string };
}

export interface ReceiverOptions {
  port: number;
  host?: string;
  /** PEM text of the certificate and key: HTTPS; without them, plain HTTP. */
  tls?: { cert: string; key: string };
  /** The Basic credentials the webhook sends; without them, every event is accepted. */
  credentials?: { user: string; password: string };
  /** Each event is passed on to this URL (POST, its body and headers). */
  forwardTo?: string;
  onEvent(event: WebhookEvent): void;
}

export interface RunningReceiver {
  url: string;
  close(): Promise<void>;
}

/** An event larger than this is refused (413): the service's are a few kilobytes. */
const MAX_BODY = 5 * 1024 * 1024;
const FORWARD_TIMEOUT_MS = 10_000;
/** Headers of the connection, not of the event: not passed on. */
const HOP_BY_HOP = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length", "upgrade", "proxy-connection", "te", "trailer"]);

export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  let seq = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => void receive(req, res);
  async function receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST", "content-type": "text/plain" }).end("webhook events are POSTed here\n");
      return;
    }
    const bytes = await bodyOf(req);
    if (!bytes) {
      res.writeHead(413).end();
      return;
    }
    const refused = options.credentials ? basicRefusal(req.headers.authorization, options.credentials) : undefined;
    if (refused) res.writeHead(401, { "www-authenticate": 'Basic realm="ccx webhooks listen"', "content-type": "text/plain" }).end("wrong or missing Basic credentials\n");
    else res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    const event: WebhookEvent = { seq: ++seq, receivedAt: Date.now(), ...readEvent(bytes), headers: req.headers, ...(refused ? { refused } : {}) };
    if (!refused && options.forwardTo) event.forwarded = await forward(options.forwardTo, bytes, req.headers);
    options.onEvent(event);
  }
  const server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handle) : createHttpServer(handle);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? "https" : "http"}://${host.includes(":") ? `[${host}]` : host}:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

async function bodyOf(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Why the Authorization header is not the expected Basic credentials; undefined when it is. */
function basicRefusal(header: string | undefined, expected: { user: string; password: string }): string | undefined {
  if (!header) return "no Basic credentials";
  const given = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  if (!given) return "not Basic credentials";
  const want = Buffer.from(`${expected.user}:${expected.password}`);
  const got = Buffer.from(given, "base64");
  return got.length === want.length && timingSafeEqual(got, want) ? undefined : "wrong Basic credentials";
}

/** An id as sent (a string or a number), never empty. */
const idOf = (value: unknown): string | undefined => text(value) || undefined;
const at = (root: unknown, ...path: string[]): unknown => path.reduce<unknown>((node, key) => record(node)?.[key], root);

/** The body's trigger, what it names and its own time, read from whatever shape it came in. */
export function readEvent(bytes: Buffer): Pick<WebhookEvent, "trigger" | "names" | "delayMs" | "body"> {
  const text = bytes.toString("utf8");
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    return { trigger: "", body };
  }
  const trigger = typeof at(body, "trigger") === "string" ? at(body, "trigger") as string : "";
  const data = at(body, "data");
  const names = namesOf(trigger, data);
  const eventAt = timeOf(data);
  return { trigger, body, ...(names ? { names } : {}), ...(eventAt === undefined ? {} : { delayMs: Math.max(0, Date.now() - eventAt) }) };
}

/** A message's, a call's, a group's or a user's id, by the trigger's family, else by what the data holds. */
function namesOf(trigger: string, data: unknown): WebhookEvent["names"] {
  const message = record(at(data, "message")) ?? (idOf(at(data, "conversationId")) ? record(data) : undefined);
  const session = idOf(at(data, "sessionId")) ?? idOf(at(data, "call", "data", "entities", "on", "entity", "sessionid")) ?? idOf(at(data, "call", "sessionId"));
  const group = idOf(at(data, "group", "guid")) ?? idOf(at(data, "guid"));
  const user = idOf(at(data, "user", "uid")) ?? idOf(at(data, "uid"));
  const byFamily: Array<[boolean, WebhookEvent["names"]]> = [
    [/^(call|meeting|recording)_/.test(trigger), session ? { kind: "call", id: session } : undefined],
    [/^group_/.test(trigger), group ? { kind: "group", id: group } : undefined],
    [/^user_/.test(trigger), user ? { kind: "user", id: user } : undefined],
  ];
  const family = byFamily.find(([matches, named]) => matches && named);
  if (family) return family[1];
  const messageId = idOf(message?.id) ?? idOf(at(data, "messageId"));
  if (messageId) return { kind: "message", id: messageId };
  if (session) return { kind: "call", id: session };
  if (group) return { kind: "group", id: group };
  return user ? { kind: "user", id: user } : undefined;
}

/** The event's own time (ms): the first of the documented time fields it carries, seconds or milliseconds. */
function timeOf(data: unknown): number | undefined {
  const candidates = [at(data, "message", "sentAt"), at(data, "call", "sentAt"), at(data, "sentAt"), at(data, "created_at"), at(data, "ended_at"),
    at(data, "deliveredAt"), at(data, "readAt"), at(data, "updatedAt"), at(data, "occupant", "joined_at"), at(data, "occupant", "left_at")];
  for (const value of candidates) {
    const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : undefined;
    if (n !== undefined && n > 0) return n > 1e12 ? n : n * 1000;
  }
  return undefined;
}

/** Posts the event's bytes and headers to the developer's handler; its status, or why there is none. */
function forward(to: string, bytes: Buffer, headers: IncomingHttpHeaders): Promise<NonNullable<WebhookEvent["forwarded"]>> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(to);
    } catch {
      resolve({ error: `not a URL: ${to}` });
      return;
    }
    const passed = Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name))) as Record<string, string | string[]>;
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(url, { method: "POST", timeout: FORWARD_TIMEOUT_MS, headers: { ...passed, "content-length": bytes.length } }, (res) => {
      res.resume();
      res.once("end", () => resolve({ status: res.statusCode }));
      res.once("error", () => resolve({ status: res.statusCode }));
    });
    req.once("timeout", () => req.destroy(new Error(`no answer in ${FORWARD_TIMEOUT_MS / 1000} s`)));
    req.once("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(bytes);
  });
}
