import type { IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { connectVerified } from "./pinned-trust.js";

/**
 * How bytes move. Plain connections use node:https (pooled, kept alive): it
 * loads in a few milliseconds, which keeps `ccx call` near Node's own start-up.
 * With HTTPS_PROXY/HTTP_PROXY set, undici's EnvHttpProxyAgent carries the
 * request (it also honours NO_PROXY); undici is loaded only then.
 */

export interface Transmission {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON text, or the bytes of a multipart body. */
  body?: string | Buffer;
  signal: AbortSignal;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: AsyncIterable<Buffer>;
  discard(): void;
}

export interface Transport {
  transmit(t: Transmission): Promise<RawResponse>;
  close(): Promise<void>;
}

export interface TransportOptions {
  ca?: string[];
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
}

class NodeHttpsTransport implements Transport {
  private readonly agent: HttpsAgent;
  private readonly destroyPending: () => void = () => undefined;

  constructor(options: TransportOptions) {
    this.agent = new HttpsAgent({ keepAlive: true, maxSockets: 16, keepAliveMsecs: 10_000 });
    if (options.ca) {
      // A CA file: the peer is checked against it by pinned-trust.ts (see there for why).
      const pinned = connectVerified(options.ca, options.timeoutMs);
      (this.agent as unknown as { createConnection: unknown }).createConnection = pinned.createConnection;
      this.destroyPending = pinned.destroyPending;
    }
  }

  transmit(t: Transmission): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      // Why: a request aborted before the agent hands it a socket (a handshake under way) reports
      // its error only once the socket comes, if ever; the abort itself must end the wait.
      const aborted = () => reject(t.signal.reason);
      t.signal.addEventListener("abort", aborted, { once: true });
      const settle = () => t.signal.removeEventListener("abort", aborted);
      const req = httpsRequest(t.url, { method: t.method, headers: t.headers, agent: this.agent, signal: t.signal }, (res) => {
        settle();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res, discard: () => res.destroy() });
      });
      req.on("error", (error) => {
        settle();
        reject(error);
      });
      req.end(t.body);
    });
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.destroyPending();
  }
}

class UndiciProxyTransport implements Transport {
  private constructor(
    private readonly undici: typeof import("undici"),
    private readonly dispatcher: import("undici").Dispatcher,
  ) {}

  static async create(options: TransportOptions): Promise<Transport> {
    const loaded = await import("undici");
    // undici is CommonJS: bundled, its exports may sit on `default`.
    const undici = ("EnvHttpProxyAgent" in loaded ? loaded : (loaded as { default: typeof loaded }).default) as typeof import("undici");
    const tls = options.ca ? { ca: options.ca } : {};
    // The proxies of the environment given (a command's), not undici's reading of process.env.
    const env = options.env;
    const httpProxy = env.HTTP_PROXY || env.http_proxy || undefined;
    const dispatcher = new undici.EnvHttpProxyAgent({
      httpProxy,
      httpsProxy: env.HTTPS_PROXY || env.https_proxy || httpProxy,
      noProxy: env.NO_PROXY ?? env.no_proxy,
      connect: tls,
      requestTls: tls,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    return new UndiciProxyTransport(undici, dispatcher);
  }

  async transmit(t: Transmission): Promise<RawResponse> {
    const res = await this.undici.request(t.url, {
      method: t.method as "GET",
      headers: t.headers,
      body: t.body,
      signal: t.signal,
      dispatcher: this.dispatcher,
    });
    return { status: res.statusCode, headers: res.headers as IncomingHttpHeaders, body: res.body, discard: () => res.body.destroy() };
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

export function usesProxy(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy);
}

export function createTransport(options: TransportOptions): Promise<Transport> {
  return usesProxy(options.env) ? UndiciProxyTransport.create(options) : Promise.resolve(new NodeHttpsTransport(options));
}
