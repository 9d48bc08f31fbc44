import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_LIST } from "../../src/resources/index.js";
import { endpointOf, resourceCommandNames } from "../../src/resources/resource.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * Resources made from one definition each (src/resources/): their commands
 * against the emulator over HTTPS (a call's transcripts on the calls host;
 * the app's webhooks and their triggers on the management API), the forms the
 * exports answer in (a webhook double-wrapped), secrets masked, and
 * `ccx resources`, which lists them all.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 8, calls: 40, users: 12, messages: 1500 } });
  env = {
    CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_CA_FILE: fx.info.caFile,
    CCX_APP_ID: fx.app().appId, CCX_REGION: fx.app().region, CCX_API_KEY: fx.app().fullAccessKey,
    CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret,
  };
});
afterAll(() => fx?.close());

const world = () => fx.emulator.world.apps[0]!;
const ndjson = (text: string) => text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);

describe("every definition", () => {
  it("names documented GETs only, and commands no other command has", async () => {
    for (const resource of RESOURCE_LIST) {
      if (resource.list) expect(endpointOf(resource.list.path).methods).toContain("GET");
      if (resource.detail) expect(endpointOf(resource.detail.path).methods).toContain("GET");
    }
    // A command group's resources share its name: each is one word of it (`notifications logs`).
    const names = RESOURCE_LIST.flatMap((r) => (r.command ? [`${r.command.group} ${r.command.word}`] : resourceCommandNames(r)));
    expect(new Set(names).size).toBe(names.length);
  });

  it("ccx resources lists each with its commands, host, paths, paging and writes; --json one array, --ndjson one a line", async () => {
    // (Wide enough for the widest paging style, message-id, beside a webhook's commands whole, and its writes.)
    const table = await runCcx(["resources"], { ...env, COLUMNS: "330" });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^webhooks\s+ccx webhooks, ccx webhook <webhookId>\s+:webhooks, :webhook <webhookId>\s+management\s+none\s+\/apps\/\{appId\}\/webhooks\s+\S+\s+webhook create, webhook update/m);
    const json = JSON.parse((await runCcx(["resources", "--json"], env)).stdout) as Array<Record<string, any>>;
    expect(json.map((r) => r.name)).toEqual(RESOURCE_LIST.map((r) => r.name));
    expect(ndjson((await runCcx(["resources", "--ndjson"], env)).stdout)).toEqual(json);
    expect(json.find((r) => r.name === "transcripts")).toMatchObject({ host: "calls", list: "/calls/{sessionId}/transcriptions", paging: "pages", commands: ["ccx transcripts <sessionId>"] });
    expect(json.find((r) => r.name === "triggers")?.explorer).toEqual([":triggers <webhookId>", "below a webhook"]);
    // The first resources, whose commands and screens are written by hand, are listed from their definitions too.
    expect(json.find((r) => r.name === "groups")).toMatchObject({ host: "chat", list: "/groups", detail: "/groups/{guid}", commands: ["ccx groups", "ccx group <guid>"], explorer: [":groups", ":group <guid>", "below a user"], children: ["members", "banned"] });
    expect(json.find((r) => r.name === "users")).toMatchObject({ commands: ["ccx users", "ccx user <uid>"], children: ["groups", "calls", "conversations", "blocked", "friends", "tokens", "preferences"] });
    expect(json.find((r) => r.name === "preferences")?.explorer).toEqual([":preferences <uid>", "below a user"]);
    expect(json.find((r) => r.name === "calls")?.children).toEqual(["transcripts"]);
    expect(json.find((r) => r.name === "calls")).toMatchObject({ host: "calls", list: "/calls", commands: ["ccx calls", "ccx call <sessionId>"] });
    expect(json.find((r) => r.name === "members")?.explorer).toEqual([":members <guid>", "below a group"]);
    expect(json.find((r) => r.name === "transcripts")?.explorer).toEqual([":transcripts <sessionId>", "from a call"]);
    expect(json.map((r) => r.name)).toEqual(expect.arrayContaining(["groups", "users", "conversations", "calls"]));
    // Beside its reads, the writes that change it, each with the catalogue's template: a member's under members, not the group.
    expect(json.find((r) => r.name === "members")?.writes).toEqual([
      { verb: "member add", method: "POST", path: "/groups/{guid}/members" },
      { verb: "member kick", method: "DELETE", path: "/groups/{guid}/members/{uid}" },
      { verb: "member scope", method: "PUT", path: "/groups/{guid}/members/{uid}" },
    ]);
    expect(json.find((r) => r.name === "group")?.writes ?? json.find((r) => r.name === "groups")?.writes).not.toContainEqual(expect.objectContaining({ verb: "member kick" }));
    expect(json.find((r) => r.name === "preferences")?.writes).toContainEqual({ verb: "notifications unmute", method: "DELETE", path: "/notifications/v1/preferences/mute" });
    expect(json.find((r) => r.name === "providers")?.writes).toContainEqual({ verb: "fcm-provider default", method: "PUT", path: "/notifications/push/v1/providers/fcm/default/{providerId}" });
    expect(json.find((r) => r.name === "calls")?.writes).toEqual([]);
  });

  it("the first resources' lists, made from their definitions, keep their filter flags, and their tables are their definitions' columns", async () => {
    const help = await runCcx(["groups", "--help"], env);
    expect(help.stdout).toContain("--search <value>");
    const first = ["groups", "users", "calls"].map((name) => RESOURCE_LIST.find((r) => r.name === name)!);
    for (const resource of first) {
      const run = await runCcx([resource.name, "--per-page", "2"], { ...env, COLUMNS: "400" });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.split("\n")[0]!.trim().split(/\s{2,}/)).toEqual(resource.columns.filter((c) => !c.actingUser).map((c) => c.header.toUpperCase()));
    }
  });
});

describe("webhooks and their triggers (the management API)", () => {
  it("ccx webhooks: a table of the app's webhooks; --ndjson as sent", async () => {
    const run = await runCcx(["webhooks"], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toMatch(/^ID\s+NAME\s+ENABLED\s+UPDATED\s+URL$/);
    for (const hook of world().webhooks) expect(run.stdout).toContain(hook.id);
    // One answer holds them all: the catalogue documents no page for webhooks (an app has at most 25).
    expect(run.stderr).toMatch(new RegExp(`^${world().webhooks.length} shown$`, "m"));
    const lines = ndjson((await runCcx(["webhooks", "--ndjson"], env)).stdout);
    expect(lines.map((w) => w.id)).toEqual(world().webhooks.map((w) => w.id));
  });

  it("ccx webhook <id>: every field, read from the exports' double-wrapped answer, the password masked unless --reveal", async () => {
    const hook = world().webhooks.find((w) => w.password)!;
    const run = await runCcx(["webhook", hook.id], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe(`id              ${hook.id}`);
    expect(run.stdout).toMatch(new RegExp(`^webhookURL\\s+${hook.webhookURL}$`, "m"));
    expect(run.stdout).toMatch(new RegExp(`^password\\s+…${hook.password!.slice(-4)}$`, "m"));
    expect(run.stdout).not.toContain(hook.password!);
    expect(run.stderr).toMatch(/^masked \(--reveal shows them\): password$/m);
    const json = await runCcx(["webhook", hook.id, "--json", "--reveal"], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: hook.id, password: hook.password });
    const missing = await runCcx(["webhook", "wh-nope"], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: ERR_WEBHOOK_NOT_FOUND: /m);
  });

  it("ccx triggers <webhookId>: the events it is posted for, from the documented list", async () => {
    const hook = world().webhooks[0]!;
    const run = await runCcx(["triggers", hook.id], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toMatch(/^TRIGGER\s+DESCRIPTION$/);
    for (const id of hook.triggers) expect(run.stdout).toMatch(new RegExp(`^${id}\\s`, "m"));
  });

  it("without the management key and secret it says what to set, exit 2", async () => {
    const { CCX_MANAGEMENT_KEY: _k, CCX_MANAGEMENT_SECRET: _s, ...appOnly } = env;
    const run = await runCcx(["webhooks"], appOnly);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET/);
  });
});

describe("a call's transcripts (the calls host)", () => {
  it("ccx transcripts <sessionId>: a page, --json as sent, --all streams; an unknown call exits 3", async () => {
    const call = world().calls.find((c) => c.transcriptions.length > 0)!;
    const run = await runCcx(["transcripts", call.sessionId], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toMatch(/^TID\s+MADE\s+STARTED\s+URL$/);
    for (const t of call.transcriptions) expect(run.stdout).toContain(t.tid);
    const json = await runCcx(["transcripts", call.sessionId, "--json"], env);
    expect(JSON.parse(json.stdout)).toEqual((await fx.calls(`/calls/${call.sessionId}/transcriptions`, { perPage: 100, page: 1 })).body.data);
    const one = await runCcx(["transcripts", call.sessionId, "--per-page", "1", "--all", "--ndjson"], env);
    expect(ndjson(one.stdout).map((t) => t.tid)).toEqual(call.transcriptions.map((t) => t.tid));
    expect((await runCcx(["transcripts", "v1.us.nope.1"], env)).code).toBe(3);
  });
});

describe("a message, its thread and its reactions (the chat host)", () => {
  /** The app's messages as GET /messages walks them, newest first. */
  async function messages(): Promise<Array<Record<string, any>>> {
    return ndjson((await runCcx(["messages", "--all", "--ndjson", "--limit", "1000"], env)).stdout);
  }

  it("ccx message <id>: every field, the telling ones first; an unknown id exits 3", async () => {
    const [m] = await messages();
    const run = await runCcx(["message", m!.id], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(0, 2)).toEqual([`id              ${m!.id}`, `sender          ${m!.sender}`]);
    expect(JSON.parse((await runCcx(["message", m!.id, "--json"], env)).stdout)).toEqual(m);
    const missing = await runCcx(["message", "99999999"], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: ERR_MESSAGE_ID_NOT_FOUND: /m);
  });

  it("ccx thread <id>: the replies, walked by the answer's cursor though the inputs are pages", async () => {
    const all = await messages();
    const parent = all.find((m) => (m.replyCount ?? 0) >= 2)!;
    const replies = all.filter((m) => m.parentId === parent.id).map((m) => m.id).sort((a, b) => Number(a) - Number(b));
    const run = await runCcx(["thread", parent.id, "--per-page", "1", "--all", "--ndjson"], env);
    expect(run.code).toBe(0);
    expect(ndjson(run.stdout).map((m) => m.id)).toEqual(replies);
    const table = await runCcx(["thread", parent.id], env);
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+SENT\s+SENDER\s+TYPE\s+MESSAGE$/);
  });

  it("ccx reactions <id>: each reaction of the counts the message shows; --reaction narrows to one", async () => {
    const m = (await messages()).find((x) => (x.reactions?.length ?? 0) >= 2)!;
    const counted = (m.reactions as Array<{ reaction: string; count: number }>).reduce((n, r) => n + r.count, 0);
    const all = ndjson((await runCcx(["reactions", m.id, "--all", "--ndjson"], env)).stdout);
    expect(all).toHaveLength(counted);
    const first = m.reactions[0] as { reaction: string; count: number };
    const one = ndjson((await runCcx(["reactions", m.id, "--reaction", first.reaction, "--all", "--ndjson"], env)).stdout);
    expect(one).toHaveLength(first.count);
    expect(one.every((r) => r.reaction === first.reaction && r.messageId === m.id)).toBe(true);
  });
});

