import type { Command } from "commander";
import { addPagingOptions } from "../list-command.js";

/** `ccx group <guid>` and `ccx members <guid>`: one group, every field; its members, paged. */
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
  const members = program
    .command("members")
    .description("list a group's members (GET /groups/{guid}/members) once and exit")
    .argument("<guid>", "the group's guid")
    .option("--scope <scopes>", "admin, moderator or participant; a comma list for several (scopes)")
    .option("--banned", "the users the group banned instead (GET /groups/{guid}/bannedusers)");
  addPagingOptions(members)
    .action(async (guid: string, flags: MembersFlags, command: Command) => {
      const { runMembers } = await import("../run/group.js");
      await runMembers(guid, flags, command);
    });
}

export interface MembersFlags {
  scope?: string;
  banned?: boolean;
  perPage?: number;
  page?: number;
  all?: boolean;
  json?: boolean;
  ndjson?: boolean;
  color?: boolean;
}
