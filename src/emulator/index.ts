import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import { type Socket, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateWorld } from "./data/generate.js";
import type { World } from "./data/model.js";
import { Dispatcher } from "./dispatch.js";
import { Faults } from "./faults.js";
import { type LiveClock, LiveWorld } from "./live/world.js";
import { type EmulatorSettings, answersIn, emulatorOptions } from "./options.js";
import { cdnRecordingUrl, servedRecordingUrl } from "./recordings/url.js";
import { generateCertificates } from "./tls.js";
import { type WebhookEventCounts, WebhookEvents } from "./webhook-events.js";

/** The one JSON line `ccx emulator` prints once listening (docs/emulator.md). */
export interface EmulatorInfo {
  url: string;
  caFile: string;
  chatUrl: string;
  callsUrl: string;
  managementUrl: string;
  management: { key: string; secret: string };
  apps: Array<{ appId: string; region: string; name: string; fullAccessKey: string; authOnlyKey: string }>;
}

export interface RunningEmulator {
  info: EmulatorInfo;
  world: World;
  /** With `live`: the live clock, to read or move forward. */
  live?: LiveClock;
  /** Stops serving and removes its files (the CA). */
  close(): Promise<void>;
  /** Removes its files at once, for a process on its way out (close() does it too). */
  removeFiles(): void;
  /** The requests it is answering now, and the most it answered at once: a client's concurrency, seen from the server. */
  load(): { open: number; peak: number };
  /** The webhook events posted so far (docs/emulator.md): a receiver's count is checked against it. */
  webhookEvents(): WebhookEventCounts;
}

const TLS_HANDSHAKE = 0x16;
const PLAIN_HTTP_ANSWER = [
  "HTTP/1.1 400 Bad Request",
  "content-type: text/plain; charset=utf-8",
  "connection: close",
  "",
  "This port speaks HTTPS only: the service does not accept plain HTTP.\n",
].join("\r\n");

export async function startEmulator(partial: EmulatorSettings = {}): Promise<RunningEmulator> {
  const options = emulatorOptions(partial);
  const certificates = await generateCertificates();
  const stateDir = mkdtempSync(join(tmpdir(), "ccx-emulator-"));
  const caFile = join(stateDir, "ca.pem");
  writeFileSync(caFile, certificates.caPem);

  // Set in the same turn as the listen callback, before any connection can be handled (see below).
  let dispatcher!: Dispatcher;
  let open = 0;
  let peak = 0;
  const https = createHttpsServer({ cert: certificates.certPem, key: certificates.keyPem }, (req, res) => {
    peak = Math.max(peak, ++open);
    res.once("close", () => open--);
    void dispatcher.handle(req, res);
  });
  https.keepAliveTimeout = 30_000;

  // One port for both: TLS goes to the HTTPS server, plain HTTP is told to use HTTPS and closed.
  const sockets = new Set<Socket>();
  const front = createNetServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    // A connection that never says anything is not kept forever.
    socket.setTimeout(30_000, () => socket.destroy());
    socket.once("data", (first: Buffer) => {
      socket.pause();
      socket.setTimeout(0);
      if (first[0] !== TLS_HANDSHAKE) {
        socket.end(PLAIN_HTTP_ANSWER);
        return;
      }
      socket.unshift(first);
      https.emit("connection", socket);
      process.nextTick(() => socket.resume());
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      front.once("error", reject);
      front.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    // A port in use (or a bad host) must not leave the CA's directory behind.
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  const address = front.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const url = `https://${host}:${port}`;
  // The world is made once the port is known, because recordings point at the emulator itself.
  // Nothing awaits between the listen callback and here, so no request comes before the dispatcher.
  let world: World;
  let live: LiveWorld | undefined;
  const events = new WebhookEvents(options.log);
  try {
    const recordingUrl = answersIn(options, "cdn-recordings") ? cdnRecordingUrl : servedRecordingUrl(url);
    world = generateWorld(options.seed, options.sizes, options.now, recordingUrl);
    live = options.live ? new LiveWorld(world, options, recordingUrl, events) : undefined;
    dispatcher = new Dispatcher(world, options, new Faults(options.faults, options.seed, options.variants), events, live);
  } catch (error) {
    front.close();
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  const info: EmulatorInfo = {
    url,
    caFile,
    chatUrl: `${url}/{appId}.api-{region}/v3`,
    callsUrl: `${url}/{appId}.call-{region}/v3`,
    managementUrl: `${url}/apimgmt`,
    management: world.management,
    apps: world.apps.map((a) => ({ appId: a.appId, region: a.region, name: a.name, fullAccessKey: a.fullAccessKey, authOnlyKey: a.authOnlyKey })),
  };

  // The live world moves when asked; it is asked every second too, so that a call's webhook events are
  // posted as it happens, not when the next request comes (the world at a time is the same either way).
  const ticking = live && setInterval(() => live.tick(), 1000).unref();
  const removeFiles = () => rmSync(stateDir, { recursive: true, force: true });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= new Promise<void>((resolve) => {
    front.close(() => resolve());
    if (ticking) clearInterval(ticking);
    events.close();
    https.closeAllConnections();
    for (const socket of sockets) socket.destroy();
  }).finally(removeFiles));

  return { info, world, live, close, removeFiles, load: () => ({ open, peak }), webhookEvents: () => events.count() };
}
