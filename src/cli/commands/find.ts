import type { Command } from "commander";

/** `ccx find <id>`: what an id names, in every app known. */
export function registerFind(program: Command): void {
  program
    .command("find")
    .description("what an id names (a user, group, message, conversation or call) and in which app and region, across every known app")
    .argument("<id>", "a uid, guid, message id, conversation id (group_<guid>, <uidA>_user_<uidB>) or session id (v1.<region>.<appId>.…)")
    .option("--json", "every match as JSON: [{kind, id, appId, region, name}]")
    .addHelpText("after", [
      "",
      "Every app the management key reaches (or the profiles' apps) is asked, four at",
      "a time, the current app first; in each, every kind the id's shape may be is read",
      "at once (one GET a kind). An auth token is not looked up: its only read needs",
      "its uid (ccx tokens <uid>). Found nowhere: exit 3.",
    ].join("\n"))
    .action(async (id: string, flags: { json?: boolean }, command: Command) => {
      const { runFind } = await import("../run/find.js");
      await runFind(id, flags, command);
    });
}
