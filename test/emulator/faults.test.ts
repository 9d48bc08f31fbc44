import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EmulatorOptions, FaultOptions } from "../../src/emulator/options.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";

const SIZES = { apps: 2, groups: 20, calls: 10, users: 15 };

/** A fixture of its own for one describe block, with the given faults. */
function faulty(faults: Partial<FaultOptions>, more: Partial<EmulatorOptions> = {}) {
  const holder = { fx: undefined as unknown as EmulatorFixture };
  beforeAll(async () => {
    holder.fx = await emulatorFixture({ sizes: SIZES, faults: faults as FaultOptions, ...more });
  });
  afterAll(() => holder.fx.close());
  return holder;
}

const management = (fx: EmulatorFixture) =>
  fx.send("GET", `${fx.info.managementUrl}/apps`, { key: fx.info.management.key, secret: fx.info.management.secret });

describe("errorRate 1", () => {
  const h = faulty({ errorRate: 1 });
  it("answers 500 ERR_INTERNAL_SERVER_ERROR in the service's error shape, from every API", async () => {
    for (let i = 0; i < 3; i++) expectServiceError(await h.fx.chat("/groups"), 500, "ERR_INTERNAL_SERVER_ERROR");
    expectServiceError(await h.fx.calls("/calls"), 500, "ERR_INTERNAL_SERVER_ERROR", "calls-api");
    expectServiceError(await management(h.fx), 500, "ERR_INTERNAL_SERVER_ERROR", "management-api");
  });
});

describe("htmlRate 1", () => {
  const h = faulty({ htmlRate: 1 });
  it("answers a proxy's 502 HTML page", async () => {
    for (const reply of [await h.fx.chat("/groups"), await h.fx.calls("/calls")]) {
      expect(reply.status).toBe(502);
      expect(String(reply.headers["content-type"])).toMatch(/^text\/html/);
      expect(reply.text).toMatch(/<html/i);
      expect(reply.body).toBeUndefined();
    }
  });
});

describe("garbageRate 1", () => {
  const h = faulty({ garbageRate: 1 });
  it("answers 200 with a body that is not valid JSON", async () => {
    for (const reply of [await h.fx.chat("/groups"), await h.fx.calls("/calls"), await h.fx.chat("/users")]) {
      expect(reply.status).toBe(200);
      expect(reply.text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(reply.text)).toThrow();
    }
  });
});

describe("dropRate 1", () => {
  const logged: string[] = [];
  const h = faulty({ dropRate: 1 }, { verbose: true, log: (line) => logged.push(line) });
  it("closes the connection without any answer", async () => {
    for (const attempt of [() => h.fx.chat("/groups"), () => h.fx.calls("/calls"), () => management(h.fx)]) {
      await expect(attempt()).rejects.toThrow(/socket|closed|reset/i);
    }
    // Dropped by the emulator, on purpose, each one (its log, written once it sees the close): not closed by the client giving up.
    await vi.waitFor(() => expect(logged).toHaveLength(3), { timeout: 10_000 });
    expect(logged.map((line) => / (\S+) [\d.]+ms( fault=\w+)?$/.exec(line)?.slice(1).join(""))).toEqual(Array(3).fill("dropped fault=drop"));
  });
});

describe("latency", () => {
  const h = faulty({ latency: { min: 150, max: 150 } });
  it("delays every answer by at least the minimum", async () => {
    await h.fx.chat("/groups", { perPage: 1 }); // the TLS handshake is not what is measured
    for (const request of [() => h.fx.chat("/groups", { perPage: 1 }), () => h.fx.calls("/calls/nope")]) {
      const started = performance.now();
      const reply = await request();
      expect(performance.now() - started).toBeGreaterThanOrEqual(149);
      expect([200, 404]).toContain(reply.status);
    }
  });
});

describe("rateLimit", () => {
  const h = faulty({ rateLimit: { limit: 3, windowSeconds: 2 } });
  it("answers 429 with Retry-After and X-Rate-Limit-* over the limit, per app, until the window passes", async () => {
    const { fx } = h;
    const nowSeconds = () => Date.now() / 1000;
    for (let i = 1; i <= 3; i++) {
      const reply = await fx.chat("/groups", { perPage: 1 });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.headers["x-rate-limit-limit"]).toBe("3");
      expect(reply.headers["x-rate-limit-remaining"]).toBe(String(3 - i));
      const reset = Number(reply.headers["x-rate-limit-reset"]);
      expect(reset).toBeGreaterThanOrEqual(Math.floor(nowSeconds()));
      expect(reset).toBeLessThanOrEqual(nowSeconds() + 3);
    }
    const limited = await fx.chat("/groups", { perPage: 1 });
    expectServiceError(limited, 429, "ERR_TOO_MANY_REQUESTS");
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(limited.headers["x-rate-limit-limit"]).toBe("3");
    expect(limited.headers["x-rate-limit-remaining"]).toBe("0");
    expect(Number(limited.headers["x-rate-limit-reset"])).toBeGreaterThan(0);
    // The calls API of the same app shares its budget.
    expectServiceError(await fx.calls("/calls"), 429, "ERR_TOO_MANY_REQUESTS", "calls-api");

    // Another app has a budget of its own.
    const other = await fx.chat("/groups", { perPage: 1 }, {}, 1);
    expect(other.status, other.text).toBe(200);
    expect(other.headers["x-rate-limit-remaining"]).toBe("2");

    await sleep(retryAfter * 1000 + 100);
    const again = await fx.chat("/groups", { perPage: 1 });
    expect(again.status, again.text).toBe(200);
    expect(again.headers["x-rate-limit-remaining"]).toBe("2");
  });
});

describe("variant ratelimit-camel", () => {
  const h = faulty({ rateLimit: { limit: 1, windowSeconds: 60 } }, { variants: new Set(["ratelimit-camel"] as const) });
  it("names the headers X-RateLimit-*", async () => {
    const ok = await h.fx.chat("/groups", { perPage: 1 });
    expect(ok.status).toBe(200);
    expect(ok.headers).toMatchObject({ "x-ratelimit-limit": "1", "x-ratelimit-remaining": "0", "x-ratelimit-reset": expect.stringMatching(/^\d+$/) });
    expect(ok.headers).not.toHaveProperty("x-rate-limit-limit");
    const limited = await h.fx.chat("/groups", { perPage: 1 });
    expectServiceError(limited, 429, "ERR_TOO_MANY_REQUESTS");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(limited.headers["x-ratelimit-remaining"]).toBe("0");
    expect(limited.headers).not.toHaveProperty("x-rate-limit-remaining");
  });
});

describe("a mixed error rate", () => {
  async function outcomes(seed: number): Promise<string> {
    const fx = await emulatorFixture({ sizes: SIZES, seed, faults: { errorRate: 0.3 } as FaultOptions });
    try {
      let sequence = "";
      for (let i = 0; i < 100; i++) {
        const reply = i % 2 === 0 ? await fx.chat("/groups", { perPage: 1 }) : await fx.calls("/calls", { perPage: 1 });
        if (reply.status === 500) expect(reply.body.error.code).toBe("ERR_INTERNAL_SERVER_ERROR");
        else expect(reply.status, reply.text).toBe(200);
        sequence += reply.status === 200 ? "." : "x";
      }
      return sequence;
    } finally {
      await fx.close();
    }
  }

  it("mixes both outcomes, the same way for the same seed", async () => {
    const first = await outcomes(7);
    const failures = [...first].filter((c) => c === "x").length;
    expect(failures).toBeGreaterThanOrEqual(15);
    expect(failures).toBeLessThanOrEqual(45);
    expect(await outcomes(7)).toBe(first);
    expect(await outcomes(8)).not.toBe(first);
  });
});
