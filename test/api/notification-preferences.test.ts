import { describe, expect, it } from "vitest";
import { dndOf, messagesOffOf, mutedOf } from "../../src/api/notification-preferences.js";

/**
 * A user's notification preferences as ccx trace reads them: the documented names (the update
 * example's `mute.dndPreferenceSetting`, `group.messagesSetting` with `messagesOverride`), the DELETE
 * answer's (`mutePreferences.dnd`, `groupPreferences.groupMessages`), and the older ones ccx read first.
 */

const documented = (dnd: number, messages: number, override = true) => ({
  data: { preferences: { group: { messagesSetting: messages, messagesOverride: override }, oneOnOne: { messagesSetting: 2, messagesOverride: true }, mute: { dndPreferenceSetting: dnd, dndPreferenceOverride: true } } },
});

describe("notification preferences, read tolerantly", () => {
  it("do not disturb: 2 is on, 1 off; a boolean DND; the DELETE answer's mutePreferences.dnd; nothing said is undefined", () => {
    expect(dndOf(documented(2, 2))).toBe(true);
    expect(dndOf(documented(1, 2))).toBe(false);
    expect(dndOf({ data: { preferences: { mute: { DND: true, schedule: {} } } } })).toBe(true);
    expect(dndOf({ data: { mutePreferences: { dnd: 1 } } })).toBe(false);
    expect(dndOf({ data: { preferences: { group: {} } } })).toBeUndefined();
    expect(dndOf(undefined)).toBeUndefined();
  });

  it("a conversation's messages not notified: setting 1 (or DONT_SUBSCRIBE), for the group's or the 1:1's; an override the app refuses leaves it unsaid", () => {
    expect(messagesOffOf(documented(1, 1), true)).toBe(true);
    expect(messagesOffOf(documented(1, 1), false)).toBe(false);
    expect(messagesOffOf(documented(1, 3), true)).toBe(false);
    expect(messagesOffOf(documented(1, 1, false), true)).toBeUndefined();
    expect(messagesOffOf({ data: { preferences: { group: { messages: "DONT_SUBSCRIBE" } } } }, true)).toBe(true);
    expect(messagesOffOf({ data: { preferences: { oneOnOne: { messages: "SUBSCRIBE_TO_ALL" } } } }, false)).toBe(false);
    expect(messagesOffOf({ data: { groupPreferences: { groupMessages: 1 } } }, true)).toBe(true);
  });

  it("muted conversations: by id and kind (oneOnOne or group); an empty answer mutes nothing; another answer, or none, is undefined", () => {
    const mutes = { data: { mutedConversations: [{ id: "crew", type: "group", until: 1900000000000 }, { id: "niaj", type: "oneOnOne" }] } };
    expect(mutedOf(mutes, { id: "crew", group: true })).toBe(true);
    expect(mutedOf(mutes, { id: "niaj", group: false })).toBe(true);
    expect(mutedOf(mutes, { id: "niaj", group: true })).toBe(false);
    expect(mutedOf({ data: [] }, { id: "crew", group: true })).toBe(false);
    expect(mutedOf({ data: {} }, { id: "crew", group: true })).toBe(false);
    expect(mutedOf({ data: { timezone: "UTC" } }, { id: "crew", group: true })).toBeUndefined();
    expect(mutedOf(undefined, { id: "crew", group: true })).toBeUndefined();
  });
});
