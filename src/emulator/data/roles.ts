import type { App } from "./model.js";
import { hash32, mix32 } from "./random.js";
import { USER_ROLES } from "./vocabulary.js";

/**
 * Roles and what they may do (docs/service.md, the RBAC exports): the app's
 * roles are those its users hold; each role restricts a few features and
 * sets the 28 documented permissions; a group's scopes (admin, moderator,
 * participant) set them too. Derived from the seed, not stored.
 */

export const ROLE_NAMES = [...new Set(USER_ROLES)];
export const GROUP_SCOPES = ["admin", "moderator", "participant"] as const;

const DESCRIPTIONS: Record<string, string> = {
  default: "Every user without another role",
  moderator: "Keeps the public groups tidy",
  premium: "Paying users: calls and attachments",
  agent: "Support agents answering customers",
};

export function roleJson(app: App, role: string) {
  const roll = mix32(hash32(app.appId), app.seed, hash32(role));
  return {
    role,
    name: role[0]!.toUpperCase() + role.slice(1),
    description: DESCRIPTIONS[role] ?? "",
    metadata: {},
    settings: { listUsers: roll % 2 === 0 ? "all" : "friendsOnly", sendMessagesTo: roll % 3 === 0 ? "friendsOnly" : "all" },
    createdAt: app.createdAt + (roll % 86_400),
  };
}

export const FEATURES = [
  ["Reactions", "reactions", "/messages/{id}/reactions"], ["Polls", "polls", "/extensions/polls"], ["File sharing", "file-sharing", "/messages"],
  ["Voice calls", "voice-calls", "/calls"], ["Video calls", "video-calls", "/calls"], ["Typing indicators", "typing-indicators", "/typing"],
  ["Message translation", "translation", "/extensions/message-translation"], ["Stickers", "stickers", "/extensions/stickers"],
] as const;

/** The features a role may not use: none for the default role's users… unless the seed says so. */
export function restrictedFeatures(app: App, role: string) {
  const roll = mix32(hash32(app.appId), app.seed, hash32(role), 0x72737466);
  return FEATURES.filter((_, i) => mix32(roll, i) % 4 === 0).map(([title, key, path], i) => ({
    title, description: `off for the ${role} role`, key, path, createdAt: app.createdAt + (mix32(roll, i, 1) % 86_400),
  }));
}

/** A permission's kind: allow or deny, a mode, or a list of values (`stringArray`), each with what it may take. */
type Kind = readonly [dataType: "string" | "stringArray", availableValues: readonly string[], defaultValue: string | readonly string[]];
const ALLOW: Kind = ["string", ["allow", "deny"], "allow"];
const MODE: Kind = ["string", ["all", "friends", "roles"], "all"];
const list = (values: readonly string[]): Kind => ["stringArray", values, []];

const MESSAGE_TYPES = ["text", "image", "audio", "video", "file"];
const CATEGORIES = ["message", "custom"];
const GROUP_TYPES = ["public", "private", "password"];

/** The documented 28 a role sets (chat-apis.json, GET /roles/{role}/permissions: its example and total). */
const ROLE_PERMISSIONS: ReadonlyArray<readonly [id: string, title: string, kind: Kind]> = [
  ["listUsers", "Allows/Denies listing users", ALLOW], ["listUsers.mode", "Which users can be listed", MODE],
  ["listUsers.allowedRoles", "Lists the users of the specified roles", list(ROLE_NAMES)],
  ["getUserDetails.mode", "Whose details can be fetched", MODE], ["getUserDetails.allowedRoles", "Fetches the details of users of the specified roles", list(ROLE_NAMES)],
  ["sendMessage", "Allows/Denies sending messages", ALLOW], ["sendMessage.mode", "To whom messages can be sent", MODE],
  ["sendMessage.allowedReceiverTypes", "Allows sending messages to the specified receiver types", list(["user", "group"])],
  ["sendMessage.allowedReceiverRoles", "Allows sending messages to users of the specified roles", list(ROLE_NAMES)],
  ["sendMessage.allowedMessageTypes", "Allows sending messages of the specified types", list(MESSAGE_TYPES)],
  ["sendMessage.allowedMessageCategories", "Allows sending messages of the specified categories", list(CATEGORIES)],
  ["sendMessage.allowedCustomTypes", "Allows sending custom messages of the specified types", list(["location", "poll", "meeting"])],
  ["sendMessage.allowedMimeTypes", "Allows sending files of the specified MIME types", list(["image/png", "image/jpeg", "application/pdf", "audio/mpeg", "video/mp4"])],
  ["editMessage", "Allows/Denies editing messages", ALLOW], ["editMessage.denyForScopes", "Denies editing messages in groups for the specified scopes", list(GROUP_SCOPES)],
  ["deleteMessage", "Allows/Denies deleting messages", ALLOW], ["deleteMessage.denyForScopes", "Denies deleting messages in groups for the specified scopes", list(GROUP_SCOPES)],
  ["initiateCall", "Allows/Denies initiating calls", ALLOW], ["initiateCall.mode", "Whom calls can be made to", MODE],
  ["initiateCall.allowedReceiverRoles", "Allows calling users of the specified roles", list(ROLE_NAMES)],
  ["createGroup", "Allows/Denies creating groups", ALLOW], ["createGroup.allowedGroupTypes", "Allows creating groups of the specified types", list(GROUP_TYPES)],
  ["listGroups", "Allows/Denies listing groups", ALLOW], ["listGroups.allowedGroupTypes", "Lists groups of the specified types", list(GROUP_TYPES)],
  ["joinGroup", "Allows/Denies joining groups", ALLOW], ["joinGroup.allowedGroupTypes", "Allows joining groups of the specified types", list(GROUP_TYPES)],
  ["listMessages.allowedMessageCategories", "Lists messages of the specified categories", list(CATEGORIES)],
  ["listMessages.allowedMessageTypes", "Lists messages of the specified types", list(MESSAGE_TYPES)],
];

/** The documented 11 a group's scope sets (GET /groups/{guid}/scopes/{scope}/permissions). */
const SCOPE_PERMISSIONS: ReadonlyArray<readonly [id: string, title: string, kind: Kind]> = [
  ["sendMessage", "Allows/Denies sending messages", ALLOW], ["sendThreadedMessage", "Allows/Denies replying in threads", ALLOW],
  ["editMessage", "Allows/Denies editing messages", ALLOW], ["addReaction", "Allows/Denies reacting to messages", ALLOW],
  ["listReactions", "Allows/Denies listing reactions", ALLOW], ["listReactions.allowedScopes", "Lists the reactions of members with the specified scopes", list(GROUP_SCOPES)],
  ["listMembers", "Allows/Denies listing members", ALLOW], ["listMembers.allowedScopes", "Allows member to list the members with specified scope", list(GROUP_SCOPES)],
  ["initiateCall", "Allows/Denies initiating calls", ALLOW], ["initiateCall.allowedScopes", "Allows calling members with the specified scopes", list(GROUP_SCOPES)],
  ["initiateCall.allowedType", "Allows members to initiate call with the specified types", list(["audio", "video"])],
];

/**
 * The permissions a role (`type: "role"`) or a group's scope (`type: "scope"`) sets, as documented:
 * `allow`/`deny` switches, modes and lists (`stringArray`), each with its values and default.
 */
export function permissions(app: App, type: "role" | "scope") {
  return (type === "role" ? ROLE_PERMISSIONS : SCOPE_PERMISSIONS).map(([id, title, [dataType, availableValues, defaultValue]], i) => ({
    id,
    type,
    title,
    description: title,
    dataType,
    availableValues: [...availableValues],
    defaultValue: typeof defaultValue === "string" ? defaultValue : [...defaultValue],
    createdAt: app.createdAt,
    updatedAt: app.createdAt + i,
  }));
}
