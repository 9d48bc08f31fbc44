/**
 * The health report for people (`ccx health`), as lines of at most `width`
 * columns where they can be: one line a count, what it counts, and the
 * command that lists those rows (beside it when it fits, else under it).
 * Server strings (uids, reasons, names) are sanitized here: these lines go to
 * the terminal as they are.
 */
import type { HealthLine } from "../api/health-lines.js";
import type { HealthReport } from "../api/health.js";
import { formatCount } from "./format.js";
import { sanitize } from "./sanitize.js";
import { displayWidth, padStart } from "./width.js";

const COUNT_WIDTH = 7;
/** Where a command goes when it does not fit beside its line. */
const INDENT = " ".repeat(COUNT_WIDTH + 4);

/** A line's text without its command: `!   12  calls rejected (note)`; `!` marks what to look at. */
export function healthLineText(line: HealthLine): string {
  const mark = line.problem && (line.count > 0 || line.note !== undefined) ? "!" : " ";
  return `${mark} ${padStart(formatCount(line.count), COUNT_WIDTH)}  ${sanitize(line.label)}${line.note ? ` (${sanitize(line.note)})` : ""}`;
}

export function healthReportText(report: HealthReport, lines: readonly HealthLine[], width: number): string[] {
  const out = [`health of ${sanitize(report.app.appId)} (${report.app.region}) since ${report.since}`, ""];
  for (const line of lines) {
    const textOf = healthLineText(line);
    const command = line.opens && sanitize(line.opens.command);
    if (!command) out.push(textOf);
    else if (displayWidth(textOf) + 3 + displayWidth(command) <= width) out.push(`${textOf}   ${command}`);
    else out.push(textOf, `${INDENT}${command}`);
  }
  return out;
}

/** `--all-apps`: one line an app, worst first: its problems, the app, and its worst lines. */
export function appsHealthText(apps: ReadonlyArray<{ report: HealthReport; lines: readonly HealthLine[]; problems: number }>): string[] {
  return apps.map(({ report, lines, problems }) => {
    const worst = lines.filter((l) => l.problem && (l.count > 0 || l.note !== undefined)).sort((a, b) => b.count - a.count).slice(0, 3)
      .map((l) => `${formatCount(l.count)} ${sanitize(l.label)}`).join(", ");
    return `${padStart(formatCount(problems), COUNT_WIDTH)}  ${sanitize(report.app.appId)} (${report.app.region})  ${worst || "nothing to look at"}`;
  });
}
