import { rmSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import { join } from "node:path";
import { type CertificateOptions, generateCertificates } from "../../src/emulator/tls.js";
import { scratchDir } from "./scratch.js";

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The client's port: one port for several requests means one pooled connection. */
  clientPort?: number;
  /** When it arrived (Date.now()): for lower bounds only, "not sent before". */
  at: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void;

/**
 * A small HTTPS server of the suite's own: it records every request (headers
 * included) and answers as the test says, to check what the client sends and
 * how it copes with answers the emulator would never give.
 */
export async function recordingServer(handler: Handler, certificate: CertificateOptions = {}) {
  const certs = await generateCertificates(certificate);
  const dir = scratchDir("ccx-test-server-");
  const caFile = join(dir, "ca.pem");
  writeFileSync(caFile, certs.caPem);
  const requests: Recorded[] = [];
  const server = createServer({ cert: certs.certPem, key: certs.keyPem }, (req, res) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, clientPort: req.socket.remotePort, at: Date.now() });
    handler(req, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}
