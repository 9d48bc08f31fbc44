import type { ServerResponse } from "node:http";
import { json, recordingServer } from "../support/recording-server.js";
import { ALL_IN_ONE, PAYLOADS, payload } from "./payloads.js";

/**
 * A service that fails with the payloads in its own error body, in the shape
 * docs/service.md gives: `{"error": {code, message, devMessage, source, details}}`.
 * What it answers is set by the test (`answer`), per request path.
 */

export interface ServiceAnswer {
  status: number;
  body: unknown;
}

export function serviceError(status: number, code: string, message: string, devMessage = message, details?: Record<string, string[]>): ServiceAnswer {
  return { status, body: { error: { code, message, devMessage, source: "chat-api", ...(details ? { details } : {}) } } };
}

/** The error bodies, each a named case: every payload in message, devMessage and details, and in the code itself. */
export const ERROR_CASES: ReadonlyArray<{ name: string; answer: ServiceAnswer }> = [
  {
    name: "every payload in message, devMessage and details",
    answer: serviceError(400, "ERR_BAD_REQUEST", `failed ${ALL_IN_ONE}`, `dev ${ALL_IN_ONE}`,
      Object.fromEntries(PAYLOADS.filter((p) => p.name !== "long").map((p) => [`field-${p.text}`, [`bad ${p.text}`]]))),
  },
  { name: "an OSC 52 code", answer: serviceError(404, `ERR_${payload("osc-52-clipboard")}_NOT_FOUND`, `gone ${payload("csi-clear")}`) },
  { name: "a C1 and bidi code", answer: serviceError(403, `ERR_${payload("c1-csi")}${payload("bidi-override")}`, `bad ${payload("zero-width")}`) },
  // A 5xx: retried (in the explorer, at once: its tests retry nothing), and its hint said in the footer.
  { name: "a long message", answer: serviceError(503, "ERR_SERVICE_UNAVAILABLE", payload("long"), payload("long")) },
  { name: "line breaks and a carriage return", answer: serviceError(409, "ERR_CONFLICT", `${payload("line-breaks")} ${payload("carriage-return")}`) },
];

const pagination = (total: number) => ({ pagination: { total, count: 1, per_page: 1, current_page: 1, total_pages: total } });

/**
 * Answers of the service's shape with payloads where the emulator has none:
 * in fields no schema names (kept, and shown by the group view), in field
 * names too, and a member. By path, as the failing service serves them.
 */
export function dataAnswer(path: string): ServiceAnswer | undefined {
  const unknown = { [`x-${payload("osc-52-clipboard")}`]: payload("c1-csi"), [`y-${payload("bidi-override")}`]: { [payload("csi-clear")]: payload("apc") } };
  const group = { guid: `g-${payload("osc-title")}`, name: `named ${payload("csi-sgr")}`, type: "public", membersCount: 1, tags: [payload("dcs")], ...unknown };
  if (/\/chat\/groups\?/.test(path)) return { status: 200, body: { data: [group], meta: pagination(2) } };
  if (/\/chat\/groups\/[^/?]+\/members/.test(path)) {
    return { status: 200, body: { data: [{ uid: `m-${payload("csi-cursor")}`, name: `n-${payload("zero-width")}`, scope: payload("bel"), ...unknown }], meta: pagination(1) } };
  }
  if (/\/chat\/groups\/[^/?]+/.test(path)) return { status: 200, body: { data: group } };
  return undefined;
}

export async function failingService() {
  let answer: (path: string) => ServiceAnswer = () => ERROR_CASES[0]!.answer;
  const server = await recordingServer((req, res: ServerResponse) => {
    const { status, body } = answer(req.url ?? "/");
    // A 5xx is retried: asked again at once, so that the suite does not wait out a backoff.
    json(res, status, body, status >= 500 ? { "retry-after": "0" } : {});
  });
  return {
    ...server,
    /** Templates that reach this server for any app id. */
    chatUrl: `${server.url}/{appId}/chat`,
    callsUrl: `${server.url}/{appId}/calls`,
    answer(next: (path: string) => ServiceAnswer) {
      answer = next;
    },
  };
}
