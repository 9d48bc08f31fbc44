import { appCreate, appDelete, appSettingSet, appSettingsReset, appUsage, collaboratorAdd, collaboratorRemove, tenantCreate } from "./app-admin.js";
import { apiKeyCreate, apiKeyDelete, apiKeyUpdate } from "./api-keys.js";
import { block, memberAdd, memberBan, memberKick, memberScope, memberUnban, unblock, userCreate, userDeactivate, userDelete, userReactivate, userUpdate } from "./people.js";
import { conversationDelivered, conversationRead, conversationUnread } from "./conversations.js";
import { friendAdd, friendRemove } from "./friends.js";
import { groupCreate, groupDelete, groupUpdate } from "./groups.js";
import { messageDelete, messageEdit, messageSend, reactAdd, reactRemove } from "./messages.js";
import { moderationApprove, moderationReject } from "./moderation.js";
import { contactDelete, contactSet, notificationsMute, notificationsTimezone, notificationsUnmute, preferenceReset, preferenceSet, settingsReset, settingsSet } from "./notifications.js";
import { PERMISSION_VERBS } from "./permissions.js";
import { PROVIDER_VERBS } from "./providers.js";
import { featuresAllow, featuresRestrict, roleCreate, roleDelete, roleUpdate } from "./roles.js";
import { pushTokenDelete, pushTokenRegister, pushTokenUnregister } from "./push-tokens.js";
import { tokenCreate, tokensRevoke } from "./tokens.js";
import { type WriteVerb, verbWords } from "./verb.js";
import { triggersAdd, triggersRemove, webhookCreate, webhookDelete, webhookDisable, webhookEnable, webhookUpdate } from "./webhooks.js";

/** Every write ccx makes from a definition, in the order help lists them. */
export const VERBS: readonly WriteVerb[] = [
  userCreate, userUpdate, userDeactivate, userReactivate, userDelete,
  memberAdd, memberKick, memberScope, memberBan, memberUnban,
  block, unblock,
  groupCreate, groupUpdate, groupDelete, friendAdd, friendRemove, tokenCreate, tokensRevoke,
  messageSend, messageEdit, messageDelete, reactAdd, reactRemove, conversationRead, conversationUnread, conversationDelivered,
  webhookCreate, webhookUpdate, webhookEnable, webhookDisable, webhookDelete, triggersAdd, triggersRemove,
  moderationApprove, moderationReject,
  settingsSet, settingsReset, preferenceSet, preferenceReset, notificationsMute, notificationsUnmute, notificationsTimezone, contactSet, contactDelete,
  pushTokenRegister, pushTokenUnregister, pushTokenDelete,
  ...PROVIDER_VERBS,
  roleCreate, roleUpdate, roleDelete, featuresRestrict, featuresAllow, ...PERMISSION_VERBS,
  apiKeyCreate, apiKeyUpdate, apiKeyDelete,
  appCreate, appDelete, appUsage, collaboratorAdd, collaboratorRemove, appSettingSet, appSettingsReset, tenantCreate,
];

/** The write a journal entry names: `user deactivate`. */
export const verbNamed = (words: string): WriteVerb | undefined => VERBS.find((v) => verbWords(v).join(" ") === words);
