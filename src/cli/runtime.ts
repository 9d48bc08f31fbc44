import { once } from "node:events";
import type { Command } from "commander";
import { ApiError, CLIENT_CODES, isAuthError, isNotFound, quotaText } from "../api/errors.js";
import { hintFor } from "../api/hints.js";
import { Http } from "../api/http.js";
import { ConfigError } from "../config/config-file.js";
import { redact } from "../config/mask.js";
import { maskSecretsInText } from "../api/answer-secrets.js";
import { sanitize } from "../text/sanitize.js";
import { type GlobalFlags, Settings } from "../config/resolve.js";
import { VERSION } from "../version.js";
import { type IOStreams, ioOf } from "./io.js";
import { outputWidth, useColor } from "./render/terminal.js";
import { EXIT } from "./usage-error.js";

export interface Runtime {
  settings: Settings;
  http: Http;
  /** The command's streams and environment (the process's, or a test's twin). */
  io: IOStreams;
  /** Whether stdout gets colour: not with --no-color, NO_COLOR, or output that is not a terminal. */
  color: boolean;
  /** Columns to lay stdout out for (render/terminal.ts outputWidth): Infinity in a pipe, nothing cut. */
  width: number;
  /** Writes to stdout honouring backpressure, so streams stay in bounded memory. */
  write(text: string): Promise<void>;
  warn(text: string): void;
  close(): Promise<void>;
}

/** Settings and the shared Http for one command; every message it prints is masked. */
export function createRuntime(command: Command, given?: Settings): Runtime {
  const flags = command.optsWithGlobals() as GlobalFlags & { verbose?: boolean; width?: number; color?: boolean };
  const io = ioOf(command);
  const settings = given ?? new Settings(flags, io.env);
  // Warnings carry server text too (the management API's message, --verbose's codes).
  const warn = (text: string) => void io.err.write(`${redact(sanitize(text, { multiline: true }), settings.secrets())}\n`);
  for (const warning of settings.warnings) warn(`warning: ${warning}`);
  const http = new Http({ caFile: settings.caFile, timeoutMs: settings.timeoutMs, userAgent: `ccx/${VERSION} (node ${process.version})`, env: io.env });
  if (flags.verbose) {
    http.onEvent((e) => {
      if (e.phase !== "end") return;
      const outcome = e.code ? `${e.status ?? "-"} ${e.code}` : String(e.status);
      const quota = quotaText(e.rateLimit) && ` quota=${quotaText(e.rateLimit)}`;
      warn(`${e.method} ${e.url} → ${outcome} ${Math.round(e.durationMs ?? 0)}ms ${e.bytes ?? 0}B${e.retries ? ` retries=${e.retries}` : ""}${quota}`);
    });
  }
  return {
    settings,
    http,
    io,
    color: useColor(flags.color === false, io.out, io.env),
    width: outputWidth(flags.width, io.out, io.env),
    warn,
    async write(text: string) {
      if (!io.out.write(text)) await once(io.out as NodeJS.EventEmitter, "drain");
    },
    close: () => http.close(),
  };
}

/** Names on stderr the fields of an answer whose secrets were masked (secretsMasker), at most eight. */
export function warnMasked(runtime: Runtime, paths: readonly string[]): void {
  if (paths.length === 0) return;
  runtime.warn(`masked (--reveal shows them): ${paths.slice(0, 8).join(", ")}${paths.length > 8 ? `, and ${paths.length - 8} more` : ""}`);
}

/** The exit code for a failure (docs/commands.md): 2 bad input, 3 not found, 4 auth, 1 the rest. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof ConfigError) return EXIT.usage;
  if (!(error instanceof ApiError)) return EXIT.failure;
  if (isAuthError(error.code)) return EXIT.auth;
  if (isNotFound(error.code)) return EXIT.notFound;
  const usage: string[] = ["ERR_BAD_REQUEST", CLIENT_CODES.insecureUrl, CLIENT_CODES.badUrl, CLIENT_CODES.badHeader, CLIENT_CODES.config, CLIENT_CODES.badInput, CLIENT_CODES.readOnly];
  if (usage.includes(error.code)) return EXIT.usage;
  return EXIT.failure;
}

/** `error: CODE: message`, the service's devMessage and details, and a hint; secrets masked. */
export function describeFailure(error: unknown, secrets: Iterable<string>): string {
  // The service's own words are server data: each on one line (a line break in one must not forge
  // a "hint:" line of ours), and none may drive the terminal.
  const line = (text: string) => sanitize(text);
  const lines: string[] = [];
  if (error instanceof ApiError) {
    lines.push(`error: ${line(error.code)}: ${line(error.message)}`);
    if (error.extra.devMessage && error.extra.devMessage !== error.message) lines.push(`  ${line(error.extra.devMessage)}`);
    for (const [field, messages] of Object.entries(error.extra.details ?? {})) lines.push(`  ${line(field)}: ${line(messages.join(" "))}`);
    if (error.extra.request) lines.push(`  request: ${line(error.extra.request)}${error.extra.retries ? ` (after ${error.extra.retries} retries)` : ""}`);
    // A certificate problem is not "is the service running?": say what mends it.
    const hint = hintFor(error, "cli");
    if (hint) lines.push(`  hint: ${hint}`);
  } else {
    lines.push(`error: ${sanitize((error as Error)?.message ?? String(error), { multiline: true })}`);
  }
  // The service's words may quote a request or an answer (`authToken=…`, `"apiKey": "…"`): masked as an answer is.
  return `${maskSecretsInText(redact(lines.join("\n"), secrets))}\n`;
}

/**
 * Runs a command body: prints failures as docs/commands.md says and sets the exit code.
 * `settings` replaces those of the flags and env (ccx demo brings its own).
 */
export async function runCommand(command: Command, body: (runtime: Runtime) => Promise<number | void>, settings?: () => Settings): Promise<void> {
  let runtime: Runtime | undefined;
  const io = ioOf(command);
  // A closed pipe (ccx … | head) is not an error.
  io.out.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? EXIT.ok);
  });
  try {
    runtime = createRuntime(command, settings?.());
    process.exitCode = (await body(runtime)) ?? EXIT.ok;
  } catch (error) {
    // Settings may have failed to load: mask what the flags and env carry all the same.
    const given = [command.optsWithGlobals().apiKey, io.env.CCX_API_KEY, io.env.CCX_MANAGEMENT_KEY, io.env.CCX_MANAGEMENT_SECRET];
    io.err.write(describeFailure(error, [...(runtime?.settings.secrets() ?? []), ...given].filter((s): s is string => Boolean(s))));
    process.exitCode = exitCodeOf(error);
  } finally {
    await runtime?.close();
  }
}

/**
 * Runs a command body that needs no Settings (ccx init and ccx config read and
 * write the config file themselves): failures printed as runCommand prints
 * them, the secrets the body adds to `secrets` masked.
 */
export async function runWithoutSettings(command: Command, body: (secrets: Set<string>, io: IOStreams) => Promise<number | void>): Promise<void> {
  const secrets = new Set<string>();
  const io = ioOf(command);
  try {
    process.exitCode = (await body(secrets, io)) ?? EXIT.ok;
  } catch (error) {
    io.err.write(describeFailure(error, secrets));
    process.exitCode = exitCodeOf(error);
  }
}
