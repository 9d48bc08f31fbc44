import { type Command, Option } from "commander";
import { integerOption } from "../usage-error.js";

/**
 * `ccx webhooks listen`: a word of the webhooks' list command (src/resources/webhooks.ts). Options both
 * have (`--json`) are parsed as the parent's: the run reads them with optsWithGlobals().
 */
export function registerListen(program: Command): void {
  const webhooks = program.commands.find((c) => c.name() === "webhooks")!;
  webhooks
    .command("listen")
    .description("receive the app's webhook events here and show each as it arrives (trigger, time, what it names, delay); check Basic credentials, forward to your handler")
    .addOption(new Option("--port <n>", "the port to listen on").argParser(integerOption(0, 65_535)).default(8787))
    .option("--host <address>", "the address to listen on", "127.0.0.1")
    .option("--cert <file>", "PEM certificate: listen over HTTPS (with --key); without, plain HTTP behind your tunnel")
    .option("--key <file>", "PEM private key of --cert")
    .option("--user <name>", "the Basic user the webhook sends: events without it are answered 401 and shown refused")
    .option("--password <secret>", "the Basic password of --user (CCX_WEBHOOK_PASSWORD)")
    .option("--forward-to <url>", "pass each accepted event on to your handler (its body and headers) and show its status")
    .option("--create", "register a temporary webhook (journaled) pointing at --url, removed on every way out")
    .option("--yes", "with --create: send its webhook without asking (needed without a terminal)")
    .option("--dry-run", "with --create: print its requests (the webhook made, then removed) as curl commands; send nothing, listen to nothing")
    .option("--url <public-url>", "with --create: the public HTTPS address that reaches this receiver (your tunnel's)")
    .option("--triggers <a,b>", "with --create: the events it is posted for (default: every documented trigger)")
    .option("--json", "one event a line as JSON (ndjson): trigger, names, delay, refusal, forward status, body")
    .addHelpText("after", [
      "",
      "Runs until interrupted (ctrl-c: exit 130). The service posts only to a public HTTPS URL:",
      "put a tunnel in front of the port, or use --cert and --key. The emulator posts to localhost.",
    ].join("\n"))
    .action(async (_flags: unknown, command: Command) => {
      const { runListen } = await import("../run/listen.js");
      await runListen(command.optsWithGlobals(), command);
    });
}
