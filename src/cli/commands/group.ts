import type { Command } from "commander";

/** `ccx group <guid>`: one group, every field (its members: `ccx members <guid>`, from their definition). */
export function registerGroup(program: Command): void {
  program
    .command("group")
    .description("print one group, every field (GET /groups/{guid})")
    .argument("<guid>", "the group's guid")
    .option("--json", "print the group as the server sent it")
    .action(async (guid: string, flags: { json?: boolean }, command: Command) => {
      const { runGroup } = await import("../run/group.js");
      await runGroup(guid, flags, command);
    });
}
