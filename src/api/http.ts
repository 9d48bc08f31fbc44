import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { shownUrl } from "./answer-secrets.js";
import { detailsOf, htmlPage, rateLimitOf, redirected, waitOf } from "./answer-reading.js";
import { ApiError, CLIENT_CODES, type RateLimit, clip } from "./errors.js";
import { type RawResponse, type Transport, createTransport } from "./transport.js";

/**
 * The one place ccx sends HTTP. Everything else builds a request and hands it
 * here: TLS trust, proxies (transport.ts), timeouts, cancellation, bounded retries of GETs
 * (network errors, 5xx, 429 honouring Retry-After), error decoding, and one
 * event per request for the request log and --verbose. JSON answers come
 * whole (`send`, capped); files come as a stream (`open`, download.ts).
 */

export interface HttpOptions {
  /** A PEM file of the CA to trust instead of the system roots (like curl --cacert). */
  caFile?: string;
  /** Per attempt, from sending to the last byte; for a stream (open), the longest wait for a byte. */
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
  /** A read may be sent again; a write only after a 429, since after anything else the service may have acted. */
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** A multipart/form-data body instead of JSON (a push certificate's upload), encoded by the platform's FormData. */
  form?: FormData;
  signal?: AbortSignal;
  /** An answer with no body is no failure (a write's 204); its `json` is undefined. */
  emptyOk?: boolean;
  /**
   * A bulk write's requests, which must all go however long the rate limit holds them: a 429 is waited
   * out whatever its `Retry-After` (up to 5 minutes) and as often as it comes (up to 50 times).
   */
  patient?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
  bytes: number;
}

/** A request whose body is read by the caller, as it comes (a file): see Http.open. */
export interface StreamRequest {
  method: "GET" | "HEAD";
  url: string;
  headers: Record<string, string>;
  /** Error statuses the caller judges itself (416 to a Range request) instead of failing. */
  accept?: number[];
  signal?: AbortSignal;
}

export interface StreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body, no size cap: a file is read through it. Reading it to the end (or failing) ends the request's event. */
  body: AsyncIterable<Buffer>;
  /** Drops the rest of the body (a page that is not the file): ends the request's event. */
  discard(): void;
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
  /** Sent without the API key (a recording's signed URL): its curl command must not add one. */
  keyless?: boolean;
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

/** An abort after `ms` without a touch(): a download's timeout is one of silence. */
function silenceTimer(ms: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms).unref();
  return { signal: controller.signal, touch: () => void timer.refresh(), stop: () => clearTimeout(timer) };
}

interface Track {
  retries: number;
  end(fields: Partial<RequestEvent>): void;
}

/** How long and how often a patient request waits out a 429 (HttpRequest.patient). */
const PATIENT = { retries: 50, maxRetryAfterMs: 300_000 };

export class Http {
  private readonly transport: Promise<Transport>;
  private readonly listeners = new Set<Listener>();
  private nextId = 1;
  private rateLimitedCount = 0;
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
    // its 150 MB RSS budget (docs/benchmarks.md); at 64 MiB a hostile body took ccx to ~140 MB. The largest
    // real page (1,000 calls with their participants) is a few MB.
    this.maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024;
    this.userAgent = options.userAgent ?? "ccx";
    this.transport = createTransport({ ca: trust(options.caFile), timeoutMs: this.timeoutMs, env });
    // Surfaces on first use; until then nobody awaits it.
    this.transport.catch(() => undefined);
  }

  /** The 429s this client met since it was made, retried or not (`ccx health` says them). */
  get rateLimited(): number {
    return this.rateLimitedCount;
  }

  /** Subscribes to request events; returns the unsubscribe function. */
  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: RequestEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** Emits the request's start event; `end` emits its end event, with the retries made. */
  private track(req: { method: string; url: string; headers: Record<string, string> }, keyless = false): Track {
    const id = this.nextId++;
    const started = nowMs();
    const base = { id, method: req.method, url: shownUrl(req.url), onBehalfOf: req.headers.onBehalfOf, ...(keyless ? { keyless } : {}) };
    this.emit({ ...base, phase: "start" });
    const track: Track = {
      retries: 0,
      end: (fields) => this.emit({ ...base, phase: "end", durationMs: nowMs() - started, retries: track.retries, ...fields }),
    };
    return track;
  }

  /** Runs `attempt` until it succeeds or fails for good (reads tried again, writes on a 429 only); failing for good ends the event. */
  private async retrying<T>(req: { method: string; url: string; signal?: AbortSignal; patient?: boolean }, track: Track, attempt: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await attempt();
      } catch (caught) {
        const error = caught instanceof ApiError ? caught : new ApiError(CLIENT_CODES.network, String(caught));
        if (error.status === 429) this.rateLimitedCount++;
        // A read is tried again on what may pass; a write only on a 429, where the service says it did not act
        // (after a 5xx or a broken connection it may have: the caller says the outcome is unknown).
        const again = req.method === "GET" || req.method === "HEAD" || error.status === 429;
        const patient = req.patient && error.status === 429;
        const wait = again && track.retries < (patient ? PATIENT.retries : this.retries) ? this.retryDelay(error, track.retries, patient ? PATIENT.maxRetryAfterMs : this.maxRetryAfterMs) : undefined;
        if (wait === undefined || req.signal?.aborted) {
          Object.assign(error.extra, { retries: track.retries, request: `${req.method} ${shownUrl(req.url)}` });
          track.end({ status: error.status, code: error.code, rateLimit: error.extra.rateLimit });
          throw error;
        }
        track.retries++;
        await sleep(wait, undefined, { signal: req.signal }).catch(() => undefined);
      }
    }
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    const track = this.track(req);
    const response = await this.retrying(req, track, () => this.attempt(req));
    track.end({ status: response.status, bytes: response.bytes, rateLimit: rateLimitOf(response.headers) });
    return response;
  }

  /**
   * A GET or HEAD whose body the caller reads as it comes (a recording into a file): no size cap,
   * and the timeout is one of silence (no byte for timeoutMs), not of the whole answer, which may
   * take minutes. Tried again as `send` is until the answer's head arrives; a redirect or an error
   * status (but `accept`'s) fails. The event ends when the body is read, fails or is dropped.
   */
  async open(req: StreamRequest): Promise<StreamResponse> {
    const track = this.track(req, req.headers.apikey === undefined);
    return this.retrying(req, track, () => this.attemptStream(req, track));
  }

  private async attemptStream(req: StreamRequest, track: Track): Promise<StreamResponse> {
    const transport = await this.transport;
    const silence = silenceTimer(this.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, silence.signal]) : silence.signal;
    const fail = (error: unknown) => this.failure(error, req, silence.signal, "no data for");
    let res: RawResponse;
    try {
      res = await transport.transmit({ method: req.method, url: req.url, headers: { "user-agent": this.userAgent, ...req.headers }, signal });
    } catch (error) {
      silence.stop();
      throw fail(error);
    }
    const { status, headers } = res;
    if (status >= 300 && (status < 400 || !req.accept?.includes(status))) {
      silence.stop();
      res.discard();
      throw status < 400 ? redirected(status, headers) : new ApiError(status === 404 ? CLIENT_CODES.notFound : CLIENT_CODES.http, `HTTP ${status}`, waitOf(status, headers));
    }
    let bytes = 0;
    let ended = false;
    const end = (fields: Partial<RequestEvent> = {}) => {
      if (ended) return;
      ended = true;
      silence.stop();
      track.end({ status, bytes, rateLimit: rateLimitOf(headers), ...fields });
    };
    const broke = (error: unknown) => this.failure(error, req, silence.signal, "no data for", "the answer broke off from");
    async function* body(): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of res.body) {
          silence.touch();
          bytes += chunk.length;
          yield chunk;
        }
        end();
      } catch (error) {
        const failure = broke(error);
        end({ code: failure.code });
        throw failure;
      } finally {
        // The reader stopped early (it judged the body): the connection goes with the rest of it.
        if (!ended) {
          res.discard();
          end({ code: CLIENT_CODES.aborted });
        }
      }
    }
    return { status, headers, body: body(), discard: () => { res.discard(); end(); } };
  }

  /** How long to wait before trying again, or undefined when this error is final. */
  private retryDelay(error: ApiError, retries: number, maxRetryAfterMs: number): number | undefined {
    // Why not a certificate: it fails the same way every time, so retrying only delays the message.
    const retryable = !error.extra.certificate && ((error.status !== undefined && RETRYABLE_STATUS.has(error.status)) || RETRYABLE_CODES.has(error.code));
    if (!retryable) return undefined;
    if (error.extra.retryAfter !== undefined) {
      const ms = error.extra.retryAfter * 1000;
      if (ms <= maxRetryAfterMs) return ms;
      // Say that ccx chose not to wait: the service's own message may not mention the wait at all.
      error.message = `${error.message} (the service asked to wait ${error.extra.retryAfter} s, longer than ccx waits: ${maxRetryAfterMs / 1000} s)`;
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
    let body: string | Buffer | undefined;
    if (req.form !== undefined) {
      // The platform writes the parts and picks the boundary (Response is undici's, built into Node); each attempt anew.
      const encoded = new Response(req.form);
      body = Buffer.from(await encoded.arrayBuffer());
      headers["content-type"] = encoded.headers.get("content-type")!;
      headers["content-length"] = String(body.length);
    } else if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers["content-type"] = "application/json";
      // Why: Node frames a DELETE's body only with a length (it sends chunks for POST and PUT alone).
      headers["content-length"] = String(Buffer.byteLength(body));
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
    return this.decode(res.status, res.headers, Buffer.concat(chunks).toString("utf8"), bytes, req.emptyOk);
  }

  private failure(error: unknown, req: { url: string; signal?: AbortSignal }, timeout: AbortSignal, waited = "no complete answer within", lost = "no answer from"): ApiError {
    if (req.signal?.aborted) return new ApiError(CLIENT_CODES.aborted, "the request was cancelled");
    if (timeout.aborted) return new ApiError(CLIENT_CODES.timeout, `${waited} ${this.timeoutMs / 1000} s`);
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
    return new ApiError(CLIENT_CODES.network, `${lost} ${host} (${detail})`);
  }

  private decode(status: number, headers: HttpResponse["headers"], text: string, bytes: number, emptyOk = false): HttpResponse {
    if (status >= 300 && status < 400) throw redirected(status, headers, ", so the API key was not sent there");
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
      const extra = waitOf(status, headers);
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
    if (!parsed && emptyOk && text.trim() === "") return { status, headers, json: undefined, bytes };
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
