import type { Command } from "commander";
import { callNeedsApp, prepareCall, urlWithQuery } from "../../api/api-call.js";
import { secretsMasker } from "../../api/answer-secrets.js";
import { type Read, traceMessage } from "../../api/trace.js";
import { verdictOf } from "../../api/why.js";
import { jsonForTerminal } from "../../text/json.js";
import type { TraceFlags } from "../commands/trace.js";
import { traceLines } from "../../text/trace-report.js";
import { type Runtime, runCommand, warnMasked } from "../runtime.js";
import { activeTarget } from "./active-app.js";

/** The most requests a trace has in flight (docs/benchmarks.md). */
export const IN_FLIGHT = 8;

/** Each read of a trace through the request module: the catalogue gives its host and credentials. */
export async function traceReader(runtime: Runtime): Promise<Read> {
  const app = await activeTarget(runtime);
  return async (path, query = {}, as) => {
    const input = { method: "GET" as const, path, query };
    const target = app && as ? { ...app, onBehalfOf: as.onBehalfOf } : app;
    const call = prepareCall(input, { app: callNeedsApp(input) ? target : undefined, management: runtime.settings.management, readOnly: runtime.settings.readOnly });
    return (await runtime.http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers })).json;
  };
}

export function runTrace(messageId: string, flags: TraceFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const read = await traceReader(runtime);
    const report = await traceMessage(read, messageId, { members: flags.members, inFlight: IN_FLIGHT });
    const mask = secretsMasker(flags.reveal);
    const shown = mask.show(report);
    if (flags.json) {
      const { requests: _requests, ...rest } = shown;
      await runtime.write(`${jsonForTerminal(rest, 2)}\n`);
    } else await runtime.write(`${traceLines(shown, runtime.width, runtime.color, report.recipients.map((r) => verdictOf(report, r))).join("\n")}\n`);
    runtime.warn(`${report.requests} requests, at most ${IN_FLIGHT} at a time`);
    warnMasked(runtime, mask.paths());
  });
}
