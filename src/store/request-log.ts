import type { RequestEvent } from "../api/http.js";
import type { LogEntry } from "./types.js";

/** The latest requests, newest last, as the request log view shows them. */
export class RequestLog {
  private entries: LogEntry[] = [];

  constructor(private readonly capacity: number) {}

  /** Records an event; returns the new list (a new array, for the store). */
  record(event: RequestEvent): LogEntry[] {
    if (event.phase === "start") {
      const entry: LogEntry = { id: event.id, method: event.method, url: event.url, onBehalfOf: event.onBehalfOf, keyless: event.keyless, at: Date.now(), done: false };
      this.entries = [...this.entries.slice(-(this.capacity - 1)), entry];
    } else {
      this.entries = this.entries.map((e) => (e.id === event.id ? {
        ...e, done: true, status: event.status, code: event.code, durationMs: event.durationMs, bytes: event.bytes, retries: event.retries, rateLimit: event.rateLimit,
      } : e));
    }
    return this.entries;
  }
}

/** A request as a curl command; the key is never in it, only `$CCX_API_KEY`, and not even that for a request sent without it. */
export function curlCommand(entry: LogEntry, caFile?: string): string {
  const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  const parts = ["curl", "-sS"];
  if (caFile) parts.push("--cacert", quote(caFile));
  if (!entry.keyless) parts.push("-H", '"apikey: $CCX_API_KEY"');
  if (entry.onBehalfOf) parts.push("-H", quote(`onBehalfOf: ${entry.onBehalfOf}`));
  // curl -X HEAD would wait for a body that never comes: -I asks for the head alone.
  if (entry.method === "HEAD") parts.push("-I");
  else if (entry.method !== "GET") parts.push("-X", entry.method);
  parts.push(quote(entry.url));
  return parts.join(" ");
}
