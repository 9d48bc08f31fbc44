import type { Command } from "commander";
import { maskSecretsInText, secretsMasker } from "../../api/answer-secrets.js";
import { whyMessage } from "../../api/why.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
import { whyLines } from "../../text/why-report.js";
import { shownVerdict } from "../../writes/why-fixes.js";
import type { WhyFlags } from "../commands/why.js";
import { runCommand, warnMasked } from "../runtime.js";
import { IN_FLIGHT, traceReader } from "./trace.js";

export function runWhy(messageId: string, uids: readonly string[], flags: WhyFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const read = await traceReader(runtime);
    const report = await whyMessage(read, messageId, { members: flags.members, inFlight: IN_FLIGHT, ...(uids.length > 0 ? { uids } : {}) });
    const mask = secretsMasker(flags.reveal);
    const shown = mask.show(report.verdicts.map((v) => shownVerdict(v, flags.reveal)));
    if (flags.json) await runtime.write(`${jsonForTerminal(shown, 2)}\n`);
    else {
      const { lines } = whyLines(shown);
      if (report.recipientsLeftOut > 0) lines.push(`${report.recipientsLeftOut} more members not asked about: --members`);
      if (report.unreadable.length > 0) lines.push("could not read:", ...report.unreadable.map((u) => {
        const said = `  ${u.endpoint}: ${u.code}: ${u.message}`;
        return sanitize(flags.reveal ? said : maskSecretsInText(said));
      }));
      await runtime.write(`${lines.join("\n")}\n`);
    }
    runtime.warn(`${report.requests} requests, at most ${IN_FLIGHT} at a time`);
    warnMasked(runtime, mask.paths());
  });
}
