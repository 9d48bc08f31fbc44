import { type Command, InvalidArgumentError } from "commander";
import { type SharedView, ViewStringError, decodeView } from "../../store/view-string.js";

/** The view a string names; one that names none is bad usage (exit 2), the message saying why. */
function viewArgument(raw: string): SharedView {
  try {
    return decodeView(raw);
  } catch (error) {
    if (error instanceof ViewStringError) throw new InvalidArgumentError(`${error.message}.`);
    throw error;
  }
}

/** `ccx open '<view string>'`: the explorer on a view someone shared, or its rows in a pipe. */
export function registerOpen(program: Command): void {
  program
    .command("open")
    .description("open a view someone shared (S in the explorer, --share on a list): its app, list, filter and row")
    .argument("<view>", "a view string, ccx://v1/<region>/<appId>/<list>…?q=<filter>&at=<row id> (in single quotes: it holds & and ?)", viewArgument)
    .option("--json", "the view's rows as the service sent them, one array, as its list command prints them")
    .option("--ndjson", "the view's rows, one JSON object a line")
    .option("--all", "with --json, --ndjson or in a pipe: every page, streamed")
    .addHelpText("after", [
      "",
      "On a terminal the explorer opens on the view: its app switched to, its list, its",
      "filter typed, the cursor on its row. In a pipe, or with --json or --ndjson, the",
      "view's rows are printed as `ccx <list> --query <filter>` prints them. A view of an",
      "app this profile does not know says which app and region it names (exit 2).",
    ].join("\n"))
    .action(async (view: SharedView, flags: { json?: boolean; ndjson?: boolean; all?: boolean }, command: Command) => {
      const { runOpen } = await import("../run/open.js");
      await runOpen(view, flags, command);
    });
}
