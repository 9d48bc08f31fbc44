import { rmSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import { join } from "node:path";
import { type CertificateOptions, generateCertificates } from "../../src/emulator/tls.js";
import { scratchDir } from "./scratch.js";

/**
 * An HTTPS server that behaves as no honest service would, for the hostile
 * suite. The first segment of the path picks the behaviour (the "route"), so a
 * URL template such as `https://127.0.0.1:PORT/{appId}/chat` turns an app id
 * into a route: `ccx groups --app-id endless` meets the endless body. The
 * route `good` answers like the service, for checking that ccx recovers.
 *
 * It records every TLS connection and every request (headers included), and
 * how many body bytes each answer got out before the client hung up.
 */

export interface HostileRequest {
  route: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** `count` adds body bytes to the route's tally in `bytesSent`. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, rest: string, count: (bytes: number) => void) => void;

export interface HostileServer {
  url: string;
  caFile: string;
  requests: HostileRequest[];
  /** TLS handshakes completed: a server ccx must not reach keeps this at 0. */
  connections: number;
  /** Body bytes written per route, summed over its answers. */
  bytesSent: Map<string, number>;
  close(): Promise<void>;
}

const sessionId = (route: string) => `v1.us.${route}.1`;
const pagination = { total: 1, count: 1, per_page: 25, current_page: 1, total_pages: 1 };

/** What the service would answer, by path: a groups page, a calls page, one call. */
export function goodAnswer(rest: string): unknown {
  if (rest.startsWith("/chat/groups")) return { data: [{ guid: "g-good", name: "Good group", type: "public", membersCount: 3 }], meta: { pagination } };
  if (/^\/calls\/calls\/[^/?]+/.test(rest)) return { data: { sessionId: decodeURIComponent(rest.split("/")[3]!.split("?")[0]!), type: "audio", status: "ended", participants: [], recordings: [] } };
  if (rest.startsWith("/calls/calls")) return { data: [{ sessionId: sessionId("good"), type: "video", status: "ended" }], meta: { pagination } };
  return { error: { code: "ERR_API_NOT_FOUND", message: `no route ${rest}` } };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

/**
 * Writes `chunk` again and again, honouring backpressure, until the client
 * hangs up or `limit` bytes are out; returns nothing, counts into `count`.
 */
function pump(res: ServerResponse, chunk: Buffer, limit: number, count: (n: number) => void): void {
  let sent = 0;
  const step = () => {
    while (!res.destroyed && sent < limit) {
      const piece = limit - sent < chunk.length ? chunk.subarray(0, limit - sent) : chunk;
      sent += piece.length;
      count(piece.length);
      if (sent >= limit) return void res.end(piece);
      if (!res.write(piece)) return void res.once("drain", step);
    }
  };
  step();
}

const HUGE = 200 * 1024 * 1024;
const ITEM = Buffer.from(`${JSON.stringify({ guid: "g", name: "x".repeat(200), sessionId: "s" })},`.repeat(256));
const HTML_502 = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
const HTML_200 = "<!DOCTYPE html><html><head><title>Sign in to the Wi-Fi</title></head><body><form action=/login>…</form></body></html>";

/** `[[[…]]]` nested `depth` deep, as text: JSON.parse copes, a recursive printer may not. */
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

/**
 * The routes of the suite. `elsewhere` is the address of the "other host"
 * that redirects point at.
 */
export function hostileRoutes(elsewhere: { http: string; https: string }): Record<string, RouteHandler> {
  const redirect = (status: number, to: string): RouteHandler => (_req, res, rest) => {
    res.writeHead(status, { location: `${to}/steal${rest}`, "content-type": "text/html" });
    res.end(`<a href="${to}">moved</a>`);
  };
  const shape = (body: string): RouteHandler => (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  };
  return {
    good: (_req, res, rest) => {
      const body = goodAnswer(rest);
      sendJson(res, (body as { error?: unknown }).error ? 404 : 200, body);
    },
    // 1. Size: a body without end, and one that announces 200 MB.
    endless: (_req, res, _rest, count) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"data":[');
      pump(res, ITEM, Number.POSITIVE_INFINITY, count);
    },
    huge: (_req, res, _rest, count) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(HUGE) });
      pump(res, ITEM, HUGE, count);
    },
    // 2. One byte a second, for ever (a valid answer, were it ever complete).
    drip: (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const text = JSON.stringify(goodAnswer("/chat/groups"));
      let at = 0;
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(text[at++ % text.length]!)), 1000);
      res.write(text[at++]!);
      res.once("close", () => clearInterval(timer));
    },
    // 3. Redirects: to http://, and to another host over https://.
    ...Object.fromEntries([301, 302, 307, 308].flatMap((status) => [
      [`redirect-${status}-http`, redirect(status, elsewhere.http)],
      [`redirect-${status}-host`, redirect(status, elsewhere.https)],
    ])),
    // 5. What a proxy answers instead of the service.
    "html-502": (_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(HTML_502);
    },
    "html-200": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(HTML_200);
    },
    // 6. JSON, but not of the documented shape.
    "shape-string": shape('{"data": "nope"}'),
    "shape-number-id": shape('{"data": [{"guid": 5, "sessionId": 5}]}'),
    "shape-null": shape("null"),
    "shape-deep": shape(`{"data": ${nested(100_000)}}`),
    "shape-deep-field": shape(`{"data": [{"guid": "g", "sessionId": "v1.us.shape-deep-field.1", "metadata": {"a": ${nested(50_000)}}}], "meta": {"pagination": ${JSON.stringify(pagination)}}}`),
    "shape-long-string": shape(JSON.stringify({ data: "A".repeat(2 * 1024 * 1024) })),
    "error-odd-details": (_req, res) => sendJson(res, 400, { error: { code: "ERR_BAD_REQUEST", message: "Failed to validate the data.", details: {
      perPage: "a string, not a list", page: [1, { nested: true }], ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`field${i}`, [`message ${i}`]])),
    } } }),
    "shape-long-error": (_req, res) => sendJson(res, 400, { error: { code: `ERR_${"X".repeat(5000)}`, message: "m".repeat(5 * 1024 * 1024) } }),
  };
}

export async function hostileServer(routes: Record<string, RouteHandler>, certificate: CertificateOptions = {}): Promise<HostileServer> {
  const certs = await generateCertificates(certificate);
  const dir = scratchDir("ccx-hostile-");
  const caFile = join(dir, "ca.pem");
  writeFileSync(caFile, certs.caPem);
  const state: HostileServer = { url: "", caFile, requests: [], connections: 0, bytesSent: new Map(), close: async () => undefined };
  const server = createServer({ cert: certs.certPem, key: certs.keyPem }, (req, res) => {
    const [, route = "", ...rest] = (req.url ?? "/").split("/");
    const tail = `/${rest.join("/")}`;
    state.requests.push({ route, method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    // A client that hangs up mid-answer is what the suite expects: not an error here.
    res.on("error", () => undefined);
    const handler = routes[route];
    if (!handler) return sendJson(res, 404, { error: { code: "ERR_API_NOT_FOUND", message: `no route ${route}` } });
    handler(req, res, tail, (n) => state.bytesSent.set(route, (state.bytesSent.get(route) ?? 0) + n));
  });
  server.on("secureConnection", (socket) => {
    state.connections++;
    socket.on("error", () => undefined);
  });
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  state.url = `https://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  };
  return state;
}
