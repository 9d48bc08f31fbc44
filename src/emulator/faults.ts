import { Random } from "./data/random.js";
import type { FaultOptions, Variant } from "./options.js";

export type Fault = "drop" | "error" | "html" | "garbage";

interface Window {
  startedMs: number;
  count: number;
}

/**
 * Injected faults, off unless asked for. The dice are seeded, so a run with the
 * same flags and the same request sequence meets the same faults.
 */
export class Faults {
  private readonly dice: Random;
  private readonly windows = new Map<string, Window>();

  constructor(private readonly options: FaultOptions, seed: number, private readonly variants: ReadonlySet<Variant>) {
    this.dice = new Random(seed, "faults");
  }

  latencyMs(): number {
    const l = this.options.latency;
    return l ? this.dice.int(l.min, l.max) : 0;
  }

  /** At most one fault a request, drawn in this order. */
  draw(): Fault | undefined {
    const { dropRate, errorRate, htmlRate, garbageRate } = this.options;
    if (dropRate > 0 && this.dice.chance(dropRate)) return "drop";
    if (errorRate > 0 && this.dice.chance(errorRate)) return "error";
    if (htmlRate > 0 && this.dice.chance(htmlRate)) return "html";
    if (garbageRate > 0 && this.dice.chance(garbageRate)) return "garbage";
    return undefined;
  }

  /**
   * Counts a request against its bucket's fixed window. Returns the rate-limit
   * headers to send, and Retry-After (seconds) when over the limit.
   */
  rateLimit(bucket: string, nowMs = Date.now()): { headers: Record<string, string>; retryAfter?: number } {
    const limit = this.options.rateLimit;
    if (!limit) return { headers: {} };
    const windowMs = limit.windowSeconds * 1000;
    let w = this.windows.get(bucket);
    if (!w || nowMs - w.startedMs >= windowMs) this.windows.set(bucket, (w = { startedMs: nowMs, count: 0 }));
    w.count++;
    const resetMs = w.startedMs + windowMs;
    const prefix = this.variants.has("ratelimit-camel") ? "X-RateLimit" : "X-Rate-Limit";
    const headers = {
      [`${prefix}-Limit`]: String(limit.limit),
      [`${prefix}-Remaining`]: String(Math.max(0, limit.limit - w.count)),
      [`${prefix}-Reset`]: String(Math.ceil(resetMs / 1000)),
    };
    if (w.count <= limit.limit) return { headers };
    return { headers, retryAfter: Math.max(1, Math.ceil((resetMs - nowMs) / 1000)) };
  }
}
