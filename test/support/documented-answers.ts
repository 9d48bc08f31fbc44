/**
 * A sample answer to every documented read, made from the shape the catalogue
 * gives it (/work/shared/api-catalogue.md's notation: `data[]{apiKey,name}`),
 * the extensions' settings from the exports' schemas (management-apis.json:
 * `giphyGetSchema`'s `settings{giphyApiKey,appId}`…). Independent of the
 * masking rule: the secrets are the fields listed in DOCUMENTED_SECRETS, each
 * given a value no other field has, so a test can look for each whole in what
 * ccx printed; every other field is given `<name>-sample`.
 */

/** The fields the documented answers hold secrets in; everything under a credentials object is one too. */
export const DOCUMENTED_SECRETS = new Set([
  "apiKey", "accessKey", "authToken", "pushToken", "secret", "password", "twilioAuthToken", "twilioAccountSID", "twilioAccountSid", "sendGridApiKey",
  "basicAuthPassword", "webhookPassword", "giphyApiKey", "tenorApiKey", "stipopApiKey", "tinyUrlAPIToken", "intercomAccessToken", "bitlyAccessToken",
  "iframelyApiKey", "scaniiApiKey", "scaniiSecretKey", "apiVideoKey", "virgilAppKey", "revaiAPIKey", "chatwootAccessToken", "fcmServerKey", "private_key",
]);
/** Objects whose every leaf is a secret. */
const CREDENTIALS = new Set(["fcmCredentials", "apnsCredentials"]);

/** Names documented beside the secrets that are none: a test checks they are still printed. */
export const DOCUMENTED_NOT_SECRETS = ["keyId", "virgilAppKeyID", "virgilAppID", "bundleId", "teamId", "webhookUsername", "basicAuthUsername", "sendGridTemplateId", "chatwootAccountId", "key"];

const wrapped = (settings: string) => `data{statusCode,success,responseTime,body{data{settings{${settings},appId}}}}`;
const users = "uid,name,avatar,status,role,createdAt";
const message = "id,conversationId,sender,receiverType,receiver,category,type,data{text,entities{on{entity{wsChannel{secret,identity}}}}},sentAt,updatedAt";
const conversation = "conversationId,conversationType,unreadMessageCount,lastMessage{id,text},conversationWith{uid,name}";
const rule = "id,name,description,enabled,conditions[],action[],active,createdAt,updatedAt,revisionId";
const permission = "id,type,title,description,dataType,availableValues[],defaultValue,createdAt,updatedAt";
const call = "sessionId,type,mode,status,startedAt,endedAt,participants[]{uid,name}";

/** Each documented read's example answer, in the catalogue's notation. */
export const DOCUMENTED_SHAPES: Readonly<Record<string, string>> = {
  "/apikeys": "data[]{apiKey,name,scope,createdAt},meta{pagination{total,count}}",
  "/apikeys/{apiKey}": "data{apiKey,name,scope,createdAt}",
  "/users": `data[]{${users}},meta{pagination{total}},cursor{updatedAt,affix}`,
  "/users/{uid}": `data{${users},link}`,
  "/groups": "data[]{guid,name,type,scope,hasJoined,owner,tags[]},meta{pagination{total},cursor{affix}}",
  "/groups/{guid}": "data{guid,name,type,scope,hasJoined,owner,tags[]}",
  "/messages": `data[]{${message}},meta{current{limit,count},next{affix,sentAt,id}}`,
  "/messages/{id}": `data{${message}}`,
  "/messages/{id}/reactions": "data[]{id,messageId,reaction,uid,reactedAt,reactedBy{uid,name}},meta{current{limit,count},next{affix,id}}",
  "/messages/{id}/reactions/{reaction}": "data[]{id,messageId,reaction,uid,reactedAt,reactedBy{uid,name}},meta{current{limit,count},next{affix,id}}",
  "/messages/{id}/thread": `data[]{${message},parentId},meta{current{limit,count},next{affix,sentAt,id}}`,
  "/users/{uid}/messages": `data[]{${message}},meta{pagination{total},cursor{id,affix}}`,
  "/groups/{guid}/messages": `data[]{${message}},meta{current{limit,count},next{affix,sentAt,id}}`,
  "/conversations": `data[]{${conversation}},meta{pagination{total}}`,
  "/conversations/{conversationId}": `data[]{${conversation}}`,
  "/users/{uid}/conversation": `data[]{${conversation}}`,
  "/groups/{guid}/conversation": `data[]{${conversation}}`,
  "/users/{uid}/auth_tokens": "data[]{uid,authToken,createdAt,platform,userAgent,appInfo},meta{pagination{total}}",
  "/users/{uid}/auth_tokens/{authToken}": "data{uid,authToken,createdAt}",
  "/groups/{guid}/members": `data[]{${users},scope,joinedAt},meta{pagination{total}},cursor{affix}`,
  "/groups/{guid}/bannedusers": `data[]{${users}},meta{pagination{total}}`,
  "/users/{uid}/friends": `data[]{${users}},meta{pagination{total},cursor{updatedAt,affix}}`,
  "/users/{uid}/blockedusers": `data[]{${users},blockedByMe,blockedByMeAt,blockedAt},meta{pagination{total},cursor{affix}}`,
  "/roles": "data[]{role,name,description,metadata{note},settings{listUsers[],sendMessagesTo[]},createdAt},meta{pagination{total}}",
  "/roles/{role}": "data{role,name,description,metadata{note},settings{listUsers[],sendMessagesTo[]},createdAt}",
  "/roles/{role}/restrictedfeatures": "data[]{title,description,key,path,createdAt},meta{pagination{total}}",
  "/roles/{role}/permissions": `data[]{${permission}},meta{pagination{total}}`,
  "/groups/{guid}/scopes/{scope}/permissions": `data[]{${permission}},meta{pagination{total}}`,
  "/stats": "data{metrics{audio_minutes,video_minutes,recorded_minutes,active_users,concurrent_users},time_range{fromDate,toDate}}",
  "/stats/messages": "data{startTime,endTime,dataPoints[]{messagesSent,readReceipts,deliveryReceipts,startTime,endTime},appId}",
  "/notifications/v1/settings": "data{preferences{group,call,oneOnOne,mute,email,sms,push},sound{chat},templates{chat}}",
  "/notifications/push/v1/providers/fcm": "data{pushProviders[]{providerId,name,isDefault,fcmCredentials{project_id,client_email,private_key,private_key_id}}}",
  "/notifications/push/v1/providers/apns": "data{pushProviders[]{providerId,name,isDefault}}",
  "/notifications/v1/preferences": "data{preferences{group,oneOnOne,mute},sound{chat},templates{chat}}",
  "/notifications/push/v1/tokens": "data{pushTokens[]{authToken,pushTokenType,createdAt,platform,providerId,pushToken,uid,updatedAt}}",
  "/notifications/v1/preferences/mute": "data{mutedConversations[]}",
  "/notifications/v1/preferences/timezone": "data{timezone}",
  "/notifications/v1/contact-details": "data{email,phno}",
  "/notifications/push/v1/providers/custom": "data{pushProviders[]{providerId,name,isEnabled,useBasicAuth,basicAuthUsername,basicAuthPassword,webhookURL}}",
  "/notifications/sms/v1/providers/twilio": "data{twilioAccountSID,twilioAuthToken,twilioSenderPhoneNumber,isEnabled}",
  "/notifications/sms/v1/providers/custom": "data{isEnabled,useBasicAuth,basicAuthUsername,basicAuthPassword,useStoredPhNo,webhookURL}",
  "/notifications/email/v1/providers/sendgrid": "data{sendGridApiKey,senderEmail,senderName,sendGridTemplateID,isEnabled}",
  "/notifications/email/v1/providers/custom": "data{isEnabled,useBasicAuth,basicAuthUsername,basicAuthPassword,useStoredEmailID,webhookURL}",
  "/notifications/v1/logs": "data[]{_id,messageId,sentAtMS,payload{title},notificationTriggered,reason},meta{previous{messageId},current{count},next{messageId}}",
  "/moderation/reasons": "data[]{id,name,description,createdAt,updatedAt,default},meta{current{limit,count}}",
  "/moderation/reasons/{id}": "data{id,name,description,createdAt,updatedAt,default}",
  "/moderation/flagged-messages": `data[]{${message}},meta{current{limit,count}}`,
  "/moderation/reviewed-messages": `data[]{${message}},meta{current{limit,count}}`,
  "/moderation/rules": `data[]{${rule}},meta{current{limit,count}}`,
  "/moderation/rules/{ruleId}": `data{${rule}}`,
  "/moderation/rules/{ruleId}/revisions": `data[]{${rule}},meta{current{limit,count}}`,
  "/moderation/keywords": "data[]{_id,id,appId,name,category,isCSV,searchTerms[],__v},meta{current{limit,count}}",
  "/moderation/keywords/{keywordId}": "data{id,name,category,isCSV,searchTerms[]}",
  "/moderation/blocked-messages": "data[]{ruleId,ruleName,revisionId,condition,message{id,text},action[],createdAt,updatedAt},meta{current{limit,count}}",
  "/calls": `data[]{${call}},meta{pagination{total,count,total_pages,current_page}}`,
  "/calls/{sessionId}": `data{${call},metaData[],tags[]}`,
  "/calls/{sessionId}/transcriptions": "data[]{roomName,mid,tid,startTime,endTime,transcriptDate,transcriptUrl},meta{pagination{total}}",
  "/apps": "data{id,name,plan,state,owner,region,appOwner{id,name,email},appRegion{id,name},accessKey,apiKeys{<key>{apiKey,name,scope,createdBy}}}",
  "/apps/{appId}/extensions": "data[]{id,name,tagLine,author,email,webhookURL,accessToAppData,adminURL,isActive,hooks{data[]}},meta{pagination{total}}",
  "/apps/{appId}/extensions/widget/v2/settings": "data{statusCode,success,responseTime,body{data[]{configuration{name},widgetId}}}",
  "/apps/{appId}/extensions/gifs-giphy/v1/settings": wrapped("giphyApiKey"),
  "/apps/{appId}/extensions/xss-filter/v1/settings": wrapped("dropMessage"),
  "/apps/{appId}/extensions/image-moderation/v1/settings": wrapped("dropMessage"),
  "/apps/{appId}/extensions/report-user/v1/settings": wrapped("maxReports,useWebhook,webhookURL,basicAuthUsername,basicAuthPassword"),
  "/apps/{appId}/extensions/report-message/v1/settings": wrapped("maxReports,useWebhook,webhookURL,basicAuthUsername,basicAuthPassword"),
  "/apps/{appId}/extensions/voice-transcription/v1/settings": wrapped("revaiAPIKey"),
  "/apps/{appId}/extensions/stickers-stipop/v1/settings": wrapped("stipopApiKey,stipopAppId"),
  "/apps/{appId}/extensions/sentiment-analysis/v1/settings": wrapped("dropMessage"),
  "/apps/{appId}/extensions/url-shortener-tinyurl/v1/settings": wrapped("tinyUrlAPIToken,tinyUrlDomain"),
  "/apps/{appId}/extensions/intercom/v1/settings": wrapped("customerSupportUid,intercomAccessToken,webhookURL"),
  "/apps/{appId}/extensions/url-shortener-bitly/v1/settings": wrapped("bitlyAccessToken"),
  "/apps/{appId}/extensions/rich-media/v1/settings": wrapped("iframelyApiKey"),
  "/apps/{appId}/extensions/virus-malware-scanner/v1/settings": wrapped("scaniiApiKey,scaniiSecretKey"),
  "/apps/{appId}/extensions/broadcast/v1/settings": wrapped("apiVideoKey,recordVideo"),
  "/apps/{appId}/extensions/gifs-tenor/v1/settings": wrapped("tenorApiKey"),
  "/apps/{appId}/extensions/human-moderation/v1/settings": wrapped("allUserMessages,allGroupMessages,senders[],receiverGroups[],receiverUsers[],allMessages"),
  "/apps/{appId}/extensions/e2ee/v1/settings": wrapped("virgilAppID,virgilAppKeyID,virgilAppKey"),
  "/apps/{appId}/extensions/email-replies/v1/settings": wrapped("senderEmailForReplies,sendEmailReplies"),
  "/apps/{appId}/extensions/sms-notification/v1/settings": wrapped("fromMobileNo,messageDelay,twilioAccountSid,twilioAuthToken,websiteURL"),
  // Its example (components.examples) has no wrapper: `{"settings": …}`.
  "/apps/{appId}/extensions/push-notification/v1/settings": "settings{version,pushProvider,fcmServerKey,fcmCredentials{project_id,client_email,private_key,private_key_id},useP8,keyId,teamId,bundleId,appId}",
  "/apps/{appId}/extensions/chatwoot/v1/settings": wrapped("customerSupportUid,chatwootAccountId,chatwootInboxId,chatwootAccessToken,webhookURL"),
  "/apps/{appId}/extensions/message-shortcuts/v1/settings": wrapped("shortcuts{hbd}"),
  "/apps/{appId}/extensions/email-notification/v1/settings":
    wrapped("sendGridApiKey,messageDelay,senderEmail,senderName,sendGridTemplateId,sendGridUnsubscribeGroupId,useWebhook,webhookURL,useWebhookBasicAuth,webhookUsername,webhookPassword"),
  "/apps/{appId}/extensions/profanity-filter/v1/settings": wrapped("badwords[],dropMessage"),
  "/apps/{appId}/extensions/stickers/v1/settings": wrapped("dropMessage,customStickersData[]{stickerName,stickerUrl}"),
  "/apps/{appId}/extensions/data-masking/v1/settings": wrapped("dropMessage,customregexData[]{name,regex,id},defaultRegexData[]{enableFlag,id,name,regex}"),
  "/apps/{appId}/extensions/push-notification/v1/query-certificates": "data{statusCode,success,responseTime,body{success}}",
  "/apps/{appId}/collaborators": "data[]{id,name,email,role,createdAt}",
  "/apps/{appId}/settings": "data{core_messages_editEnabled}",
  "/apps/{appId}/webhooks": "data[]{id,name,webhookURL,createdAt,updatedAt},meta{pagination{per_page}}",
  "/apps/{appId}/webhooks/{webhookId}": "data[]{data{id,name,webhookURL,useBasicAuth,username,password,enabled}}",
  "/apps/{appId}/webhooks/{webhookId}/triggers": "data[]{id,description},meta{pagination{total}}",
};

/** The value of a leaf: a secret no other leaf holds, or the field's name. */
function leaf(name: string, secret: boolean, counter: { n: number }): string {
  return secret ? `s3cr3t-${name}-${String(++counter.n).padStart(4, "0")}-docs` : `${name}-sample`;
}

/** The sample answer of a shape in the catalogue's notation; `<key>` names an object keyed by the secret it holds. */
export function sampleOf(shape: string, counter = { n: 0 }): Record<string, unknown> {
  let at = 0;
  const fields = (secret: boolean, until: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    while (at < shape.length && shape[at] !== until) {
      const name = /^[^,{}[\]]+/.exec(shape.slice(at))![0];
      at += name.length;
      const list = shape.startsWith("[]", at);
      if (list) at += 2;
      const isSecret = secret || DOCUMENTED_SECRETS.has(name) || CREDENTIALS.has(name);
      let value: unknown;
      if (shape[at] === "{") {
        at++;
        value = fields(isSecret, "}");
        at++;
      } else value = leaf(name, isSecret, counter);
      if (name === "<key>") {
        const key = leaf("keyedApiKey", true, counter);
        out[key] = { ...(value as object), apiKey: key };
      } else out[name] = list ? [value] : value;
      if (shape[at] === ",") at++;
    }
    return out;
  };
  return fields(false, "");
}

/** Every secret a sample answer holds, whole. */
export function documentedSecrets(answer: unknown): string[] {
  const text = JSON.stringify(answer);
  return [...text.matchAll(/s3cr3t-[A-Za-z_]+-\d{4}-docs/g)].map((m) => m[0]);
}
