import type { Command } from "commander";
import { maskSecretsInText, secretsMasker } from "../../api/answer-secrets.js";
import { whyMessage } from "../../api/why.js";
import { maskKey } from "../../config/mask.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
import { fixOf } from "../../writes/why-fixes.js";
import type { WhyFlags } from "../commands/why.js";
import { runCommand, warnMasked } from "../runtime.js";
import { IN_FLIGHT, traceReader } from "./trace.js";

export function runWhy(messageId: string, uids: readonly string[], flags: WhyFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const read = await traceReader(runtime);
    const report = await whyMessage(read, messageId, { members: flags.members, inFlight: IN_FLIGHT, ...(uids.length > 0 ? { uids } : {}) });
    const mask = secretsMasker(flags.reveal);
    const verdicts = report.verdicts.map((v) => {
      const fix = fixOf(v)?.command;
      // A push token named in a fix is a secret as it is in the trace: masked unless --reveal.
      const token = v.facts?.pushToken;
      const shownFix = fix && token && !flags.reveal ? fix.replaceAll(token, maskKey(token)) : fix;
      return { uid: v.uid, verdict: v.verdict, stage: v.stage, evidence: v.evidence, ...(shownFix ? { fix: shownFix } : {}) };
    });
    const shown = mask.show(verdicts);
    if (flags.json) await runtime.write(`${jsonForTerminal(shown, 2)}\n`);
    else {
      const lines: string[] = [];
      for (const v of shown) {
        lines.push(`${sanitize(v.uid)}: ${sanitize(v.verdict)}`);
        lines.push(`  [${v.evidence.map((e) => `${sanitize(e.endpoint)}: ${sanitize(e.fact)}`).join("; ")}]`);
        if (v.fix) lines.push(`  fix: ${sanitize(v.fix)}`);
      }
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
