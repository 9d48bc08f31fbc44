import { type Command, Option } from "commander";
import { REGIONS } from "../api/regions.js";
import { integerOption, secondsOption } from "./usage-error.js";

/** The global options of docs/commands.md; each has an env twin, read in src/config. */
export function addGlobalOptions(program: Command): void {
  program
    .option("--profile <name>", "config profile to use (CCX_PROFILE)")
    .option("--app-id <id>", "app id (CCX_APP_ID)")
    .addOption(new Option("--region <region>", "region of the app (CCX_REGION)").choices([...REGIONS]))
    .option("--api-key <key>", "REST API key, fullAccess scope (CCX_API_KEY)")
    .option("--on-behalf-of <uid>", "act as this user: the onBehalfOf header (CCX_ON_BEHALF_OF)")
    .option("--as <uid>", "short for --on-behalf-of")
    .option("--read-only", "refuse every write (auth tokens, messages) before anything is sent (CCX_READ_ONLY=1)")
    .option("--chat-url <template>", "chat API base, with {appId} and {region} (CCX_CHAT_URL)")
    .option("--calls-url <template>", "calls API base, with {appId} and {region} (CCX_CALLS_URL)")
    .option("--management-url <url>", "management API base (CCX_MANAGEMENT_URL)")
    .option("--ca <file>", "PEM file of the CA to trust instead of the system's, like curl --cacert (CCX_CA_FILE)")
    .option("--config <file>", "config file (CCX_CONFIG; default $XDG_CONFIG_HOME/ccx/config.json)")
    .addOption(new Option("--timeout <seconds>", "give up on an answer after this long, each attempt (CCX_TIMEOUT; default 15)").argParser(secondsOption))
    .option("--no-color", "no colour (also NO_COLOR)")
    .option("--no-progress", "no progress on stderr for long work (--all, stats, downloads); it shows only when stderr is a terminal")
    .option("--verbose", "print each request on stderr")
    .addOption(new Option("--width <columns>", "lay tables and details out for this many columns (COLUMNS too); in a pipe without either, nothing is cut").argParser(integerOption(10, 100_000)));
}
