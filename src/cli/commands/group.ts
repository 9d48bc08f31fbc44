import type { Command } from "commander";
import { integerOption } from "../usage-error.js";

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
  program
    .command("members")
    .description("list a group's members (GET /groups/{guid}/members) once and exit")
    .argument("<guid>", "the group's guid")
    .option("--scope <scopes>", "admin, moderator or participant; a comma list for several (scopes)")
    .option("--per-page <n>", "members per request (1..1000)", integerOption(1, 1000))
    .option("--page <n>", "page to start at", integerOption(1))
    .option("--all", "every page, streamed")
    .option("--json", "the server's objects, every field kept, as one JSON array")
    .option("--ndjson", "the server's objects, one JSON object a line")
    .action(async (guid: string, flags: MembersFlags, command: Command) => {
      const { runMembers } = await import("../run/group.js");
      await runMembers(guid, flags, command);
    });
}

export interface MembersFlags {
  scope?: string;
  perPage?: number;
  page?: number;
  all?: boolean;
  json?: boolean;
  ndjson?: boolean;
}
