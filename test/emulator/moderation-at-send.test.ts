import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "../../src/emulator/data/blocks.js";
import type { App } from "../../src/emulator/data/model.js";
import { blockedMessages } from "../../src/emulator/data/moderation.js";
import { pushTokensOf } from "../../src/emulator/data/notifications.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * The app's moderation rules applied to a message as it is sent, over HTTPS:
 * a rule made through the API holds back what it matches, whichever way the
 * message is sent (POST /messages, a thread reply, a bot's message); the held
 * message is in the blocked list with its rule and what matched, and has no
 * line in the notification log until a moderator approves it.
 */

let fx: EmulatorFixture;
let app: App;
let sender: string;
let receiver: string;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 3, calls: 1, users: 12, messages: 300 } });
  app = fx.emulator.world.apps[0]!;
  // A receiver with a device (so a delivered message has log lines), neither of the two blocking the other.
  const r = app.users.findIndex((_, u) => u > 0 && u < app.seededUsers && pushTokensOf(app, u).length > 0 && !blockedBy(app, u).some((b) => b.userIndex === 0) && !blockedBy(app, 0).some((b) => b.userIndex === u));
  [sender, receiver] = [app.users[0]!.uid, app.users[r]!.uid];
});
afterAll(() => fx?.close());

const moderation = () => ({ key: fx.info.management.key, secret: fx.info.management.secret, appId: app.appId });
const make = async (list: "rules" | "keywords", body: unknown) => expect((await fx.send("POST", `${fx.base("api")}/moderation/${list}`, moderation(), body)).status).toBe(200);
const keywordRule = (id: string, listId: string, extra: Record<string, unknown> = {}) => ({
  id, name: id, conditions: [{ entity: "message", operand: "text", operator: "contains", category: "word", isKeywordsReferencePresent: true, isMediaPresent: false, value: [listId] }],
  action: ["blockMessage"], ...extra,
});

/** A text message sent as `as` (POST /messages, or a reply in `parent`'s thread): its id. */
async function sent(text: string, as = sender, to = receiver, parent?: string): Promise<string> {
  const reply = await fx.send("POST", `${fx.base("api")}/messages${parent ? `/${parent}/thread` : ""}`, { apikey: fx.app().fullAccessKey, onBehalfOf: as }, { receiver: to, receiverType: "user", type: "text", data: { text } });
  expect(reply.status, reply.text).toBe(200);
  return String(reply.body.data.id);
}
const blockedRecord = async (id: string) =>
  (await fx.send("GET", `${fx.base("api")}/moderation/blocked-messages`, moderation())).body.data.find((b: { message: { id: string } }) => String(b.message.id) === id);
const logLines = async (id: string) => (await fx.chat("/notifications/v1/logs", { messageId: id })).body.data as unknown[];

describe("moderation applied as a message is sent", () => {
  it("a keyword rule made through the API holds what it matches, sent any way; listed with the rule and the word, no push until approved", async () => {
    await make("keywords", { id: "fruit", name: "Fruit", searchTerms: ["durian", "star fruit"] });
    await make("rules", keywordRule("no-fruit", "fruit", { name: "No fruit" }));
    const held = await sent("have a DURIAN, it is ripe");
    expect(await blockedRecord(held)).toMatchObject({
      ruleId: "no-fruit", ruleName: "No fruit", revisionId: `${app.appId}_no-fruit_1`, action: ["blockMessage"],
      condition: { value: ["fruit"], message: ['text contains "durian" from fruit'], weight: 1 },
      message: { id: held, sender, data: { text: "have a DURIAN, it is ripe", moderation: { status: "disapproved" } } },
    });
    expect(await logLines(held)).toEqual([]);
    // A word matches whole: inside another word it does not.
    const kept = await sent("two durians");
    expect(await blockedRecord(kept)).toBeUndefined();
    expect((await logLines(kept)).length).toBeGreaterThan(0);

    const reply = await sent("a star fruit too", receiver, sender, kept);
    expect(await blockedRecord(reply)).toMatchObject({ ruleId: "no-fruit", condition: { message: ['text contains "star fruit" from fruit'] } });
    const bot = await fx.send("POST", `${fx.base("api")}/bots/${sender}/messages`, { apikey: fx.app().fullAccessKey }, { receiver, receiverType: "user", type: "text", data: { text: "durian!" } });
    expect(await blockedRecord(String(bot.body.data.id))).toMatchObject({ ruleId: "no-fruit" });

    // Approved: delivered, its lines in the log; rejected: still held.
    const review = (id: string, status: string) => fx.send("PATCH", `${fx.base("api")}/moderation/blocked-messages/${id}`, { apikey: fx.app().fullAccessKey }, { status });
    expect((await review(held, "approved")).status).toBe(200);
    expect((await blockedRecord(held)).message.data.moderation.status).toBe("approved");
    expect((await logLines(held)).length).toBeGreaterThan(0);
    expect((await review(reply, "rejected")).status).toBe(200);
    expect(await logLines(reply)).toEqual([]);
  });

  it("a disabled rule and a dropMessage rule hold nothing; a rule's own pattern and a seeded rule do; the seeded verdicts are as they were", async () => {
    const seeded = blockedMessages(app).length;
    const before = (await fx.send("GET", `${fx.base("api")}/moderation/blocked-messages`, moderation())).body.data.length;
    await make("keywords", { id: "kiwi", name: "Kiwi", searchTerms: ["kiwi"] });
    await make("rules", keywordRule("kiwi-off", "kiwi", { enabled: false }));
    await make("rules", keywordRule("kiwi-drop", "kiwi", { action: ["dropMessage"] }));
    expect(await blockedRecord(await sent("a kiwi"))).toBeUndefined();

    await make("rules", { id: "orders", name: "Order numbers", conditions: [{ operand: "text", category: "pattern", value: ["\\bORD-\\d{4}\\b"] }], action: ["blockMessage"] });
    expect(await blockedRecord(await sent("see ORD-1234 please"))).toMatchObject({ ruleId: "orders", condition: { message: ['text matches "ORD-1234"'] } });
    expect(await blockedRecord(await sent("see ord-1234 please"))).toBeUndefined();
    expect(await blockedRecord(await sent("call me tomorrow"))).toMatchObject({
      ruleId: "rule-contact", ruleName: "Block contact sharing", condition: { message: ['text contains "call me" from contact-sharing'] },
    });
    const list = (await fx.send("GET", `${fx.base("api")}/moderation/blocked-messages`, moderation())).body.data as unknown[];
    expect([blockedMessages(app).length, list.length]).toEqual([seeded, before + 2]);
  });
});
