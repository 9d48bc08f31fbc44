import type { App } from "./model.js";
import { hash32, mix32 } from "./random.js";
import { USER_ROLES } from "./vocabulary.js";

/**
 * Roles and what they may do (docs/service.md, the RBAC exports): the app's
 * roles are those its users hold; each role restricts a few features and
 * sets each of the 28 permissions; a group's scopes (admin, moderator,
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
    settings: { listUsers: roll % 2 === 0 ? "all" : "friends", sendMessagesTo: roll % 3 === 0 ? "friends" : "all" },
    createdAt: app.createdAt + (roll % 86_400),
  };
}

const FEATURES = [
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

const PERMISSIONS = [
  "sendMessage", "editOwnMessage", "deleteOwnMessage", "editAnyMessage", "deleteAnyMessage", "reactToMessage", "sendAttachment",
  "sendVoiceNote", "startCall", "joinCall", "recordCall", "createGroup", "joinGroup", "leaveGroup", "addMembers", "kickMembers",
  "banMembers", "changeScope", "updateGroup", "deleteGroup", "blockUsers", "listUsers", "viewUserPresence", "sendMessageToUsers",
  "sendMessageToGroups", "mentionAll", "pinMessage", "translateMessage",
] as const;

const words = (id: string) => id.replace(/([A-Z])/g, " $1").toLowerCase();

/** The 28 permissions as a role (`type: "role"`) or a group's scope (`type: "scope"`) sets them. */
export function permissions(app: App, type: "role" | "scope", holder: string) {
  const roll = mix32(hash32(app.appId), app.seed, hash32(`${type}:${holder}`));
  return PERMISSIONS.map((id, i) => ({
    id,
    type,
    title: words(id)[0]!.toUpperCase() + words(id).slice(1),
    description: `whether the ${holder} ${type} may ${words(id)}`,
    dataType: "boolean",
    availableValues: [true, false],
    defaultValue: mix32(roll, i) % 5 !== 0,
    createdAt: app.createdAt,
    updatedAt: app.createdAt + (mix32(roll, i, 1) % 86_400),
  }));
}
