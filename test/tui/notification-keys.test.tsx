import { describe, expect, it } from "vitest";
import { notificationChangesOf } from "../../src/emulator/data/notification-changes.js";
import { preferencesOf, providersOf } from "../../src/emulator/data/notifications.js";
import { type Tui, footer, tuiFixture } from "../support/tui.js";

/**
 * The notification writes' keys in the explorer: s on an FCM provider that
 * is not the default makes it so; on a user's preferences, - unmutes every
 * conversation they muted and D resets them to the defaults. Each shows the
 * request and asks first; y sends it.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 10, calls: 2, users: 40, messages: 200 } });
let tui: Tui;

const app = () => fixture.fx.emulator.world.apps[0]!;

async function command(text: string) {
  await tui.paste(`:${text}\r`);
}

describe("notification keys", () => {
  it("s on an FCM provider that is not the default: asked, y makes it the default", async () => {
    const seeded = (providersOf(app()).fcm as { pushProviders: Array<Record<string, unknown>> }).pushProviders;
    notificationChangesOf(app()).providers.set("fcm", { pushProviders: [...seeded, { providerId: "fcm-two", isDefault: false }] });
    tui = await fixture.mount({ columns: 150, rows: 40 });
    await command("providers");
    await tui.waitForFrame((f) => f.includes("fcm-two"), "the providers");
    await tui.press("j");
    await tui.waitForFrame((f) => footer(f).includes("s default"), "the footer offering s");
    await tui.press("s");
    const asked = await tui.waitForFrame((f) => f.includes("fcm-provider default push: fcm fcm-two?"), "the confirm box");
    // (The URL wraps in the box: its path's end on the next line.)
    expect(asked).toMatch(/PUT https:\/\/\S+\/notifications\/push\/v1\/providers\/fcm\/default(\/fcm-two|\s+│\s*│ \/fcm-two)/);
    await tui.press("y");
    await tui.waitForFrame((f) => /done: fcm-provider default/.test(f), "done");
    expect((providersOf(app()).fcm as { pushProviders: Array<{ providerId: string; isDefault: boolean }> }).pushProviders.find((p) => p.isDefault)?.providerId).toBe("fcm-two");
    await tui.unmount();
  });

  it("on a user's preferences: - unmutes every conversation they muted, D resets them to the defaults", async () => {
    const index = app().users.findIndex((_, i) => preferencesOf(app(), i).muted.length > 0 && preferencesOf(app(), i).dnd === false);
    const uid = app().users[index]!.uid;
    preferencesOf(app(), index).dnd = true;
    tui = await fixture.mount({ columns: 150, rows: 40 });
    await command(`preferences ${uid}`);
    await tui.waitForFrame((f) => f.includes("mutedConversations") && footer(f).includes("- unmute all"), "the preferences, - offered");
    await tui.press("-");
    await tui.waitForFrame((f) => f.includes(`notifications unmute ${uid}: all?`), "the unmute asked");
    await tui.press("y");
    await tui.waitForFrame((f) => /done: notifications unmute/.test(f), "done");
    expect(preferencesOf(app(), index).muted).toEqual([]);
    await tui.press("D");
    const asked = await tui.waitForFrame((f) => f.includes(`notifications preference-reset ${uid}?`), "the reset asked");
    expect(asked).toMatch(new RegExp(`DELETE https://\\S+/notifications/v1/preferences\\?uid=${uid}`));
    await tui.press("y");
    await tui.waitForFrame((f) => /done: notifications preference-reset/.test(f), "done");
    expect(preferencesOf(app(), index).dnd).toBe(false);
    await tui.unmount();
  });
});
