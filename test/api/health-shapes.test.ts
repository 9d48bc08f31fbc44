import { describe, expect, it } from "vitest";
import { appHealth, isUnread } from "../../src/api/health.js";
import type { Http } from "../../src/api/http.js";

/**
 * `ccx health` on the webhooks as the real service may send them (an id as a number, `enabled` as a
 * string or 0, a webhook without an id): read, never a part lost to one odd row. The service's answers
 * here are written by hand (the emulator sends only the documented shapes), each request answered by
 * its path.
 */
function answering(byPath: Record<string, unknown>): { http: Http; asked: string[] } {
  const asked: string[] = [];
  const send = async (req: { url: string }) => {
    const path = new URL(req.url).pathname;
    asked.push(path);
    const found = Object.entries(byPath).find(([suffix]) => path.endsWith(suffix));
    return { status: 200, headers: {}, json: found ? found[1] : { data: [] }, bytes: 0 };
  };
  return { http: { send, rateLimited: 0 } as unknown as Http, asked };
}

const APP = { appId: "app1", region: "us" as const, apiKey: "k", chatUrl: "https://chat.test/{appId}", callsUrl: "https://calls.test/{appId}" };

describe("health's webhooks, as the service may send them", () => {
  it("counts a webhook off whether enabled is false, \"false\" or 0, and asks triggers only of those with an id", async () => {
    const { http, asked } = answering({
      "/webhooks": { data: [{ id: "a", enabled: "false" }, { name: "no id", enabled: true }, { id: 7, enabled: 0 }, { id: "b", enabled: true }], meta: {} },
      "/webhooks/b/triggers": { data: [{ trigger: "after_message" }] },
    });
    const report = await appHealth({ http, app: APP, management: { key: "m", secret: "s", url: "https://mgmt.test" } as never }, 0);
    expect(isUnread(report.webhooks)).toBe(false);
    const webhooks = report.webhooks as Exclude<typeof report.webhooks, { error: string }>;
    expect(webhooks.disabled.map((w) => w.id)).toEqual(["a", "7"]);
    expect(webhooks.withoutTriggers.map((w) => w.id)).toEqual(["a", "7"]);
    expect(asked.filter((p) => p.endsWith("/triggers")).sort()).toEqual(["/apps/app1/webhooks/7/triggers", "/apps/app1/webhooks/a/triggers", "/apps/app1/webhooks/b/triggers"].sort());
  });
});
