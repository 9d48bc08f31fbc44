import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runCcx } from "../support/run-ccx.js";
import { lines, mountTui } from "../support/tui.js";

/**
 * The commands and the explorer against answers shaped as the documented
 * examples are (`--variant docs`): nulls, numbers as strings, entity objects
 * for uids, participants still in the call, recordings without rid, metadata
 * as [], GET /users' total 0 beside its rows, the cursor always prepend.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await emulatorFixture({ seed: 7, sizes: { apps: 1, groups: 60, calls: 40, users: 20, messages: 500 }, variants: new Set(["docs"]) });
  env = fx.cliEnv();
});
afterAll(() => fx?.close());

type Json = Record<string, unknown>;
const groupsSent = async () => (await fx.chat("/groups", { perPage: 100 })).body as { data: Json[]; meta: { pagination: Json } };
const callsSent = async () => (await fx.calls("/calls", { perPage: 100 })).body as { data: Json[]; meta: { pagination: Json } };

describe("answers as the documentation shows them", () => {
  it("the emulator sends every documented form somewhere", async () => {
    const groups = await groupsSent();
    // Every paginated example sends total and per_page (GET /users' says total 0 beside its rows).
    expect(groups.meta.pagination).toMatchObject({ total: 60, per_page: 100 });
    expect((await fx.chat("/users", { perPage: 5 })).body.meta.pagination).toMatchObject({ total: 0, count: 5, per_page: 5 });
    expect(groups.data.some((g) => g.description === null)).toBe(true);
    expect(groups.data.some((g) => typeof g.membersCount === "string")).toBe(true);
    const calls = await callsSent();
    expect(calls.data.some((c) => typeof c.initiator === "object")).toBe(true);
    expect(calls.data.some((c) => (c.participants as Json[]).some((p) => p.leftAt === null))).toBe(true);
    expect(calls.data.some((c) => ((c.recordings as Json[] | undefined) ?? []).some((r) => r.rid === undefined))).toBe(true);
  });

  it("ccx groups and ccx calls show every page of them; --json prints what was sent", async () => {
    const table = await runCcx(["groups", "--all"], env);
    expect(table.code).toBe(0);
    expect(table.stderr).toBe("");
    const groups = await runCcx(["groups", "--all", "--ndjson"], env);
    expect(new Set(groups.stdout.trim().split("\n").map((line) => (JSON.parse(line) as { guid: string }).guid)).size).toBe(60);
    const json = await runCcx(["groups", "--per-page", "100", "--json"], env);
    expect(json.code).toBe(0);
    // --json asks what the table asks (withTags): what was sent for that.
    expect(JSON.parse(json.stdout)).toEqual((await fx.chat("/groups", { perPage: 100, withTags: true })).body.data);
    const calls = await runCcx(["calls", "--all", "--ndjson"], env);
    expect(calls.code).toBe(0);
    expect(calls.stdout.trim().split("\n")).toHaveLength(40);
  });

  it("ccx call reads an entity object as its uid and shows a recording that came without rid", async () => {
    const calls = (await callsSent()).data;
    const entity = calls.find((c) => typeof c.initiator === "object")!;
    const run = await runCcx(["call", String(entity.sessionId)], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`initiator ${(entity.initiator as { uid: string }).uid}`);
    const ridless = calls.find((c) => ((c.recordings as Json[] | undefined) ?? []).some((r) => r.rid === undefined))!;
    const shown = await runCcx(["call", String(ridless.sessionId)], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("(no rid)");
  });

  it("the explorer lists them, opens a call whose initiator is an object, and its recording without rid", async () => {
    const calls = (await callsSent()).data;
    const call = calls.find((c) => typeof c.initiator === "object" && ((c.recordings as Json[] | undefined) ?? []).some((r) => r.rid === undefined))
      ?? calls.find((c) => ((c.recordings as Json[] | undefined) ?? []).some((r) => r.rid === undefined))!;
    const tui = await mountTui(fx, { columns: 120, rows: 30 });
    expect(tui.frame()).toMatch(/\d+ · page 1\/\d+/);
    await tui.paste(`:call ${String(call.sessionId)}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Recordings ("), "the call");
    const initiator = typeof call.initiator === "object" ? (call.initiator as { uid: string }).uid : String(call.initiator);
    expect(frame).toContain(`${initiator} →`);
    expect(frame).toContain("(none)");
    // The first recording is the one without rid: Enter shows it whole.
    const participants = (call.participants as Json[]).length;
    for (let i = 0; i < participants; i++) await tui.press("j");
    await tui.press("enter");
    const recording = await tui.waitForFrame((f) => f.includes("rid       (none sent)"), "the recording");
    expect(lines(recording)[1]).toContain("recording #1");
    await tui.unmount();
  });

  it("the explorer's groups journey over them: filter, page by page, a group with its fields and members, the cursor", async () => {
    const tui = await mountTui(fx, { columns: 120, rows: 30, debounceMs: 30 });
    // Page mode: the page and the count of pages say where this is.
    await tui.press("/");
    await tui.type("per:20");
    await tui.press("enter");
    await tui.waitForFrame((f) => /20 of 60 · page 1\/3/.test(f) && !f.includes("⟳"), "page 1 of 3");
    await tui.press("n");
    await tui.waitForFrame((f) => /20 of 60 · page 2\/3/.test(f) && !f.includes("⟳"), "page 2 of 3");
    // A group whose description came as null and count as a string opens with every field.
    const sent = (await groupsSent()).data.find((g) => g.description === null && typeof g.membersCount === "string")
      ?? (await groupsSent()).data.find((g) => g.description === null)!;
    await tui.paste(`:group ${String(sent.guid)}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Members ("), "the group");
    expect(frame).toContain(`guid            ${String(sent.guid)}`);
    expect(frame).not.toContain("✗");
    await tui.press("escape");
    // The cursor walk, its answers all saying prepend: every group once.
    await tui.press("/", "ctrl-u");
    await tui.type("after:2000-01-01 per:25");
    await tui.press("enter");
    await tui.waitForFrame(() => !tui.store.getState().views[tui.store.getState().activeKey]!.lists.groups!.loading, "the first cursor page");
    const list = () => tui.store.getState().views[tui.store.getState().activeKey]!.lists.groups!;
    for (let i = 0; i < 10 && list().hasMore; i++) {
      await tui.press("G");
      await tui.waitForFrame(() => !list().loading, "more groups");
    }
    expect(list().hasMore).toBe(false);
    expect(new Set(list().items.map((g) => g.guid)).size).toBe(60);
    expect(list().items).toHaveLength(60);
    await tui.unmount();
  });

  it("the chat side: users, a user, messages from the newest back, conversations with the unread count as a string, and the explorer's", async () => {
    const uid = fx.emulator.world.apps[0]!.users[0]!.uid;
    const conversationsSent = (await fx.chat("/conversations", { perPage: 100 }, { onBehalfOf: uid })).body as { data: Json[] };
    expect(conversationsSent.data.every((c) => typeof c.unreadMessageCount === "string")).toBe(true);
    for (const args of [["users", "--all"], ["user", uid], ["messages", "--limit", "50"], ["conversations", "--as", uid]]) {
      const run = await runCcx(args, env);
      expect(run.code, `ccx ${args.join(" ")}: ${run.stderr}`).toBe(0);
      expect(run.stdout).not.toContain("[!]");
    }
    // As sent: --reveal, since a last message that is a call holds its channel's secret.
    const unread = await runCcx(["conversations", "--as", uid, "--all", "--ndjson", "--reveal"], env);
    expect(unread.stdout.trim().split("\n").map((l) => JSON.parse(l) as Json)).toEqual(conversationsSent.data);
    const older = (await runCcx(["messages", "--limit", "40", "--all", "--ndjson"], env)).stdout.trim().split("\n");
    expect(older).toHaveLength(500);

    const tui = await mountTui(fx, { columns: 120, rows: 30, debounceMs: 30 });
    await tui.paste(`:as ${uid}\r`);
    await tui.paste(":conversations\r");
    await tui.waitForFrame((f) => f.includes("GET /conversations") && /\d+ · page 1/.test(f) && !f.includes("⟳"), "the conversations");
    await tui.press("enter");
    await tui.waitForFrame((f) => / loaded/.test(f) && lines(f)[1]!.includes("messages of"), "a conversation's messages");
    expect(tui.frame()).not.toContain("✗");
    await tui.unmount();
  });
});
