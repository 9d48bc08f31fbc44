import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeChain } from "../support/cert-chains.js";
import { scratchDir } from "../support/scratch.js";
import { lines, tuiFixture } from "../support/tui.js";

/**
 * :listen: the explorer starts the webhook receiver (through the store), an
 * event the emulator posts for a message sent shows in its list, and Enter
 * opens the message it names.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 2, calls: 1, users: 6, messages: 3 } });

describe(":listen", () => {
  it("shows a message's after_message event as it arrives; Enter opens the message", async () => {
    const dir = scratchDir("ccx-tui-listen-");
    const chain = await makeChain();
    writeFileSync(join(dir, "cert.pem"), chain.chainPem);
    writeFileSync(join(dir, "key.pem"), chain.keyPem);
    const tui = await fixture.mount({ columns: 140, rows: 24 });
    await tui.paste(`:listen 0 ${join(dir, "cert.pem")} ${join(dir, "key.pem")}\r`);
    const listening = await tui.waitForFrame((f) => /listening on https:\/\/127\.0\.0\.1:\d+/.test(f), "the receiver");
    expect(listening).toContain("no event yet");
    const url = /listening on (https:\/\/127\.0\.0\.1:\d+)/.exec(listening)![1]!;

    const { fx } = fixture;
    const management = { key: fx.info.management.key, secret: fx.info.management.secret };
    const hooks = `${fx.info.managementUrl}/apps/${fx.app().appId}/webhooks`;
    expect((await fx.send("POST", hooks, management, { id: "tui-listen", name: "tui listen", webhookURL: `${url}/events` })).status).toBe(200);
    expect((await fx.send("POST", `${hooks}/tui-listen/triggers`, management, { triggerIds: ["after_message"] })).status).toBe(200);
    const [sender, receiver] = fx.emulator.world.apps[0]!.users;
    const sent = await fx.send("POST", `${fx.base("api")}/messages`, { apikey: fx.app().fullAccessKey, onBehalfOf: sender!.uid },
      { receiver: receiver!.uid, receiverType: "user", category: "message", type: "text", data: { text: "heard by the explorer" } });
    const id = String(sent.body.data.id);

    const shown = await tui.waitForFrame((f) => f.includes("after_message"), "the event");
    const row = lines(shown).find((l) => l.includes("after_message"))!;
    expect(row).toMatch(new RegExp(`^\\s*\\d\\d:\\d\\d:\\d\\d\\s+after_message\\s+message ${id}\\b.*\\s200\\s*$`));
    expect(shown).toContain("1 event");

    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("heard by the explorer") && !f.includes("after_message"), "the message the event names");
  });
});
