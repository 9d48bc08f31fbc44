import { type Command, InvalidArgumentError, Option } from "commander";
import { REGIONS } from "../../api/regions.js";
import {
  DEFAULT_NOW, DEFAULT_RECORDING_BYTES_PER_MINUTE, DEFAULT_SIZES, type EmulatorSettings, VARIANTS, type Variant,
} from "../../emulator/options.js";
import { collect, integerOption, shareOption, timeOption } from "../usage-error.js";

interface EmulatorFlags {
  host: string;
  port: number;
  seed: number;
  apps: number;
  groups: number;
  calls: number;
  users: number;
  messages: number;
  now: number;
  latency?: { min: number; max: number };
  errorRate: number;
  dropRate: number;
  garbageRate: number;
  htmlRate: number;
  rateLimit?: { limit: number; windowSeconds: number };
  status: Array<[string, number]>;
  variant: Variant[];
  verbose?: boolean;
  live?: boolean;
  liveSpeed: number;
  recordingBytesPerMinute: number;
  recordingCutAfter?: number;
  recordingHtml?: boolean;
}

/** A speed factor: any positive number, 0.5 or 60. */
function speedOption(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value) || value <= 0 || value > 1_000_000) {
    throw new InvalidArgumentError(`expected a positive factor (e.g. 10), got "${raw}".`);
  }
  return value;
}

function latencyOption(raw: string): { min: number; max: number } {
  const match = /^(\d+)(?:\.\.(\d+))?$/.exec(raw.trim());
  if (!match) throw new InvalidArgumentError(`expected milliseconds (250) or a range (50..400), got "${raw}".`);
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) throw new InvalidArgumentError(`the range ${raw} ends before it starts.`);
  return { min, max };
}

function rateLimitOption(raw: string): { limit: number; windowSeconds: number } {
  const match = /^(\d+)(?:\/(\d+)s?)?$/.exec(raw.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2] ?? 60) < 1) {
    throw new InvalidArgumentError(`expected requests per window, as 100 or 100/60s, got "${raw}".`);
  }
  return { limit: Number(match[1]), windowSeconds: Number(match[2] ?? 60) };
}

function statusOption(raw: string): [string, number] {
  const match = /^([A-Z][A-Z0-9_]+)=(\d{3})$/.exec(raw.trim());
  if (!match) throw new InvalidArgumentError(`expected CODE=STATUS, as AUTH_ERR_APIKEY_NOT_FOUND=404, got "${raw}".`);
  return [match[1]!, Number(match[2])];
}

function variantOption(raw: string): Variant {
  if (!Object.hasOwn(VARIANTS, raw)) throw new InvalidArgumentError(`unknown variant "${raw}"; use one of ${Object.keys(VARIANTS).join(", ")}.`);
  return raw as Variant;
}

export function registerEmulator(program: Command): void {
  program
    .command("emulator")
    .description("serve the emulated chat, calls and management APIs over HTTPS until stopped")
    .addHelpText("after", [
      "",
      "Once listening it prints one JSON line on stdout (url, caFile, chatUrl, callsUrl,",
      "managementUrl, management, apps) and logs only to stderr. Data is a pure function",
      "of --seed, the sizes and --now; with --live, also of the time since it started.",
      "",
      "Recordings are served at <url>/recordings/<appId>/<sessionId>/<rid>.mp4 with no apikey",
      "(GET, HEAD, one Range); ?fault=short or ?fault=html on such a URL breaks that one answer.",
      "",
      "Variants (--variant, repeatable):",
      ...Object.entries(VARIANTS).map(([name, text]) => `  ${name.padEnd(28)}${text}`),
    ].join("\n"))
    .option("--host <address>", "address to listen on", "127.0.0.1")
    .option("--port <n>", "port to listen on (0: any free port)", integerOption(0, 65535), 0)
    .option("--seed <n>", "seed of the generated data", integerOption(0), 1)
    .option("--apps <n>", `number of apps, spread over ${REGIONS.join(", ")}`, integerOption(1, 50), DEFAULT_SIZES.apps)
    .option("--groups <n>", "groups per app", integerOption(0, 1_000_000), DEFAULT_SIZES.groups)
    .option("--calls <n>", "calls per app", integerOption(0, 1_000_000), DEFAULT_SIZES.calls)
    .option("--users <n>", "active users per app (a few deactivated ones come besides)", integerOption(1, 1_000_000), DEFAULT_SIZES.users)
    .option("--messages <n>", "messages per app, in groups and between users", integerOption(0, 1_000_000), DEFAULT_SIZES.messages)
    .option("--now <time>", "the clock the data is anchored to: UNIX seconds, ISO date or now", timeOption, DEFAULT_NOW)
    .option("--latency <ms>", "added latency per request: 250 or 50..400", latencyOption)
    .option("--error-rate <share>", "share of requests answered 500 (0..1)", shareOption, 0)
    .option("--drop-rate <share>", "share of connections dropped with no answer", shareOption, 0)
    .option("--garbage-rate <share>", "share of answers cut short into invalid JSON", shareOption, 0)
    .option("--html-rate <share>", "share of answers that are a proxy's HTML 502 page", shareOption, 0)
    .option("--rate-limit <n[/s]>", "requests per app per window (default window 60 s); over it: 429 with Retry-After", rateLimitOption)
    .addOption(new Option("--status <CODE=NNN>", "HTTP status for an error code (repeatable)").argParser(collect(statusOption)).default([]))
    .addOption(new Option("--variant <name>", "answer in a less common shape (repeatable)").argParser(collect(variantOption)).default([]))
    .option("--live", "the world moves with the clock: calls start (every 3-5 s per app), change, end; recordings appear")
    .option("--live-speed <n>", "with --live, run the world n times faster than the clock", speedOption, 1)
    .option("--recording-bytes-per-minute <n>", "size of a served recording per minute of its duration",
      integerOption(1, 1e12), DEFAULT_RECORDING_BYTES_PER_MINUTE)
    .option("--recording-cut-after <bytes>", "fault: close the connection after that many bytes of every recording answer", integerOption(0))
    .option("--recording-html", "fault: answer every recording with an HTML page (200, text/html)")
    .option("--verbose", "log every request to stderr")
    .action(async (flags: EmulatorFlags, command: Command) => {
      const { startEmulator } = await import("../../emulator/index.js");
      const options: EmulatorSettings = {
        host: flags.host,
        port: flags.port,
        seed: flags.seed,
        now: flags.now,
        sizes: { apps: flags.apps, groups: flags.groups, calls: flags.calls, users: flags.users, messages: flags.messages },
        statuses: Object.fromEntries(flags.status),
        variants: new Set(flags.variant),
        faults: {
          latency: flags.latency,
          errorRate: flags.errorRate,
          dropRate: flags.dropRate,
          garbageRate: flags.garbageRate,
          htmlRate: flags.htmlRate,
          rateLimit: flags.rateLimit,
        },
        // --verbose is also a global option; whichever level caught it, it means the same here.
        verbose: Boolean(flags.verbose ?? command.optsWithGlobals().verbose),
        live: Boolean(flags.live),
        liveSpeed: flags.liveSpeed,
        recordingBytesPerMinute: flags.recordingBytesPerMinute,
        recordingCutAfter: flags.recordingCutAfter,
        recordingHtml: Boolean(flags.recordingHtml),
      };
      const started = performance.now();
      const emulator = await startEmulator(options);
      process.stderr.write(`ccx emulator: listening on ${emulator.info.url} (seed ${flags.seed}, ` +
        `${flags.apps} apps × ${flags.groups} groups, ${flags.calls} calls, ${flags.users} users, ${flags.messages} messages` +
        `${flags.live ? `, live${flags.liveSpeed === 1 ? "" : ` ×${flags.liveSpeed}`}` : ""}; ready in ${Math.round(performance.now() - started)} ms)\n`);
      process.stdout.write(`${JSON.stringify(emulator.info)}\n`);
      const stop = (why: string) => {
        process.stderr.write(`ccx emulator: ${why}, stopping\n`);
        void emulator.close().then(() => process.exit(0));
      };
      for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => stop(signal));
      // Started by ccx demo (an IPC channel): its end, however ccx ended, is the end of the emulator too.
      if (process.channel) {
        process.channel.unref();
        process.once("disconnect", () => stop("ccx is gone"));
      }
      // A way out that skips close() (a crash) still takes the CA's folder with it.
      process.once("exit", () => emulator.removeFiles());
    });
}
