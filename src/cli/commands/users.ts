import type { Command } from "commander";
import { keyToken, quote } from "../../query/tokenize.js";
import { type FilterFlag, registerListCommand } from "../list-command.js";

const FLAGS: FilterFlag[] = [
  { flag: "search", description: "keyword in name or uid (searchKey)", token: (v) => quote(v) },
  { flag: "search-in", description: "where to search: name, uid or name,uid (searchIn)", token: (v) => keyToken("in", v) },
  { flag: "status", description: "available or offline", token: (v) => keyToken("status", v) },
  { flag: "role", description: "a role, or a comma list for several (role, roles)", token: (v) => keyToken("role", v) },
  { flag: "tags", description: "users with any of these tags, comma-separated", token: (v) => keyToken("tag", v) },
  { flag: "with-tags", description: "include each user's tags (withTags)", token: () => "withtags:true", boolean: true },
  { flag: "deactivated", description: "with: deactivated users as well; only: just them", token: (v) => keyToken("deactivated", v) },
];

/** `ccx users` and `ccx user <uid>` (`ccx token <uid>` is a write of src/writes/tokens.ts). */
export function registerUsers(program: Command): void {
  registerListCommand<"users">(program, {
    name: "users",
    description: "list the users of the app (GET /users) once and exit",
    filterFlags: FLAGS,
    endpoint: "GET /users",
    tableQuery: { withTags: "true" },
  });
  program
    .command("user")
    .description("print one user, every field (GET /users/{uid})")
    .argument("<uid>", "the user's uid")
    .option("--json", "print the user as the server sent it")
    .action(async (uid: string, flags: { json?: boolean }, command: Command) => {
      const { runUser } = await import("../run/user.js");
      await runUser(uid, flags, command);
    });
}
