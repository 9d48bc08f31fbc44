import type { Command } from "commander";
import { eachApp } from "../../api/find-call.js";
import { type HealthLine, healthLines, problemCount } from "../../api/health-lines.js";
import { type HealthReport, appHealth, isUnread } from "../../api/health.js";
import { isoSeconds } from "../../api/stats.js";
import { ApiError } from "../../api/errors.js";
import { ConfigError } from "../../config/config-file.js";
import { nowSeconds, parseTime } from "../../query/time.js";
import { jsonForTerminal } from "../../text/json.js";
import { appsHealthText, healthReportText } from "../../text/health-report.js";
import type { HealthFlags } from "../commands/health.js";
import { type Runtime, runCommand } from "../runtime.js";
import { activeTarget } from "./active-app.js";

const NO_APP = "no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET";

/** The window's start in UNIX seconds: an age before now (1h), a date or a date-time; else bad usage, nothing sent. */
function sinceOf(text: string): number {
  const time = parseTime(text.trim(), nowSeconds(undefined));
  if (typeof time === "string") throw new ConfigError(`--since: ${time}; nothing was sent`);
  return time.seconds;
}

/**
 * Every part read with the app's key unread the same way (a key refused, an unknown app): the app could
 * not be asked at all, and the command fails with that code (exit 4 for a key refused) rather than print a
 * report of failures. The parts read with the management key are left out: they may well answer.
 */
function failedWhole(report: HealthReport): ApiError | undefined {
  const first = report.calls;
  if (!isUnread(first)) return undefined;
  const parts = [report.notifications, report.moderation.flaggedWaiting, report.providers.fcm, report.providers.apns];
  return parts.every((p) => isUnread(p) && p.error === first.error) ? new ApiError(first.error, first.message) : undefined;
}

/** `ccx health`: the active app's health since --since, or every app's (--all-apps), as lines or --json. */
export function runHealth(flags: HealthFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const since = sinceOf(flags.since);
    if (flags.allApps) return allAppsHealth(runtime, flags, since);
    const app = await activeTarget(runtime);
    if (!app) throw new ConfigError(NO_APP);
    const report = await appHealth({ http: runtime.http, app, management: runtime.settings.management }, since);
    const failed = failedWhole(report);
    if (failed) throw failed;
    if (flags.json) await runtime.write(`${jsonForTerminal(report, 2)}\n`);
    else await runtime.write(`${healthReportText(report, healthLines(report), runtime.width).join("\n")}\n`);
  });
}

/** Every app of the management account (and the profiles'), asked as `ccx find` asks them (eachApp), worst first. */
async function allAppsHealth(runtime: Runtime, flags: HealthFlags, since: number): Promise<void> {
  const { settings, http } = runtime;
  await settings.loadManagementApps(http);
  if (settings.apps.length === 0) throw new ConfigError(NO_APP);
  const apps = settings.apps.map((app) => ({ label: app.label, appId: app.appId, region: app.region, target: () => settings.targetOf(app) }));
  const answers = await eachApp(apps, (app) => appHealth({ http, app: app.target(), management: settings.management }, since));
  const done: Array<{ report: HealthReport; lines: HealthLine[]; problems: number }> = [];
  answers.forEach((answer, i) => {
    if (answer?.status === "fulfilled") {
      const report = { ...answer.value, rateLimited: http.rateLimited };
      const lines = healthLines(report);
      done.push({ report, lines, problems: problemCount(report) });
    } else {
      const reason = answer?.reason as Error | undefined;
      runtime.warn(`warning: ${apps[i]!.label} could not be asked: ${reason instanceof ApiError ? `${reason.code}: ` : ""}${reason?.message ?? "not asked"}`);
    }
  });
  done.sort((a, b) => b.problems - a.problems || (a.report.app.appId < b.report.app.appId ? -1 : 1));
  if (flags.json) await runtime.write(`${jsonForTerminal(done.map((d) => d.report), 2)}\n`);
  else await runtime.write(`${[`health since ${isoSeconds(since)}, worst first (problems, app, the largest):`, ...appsHealthText(done)].join("\n")}\n`);
}
