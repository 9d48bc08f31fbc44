import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatorFixture } from "../support/emulator.js";
import { emulatorFixture } from "../support/emulator.js";
import { type CcxRun, runCcx } from "../support/run-ccx.js";
import { scratchDir } from "../support/scratch.js";
import { sanitize } from "../../src/text/sanitize.js";
import { displayWidth } from "../../src/text/width.js";
import { ACTIVE, PAYLOADS, expectPlain, payload } from "./payloads.js";
import { hugeHostileText } from "../fuzz/hostile-text.js";
import { ACTING_UID, type InjectedChat, injectChat, injectTexts } from "./world.js";

/**
 * Terminal injection, the chat side's one-shot commands: `ccx users`,
 * `ccx user <uid>`, `ccx messages` (the app's, a group's, a 1:1),
 * `ccx conversations --as`, `ccx token` and `ccx send` over a world where
 * every user, group and message carries a payload (world.ts, injectChat).
 * Tables and printouts come out with no live character; --json and --ndjson
 * say the payloads only JSON-escaped, and read back as the server sent them.
 */

let fx: EmulatorFixture;
let injected: InjectedChat;
let env: Record<string, string>;
const COLUMNS = 80;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: PAYLOADS.length + 3, calls: 5, users: PAYLOADS.length + 1, messages: 200 } });
  injected = injectChat(fx.emulator.world.apps[0]!);
  env = {
    CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_CA_FILE: fx.info.caFile, COLUMNS: String(COLUMNS),
    CCX_APP_ID: fx.app(0).appId, CCX_REGION: fx.app(0).region, CCX_API_KEY: fx.app(0).fullAccessKey,
    // Its writes (ccx token, ccx send) journaled here.
    XDG_STATE_HOME: scratchDir("ccx-injection-state-"),
  };
});
afterAll(async () => {
  await fx?.close();
});

/** Runs commands two at a time (two cores). */
async function runAll(runs: Array<[string[], Record<string, string>]>): Promise<CcxRun[]> {
  const results: CcxRun[] = new Array(runs.length);
  let next = 0;
  const worker = async () => {
    while (next < runs.length) {
      const i = next++;
      results[i] = await runCcx(...runs[i]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

/** A printout for people: no live character anywhere, and (unless `whole`) every line within the width. */
function expectTable(run: CcxRun, what: string, columns: number | "whole" = COLUMNS): void {
  expect(run.code, `${what}: ${run.stderr}`).toBe(0);
  expectPlain(run.stdout, `${what} (stdout)`);
  expectPlain(run.stderr, `${what} (stderr)`);
  if (columns === "whole") return;
  for (const line of run.stdout.split("\n")) {
    if (displayWidth(line) > columns) expect.fail(`${what}: a line ${displayWidth(line)} wide: ${JSON.stringify(line.slice(0, 100))}…`);
  }
}

/** ESC and every other C0 control (but the newline). */
const C0 = /[\u0000-\u0009\u000b-\u001f]/;

/** JSON for scripts: no raw control, no other live character (escaped, as jsonForTerminal says them), and it reads back. */
function expectJson(run: CcxRun, what: string): Array<Record<string, any>> {
  expect(run.code, `${what}: ${run.stderr}`).toBe(0);
  expect(C0.exec(run.stdout)?.[0], `${what}: a raw C0 control in the JSON`).toBeUndefined();
  expect(ACTIVE.exec(run.stdout)?.[0], `${what}: a raw live character in the JSON`).toBeUndefined();
  expectPlain(run.stderr, `${what} (stderr)`);
  const text = run.stdout.trim();
  return text.startsWith("[") || text.startsWith("{") && !text.includes("\n{") ? [JSON.parse(text)].flat() : text.split("\n").map((l) => JSON.parse(l));
}

/** The rows of a table: its lines but the header and the note on hidden columns. */
const bodyLines = (run: CcxRun) => run.stdout.split("\n").slice(1).filter((l) => l.trim() !== "" && !l.startsWith("(hidden: "));

const world = () => fx.emulator.world.apps[0]!;
/** `text` as a regular expression that matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The world's user of a uid. */
const userOf = (uid: string) => world().users[world().userIndexByUid.get(uid)!]!;
/** What a planted message says, as the world holds it (posted: category, type, data, tags). */
const planted = (id: string) => world().messages.posted.get(Number(id) - 1)!;
/** A uid or guid that can be given on a command line: no NUL (argv cannot carry one). */
const arguable = (id: string) => !id.includes("\u0000");

describe("users", () => {
  it("ccx users: the table, --json and --ndjson", async () => {
    const query = ["users", "--with-tags", "--per-page", "100"];
    const [table, wide, json, ndjson] = await runAll([[query, env], [query, { ...env, COLUMNS: "200" }], [[...query, "--json"], env], [[...query, "--ndjson"], env]]);
    expectTable(table!, "ccx users");
    expectTable(wide!, "ccx users at 200 columns", 200);
    expect(bodyLines(table!)).toHaveLength(injected.users.length + 1);
    // Each payload shows as its visible trace, in the name, uid, role and tags columns.
    for (const { user } of injected.users) {
      const row = bodyLines(wide!).find((l) => l.split(/\s{2,}/)[1]?.startsWith(sanitize(user.uid).slice(0, 12)));
      expect(row, sanitize(user.uid)).toMatch(new RegExp(`^${escape(sanitize(user.name).slice(0, 12))}.*\\srole-.*\\stag-`));
    }
    expect(wide!.stdout).toMatch(/^csi-sgr ␛\[31mred␛\[0m name\s+u1-␛\[31mred␛\[0m\s+available\s.*role-␛\[31mred/m);
    expect(wide!.stdout).toMatch(/^csi-clear ␛\[2J␛\[H name\s+zqinj-acting\s/m);
    expect(json!.stdout).toContain("\\u001b[2J\\u001b[H");
    for (const [run, what] of [[json!, "--json"], [ndjson!, "--ndjson"]] as const) {
      const users = expectJson(run, `ccx users ${what}`);
      for (const { user } of [...injected.users, { user: injected.acting }]) {
        expect(users.find((u) => u.uid === user.uid), `${what}: ${user.uid.slice(0, 24)}`).toMatchObject({
          name: user.name, avatar: user.avatar, role: user.role, tags: user.tags, metadata: user.metadata,
        });
      }
    }
  });

  it("ccx user <uid>: every field printed whole and harmless, --json as sent; a hostile uid the service does not know, named harmless", async () => {
    const picked = [injected.acting, ...["osc-52-clipboard", "c1-osc", "long", "line-breaks", "bidi-isolate", "carriage-return", "backspace"]
      .map((name) => injected.users.find((u) => u.payload.name === name)!.user)];
    const runs = await runAll([
      ...picked.flatMap((user): Array<[string[], Record<string, string>]> => [[["user", user.uid], env], [["user", user.uid, "--json"], env]]),
      [["user", `nobody-${payload("osc-52-clipboard")}${payload("bidi-override")}`], env],
    ]);
    picked.forEach((user, i) => {
      const [printout, asJson] = [runs[2 * i]!, runs[2 * i + 1]!];
      const what = `ccx user (${user.name.slice(0, 16)})`;
      // Every field on a line of its own, whole: a value is never cut, and never spills onto a line of its own.
      expectTable(printout, what, "whole");
      const lines = printout.stdout.trimEnd().split("\n");
      expect(lines[0]).toBe(`name            ${sanitize(user.name)}`);
      expect(lines).toContain(`uid             ${sanitize(user.uid)}`);
      expect(lines).toContain(`role            ${sanitize(user.role)}`);
      expect(lines).toContain(`tags            ${sanitize(JSON.stringify(user.tags))}`);
      expect(lines).toContain(`metadata        ${sanitize(JSON.stringify(user.metadata))}`);
      expect(lines.every((l) => /^[a-zA-Z]+ +\S/.test(l)), `${what}: a line that is no field`).toBe(true);
      expect(expectJson(asJson, `${what} --json`)[0]).toMatchObject({ uid: user.uid, name: user.name, role: user.role, tags: user.tags, metadata: user.metadata });
    });
    const unknown = runs.at(-1)!;
    expect(unknown.code).toBe(3);
    expect(unknown.stdout).toBe("");
    expectPlain(unknown.stderr, "ccx user (unknown, stderr)");
    expect(unknown.stderr).toMatch(/^error: ERR_UID_NOT_FOUND: /m);
    expect(unknown.stderr).toContain("nobody-␛]52;c;");
  });
});

describe("messages", () => {
  /** What the table shows of a message's text: its payload's first characters, as their visible trace. */
  const traceOf = (id: string) => {
    const { category, type, data } = planted(id);
    const start = category === "action" ? `· ${data.action}` : category === "custom" ? type : typeof data.text === "string" ? data.text : `[${type}`;
    return sanitize(start).slice(0, 12);
  };

  it("ccx messages: the app's, a group's and a 1:1 (its per-user envelope), as tables, --json and --ndjson", async () => {
    const group = injected.groups.find(({ group }) => world().messages.findGroupConversation(group.index) && arguable(group.guid))!.group;
    const other = injected.conversations.find((c) => c.payload.name === "osc-52-clipboard")!.user;
    const scopes: Array<[string, string[], Record<string, string>]> = [
      ["the app's", ["messages", "--limit", "100"], env],
      ["a group's", ["messages", "--group", group.guid, "--limit", "100"], env],
      ["a 1:1", ["messages", "--as", ACTING_UID, "--user", other.uid, "--limit", "100"], env],
    ];
    const wide = { COLUMNS: "200" };
    const runs = await runAll(scopes.flatMap(([, args, e]): Array<[string[], Record<string, string>]> => [
      [args, e], [args, { ...e, ...wide }], [[...args, "--json"], e], [[...args, "--ndjson", "--with-tags"], e],
    ]));
    scopes.forEach(([name, , ], s) => {
      const [narrow, table, json, ndjson] = runs.slice(4 * s, 4 * s + 4) as [CcxRun, CcxRun, CcxRun, CcxRun];
      const what = `ccx messages (${name})`;
      expectTable(narrow, what);
      expectTable(table, `${what} at 200 columns`, 200);
      const messages = expectJson(json, `${what} --json`);
      expect(messages.length, what).toBeGreaterThan(0);
      expect(bodyLines(table)).toHaveLength(messages.length);
      for (const m of messages) {
        const world = planted(m.id);
        expect(m, `${what}: message ${m.id}`).toMatchObject({ category: world.category, type: world.type });
        // A deleted message keeps who and when, not what.
        if (m.deletedAt === undefined) expect(m.data).toMatchObject(world.data);
        else expect(Object.keys(m.data)).toEqual(["entities"]);
        // The sender's and receiver's entities: the users (and group) as they are, names and all.
        const sender = userOf(m.sender);
        expect(m.data.entities.sender.entity, `${what}: the sender of ${m.id}`).toMatchObject({ uid: sender.uid, name: sender.name });
        if (m.deletedAt === undefined) expect(table.stdout, `${what}: the row of ${m.id}`).toContain(traceOf(m.id));
      }
      const tagged = expectJson(ndjson, `${what} --ndjson`);
      expect(tagged.map((m) => m.id)).toEqual(messages.map((m) => m.id));
      for (const m of tagged) expect(m.tags).toEqual(planted(m.id).tags);
    });
    expect(runs[1]!.stdout).toContain("␛[");
  });

  it("ccx conversations --as: the table, --json and --ndjson", async () => {
    const query = ["conversations", "--as", ACTING_UID, "--per-page", "100", "--with-tags", "--with-user-and-group-tags"];
    const [table, wide, json, ndjson] = await runAll([[query, env], [query, { ...env, COLUMNS: "200" }], [[...query, "--json"], env], [[...query, "--ndjson"], env]]);
    expectTable(table!, "ccx conversations");
    expectTable(wide!, "ccx conversations at 200 columns", 200);
    expect(wide!.stdout).toContain("csi-sgr ␛[31mred␛[0m name");
    for (const [run, what] of [[json!, "--json"], [ndjson!, "--ndjson"]] as const) {
      const conversations = expectJson(run, `ccx conversations ${what}`);
      expect(bodyLines(wide!)).toHaveLength(conversations.length);
      for (const { user, last } of injected.conversations) {
        const found = conversations.find((c) => c.conversationWith?.uid === user.uid);
        expect(found, `${what}: with ${user.uid.slice(0, 24)}`).toMatchObject({
          conversationType: "user", conversationWith: { name: user.name, role: user.role, tags: user.tags }, lastMessage: { id: String(last + 1), data: planted(String(last + 1)).data },
        });
      }
      // The groups the acting user is in: their names, and their last messages.
      for (const c of conversations.filter((x) => x.conversationType === "group")) {
        const { group } = injected.groups.find((g) => g.group.guid === c.conversationWith.guid)!;
        expect(c.conversationWith).toMatchObject({ name: group.name, description: group.description, tags: group.tags });
      }
    }
    for (const { user } of injected.conversations) expect(wide!.stdout, user.name.slice(0, 20)).toContain(sanitize(user.name).slice(0, 16));
  });
});

describe("ccx api and the commands made from definitions", () => {
  it("ccx api prints the answers' payloads JSON-escaped, one request or --paginate; ccx message <id>, harmless, every field", async () => {
    const [api, paged] = await runAll([
      [["api", "/users?perPage=100"], env],
      [["api", "/users", "--paginate", "-f", "perPage=7"], env],
    ]);
    const body = expectJson(api!, "ccx api /users")[0]!;
    expect(body.data.length).toBeGreaterThan(PAYLOADS.length);
    expect(expectJson(paged!, "ccx api /users --paginate").map((u) => u.uid).sort()).toEqual(body.data.map((u: { uid: string }) => u.uid).sort());
    for (const { last, user, payload: p } of injected.conversations.slice(0, 6)) {
      const id = String(last + 1);
      const [table, json] = await runAll([[["message", id], env], [["message", id, "--json"], env]]);
      expectTable(table!, `ccx message ${id} (${p.name})`, "whole");
      // Its sender, the payload's user, named harmless.
      expect(table!.stdout).toMatch(new RegExp(`^sender +${escape(sanitize(user.uid))}$`, "m"));
      const read = expectJson(json!, `ccx message ${id} --json`)[0]!;
      expect(read.id).toBe(id);
      expect(read.sender).toBe(user.uid);
    }
  });
});

describe("writes", () => {
  it("ccx token <uid>: a token that names a hostile uid is printed harmless; ccx send: a hostile text to a hostile uid, said harmless, read back as sent", async () => {
    const other = injected.conversations.find((c) => c.payload.name === "c1-csi")!.user;
    const text = `hello ${payload("osc-52-clipboard")} ${payload("bidi-override")} ${payload("csi-clear")}`;
    const [token, sent] = await runAll([[["token", other.uid, "--yes"], env], [["send", "--as", ACTING_UID, "--to", other.uid, "--text", text, "--yes"], env]]);
    expectTable(token!, "ccx token", "whole");
    expect(token!.stdout).toMatch(/^u\d+-␛\[2J␛\[31m_[0-9a-f]+\n$/);
    expect(token!.stderr).toContain(`auth token for ${sanitize(other.uid)}`);
    expectTable(sent!, "ccx send", "whole");
    expect(sent!.stdout).toMatch(new RegExp(`^sent message \\d+ as ${ACTING_UID} to user u\\d+-␛\\[2J␛\\[31m at `));
    const id = /^sent message (\d+)/.exec(sent!.stdout)![1];
    const thread = ["messages", "--as", ACTING_UID, "--user", other.uid, "--limit", "5"];
    const [table, json] = await runAll([[thread, { ...env, COLUMNS: "200" }], [[...thread, "--json"], env]]);
    expectTable(table!, "ccx messages after a send", 200);
    expect(table!.stdout).toContain("hello ␛]52;c;");
    const back = expectJson(json!, "ccx messages --json after a send").find((m) => m.id === id);
    expect(back?.data.text).toBe(text);
  });
});

describe("huge texts", () => {
  it("ccx messages: a 1:1 of texts 10,000 characters long (escape sequences, bidi, zero-width, combining marks, emoji, lone surrogates): the table fits and is harmless, --json reads back", async () => {
    const other = injected.conversations.find((c) => c.payload.name === "bel")!.user;
    const texts = Object.values(hugeHostileText(10_000));
    const ids = injectTexts(world(), other, texts);
    const thread = ["messages", "--as", ACTING_UID, "--user", other.uid, "--limit", String(texts.length)];
    const [table, json] = await runAll([[thread, env], [[...thread, "--json"], env]]);
    expectTable(table!, "ccx messages (huge texts)");
    expect(bodyLines(table!)).toHaveLength(texts.length);
    const back = expectJson(json!, "ccx messages --json (huge texts)");
    expect(back.map((m) => m.id)).toEqual(ids);
    expect(back.map((m) => m.data.text)).toEqual(texts);
  });
});
