import { EXTENSION_SETTINGS } from "./extensions.js";
import { MODERATION_KINDS } from "./moderation-lists.js";
import { PROVIDER_KINDS } from "./providers.js";
import type { VerbInput } from "./verb.js";

/**
 * An input for each verb, enough to reach each request it makes (both
 * conversations, both review lists, with and without triggers): the writes a
 * resource lists beside its reads (`ccx resources`) are these inputs'
 * requests, and a test holds every request against the endpoint catalogue.
 * A verb without inputs here fails that test: a new verb is listed too.
 */
const examples = (): Readonly<Record<string, readonly VerbInput[]>> => ({
  "user create": [{ args: { uid: "u1" }, flags: { name: "Una", tags: "a,b", metadata: '{"team":"qa"}' } }],
  "user update": [{ args: { uid: "u1" }, flags: { name: "Una", role: "admin" } }],
  "user deactivate": [{ args: { uid: ["u1", "u2"] }, flags: {} }],
  "user reactivate": [{ args: { uid: ["u1"] }, flags: {} }],
  "user delete": [{ args: { uid: ["u1"] }, flags: { permanent: true } }],
  "member add": [{ args: { guid: "g1", uid: ["u1"] }, flags: { scope: "moderator" } }],
  "member kick": [{ args: { guid: "g1", uid: ["u1"] }, flags: {} }],
  "member scope": [{ args: { guid: "g1", uid: "u1", scope: "admin" }, flags: {} }],
  "member ban": [{ args: { guid: "g1", uid: ["u1"] }, flags: {} }],
  "member unban": [{ args: { guid: "g1", uid: ["u1"] }, flags: {} }],
  block: [{ args: { uid: "u1", target: ["u2"] }, flags: {} }],
  unblock: [{ args: { uid: "u1", target: ["u2"] }, flags: {} }],
  "group create": [{ args: { guid: "g1" }, flags: { name: "G", type: "public" } }],
  "group update": [{ args: { guid: "g1" }, flags: { name: "G", description: "d", tags: "t" } }],
  "group delete": [{ args: { guid: "g1" }, flags: {} }],
  "friend add": [{ args: { uid: "u1", friend: ["u2"] }, flags: {} }],
  "friend remove": [{ args: { uid: "u1", friend: ["u2"] }, flags: {} }],
  token: [{ args: { uid: "u1" }, flags: {} }, { args: { uid: "u1" }, flags: { force: true } }],
  send: [{ args: {}, flags: { as: "u1", to: "u2", text: "hi" } }, { args: {}, flags: { as: "u1", group: "g1", text: "hi" } }],
  reply: [{ args: { id: "7" }, flags: { as: "u1", group: "g1", text: "hi" } }],
  "bot send": [{ args: { uid: "bot1" }, flags: { to: "u2", text: "hi" } }],
  "tokens update": [{ args: { uid: "u1", token: "t1" }, flags: { platform: "web", userAgent: "ccx", appInfo: '{"version":"1"}' } }],
  "tokens revoke": [{ args: { uid: "u1", token: ["t1"] }, flags: {} }, { args: { uid: "u1" }, flags: { all: true } }],
  "message edit": [{ args: { id: "7" }, flags: { text: "new", as: "u1" } }],
  "message delete": [{ args: { id: ["7"] }, flags: {} }],
  react: [{ args: { id: "7", reaction: "👍" }, flags: { as: "u1" } }],
  unreact: [{ args: { id: "7", reaction: "👍" }, flags: { as: "u1" } }],
  ...Object.fromEntries(["read", "unread", "delivered"].map((what) => [`conversation ${what}`, [
    { args: {}, flags: { as: "u1", user: "u2", message: "7" } },
    { args: {}, flags: { as: "u1", group: "g1" } },
  ]])),
  "conversation update": [{ args: {}, flags: { as: "u1", user: "u2", tags: "a,b" } }, { args: {}, flags: { as: "u1", group: "g1", tags: "" } }],
  "conversation delete": [
    { args: {}, flags: { as: "u1", user: "u2" } }, { args: {}, flags: { as: "u1", group: "g1" } }, { args: {}, flags: { as: "u1", id: "group_g1" } },
  ],
  "webhook create": [
    { args: {}, flags: { name: "Hook", url: "https://hooks.example.com/h", triggers: "group_created,group_deleted", basicAuth: "user:pass" } },
    { args: {}, flags: { name: "Hook", url: "https://hooks.example.com/h" } },
  ],
  "webhook update": [{ args: { webhookId: "h1" }, flags: { name: "Hook", url: "https://hooks.example.com/h" } }],
  "webhook enable": [{ args: { webhookId: "h1" }, flags: {} }],
  "webhook disable": [{ args: { webhookId: "h1" }, flags: {} }],
  "webhook delete": [{ args: { webhookId: "h1" }, flags: {} }],
  "triggers add": [{ args: { webhookId: "h1", trigger: ["group_created"] }, flags: {} }],
  "triggers remove": [{ args: { webhookId: "h1", trigger: ["group_created"] }, flags: {} }],
  ...Object.fromEntries(["approve", "reject"].map((decision) => [`moderation ${decision}`, [
    { args: { messageId: ["7"] }, flags: {} },
    { args: { messageId: ["7"] }, flags: { flagged: true } },
    { args: { messageId: ["7"] }, flags: { management: true } },
  ]])),
  "moderation flag": [{ args: { messageId: "7" }, flags: { as: "u1", reason: "spam", remark: "r" } }],
  ...Object.fromEntries(MODERATION_KINDS.flatMap((kind) => {
    const flags = Object.fromEntries(kind.fields.map((f) => [f.flag, f.kind === "boolean" ? "true" : f.kind === "json" ? '["a"]' : "a"]));
    const id = { [kind.param]: "k1" };
    return [[`moderation ${kind.word}-create`, [{ args: id, flags }]], [`moderation ${kind.word}-update`, [{ args: id, flags }]], [`moderation ${kind.word}-delete`, [{ args: id, flags: {} }]]];
  })),
  "notifications settings-set": [{ args: { field: "preferences.group.messagesSetting", value: "1" }, flags: {} }],
  "notifications settings-reset": [{ args: {}, flags: {} }],
  "notifications preference-set": [{ args: { uid: "u1", field: "preferences.mute.dndPreferenceSetting", value: "2" }, flags: {} }],
  "notifications preference-reset": [{ args: { uid: ["u1"] }, flags: {} }],
  "notifications mute": [{ args: { uid: "u1" }, flags: { groups: "g1", users: "u2", until: "2030-01-01T00:00:00Z" } }],
  "notifications unmute": [{ args: { uid: "u1" }, flags: { groups: "g1" } }, { args: { uid: "u1" }, flags: { all: true } }],
  "notifications timezone": [{ args: { uid: "u1", timezone: "Asia/Tokyo" }, flags: {} }],
  "notifications contact-set": [{ args: { uid: "u1" }, flags: { email: "u1@example.com", phone: "+15550100" } }],
  "notifications contact-delete": [{ args: { uid: "u1" }, flags: {} }],
  "push-token register": [{ args: {}, flags: { authToken: "u1_abc", platform: "fcm_android", token: "fcm:123", provider: "fcm-default" } }],
  "push-token unregister": [{ args: {}, flags: { authToken: "u1_abc", all: true } }],
  "push-token delete": [{ args: { pushToken: ["fcm:123"] }, flags: {} }],
  "role create": [{ args: { role: "r1" }, flags: { name: "R", description: "d", metadata: '{"a":1}', listUsers: "all", sendMessagesTo: "friendsOnly" } }],
  "role update": [{ args: { role: "r1" }, flags: { name: "R" } }],
  "role delete": [{ args: { role: "r1" }, flags: {} }],
  "role restrict": [{ args: { role: "r1", feature: ["reactions"] }, flags: {} }],
  "role allow": [{ args: { role: "r1", feature: ["reactions"] }, flags: {} }, { args: { role: "r1" }, flags: { all: true } }],
  "permission set": [{ args: { role: "r1", permission: "createGroup", value: "deny" }, flags: {} }],
  "permission unset": [{ args: { role: "r1", permission: "createGroup" }, flags: {} }],
  "scope-permission set": [{ args: { guid: "g1", scope: "moderator", permission: "sendMessage", value: "deny" }, flags: {} }],
  "scope-permission unset": [{ args: { guid: "g1", scope: "moderator", permission: "sendMessage" }, flags: {} }],
  "apikey create": [{ args: {}, flags: { name: "K", scope: "authOnly" } }],
  "apikey update": [{ args: { apiKey: "k1" }, flags: { name: "K", scope: "fullAccess" } }],
  "apikey delete": [{ args: { apiKey: ["k1"] }, flags: {} }],
  "app create": [{ args: {}, flags: { name: "A", appRegion: "eu", skipSampleData: true } }],
  "app delete": [{ args: { appId: "a1" }, flags: {} }],
  "app usage": [{ args: {}, flags: { previousCycle: true } }],
  "collaborator add": [{ args: { email: ["a@example.com"] }, flags: { role: "admin" } }],
  "collaborator remove": [{ args: { email: ["a@example.com"] }, flags: {} }],
  "settings set": [{ args: { setting: "core.conversations.updateOnReplies", value: "false" }, flags: {} }],
  "settings reset": [{ args: {}, flags: {} }],
  "tenant create": [{ args: {}, flags: { name: "T", email: "t@example.com", password: "pw-123456", appName: "A", appRegion: "us" } }],
  // Every provider kind: its create's documented required fields, an update's one, a delete and default by id.
  ...Object.fromEntries(PROVIDER_KINDS.flatMap((kind) => {
    const flags = Object.fromEntries(kind.fields.map((f) => [f.flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), f.kind === "boolean" ? "true" : f.kind === "json" || f.kind === "file" ? '{"a":1}' : "p1"]));
    return [
      [`${kind.noun} create`, [{ args: {}, flags }]],
      [`${kind.noun} update`, [{ args: {}, flags }]],
      [`${kind.noun} delete`, [{ args: { providerId: "p1" }, flags: {} }]],
      ...(kind.byId ? [[`${kind.noun} default`, [{ args: { providerId: "p2" }, flags: {} }]]] : []),
    ];
  })),
  "extension enable": [{ args: { extension: ["profanity-filter"] }, flags: {} }],
  "extension disable": [{ args: { extension: ["profanity-filter"] }, flags: {} }],
  "extension certificate-upload": [{ args: { file: "apns.p12" }, flags: {} }, { args: { file: "AuthKey.p8" }, flags: {} }],
  // Every extension's settings path: one field of its table each, and each method it documents.
  ...(() => {
    const sample = { text: "x", boolean: "true", number: "1", json: '{"a":1}' } as const;
    const inputs = (updating: boolean, keep: (e: (typeof EXTENSION_SETTINGS)[number]) => boolean) => EXTENSION_SETTINGS.filter(keep).map((e) => {
      const [field, kind] = Object.entries(e.fields)[0]!;
      return { args: { extension: e.id, setting: [`${field}=${sample[kind]}`, ...(updating && e.id === "widget" ? ["widgetId=w1"] : [])] }, flags: {} };
    });
    return {
      "extension settings-create": inputs(false, (e) => e.create),
      "extension settings-update": inputs(true, () => true),
      "extension settings-delete": inputs(false, (e) => e.remove).map(({ args }) => ({ args: { extension: args.extension }, flags: {} })),
    };
  })(),
});

/** The webhook verbs, which reach the current webhooks as well (--version 2): each example also so. */
const VERSIONED = new Set(["webhook create", "webhook update", "webhook enable", "webhook disable", "webhook delete", "triggers add", "triggers remove"]);

let built: Readonly<Record<string, readonly VerbInput[]>> | undefined;

/**
 * Each verb's examples, by its words, made on first use (`ccx resources`, `:resources`, the tests): the
 * explorer's screens load this module, and the first frame has no use for 192 verbs' examples (about 1 ms).
 */
export function verbExamples(): Readonly<Record<string, readonly VerbInput[]>> {
  return (built ??= Object.fromEntries(Object.entries(examples()).map(([words, inputs]) =>
    [words, VERSIONED.has(words) ? [...inputs, ...inputs.map((input) => ({ ...input, flags: { ...input.flags, version: "2" } }))] : inputs])));
}
