import type { Command } from "commander";

/** `ccx user <uid>` (`ccx users` is made from its definition, src/resources/users.ts; `ccx token <uid>` is a write of src/writes/tokens.ts). */
export function registerUser(program: Command): void {
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
