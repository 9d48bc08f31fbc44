import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "../../src/emulator/data/blocks.js";
import { KIND } from "../../src/emulator/data/message-store.js";
import { blockedMessages, flaggedMessages } from "../../src/emulator/data/moderation.js";
import { isMember, membersOf } from "../../src/emulator/data/members.js";
import type { App } from "../../src/emulator/data/model.js";
import { PROVIDER_IDS, preferencesOf, pushTokensOf } from "../../src/emulator/data/notifications.js";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { type Facts, STAGES } from "../../src/api/why.js";
import { verbNamed } from "../../src/writes/index.js";
import { fixOf } from "../../src/writes/why-fixes.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";

/**
 * `ccx why` over HTTPS against the emulator, one stage of the chain each: the
 * stage made true by the writes themselves (a block, a ban, a member kicked, a
 * keyword list and a rule that blocks, a mute, the push tokens deleted), else
 * found in the emulator's seeded world (a seeded message moderation blocked or
 * a moderator hid, DND, a provider the app does not have); the verdict names
 * the stage and its evidence, and after the fix it names is run as a user
 * would type it, a new message between the same users gets through that stage.
 */

let fx: EmulatorFixture;
let app: App;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 20, calls: 3, users: 60, messages: 3000 } });
  app = fx.emulator.world.apps[0]!;
  env = { ...fx.cliEnv({ management: true, state: scratchDir("ccx-why-") }), COLUMNS: "220" };
});
afterAll(() => fx?.close());

interface Verdict { uid: string; verdict: string; stage: string; evidence: Array<{ endpoint: string; fact: string }>; fix?: string }

const uidAt = (index: number) => app.users[index]!.uid;
const indexOf = (uid: string) => app.userIndexByUid.get(uid)!;

const why = async (id: string, ...uids: string[]): Promise<Verdict[]> => {
  const run = await runCcx(["why", id, ...uids, "--json"], env);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Verdict[];
};
const whyOf = async (id: string, uid: string) => (await why(id, uid)).find((v) => v.uid === uid)!;
/** Pushed to the recipient: delivered, or sent and refused by the provider (the emulator's log refuses one push in fifty). */
const pushed = (v: Verdict) => ["read", "delivered"].includes(v.stage) || v.verdict.endsWith("did not take the notification (success false)");

/** Runs a write as typed (its words after `ccx`), without asking. */
const run = async (command: string) => {
  const words = command.split(" ");
  expect(words[0]).toBe("ccx");
  const done = await runCcx([...words.slice(1), "--yes"], env);
  expect(done.code, `${command}: ${done.stderr}`).toBe(0);
};

/** A new text message from `sender` (a uid) to a user or a group: its id. */
async function send(sender: string, to: { user: string } | { group: string }, text = "are you there?"): Promise<string> {
  const sent = await runCcx(["send", "--as", sender, ..."user" in to ? ["--to", to.user] : ["--group", to.group], "--text", text, "--yes", "--json"], env);
  expect(sent.code, sent.stderr).toBe(0);
  return String(Number(app.messages.count));
}

/** A user whose every device the app's providers take, without DND or mutes: a message to them is delivered, unless a block stands. */
function reachable(u: number): boolean {
  const tokens = pushTokensOf(app, u);
  const prefs = preferencesOf(app, u);
  return u < app.seededUsers && tokens.length > 0 && tokens.every((t) => t.providerId === PROVIDER_IDS.fcm || t.providerId === PROVIDER_IDS.apns) && !prefs.dnd && prefs.muted.length === 0;
}
const blocks = (a: number, b: number) => blockedBy(app, a).some((x) => x.userIndex === b) || blockedBy(app, b).some((x) => x.userIndex === a);

/** A sender and a receiver they reach, neither in a pair before (each test changes its own). */
const used = new Set<number>();
function pair(): [string, string] {
  const a = app.users.findIndex((_, u) => !used.has(u) && u < app.seededUsers);
  const b = app.users.findIndex((_, u) => u !== a && !used.has(u) && reachable(u) && !blocks(a, u));
  used.add(a).add(b);
  return [uidAt(a), uidAt(b)];
}

describe("ccx why", () => {
  it("delivered, then read: the last stage, with the log's line and the read receipt as evidence", async () => {
    const [sender, receiver] = pair();
    const id = await send(sender, { user: receiver });
    const first = await whyOf(id, receiver);
    expect(first).toMatchObject({ stage: "read", verdict: expect.stringMatching(/^delivered at .+ \(push (fcm|apns)\), not read yet$/) });
    expect(first.evidence.map((e) => e.endpoint)).toEqual([`GET /notifications/v1/logs?messageId=${id}`, `GET /users/${sender}/conversation (onBehalfOf ${receiver})`]);
    expect(first.fix).toBeUndefined();
    await run(`ccx conversation read --user ${sender} --as ${receiver}`);
    expect(await whyOf(id, receiver)).toMatchObject({ stage: "delivered", verdict: expect.stringMatching(/^delivered at .+ and read$/) });
  });

  it("blocked: who blocked whom, from the sender's view of the users; the fix unblocks, and the next message gets through", async () => {
    const [sender, receiver] = pair();
    await run(`ccx block ${receiver} ${sender}`);
    const verdict = await whyOf(await send(sender, { user: receiver }), receiver);
    expect(verdict).toMatchObject({
      stage: "blocked", verdict: `${receiver} blocked ${sender}: no message passes between them`,
      evidence: [{ endpoint: `GET /users?perPage=1000 (onBehalfOf ${sender})`, fact: `${receiver} blocked ${sender}` }],
      fix: `ccx unblock ${receiver} ${sender}`,
    });
    await run(verdict.fix!);
    expect((await whyOf(await send(sender, { user: receiver }), receiver)).stage).toBe("read");
  });

  it("banned, then not a member, then joined after it was sent: each fix named from its verb, run, and the next message gets through", async () => {
    const [sender, member] = pair();
    const group = app.groups.find((g) => isMember(app, g, indexOf(sender)) && isMember(app, g, indexOf(member)))
      ?? app.groups.find((g) => isMember(app, g, indexOf(sender)))!;
    if (!isMember(app, group, indexOf(member))) await run(`ccx member add ${group.guid} ${member}`);
    await run(`ccx member ban ${group.guid} ${member}`);
    const banned = await whyOf(await send(sender, { group: group.guid }), member);
    expect(banned).toMatchObject({ stage: "banned", verdict: `${member} is banned from ${group.guid}`, evidence: [{ endpoint: `GET /groups/${group.guid}/bannedusers` }], fix: `ccx member unban ${group.guid} ${member}` });
    await run(banned.fix!);
    const old = await send(sender, { group: group.guid });
    const outside = await whyOf(old, member);
    expect(outside).toMatchObject({ stage: "member", verdict: `${member} is not a member of ${group.guid}`, evidence: [{ endpoint: `GET /groups/${group.guid}/members`, fact: `${member} not among the members` }], fix: `ccx member add ${group.guid} ${member}` });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // joinedAt is in seconds: join in a later one than the message
    await run(outside.fix!);
    expect(await whyOf(old, member)).toMatchObject({ stage: "member", verdict: expect.stringMatching(new RegExp(`^${member} joined ${group.guid} at .+, after the message was sent at `)) });
    expect((await whyOf(await send(sender, { group: group.guid }), member)).stage).toBe("read");
  });

  it("moderation: the rule and what it matched, or the flag a moderator disapproved; the fix approves it, and the message is then past moderation", async () => {
    const blocked = blockedMessages(app).find((b) => app.messages.conversations[app.messages.conversation[b.index]!]!.group < 0)!;
    const id = String(blocked.index + 1);
    const [verdict] = await why(id);
    expect(verdict).toMatchObject({
      stage: "moderation",
      verdict: `moderation blocked the message: rule "${blocked.rule.name}" (${blocked.rule.id}) matched text contains "${blocked.matched}" from ${blocked.rule.keywordList}`,
      evidence: [{ endpoint: "GET /moderation/blocked-messages", fact: `rule ${blocked.rule.id}, status disapproved` }],
      fix: `ccx moderation approve ${id}`,
    });
    await run(verdict!.fix!);
    expect((await why(id))[0]!.stage).not.toBe("moderation");
    // Flagged by a user and disapproved by a moderator: hidden; approved on review, it is not.
    const hidden = flaggedMessages(app, true).find((f) => f.review === "disapproved" && !blockedMessages(app).some((b) => b.index === f.index))!;
    const hiddenId = String(hidden.index + 1);
    const [flagged] = await why(hiddenId);
    expect(flagged).toMatchObject({
      stage: "moderation", verdict: `a moderator disapproved the message after ${uidAt(hidden.reporter)} (${hidden.reason}) flagged it: it is hidden`,
      evidence: [{ endpoint: "GET /moderation/reviewed-messages" }], fix: `ccx moderation approve ${hiddenId} --flagged`,
    });
    await run(flagged!.fix!);
    expect((await why(hiddenId))[0]!.stage).not.toBe("moderation");
  });

  it("moderation, made by the writes: a keyword list and a rule over it hold a message with the word; the fix approves it, which delivers it, and a message without the word gets through", async () => {
    const [sender, receiver] = pair();
    await run("ccx moderation keyword-create why-fruit --name Fruit --terms pineapple,durian");
    const condition = { entity: "message", operand: "text", operator: "contains", category: "word", isKeywordsReferencePresent: true, isMediaPresent: false, value: ["why-fruit"] };
    await run(`ccx moderation rule-create why-no-fruit --name No-fruit --action blockMessage --conditions ${JSON.stringify([condition])}`);
    const id = await send(sender, { user: receiver }, "have a Durian, it is ripe");
    const verdict = await whyOf(id, receiver);
    expect(verdict).toMatchObject({
      stage: "moderation",
      verdict: 'moderation blocked the message: rule "No-fruit" (why-no-fruit) matched text contains "durian" from why-fruit',
      evidence: [{ endpoint: "GET /moderation/blocked-messages", fact: "rule why-no-fruit, status disapproved" }],
      fix: `ccx moderation approve ${id}`,
    });
    // Held back: nothing was pushed; approved, it is delivered.
    const logs = await runCcx(["notifications", "logs", "--message-id", id, "--json"], env);
    expect(logs.code, logs.stderr).toBe(0);
    expect(JSON.parse(logs.stdout)).toEqual([]);
    await run(verdict.fix!);
    expect(await whyOf(id, receiver)).toSatisfy(pushed);
    expect(await whyOf(await send(sender, { user: receiver }, "no fruit today"), receiver)).toSatisfy(pushed);
  });

  it("muted, made by the writes: a one-on-one and a group mute, each named with its kind; the fix unmutes it, and the next message is pushed", async () => {
    const [sender, receiver] = pair();
    await run(`ccx notifications mute ${receiver} --users ${sender}`);
    const oneOnOne = await send(sender, { user: receiver });
    const verdict = await whyOf(oneOnOne, receiver);
    expect(verdict).toMatchObject({
      stage: "muted", verdict: `${receiver} muted the conversation with ${sender}: nothing was pushed`,
      evidence: [{ endpoint: `GET /notifications/v1/logs?messageId=${oneOnOne}`, fact: "held: MUTE_PREFERENCE" }],
      fix: `ccx notifications unmute ${receiver} --users ${sender}`,
    });
    await run(verdict.fix!);
    expect(await whyOf(await send(sender, { user: receiver }), receiver)).toSatisfy(pushed);

    const group = app.groups.find((g) => isMember(app, g, indexOf(sender)) && isMember(app, g, indexOf(receiver)))
      ?? app.groups.find((g) => isMember(app, g, indexOf(sender)))!;
    if (!isMember(app, group, indexOf(receiver))) await run(`ccx member add ${group.guid} ${receiver}`);
    await run(`ccx notifications mute ${receiver} --groups ${group.guid}`);
    const inGroup = await whyOf(await send(sender, { group: group.guid }), receiver);
    expect(inGroup).toMatchObject({ stage: "muted", verdict: `${receiver} muted group ${group.guid}: nothing was pushed`, fix: `ccx notifications unmute ${receiver} --groups ${group.guid}` });
    await run(inGroup.fix!);
    expect(await whyOf(await send(sender, { group: group.guid }), receiver)).toSatisfy(pushed);
  });

  it("no push token, made by the write: the recipient's tokens deleted, why says so; a token registered brings the next message through", async () => {
    const [sender, receiver] = pair();
    await run(`ccx push-token delete ${pushTokensOf(app, indexOf(receiver)).map((t) => t.pushToken).join(" ")}`);
    const none = await whyOf(await send(sender, { user: receiver }), receiver);
    expect(none).toMatchObject({
      stage: "push-tokens", verdict: `${receiver} has no push token registered: no device to push to`,
      evidence: [{ endpoint: "GET /notifications/push/v1/tokens", fact: "no push token" }],
    });
    // Nothing ccx can send undoes it: a device registers its own token.
    expect(none.fix).toBeUndefined();
    await run(`ccx push-token register --auth-token ${tokensOf(app, indexOf(receiver))[0]!.authToken} --platform fcm_android --token fcm:why0123456789abcdef`);
    const registered = await whyOf(await send(sender, { user: receiver }), receiver);
    expect(registered).toSatisfy(pushed);
    expect(registered.verdict).toMatch(/\bfcm\b/);
  });

  it("DND, a provider the app does not have: found in the seeded world, each with its evidence", async () => {
    const store = app.messages;
    /** The newest seeded text message to a user (1:1) whose state `fits`, from a sender neither blocks. */
    const toUser = (fits: (u: number) => boolean): [string, string] => {
      const blocked = new Set(blockedMessages(app).map((b) => b.index));
      for (let i = store.count - 1; i >= 0; i--) {
        const c = store.conversations[store.conversation[i]!]!;
        if (store.kind[i] !== KIND.text || c.group >= 0 || blocked.has(i) || store.deletedAt[i]! > 0) continue;
        const to = c.userA === store.sender[i] ? c.userB : c.userA;
        const s = store.sender[i]!;
        if (fits(to) && !blocks(s, to)) return [String(i + 1), uidAt(to)];
      }
      throw new Error("no such message in the world");
    };
    const [dndMessage, dnd] = toUser((u) => preferencesOf(app, u).dnd && pushTokensOf(app, u).length > 0);
    expect(await whyOf(dndMessage, dnd)).toMatchObject({ stage: "dnd", verdict: `${dnd} is on do not disturb: nothing was pushed`, evidence: [{ fact: "held: DND_PREFERENCE" }] });

    const [staleMessage, stale] = toUser((u) => {
      const tokens = pushTokensOf(app, u);
      return tokens.length > 0 && tokens.every((t) => t.providerId.endsWith("-legacy")) && !preferencesOf(app, u).dnd;
    });
    expect(await whyOf(staleMessage, stale)).toMatchObject({ stage: "provider", verdict: expect.stringMatching(/^the notification was held back: INVALID_PUSH_PROVIDER_ID \((fcm|apns)\)$/) });
  });

  it("every stage's fix that a verb names is a real command: it parses, and --dry-run prints its request and sends nothing", async () => {
    const [a, b] = [uidAt(0), uidAt(1)];
    const guid = app.groups[0]!.guid;
    const facts: Record<string, Facts> = {
      moderation: { messageId: "1" }, banned: { guid, uid: a }, member: { guid, uid: a }, blocked: { uid: a, target: b },
      muted: { uid: a, groups: guid }, preference: { uid: a }, "push-tokens": { uid: a, pushToken: "fcm:0123456789abcdef" },
    };
    const named = STAGES.flatMap((stage) => (facts[stage] ? [fixOf({ stage, facts: facts[stage] })] : [])).filter((f) => f !== undefined);
    expect(named.map((f) => f.command)).toEqual([
      "ccx moderation approve 1", `ccx member add ${guid} ${a}`, `ccx member unban ${guid} ${a}`, `ccx unblock ${a} ${b}`,
      `ccx notifications unmute ${a} --groups ${guid}`, `ccx notifications preference-reset ${a}`, "ccx push-token delete fcm:0123456789abcdef",
    ]);
    for (const fix of [...named, fixOf({ stage: "moderation", facts: { messageId: "1", flagged: "true" } })!]) {
      const dry = await runCcx([...fix.command.split(" ").slice(1), "--dry-run"], env);
      expect(dry.code, `${fix.command}: ${dry.stderr}`).toBe(0);
      expect(dry.stdout, fix.command).toMatch(/^curl -X (POST|PUT|PATCH|DELETE) /);
    }
  });

  it("for people: a sentence each, its evidence in brackets, and the fix to type; each fix a real command (--dry-run parses and sends nothing)", async () => {
    const [sender, receiver] = pair();
    await run(`ccx block ${sender} ${receiver}`);
    const id = await send(sender, { user: receiver });
    const text = await runCcx(["why", id], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe([
      `${receiver}: ${sender} blocked ${receiver}: no message passes between them`,
      `  [GET /users?perPage=1000 (onBehalfOf ${sender}): ${sender} blocked ${receiver}]`,
      `  fix: ccx unblock ${sender} ${receiver}`,
      "",
    ].join("\n"));
    expect(text.stderr).toMatch(/^\d+ requests, at most 8 at a time$/m);
    const fix = /^ {2}fix: (.+)$/m.exec(text.stdout)![1]!.split(" ");
    const dry = await runCcx([...fix.slice(1), "--dry-run"], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^curl -X DELETE /);
  });
});
