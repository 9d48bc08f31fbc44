import type { Command } from "commander";
import { type Register, makeProgram, runMain } from "./root.js";

export { runProgram } from "./root.js";

/**
 * What defines one or more commands on the program, and the names it defines. `whole`: it reads every
 * other command's; `extends`: commands of other registrars it adds words to (`ccx user deactivate`).
 */
interface Registrar {
  names: readonly string[];
  extends?: readonly string[];
  load(): Promise<Register>;
  whole?: boolean;
}

/**
 * The commands written by hand, in the order help lists them, with the names
 * each one's register function defines (a test holds the two together); the
 * resources' commands come between the two parts. Each is loaded when a
 * command line needs it: `ccx call` initializes the modules of call alone,
 * not those of every command, nor the resources' definitions (start-up,
 * docs/benchmarks.md).
 */
const BEFORE_RESOURCES: readonly Registrar[] = [
  { names: ["messages"], load: async () => (await import("./commands/messages.js")).registerMessages },
  { names: ["call"], load: async () => (await import("./commands/call.js")).registerCall },
  { names: ["trace"], load: async () => (await import("./commands/trace.js")).registerTrace },
  { names: ["find"], load: async () => (await import("./commands/find.js")).registerFind },
  { names: ["open"], load: async () => (await import("./commands/open.js")).registerOpen },
  { names: ["why"], load: async () => (await import("./commands/why.js")).registerWhy },
  { names: ["stats"], load: async () => (await import("./commands/stats.js")).registerStats },
  { names: ["health"], load: async () => (await import("./commands/health.js")).registerHealth },
  { names: ["download"], load: async () => (await import("./commands/download.js")).registerDownload },
  { names: ["api"], load: async () => (await import("./commands/api.js")).registerApi },
];
/** The notification providers' commands (src/writes/providers.ts, a test holds the two together). */
const PROVIDER_NOUNS = ["fcm-provider", "apns-provider", "custom-push-provider", "twilio-provider", "custom-sms-provider", "sendgrid-provider", "custom-email-provider"];

const AFTER_RESOURCES: readonly Registrar[] = [
  // After the commands it adds words to (`user`, `group`, `conversation`; the resources' `tokens`, `message`, `webhook`, `triggers`, `moderation`, `role`, `settings`).
  {
    names: ["member", "block", "unblock", "friend", "token", "send", "reply", "bot", "react", "unreact", "push-token", ...PROVIDER_NOUNS, "extension", "permission", "scope-permission", "apikey", "app", "collaborator", "tenant", "journal", "undo"],
    extends: ["user", "group", "conversation", "tokens", "message", "webhook", "triggers", "moderation", "notifications", "role", "settings"],
    load: async () => (await import("./commands/write.js")).registerWrites,
  },
  // `ccx webhooks listen`: a word of the webhooks' list, made from its definition.
  { names: [], extends: ["webhooks"], load: async () => (await import("./commands/listen.js")).registerListen },
  { names: ["resources"], load: async () => (await import("./commands/resource.js")).registerResourcesCommand },
  { names: ["apps"], load: async () => (await import("./commands/apps.js")).registerApps },
  { names: ["demo"], load: async () => (await import("./commands/demo.js")).registerDemo },
  { names: ["emulator"], load: async () => (await import("./commands/emulator.js")).registerEmulator },
  { names: ["completion", "__complete"], load: async () => (await import("./commands/completion.js")).registerCompletion, whole: true },
  { names: ["init"], load: async () => (await import("./commands/init.js")).registerInit },
  { names: ["config"], load: async () => (await import("./commands/config.js")).registerConfig },
];

/** Every registrar, in help's order: the resources' ones made from their definitions (src/resources/), loaded for it. */
export async function allRegistrars(): Promise<readonly Registrar[]> {
  const [{ RESOURCE_LIST, COMMAND_GROUPS, HOME_LISTS }, { resourceCommandNames }] = await Promise.all([import("../resources/index.js"), import("../resources/resource.js")]);
  const made = RESOURCE_LIST.filter((r) => !r.command && !r.itemFlag && resourceCommandNames(r).length > 0).map((resource) => ({ resource, registrar: {
    names: resourceCommandNames(resource),
    load: async () => (await import("./commands/resource.js")).resourceRegistrar(resource),
  } satisfies Registrar }));
  // A list whose item's command is written by hand comes just before that command in help: `groups`, then `group`.
  const listOf = (hand: Registrar) => made.filter((m) => m.resource.ownItemCommand && hand.names.includes(m.resource.singular)).map((m) => m.registrar);
  // The lists the explorer's tab goes through come first (`groups`, `group`, `users`, …), as they come first to a user.
  const home = made.filter((m) => HOME_LISTS.includes(m.resource.name) && !m.resource.ownItemCommand).map((m) => m.registrar);
  const before = [...home, ...BEFORE_RESOURCES.flatMap((hand) => [...listOf(hand), hand])];
  const resources = made.map((m) => m.registrar).filter((r) => !before.includes(r));
  // A command group's resources are words of one command (`ccx notifications logs`), or reads its flags choose (`ccx conversation --user`).
  const groups = Object.entries(COMMAND_GROUPS).map(([group, description]): Registrar => ({
    names: [group],
    load: async () => {
      const { resourceFlagRegistrar, resourceGroupRegistrar } = await import("./commands/resource.js");
      const byFlag = RESOURCE_LIST.filter((r) => r.itemFlag?.command === group);
      return byFlag.length > 0 ? resourceFlagRegistrar(group, description, byFlag) : resourceGroupRegistrar(group, description, RESOURCE_LIST.filter((r) => r.command?.group === group));
    },
  }));
  return [...before, ...resources, ...groups, ...AFTER_RESOURCES];
}

/**
 * The registrars a command line needs: when its first word names a command,
 * that command's alone. Defining every command's options took 3 ms of each
 * start (`ccx call` has to stay near a bare Node client); the root's help,
 * its suggestions for a mistyped command and completion need them all. The
 * resources' definitions are loaded only for a word no hand-written command has.
 */
async function registrarsFor(argv: readonly string[] | undefined): Promise<readonly Registrar[]> {
  // Nothing at all: the explorer, which needs no command's definition (with options, they may be mistyped commands').
  if (argv?.length === 0) return [];
  const word = argv?.[0] ?? "";
  const handWritten = [...BEFORE_RESOURCES, ...AFTER_RESOURCES];
  const own = argv && handWritten.find((r) => r.names.includes(word));
  // The command's own registrar, and those that add words to it, in the order they are listed.
  if (own && !own.whole) return handWritten.filter((r) => r === own || r.extends?.includes(word));
  const all = await allRegistrars();
  const named = argv && !own && all.find((r) => r.names.includes(word));
  return named ? all.filter((r) => r === named || r.extends?.includes(word)) : all;
}

/**
 * The command line, apart from main.ts (which runs it on import), so that
 * tests can build and run it in-process. Given the arguments it will parse,
 * it defines only what they need; without them, every command.
 */
export async function buildProgram(argv?: readonly string[]): Promise<Command> {
  const registers = await Promise.all((await registrarsFor(argv)).map((r) => r.load()));
  const commandNamed = argv !== undefined && argv.length > 0 && !argv[0]!.startsWith("-") && argv[0] !== "help";
  return makeProgram(commandNamed, registers);
}

export async function main(argv: string[]): Promise<void> {
  await runMain(await buildProgram(argv), argv);
}
