import { appCreate, appDelete, appSettingSet, appSettingsReset, appUsage, collaboratorAdd, collaboratorRemove, tenantCreate } from "./app-admin.js";
import { apiKeyCreate, apiKeyDelete, apiKeyUpdate } from "./api-keys.js";
import { block, memberAdd, memberBan, memberKick, memberScope, memberUnban, unblock, userCreate, userDeactivate, userDelete, userReactivate, userUpdate } from "./people.js";
import { conversationDelete, conversationDelivered, conversationRead, conversationUnread, conversationUpdate } from "./conversations.js";
import { EXTENSION_VERBS } from "./extensions.js";
import { friendAdd, friendRemove } from "./friends.js";
import { groupCreate, groupDelete, groupUpdate } from "./groups.js";
import { botSend, messageDelete, messageEdit, messageReply, messageSend, reactAdd, reactRemove } from "./messages.js";
import { moderationApprove, moderationFlag, moderationReject } from "./moderation.js";
import { MODERATION_LIST_VERBS } from "./moderation-lists.js";
import { contactDelete, contactSet, notificationsMute, notificationsTimezone, notificationsUnmute, preferenceReset, preferenceSet, settingsReset, settingsSet } from "./notifications.js";
import { PERMISSION_VERBS } from "./permissions.js";
import { PROVIDER_VERBS } from "./providers.js";
import { featuresAllow, featuresRestrict, roleCreate, roleDelete, roleUpdate } from "./roles.js";
import { pushTokenDelete, pushTokenRegister, pushTokenUnregister } from "./push-tokens.js";
import { tokenCreate, tokensRevoke, tokenUpdate } from "./tokens.js";
import { type WriteVerb, verbWords } from "./verb.js";
import { triggersAdd, triggersRemove, webhookCreate, webhookDelete, webhookDisable, webhookEnable, webhookUpdate } from "./webhooks.js";

/** Every write ccx makes from a definition, in the order help lists them. */
export const VERBS: readonly WriteVerb[] = [
  userCreate, userUpdate, userDeactivate, userReactivate, userDelete,
  memberAdd, memberKick, memberScope, memberBan, memberUnban,
  block, unblock,
  groupCreate, groupUpdate, groupDelete, friendAdd, friendRemove, tokenCreate, tokensRevoke, tokenUpdate,
  messageSend, messageReply, botSend, messageEdit, messageDelete, reactAdd, reactRemove, conversationRead, conversationUnread, conversationDelivered, conversationUpdate, conversationDelete,
  webhookCreate, webhookUpdate, webhookEnable, webhookDisable, webhookDelete, triggersAdd, triggersRemove,
  moderationApprove, moderationReject, moderationFlag, ...MODERATION_LIST_VERBS,
  settingsSet, settingsReset, preferenceSet, preferenceReset, notificationsMute, notificationsUnmute, notificationsTimezone, contactSet, contactDelete,
  pushTokenRegister, pushTokenUnregister, pushTokenDelete,
  ...PROVIDER_VERBS,
  ...EXTENSION_VERBS,
  roleCreate, roleUpdate, roleDelete, featuresRestrict, featuresAllow, ...PERMISSION_VERBS,
  apiKeyCreate, apiKeyUpdate, apiKeyDelete,
  appCreate, appDelete, appUsage, collaboratorAdd, collaboratorRemove, appSettingSet, appSettingsReset, tenantCreate,
];

/** The write a journal entry names: `user deactivate`. */
export const verbNamed = (words: string): WriteVerb | undefined => VERBS.find((v) => verbWords(v).join(" ") === words);
