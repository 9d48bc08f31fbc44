import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { ApiError, CLIENT_CODES, type RateLimit, clip } from "./errors.js";
import { type RawResponse, type Transport, createTransport } from "./transport.js";

/**
 * The one place ccx sends HTTP. Everything else builds a request and hands it
 * here: TLS trust, proxies (transport.ts), timeouts, cancellation, bounded retries of GETs
 * (network errors, 5xx, 429 honouring Retry-After), error decoding, and one
 * event per request for the request log and --verbose.
 */

export interface HttpOptions {
  /** A PEM file of the CA to trust instead of the system roots (like curl --cacert). */
  caFile?: string;
  /** Per attempt, from sending to the last byte. */
  timeoutMs?: number;
  /** Further attempts of a GET after the first. */
  retries?: number;
  /** Longest wait ccx accepts from Retry-After before it gives up instead. */
  maxRetryAfterMs?: number;
  /** Base of the jittered exponential backoff. */
  backoffMs?: number;
  /** Largest body ccx reads; beyond it the answer is dropped (default 32 MiB). */
  maxBodyBytes?: number;
  userAgent?: string;
  env?: NodeJS.ProcessEnv;
}

export interface HttpRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
  bytes: number;
}

export interface RequestEvent {
  id: number;
  phase: "start" | "end";
  method: string;
  /** The URL as sent: secrets travel in headers, never in it. */
  url: string;
  /** The user the request acted for (onBehalfOf), to rebuild it as a curl command. */
  onBehalfOf?: string;
  status?: number;
  durationMs?: number;
  bytes?: number;
  retries?: number;
  /** The error code when the request failed. */
  code?: string;
  /** The app's quota, when the answer's headers said it. */
  rateLimit?: RateLimit;
}

type Listener = (event: RequestEvent) => void;

/** Milliseconds on a monotonic clock; `performance` would load perf_hooks, a cost at every start. */
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
const RETRYABLE_CODES = new Set<string>([CLIENT_CODES.network, CLIENT_CODES.timeout, CLIENT_CODES.notJson]);

/**
 * With a CA file, ccx trusts that CA alone, as curl's --cacert does: it is how
 * one trusts the emulator or a TLS-inspecting proxy. Without one, Node's
 * defaults apply: the system roots plus NODE_EXTRA_CA_CERTS.
 */
function trust(caFile: string | undefined): string[] | undefined {
  if (!caFile) return undefined;
  try {
    return [readFileSync(caFile, "utf8")];
  } catch (error) {
    throw new ApiError(CLIENT_CODES.badUrl, `cannot read the CA file ${caFile}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

const header = (headers: HttpResponse["headers"], ...names: string[]): string | undefined => {
  for (const name of names) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined && text.trim() !== "") return text.trim();
  }
  return undefined;
};

/** The rate-limit headers, in either spelling (X-Rate-Limit-* and X-RateLimit-*); undefined when none came. */
export function rateLimitOf(headers: HttpResponse["headers"]): RateLimit | undefined {
  const number = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);
  const limit = number(header(headers, "x-rate-limit-limit", "x-rate-limit", "x-ratelimit-limit"));
  const remaining = number(header(headers, "x-rate-limit-remaining", "x-ratelimit-remaining"));
  const reset = number(header(headers, "x-rate-limit-reset", "x-ratelimit-reset"));
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { ...(limit !== undefined ? { limit } : {}), ...(remaining !== undefined ? { remaining } : {}), ...(reset !== undefined ? { reset } : {}) };
}

function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** `an HTML page ("502 Bad Gateway")`, named by its title or else its first text, when the body is markup. */
function htmlPage(text: string): string | undefined {
  if (!/^\s*</.test(text)) return undefined;
  const head = text.slice(0, 4096);
  const named = /<title[^>]*>([^<]*)<\/title>/i.exec(head)?.[1] ?? head.replace(/<(script|style)[^]*?<\/\1>|<[^>]*>/gi, " ");
  const name = named.replace(/\s+/g, " ").trim();
  return `an HTML page${name ? ` ("${clip(name, 80)}")` : ""}`;
}

/**
 * The service's `details` (field → messages) as ccx prints them. Why: they are
 * the server's JSON, unchecked: a string where a list belongs made printing the
 * error throw (`s.join is not a function`), and 5,000 fields made 5,000 lines.
 */
function detailsOf(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const MAX_FIELDS = 10;
  const entries = Object.entries(value);
  const details: Record<string, string[]> = {};
  for (const [field, messages] of entries.slice(0, MAX_FIELDS)) {
    const texts = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === "string");
    if (texts.length > 0) details[clip(field, 64)] = texts.slice(0, 5).map((m) => clip(m, 200));
  }
  if (entries.length > MAX_FIELDS) details["…"] = [`and ${entries.length - MAX_FIELDS} more fields`];
  return Object.keys(details).length > 0 ? details : undefined;
}

export class Http {
  private readonly transport: Promise<Transport>;
  private readonly listeners = new Set<Listener>();
  private nextId = 1;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly maxRetryAfterMs: number;
  private readonly backoffMs: number;
  private readonly maxBodyBytes: number;
  private readonly userAgent: string;

  constructor(options: HttpOptions = {}) {
    const env = options.env ?? process.env;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = options.retries ?? 3;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
    this.backoffMs = options.backoffMs ?? 250;
    // Why 32 MiB: an endless or huge body is read up to the limit, and that must keep ccx within
    // its 150 MB RSS budget (design.md); at 64 MiB a hostile body took ccx to ~140 MB. The largest
    // real page (1,000 calls with their participants) is a few MB.
    this.maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024;
    this.userAgent = options.userAgent ?? "ccx";
    this.transport = createTransport({ ca: trust(options.caFile), timeoutMs: this.timeoutMs, env });
    // Surfaces on first use; until then nobody awaits it.
    this.transport.catch(() => undefined);
  }

  /** Subscribes to request events; returns the unsubscribe function. */
  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: RequestEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    const id = this.nextId++;
    const started = nowMs();
    const onBehalfOf = req.headers.onBehalfOf;
    this.emit({ id, phase: "start", method: req.method, url: req.url, onBehalfOf });
    let retries = 0;
    const end = (fields: Partial<RequestEvent>) =>
      this.emit({ id, phase: "end", method: req.method, url: req.url, onBehalfOf, durationMs: nowMs() - started, retries, ...fields });
    for (;;) {
      try {
        const response = await this.attempt(req);
        end({ status: response.status, bytes: response.bytes, rateLimit: rateLimitOf(response.headers) });
        return response;
      } catch (caught) {
        const error = caught instanceof ApiError ? caught : new ApiError(CLIENT_CODES.network, String(caught));
        const wait = req.method === "GET" && retries < this.retries ? this.retryDelay(error, retries) : undefined;
        if (wait === undefined || req.signal?.aborted) {
          Object.assign(error.extra, { retries, request: `${req.method} ${req.url}` });
          end({ status: error.status, code: error.code, rateLimit: error.extra.rateLimit });
          throw error;
        }
        retries++;
        await sleep(wait, undefined, { signal: req.signal }).catch(() => undefined);
      }
    }
  }

  /** How long to wait before trying again, or undefined when this error is final. */
  private retryDelay(error: ApiError, retries: number): number | undefined {
    // Why not a certificate: it fails the same way every time, so retrying only delays the message.
    const retryable = !error.extra.certificate && ((error.status !== undefined && RETRYABLE_STATUS.has(error.status)) || RETRYABLE_CODES.has(error.code));
    if (!retryable) return undefined;
    if (error.extra.retryAfter !== undefined) {
      const ms = error.extra.retryAfter * 1000;
      if (ms <= this.maxRetryAfterMs) return ms;
      // Say that ccx chose not to wait: the service's own message may not mention the wait at all.
      error.message = `${error.message} (the service asked to wait ${error.extra.retryAfter} s, longer than ccx waits: ${this.maxRetryAfterMs / 1000} s)`;
      return undefined;
    }
    // Full jitter: spreads clients out instead of retrying in step.
    return Math.random() * Math.min(5_000, this.backoffMs * 2 ** retries);
  }

  private async attempt(req: HttpRequest): Promise<HttpResponse> {
    const transport = await this.transport;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: "application/json", "user-agent": this.userAgent, ...req.headers };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers["content-type"] = "application/json";
    }
    let res: RawResponse;
    try {
      res = await transport.transmit({ method: req.method, url: req.url, headers, body, signal });
    } catch (error) {
      throw this.failure(error, req, timeout);
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    const tooLarge = (size: string) => {
      res.discard();
      return new ApiError(CLIENT_CODES.tooLarge, `the answer is ${size} than ccx reads (${Math.round(this.maxBodyBytes / 1048576)} MiB)`, { status: res.status });
    };
    // Why: an announced length over the limit is refused before a byte of it is read, instead of
    // downloading the limit's worth first.
    const announced = Number(res.headers["content-length"]);
    if (announced > this.maxBodyBytes) throw tooLarge(`${Math.round(announced / 1048576)} MiB, larger`);
    try {
      for await (const chunk of res.body) {
        bytes += chunk.length;
        if (bytes > this.maxBodyBytes) throw tooLarge("larger");
        chunks.push(chunk);
      }
    } catch (error) {
      throw error instanceof ApiError ? error : this.failure(error, req, timeout);
    }
    return this.decode(res.status, res.headers, Buffer.concat(chunks).toString("utf8"), bytes);
  }

  private failure(error: unknown, req: HttpRequest, timeout: AbortSignal): ApiError {
    if (req.signal?.aborted) return new ApiError(CLIENT_CODES.aborted, "the request was cancelled");
    if (timeout.aborted) return new ApiError(CLIENT_CODES.timeout, `no complete answer within ${this.timeoutMs / 1000} s`);
    const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const cause = e.cause?.code ?? e.code;
    const detail = [cause, e.cause?.message ?? e.message].filter(Boolean).join(": ");
    // CERT_UNTRUSTED is pinned-trust.ts's; the others are OpenSSL's and Node's names for the same.
    const certificate = /CERT|SELF_SIGNED|UNABLE_TO_(VERIFY|GET_ISSUER)|ERR_TLS_CERT/.test(cause ?? "");
    const host = new URL(req.url).host;
    if (cause === "ERR_INVALID_CHAR" || cause === "ERR_HTTP_INVALID_HEADER_VALUE") {
      return new ApiError(CLIENT_CODES.badHeader, "a header (the API key or the user acted for) has characters HTTP cannot carry");
    }
    if (certificate) return new ApiError(CLIENT_CODES.network, `refused the certificate of ${host} (${detail})`, { certificate });
    return new ApiError(CLIENT_CODES.network, `no answer from ${host} (${detail})`);
  }

  private decode(status: number, headers: HttpResponse["headers"], text: string, bytes: number): HttpResponse {
    if (status >= 300 && status < 400) {
      const location = Array.isArray(headers.location) ? headers.location[0] : headers.location;
      // The location is clipped: it is the server's text, up to a header's 16 kB.
      throw new ApiError(CLIENT_CODES.redirect, `the server redirected (HTTP ${status}) to ${location ? clip(location, 200) : "an unnamed place"}; ccx does not follow redirects, so the API key was not sent there`, { status });
    }
    let json: unknown;
    let parsed = false;
    try {
      json = JSON.parse(text);
      parsed = true;
    } catch {
      // Judged below: an error status without JSON is still an HTTP error.
    }
    if (status >= 400) {
      const error = parsed ? (json as { error?: Record<string, unknown> })?.error : undefined;
      const rateLimit = rateLimitOf(headers);
      // A 429 without Retry-After: the window's reset (UNIX seconds) says how long to wait.
      const untilReset = status === 429 && rateLimit?.reset !== undefined ? Math.max(0, rateLimit.reset * 1000 - Date.now()) : undefined;
      const retryAfter = retryAfterMs(headers["retry-after"]) ?? untilReset;
      const extra = { status, rateLimit, retryAfter: retryAfter === undefined ? undefined : retryAfter / 1000 };
      if (error && typeof error.code === "string") {
        // Clipped: a message is for one screen, and a hostile one could fill the body limit.
        const code = clip(error.code, 64);
        throw new ApiError(code, typeof error.message === "string" ? clip(error.message, 300) : code, {
          ...extra,
          devMessage: typeof error.devMessage === "string" ? clip(error.devMessage, 300) : undefined,
          details: detailsOf(error.details),
        });
      }
      // An HTML page (a proxy's 502) is named by its title, not by 80 characters of markup.
      const page = htmlPage(text);
      const snippet = text.replace(/\s+/g, " ").trim().slice(0, 80);
      const body = page ? ` with ${page}, not the service's error` : snippet ? ` with a body that is not the service's error: ${snippet}` : " with an empty body";
      // A 404 is not found whatever its body says (some versions answer `{}`): exit 3, the body named.
      throw new ApiError(status === 404 ? CLIENT_CODES.notFound : CLIENT_CODES.http, `HTTP ${status}${body}`, extra);
    }
    if (!parsed) {
      const what = text.trim() === "" ? "an empty body" : htmlPage(text) ?? "a body that is not JSON (cut short?)";
      throw new ApiError(CLIENT_CODES.notJson, `the server answered ${what} instead of JSON`, { status });
    }
    return { status, headers, json, bytes };
  }

  async close(): Promise<void> {
    await (await this.transport.catch(() => undefined))?.close();
  }
}
