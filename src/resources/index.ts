import { apikeys } from "./apikeys.js";
import { collaborators, extensions, pushCertificates, settings } from "./app-settings.js";
import { banned } from "./banned.js";
import { blocked } from "./blocked.js";
import { calls } from "./calls.js";
import { conversationById, conversations, groupConversation, userConversation } from "./conversations.js";
import { friends } from "./friends.js";
import { groups } from "./groups.js";
import { members } from "./members.js";
import { blockedMessages, flagReasons, flaggedMessages, moderationKeywords, moderationRules, reviewedMessages, ruleRevisions } from "./moderation.js";
import { contactDetails, notificationLogs, notificationSettings, preferences, providers, pushTokens } from "./notifications.js";
import { permissions, scopePermissions } from "./permissions.js";
import { restrictedFeatures } from "./restricted-features.js";
import { roles } from "./roles.js";
import { groupMessages, message, reactions, thread, userMessages } from "./messages.js";
import type { AnyResource, Resource } from "./resource.js";
import { tokens } from "./tokens.js";
import { transcripts } from "./transcripts.js";
import { triggers } from "./triggers.js";
import { users } from "./users.js";
import { webhooks } from "./webhooks.js";

/**
 * Every resource defined by a Resource (resource.ts), by name, in the order
 * `ccx resources` and help list them: their commands, completion and explorer
 * lists are made from this table.
 */
export const RESOURCES = {
  groups, members, banned, "scope-permissions": scopePermissions, users, tokens, friends, blocked, conversations,
  "user-conversation": userConversation, "group-conversation": groupConversation, "conversation-by-id": conversationById, messages: message, "group-messages": groupMessages, "user-messages": userMessages, thread, reactions, calls, transcripts,
  roles, "restricted-features": restrictedFeatures, permissions, apikeys, webhooks, triggers, extensions, "push-certificates": pushCertificates, settings, collaborators,
  "notification-logs": notificationLogs, "push-tokens": pushTokens, preferences, "notification-settings": notificationSettings, providers, "contact-details": contactDetails,
  rules: moderationRules, revisions: ruleRevisions, keywords: moderationKeywords, "blocked-messages": blockedMessages, "flagged-messages": flaggedMessages,
  "reviewed-messages": reviewedMessages, reasons: flagReasons,
} satisfies Record<string, Resource<any>>;

/**
 * The commands several definitions share, and what each holds, for help: a group of lists and items
 * (`ccx notifications logs`: their `command.group`), or one item chosen by a flag (`ccx conversation
 * --user`: their `itemFlag.command`).
 */
export const COMMAND_GROUPS: Readonly<Record<string, string>> = {
  conversation: "one conversation as the user given with --as sees it: with a user (--user), in a group (--group) or by its id (--id); its unread count and last message",
  notifications: "the notifications service: its log (who was pushed what, or why not), push tokens, a user's preferences, settings, providers",
  moderation: "moderation: rules, keyword lists, blocked messages, flagged and reviewed messages, reasons",
};

export type ResourceName = keyof typeof RESOURCES;

export const RESOURCE_LIST: readonly AnyResource[] = Object.values(RESOURCES) as unknown as AnyResource[];


/** The lists tab goes through in the explorer, in order; the first is where every app opens. */
export const HOME_LISTS: readonly string[] = ["groups", "calls", "users", "conversations"];

/** The resource a name, singular or alias names. */
export function resourceNamed(word: string): AnyResource | undefined {
  return RESOURCE_LIST.find((r) => r.name === word || r.singular === word || r.aliases?.includes(word));
}
