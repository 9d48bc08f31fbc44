import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { RESOURCE_LIST } from "../../src/resources/index.js";
import { allCommands } from "../../src/tui/commands.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * What every list command shares through the one exporter (src/cli/render/exporter.ts), and `ccx
 * resources` telling the truth: each command it lists is run as printed, its placeholders filled with
 * ids of the emulator's world, in process against one emulator.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
/** `ccx resources --json`: each resource's commands as printed. */
let listed: Array<{ name: string; commands: string[]; explorer: string[] }>;
/** A value of the world for each placeholder `ccx resources` prints (`<guid>` → a group's guid). */
const values: Record<string, string> = {};
/** The requests the emulator answered, a line each. */
const served: string[] = [];

const SECRET_IDS = new Set(["<authToken>", "<apiKey>"]);
const world = () => fx.emulator.world.apps[0]!;
const words = (line: string) => line.replace(/^ccx /, "").split(" ");

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 6, calls: 10, users: 12, messages: 300 }, verbose: true, log: (line: string) => served.push(line) });
  env = {
    CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_CA_FILE: fx.info.caFile,
    CCX_APP_ID: fx.app().appId, CCX_REGION: fx.app().region, CCX_API_KEY: fx.app().fullAccessKey,
    CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret,
  };
  const run = await runCcx(["resources", "--json"], env);
  listed = JSON.parse(run.stdout) as typeof listed;
  // A user acted for, and what their conversations name: the other side of a 1:1, a group they are in.
  const asUid = world().users[0]!.uid;
  const conversations = JSON.parse((await runCcx(["conversations", "--as", asUid, "--all", "--json"], env)).stdout) as Array<{ conversationId: string; conversationType: string; conversationWith: { uid?: string; guid?: string } }>;
  const withUser = conversations.find((c) => c.conversationType === "user")!;
  const inGroup = conversations.find((c) => c.conversationType === "group")!;
  const message = (JSON.parse((await runCcx(["messages", "--limit", "1", "--json"], env)).stdout) as Array<{ id: number }>)[0]!;
  const user = world().userIndexByUid.get(withUser.conversationWith.uid!)!;
  const first = async (args: string[], field: string) => String((JSON.parse((await runCcx([...args, "--json"], env)).stdout) as Array<Record<string, unknown>>)[0]![field]);
  Object.assign(values, {
    onBehalfOf: asUid, uid: withUser.conversationWith.uid, guid: inGroup.conversationWith.guid, conversationId: withUser.conversationId,
    id: String(message.id), sessionId: world().calls[0]!.sessionId, webhookId: world().webhooks[0]!.id, scope: "admin",
    authToken: tokensOf(world(), user)[0]!.authToken, apiKey: fx.app().authOnlyKey, role: await first(["roles"], "role"), ruleId: await first(["moderation", "rules"], "id"),
  });
});
afterAll(() => fx?.close());

/**
 * A command as printed, its placeholders filled: each from the world, except an item's own id after
 * its list's parameters (`ccx roles` then `ccx role <role>`), which is the first item its list answers.
 */
async function filled(command: string, resource: string): Promise<string[]> {
  const definition = RESOURCE_LIST.find((r) => r.name === resource)!;
  const row = listed.find((r) => r.name === resource)!;
  const placeholders = command.match(/<[^>]+>/g) ?? [];
  const own = definition.list && command !== row.commands[0] ? placeholders.at(-1) : undefined;
  // An id that is a secret (an auth token, an API key: a list shows it masked) is the world's.
  const asked: Record<string, string> = { ...values };
  if (own && !SECRET_IDS.has(own)) {
    const list = JSON.parse((await runCcx([...await filled(row.commands[0]!, resource), "--json"], env)).stdout) as Array<Record<string, unknown>>;
    expect(list.length, `${row.commands[0]} lists none, so ${command} cannot be tried`).toBeGreaterThan(0);
    asked[own.slice(1, -1)] = String(list[0]![definition.idField]);
  }
  return words(command).map((word) => word.replace(/^<([^>]+)>$/, (_, name: string) => {
    expect(asked[name], `a value for <${name}> (${command})`).toBeDefined();
    return asked[name]!;
  }));
}

describe("ccx resources", () => {
  it("every command it lists runs as printed (exit 0)", async () => {
    const commands = listed.flatMap((r) => r.commands.map((command) => ({ command, resource: r.name })));
    expect(commands.length).toBeGreaterThan(40);
    for (const { command, resource } of commands) {
      const args = await filled(command, resource);
      const run = await runCcx(args, env);
      expect(run.code, `${command} → ccx ${args.join(" ")}: ${run.stderr}`).toBe(0);
    }
  });


  it("every `:` command it lists is one of the explorer's, with the arguments it takes", () => {
    const explorer = new Map(allCommands().flatMap((c) => [c.name, ...(c.aliases ?? [])].map((name) => [name, c.args ?? ""] as const)));
    const lines = listed.flatMap((r) => r.explorer.filter((line) => line.startsWith(":")));
    expect(lines.length).toBeGreaterThan(40);
    for (const line of lines) {
      const [name, ...params] = line.slice(1).split(" ");
      expect(explorer.has(name!), line).toBe(true);
      expect(explorer.get(name!)!.split(" ").filter(Boolean).length, line).toBe(params.length);
    }
  });
});

describe("--json on every list command", () => {
  it("is one array, [] when there are none; --ndjson the same objects one a line", async () => {
    // Every list `ccx resources` names, and those it does not: messages, the journal, the apps, itself.
    const lists = listed.flatMap((r) => (RESOURCE_LIST.find((d) => d.name === r.name)!.list ? [{ command: r.commands[0]!, resource: r.name }] : []));
    const commands = [...await Promise.all(lists.map(async ({ command, resource }) => filled(command, resource))), ["messages"], ["journal"], ["apps"], ["resources"]];
    expect(commands.length).toBeGreaterThan(30);
    const state = { XDG_STATE_HOME: "/nonexistent-ccx-state" };
    for (const args of commands) {
      const json = await runCcx([...args, "--json"], { ...env, ...state });
      expect(json.code, `ccx ${args.join(" ")} --json: ${json.stderr}`).toBe(0);
      const array = JSON.parse(json.stdout) as unknown;
      expect(Array.isArray(array), `ccx ${args.join(" ")} --json`).toBe(true);
      const lines = await runCcx([...args, "--ndjson"], { ...env, ...state });
      expect(lines.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as unknown)).toEqual(array);
    }
  });

  it("--json with --ndjson is bad usage (exit 2), nothing sent, nothing on stdout, from every kind of list", async () => {
    const before = served.length;
    for (const args of [["users"], ["webhooks"], ["notifications", "providers"], ["journal"], ["apps"], ["resources"]]) {
      const run = await runCcx([...args, "--json", "--ndjson"], env);
      expect([run.code, run.stdout], `ccx ${args.join(" ")}`).toEqual([2, ""]);
      expect(run.stderr).toContain("choose one of --json and --ndjson");
    }
    expect(served.slice(before)).toEqual([]);
  });

  it("an empty list is [] on stdout and none on stderr", async () => {
    const run = await runCcx(["users", "--search", "nobody-has-this-name", "--json"], env);
    expect(run.stdout).toBe("[]\n");
    const table = await runCcx(["users", "--search", "nobody-has-this-name"], env);
    expect(table.stdout).toBe("");
    expect(table.stderr).toMatch(/^none\b/);
  });
});
