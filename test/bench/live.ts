/**
 * Live mode's requests per minute: the explorer's store following the calls
 * list (w) against a live emulator for half a minute at the default interval
 * (budget: at most one request per interval, 12 a minute at 5 s), and again
 * under a rate limit, where a 429 must slow it down.
 */
import { Http } from "../../src/api/http.js";
import { startEmulator } from "../../src/emulator/index.js";
import type { EmulatorSettings } from "../../src/emulator/options.js";
import { createExplorerStore } from "../../src/store/explorer-store.js";
import type { Figure } from "./emulator-groups.js";

const SECONDS = 30;

async function followCalls(settings: EmulatorSettings): Promise<{ perMinute: number; slowedMs?: number }> {
  let asked = 0;
  const emulator = await startEmulator({ sizes: { apps: 1, groups: 5, calls: 50, users: 30, messages: 0 }, live: true, verbose: true, log: (line) => {
    if (/^GET \S*\/calls\?/.test(line)) asked++;
  }, ...settings });
  const { info } = emulator;
  const http = new Http({ caFile: info.caFile, retries: 0 });
  const app = info.apps[0]!;
  const store = createExplorerStore({
    http, root: "calls",
    apps: [{ key: `${app.appId}:${app.region}`, label: app.name, appId: app.appId, region: app.region, source: "bench", target: () => ({ appId: app.appId, region: app.region as "us", apiKey: app.fullAccessKey, chatUrl: info.chatUrl, callsUrl: info.callsUrl }) }],
  });
  try {
    store.getState().reload("calls");
    await new Promise((r) => setTimeout(r, 500));
    const before = asked;
    store.getState().toggleLive("calls");
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const live = store.getState().views[store.getState().activeKey]!.lists.calls!.live;
    return { perMinute: ((asked - before) * 60) / SECONDS, slowedMs: live?.slowedMs };
  } finally {
    store.getState().dispose();
    await http.close();
    await emulator.close();
  }
}

export async function benchLive(): Promise<Figure[]> {
  const plain = await followCalls({});
  const limited = await followCalls({ faults: { rateLimit: { limit: 1, windowSeconds: 20 } } });
  return [
    { what: `live mode, calls followed ${SECONDS} s at the default 5 s`, value: plain.perMinute, unit: "requests/min", budget: "≤ 12/min (one an interval)", ok: plain.perMinute <= 12 },
    {
      what: `live mode under a 429 (1 request per 20 s allowed), slowed to ${Math.round((limited.slowedMs ?? 0) / 1000)} s`,
      value: limited.perMinute, unit: "requests/min", budget: "< the 12/min above", ok: limited.perMinute < 12 && (limited.slowedMs ?? 0) > 5000,
    },
  ];
}
