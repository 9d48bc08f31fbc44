import { type Command, Option } from "commander";
import { VERBS } from "../../writes/index.js";
import type { WriteVerb } from "../../writes/verb.js";
import { integerOption } from "../usage-error.js";

/** What a bulk write's --query selects, and how it is written. */
const SELECTION_HELP: Record<NonNullable<WriteVerb["selectable"]>, string> = {
  users: "the users a filter selects, every page (the syntax of ccx users --help: role:agent status:offline tag:e2e …)",
  members: "the group's members a filter selects, every page: scope:participant,moderator status:offline",
  messages: "the app's messages a filter selects, every page (the syntax of ccx messages --help: sender:spambot sent:>=1d conversation:group_x …)",
};

/** What every write takes: --yes, --dry-run, --json. */
function writeOptions(command: Command): Command {
  return command
    .option("--yes", "send it without asking (needed without a terminal)")
    .option("--dry-run", "print the request as a curl command (keys as $CCX_API_KEY) and send nothing")
    .option("--json", "what each item came to, as JSON");
}

/** A noun's command, written by hand (`ccx user <uid>`) or made here (`ccx member`). */
function nounCommand(program: Command, noun: string): Command {
  const known = program.commands.find((c) => c.name() === noun);
  if (known) return known;
  const made = program.command(noun).description(`${noun} writes: ${VERBS.filter((v) => v.noun === noun).map((v) => v.verb).join(", ")}`);
  made.allowExcessArguments(true).action((_flags: unknown, command: Command) => {
    if (command.args.length > 0) (command as unknown as { unknownCommand(): never }).unknownCommand();
    made.help();
  });
  return made;
}

function defineVerb(parent: Command, verb: WriteVerb): void {
  const command = parent.command(verb.verb).description(verb.description);
  // A variadic argument may also come from --ids (a file, or - for stdin) or a filter (--query).
  // The argument a filter may fill instead (`tokens revoke --query`: the uid) is optional too.
  for (const a of verb.args) command.argument(a.variadic ? `[${a.name}...]` : a.name === verb.selectInto ? `[${a.name}]` : `<${a.name}>`, a.description);
  const bulk = verb.args.find((a) => a.variadic);
  if (bulk) command.option("--ids <file>", `${bulk.name}s one a line, from a file or - (stdin)`);
  if ((bulk || verb.selectInto) && verb.selectable) command.option("-q, --query <filter>", verb.selectInto ? `${SELECTION_HELP[verb.selectable]}: each one's ${verb.selectInto}` : SELECTION_HELP[verb.selectable]);
  for (const f of verb.flags ?? []) {
    const option = new Option(`--${f.flag}${f.value ? ` <${f.value}>` : ""}`, f.description);
    if (f.required) option.makeOptionMandatory();
    command.addOption(option);
  }
  writeOptions(command).action(async (...given: unknown[]) => {
    const self = given.at(-1) as Command;
    const args = Object.fromEntries(verb.args.map((a, i) => [a.name, self.processedArgs[i] as string | string[]]));
    const { runVerb } = await import("../run/write.js");
    // With the parent's: an option both have (`ccx user <uid> --json`) is parsed as the parent's.
    const flags = self.optsWithGlobals();
    await runVerb(verb, { args, flags }, flags, self);
  });
}

/**
 * The writes made from their definitions (src/writes/): `ccx user deactivate`, `ccx member kick`,
 * `ccx block`, …, words of the noun's command where one exists; `ccx journal` and `ccx undo`.
 */
export function registerWrites(program: Command): void {
  for (const verb of VERBS) defineVerb(verb.noun ? nounCommand(program, verb.noun) : program, verb);
  program
    .command("journal")
    .description("every write ccx sent, newest first ($XDG_STATE_HOME/ccx/journal.ndjson): what, to which app, what came of it, how to undo it or check it")
    .addOption(new Option("--limit <n>", "the newest n entries (default: a screen's worth on a terminal, all in a pipe)").argParser(integerOption(1)))
    .option("--json", "the entries, newest first, as a JSON array (a write's line folded with its outcome's)")
    .option("--ndjson", "the entries, newest first, one JSON object a line")
    .action(async (flags: { json?: boolean; ndjson?: boolean; limit?: number }, command: Command) => {
      const { runJournal } = await import("../run/journal.js");
      await runJournal(flags, command);
    });
  writeOptions(program
    .command("undo")
    .description("send the inverse of a journaled write (default: the last one not undone yet), asked like any write")
    .argument("[entry]", "the journal entry's number (ccx journal)", integerOption(1))
    .option("--batch", "undo every write of the entry's run (a bulk: --query, --ids, several ids), by default the last such run")
    .option("--checked", "the entry's outcome was unknown, and you checked that the service did it: journal it done, then undo it"))
    .action(async (entry: number | undefined, flags: { yes?: boolean; dryRun?: boolean; json?: boolean; batch?: boolean; checked?: boolean }, command: Command) => {
      const { runUndo } = await import("../run/journal.js");
      await runUndo(entry, flags, command);
    });
}
