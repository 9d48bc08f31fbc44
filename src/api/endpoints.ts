/**
 * Every operation the service documents (its OpenAPI exports: chat, calls and
 * management), as data: where it lives, how it is authenticated, what a GET
 * takes and how its list pages. `ccx api` infers a path's host and headers
 * from it, `--paginate` follows its paging style, and completion offers its
 * paths and query parameters. docs/service.md says where the exports
 * contradict themselves; every form they give is read.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The host an operation is sent to: the app's chat or calls API, or the management API. */
export type Host = "chat" | "calls" | "management";
export const HOSTS: readonly Host[] = ["chat", "calls", "management"];

/**
 * The credentials it takes: the app's API key (`apikey`); the management key
 * and secret (`management`); or those and an `appId` header on the app's chat
 * host (`moderation`: rules, keywords, blocked messages); or the management key
 * and secret as HTTP Basic's user and password (`basic`: `POST /tenants`).
 */
export type Auth = "apikey" | "management" | "moderation" | "basic";

/**
 * How a list pages (paging-styles.ts): by page number (`meta.pagination`); by
 * message id from the newest back (`meta.current`/`next`, walked by id as the
 * SDK does); by the `meta.next` the answer gives (reactions, threads); by
 * `logId` + `affix` (notification logs); or not at all.
 */
export type PagingStyle = "pages" | "message-id" | "next" | "log-id" | "none";

export interface Endpoint {
  /** The path under the host's base, with `{name}` for each path parameter. */
  path: string;
  methods: readonly Method[];
  host: Host;
  auth: Auth;
  /** The group the exports file it under. */
  group: string;
  /** The acting user (onBehalfOf): taken, or needed; `writes`: needed by its writes only. */
  onBehalfOf?: "optional" | "required" | "writes";
  /** A GET's documented query parameters. */
  query?: readonly string[];
  /** How a GET pages; lists that take `updatedAt` + `affix` page by cursor as well, given those. */
  paging?: PagingStyle;
  /**
   * Fields of its answers that hold secrets though their names do not say so (secret-names.ts reads the
   * names that do): masked in every output unless --reveal.
   */
  secretFields?: readonly string[];
}

const MESSAGE_QUERY = [
  "searchKey", "hideMessagesFromBlockedUsers", "hasAttachments", "attachmentTypes", "hasMentions", "hasLinks", "mentionedUids",
  "hasReactions", "receiverType", "affix", "id", "category", "type", "sender", "mentionsWithBlockedInfo", "mentionsWithTagInfo",
  "hideDeleted", "onlyDeleted", "hideReplies", "count", "unread", "sentAt", "limit", "conversationId", "withTags", "tags",
  "categories", "types", "fromTimestamp", "toTimestamp",
] as const;

const chat = (group: string, path: string, methods: readonly Method[], rest: Partial<Endpoint> = {}): Endpoint => ({ path, methods, host: "chat", auth: "apikey", group, ...rest });
const calls = (path: string, rest: Partial<Endpoint> = {}): Endpoint => ({ path, methods: ["GET"], host: "calls", auth: "apikey", group: "Calls", onBehalfOf: "optional", ...rest });
const management = (group: string, path: string, methods: readonly Method[], rest: Partial<Endpoint> = {}): Endpoint => ({ path, methods, host: "management", auth: "management", group, ...rest });
const moderation = (path: string, methods: readonly Method[], rest: Partial<Endpoint> = {}): Endpoint => ({ path, methods, host: "chat", auth: "moderation", group: "Moderation", ...rest });
const PAGES = ["perPage", "page"] as const;

/**
 * Twilio's account SID is the user name of Twilio's API credentials (the auth token its password): a `…Sid`
 * is an id by its name (a call's SID is none), so the catalogue marks this one.
 */
const TWILIO_SECRETS = ["twilioAccountSID"];

/** Push, SMS and email providers: the same four methods each. */
const PROVIDERS = ["push/v1/providers/custom", "sms/v1/providers/twilio", "sms/v1/providers/custom", "email/v1/providers/sendgrid", "email/v1/providers/custom"].map((p) =>
  chat("Notifications", `/notifications/${p}`, ["GET", "POST", "PUT", "DELETE"], p.includes("twilio") ? { secretFields: TWILIO_SECRETS } : {}));

/** FCM and APNs: a list of providers, one deleted or made the default by id. */
const STORE_PROVIDERS = (["fcm", "apns"] as const).flatMap((kind) => [
  chat("Notifications", `/notifications/push/v1/providers/${kind}`, ["GET", "POST", "PUT"]),
  chat("Notifications", `/notifications/push/v1/providers/${kind}/{providerId}`, ["DELETE"]),
  chat("Notifications", `/notifications/push/v1/providers/${kind}/default/{providerId}`, ["PUT"]),
]);

/** The extensions with settings of their own, and the methods each takes. */
const EXTENSION_SETTINGS: ReadonlyArray<readonly [string, readonly Method[]]> = [
  ["widget/v2", ["GET", "POST", "PUT"]],
  ...["gifs-giphy", "xss-filter", "image-moderation", "report-user", "report-message", "voice-transcription", "stickers-stipop",
    "sentiment-analysis", "url-shortener-tinyurl", "intercom", "url-shortener-bitly", "rich-media", "virus-malware-scanner", "broadcast",
    "gifs-tenor", "human-moderation", "e2ee", "email-replies", "sms-notification", "push-notification", "chatwoot", "message-shortcuts",
    "email-notification", "profanity-filter"].map((name) => [`${name}/v1`, ["GET", "POST", "PUT", "DELETE"]] as const),
  ["stickers/v1", ["GET", "PUT", "DELETE"]],
  ["data-masking/v1", ["GET", "PUT", "DELETE"]],
];

export const ENDPOINTS: readonly Endpoint[] = [
  // The exports document no paging parameter for the API keys (an app has a few): one answer holds them all.
  chat("API Keys", "/apikeys", ["GET", "POST"], { query: ["scope", "searchKey"], paging: "none" }),
  chat("API Keys", "/apikeys/{apiKey}", ["GET", "PUT", "DELETE"]),

  chat("Users", "/users", ["GET", "POST", "PUT", "DELETE"], {
    onBehalfOf: "optional",
    query: ["searchKey", "searchIn", "status", "count", "perPage", "page", "role", "roles", "withTags", "tags", "onlyDeactivated", "withDeactivated", "updatedAt", "affix"],
    paging: "pages",
  }),
  chat("Users", "/users/{uid}", ["GET", "PUT", "DELETE"], { onBehalfOf: "optional" }),

  chat("Groups", "/groups", ["GET", "POST"], {
    onBehalfOf: "optional",
    query: ["searchKey", "searchIn", "sortBy", "sortOrder", "perPage", "affix", "updatedAt", "withTags", "tags", "type", "types", "page", "hasJoined"],
    paging: "pages",
  }),
  chat("Groups", "/groups/{guid}", ["GET", "PUT", "DELETE"], { onBehalfOf: "optional" }),

  chat("Messages", "/messages", ["GET", "POST"], { onBehalfOf: "writes", query: MESSAGE_QUERY, paging: "message-id" }),
  chat("Messages", "/messages/{id}", ["GET", "PUT", "DELETE"], { onBehalfOf: "optional" }),
  chat("Messages", "/messages/{id}/reactions", ["GET"], { onBehalfOf: "optional", query: ["limit", "affix", "id"], paging: "next" }),
  chat("Messages", "/messages/{id}/reactions/{reaction}", ["GET", "POST", "DELETE"], { onBehalfOf: "writes", query: ["limit", "affix", "id"], paging: "next" }),
  chat("Messages", "/messages/{id}/thread", ["GET", "POST"], { onBehalfOf: "writes", query: [...PAGES, "limit", "affix", "id", "sentAt"], paging: "next" }),
  chat("Messages", "/users/{uid}/messages", ["GET"], { onBehalfOf: "optional", query: [...MESSAGE_QUERY, "undelivered", "myMentionsOnly", "perPage"], paging: "message-id" }),
  chat("Messages", "/groups/{guid}/messages", ["GET"], { onBehalfOf: "optional", query: [...MESSAGE_QUERY, "undelivered", "myMentionsOnly"], paging: "message-id" }),
  chat("Messages", "/bots/{uid}/messages", ["POST"]),

  chat("Conversations", "/conversations", ["GET"], {
    onBehalfOf: "optional",
    query: ["searchKey", "conversationType", "withTags", "tags", "withUserAndGroupTags", "userTags", "groupTags", "unread", ...PAGES],
    paging: "pages",
  }),
  chat("Conversations", "/conversations/{conversationId}", ["GET", "DELETE"], { onBehalfOf: "required" }),
  ...(["users/{uid}", "groups/{guid}"] as const).flatMap((of) => [
    chat("Conversations", `/${of}/conversation`, ["GET", "PUT", "DELETE"], { onBehalfOf: "required" }),
    chat("Conversations", `/${of}/conversation/delivered`, ["POST"], { onBehalfOf: "required" }),
    chat("Conversations", `/${of}/conversation/read`, ["POST", "DELETE"], { onBehalfOf: "required" }),
  ]),

  chat("Auth Tokens", "/users/{uid}/auth_tokens", ["GET", "POST", "DELETE"], { query: PAGES, paging: "pages" }),
  chat("Auth Tokens", "/users/{uid}/auth_tokens/{authToken}", ["GET", "PUT", "DELETE"]),

  chat("Group Members", "/groups/{guid}/members", ["GET", "POST"], { onBehalfOf: "writes", query: ["perPage", "status", "page", "scopes"], paging: "pages" }),
  chat("Group Members", "/groups/{guid}/members/{uid}", ["PUT", "DELETE"], { onBehalfOf: "optional" }),
  chat("Banned Users", "/groups/{guid}/bannedusers", ["GET"], { query: PAGES, paging: "pages" }),
  chat("Banned Users", "/groups/{guid}/bannedusers/{uid}", ["POST", "DELETE"], { onBehalfOf: "optional" }),
  chat("Friends", "/users/{uid}/friends", ["GET", "POST", "DELETE"], { query: ["searchKey", ...PAGES], paging: "pages" }),
  chat("Blocked Users", "/users/{uid}/blockedusers", ["GET", "POST", "DELETE"], { query: PAGES, paging: "pages" }),

  chat("Roles", "/roles", ["GET", "POST"], { query: PAGES, paging: "pages" }),
  chat("Roles", "/roles/{role}", ["GET", "PUT", "DELETE"]),
  chat("Restrict Features", "/roles/{role}/restrictedfeatures", ["GET", "POST", "DELETE"], { paging: "none" }),
  chat("RBAC", "/roles/{role}/permissions", ["GET", "PUT"], { paging: "none" }),
  chat("RBAC", "/roles/{role}/permissions/{permission}", ["DELETE"]),
  chat("RBAC", "/groups/{guid}/scopes/{scope}/permissions", ["GET", "PUT"], { paging: "none" }),
  chat("RBAC", "/groups/{guid}/scopes/{scope}/permissions/{permission}", ["DELETE"]),

  chat("Metrics", "/stats", ["GET"], { query: ["fromDate", "toDate"] }),
  chat("Metrics", "/stats/messages", ["GET"]),

  chat("Notifications", "/notifications/v1/settings", ["GET", "PATCH", "DELETE"]),
  ...STORE_PROVIDERS,
  chat("Notifications", "/notifications/v1/preferences", ["GET", "PATCH", "DELETE"], { query: ["uid"] }),
  chat("Notifications", "/notifications/push/v1/tokens", ["GET", "POST", "DELETE"], { query: ["authToken", "all"] }),
  chat("Notifications", "/notifications/push/v1/tokens/{pushToken}", ["DELETE"]),
  chat("Notifications", "/notifications/v1/preferences/mute", ["GET", "PUT", "DELETE"], { query: ["uid"] }),
  chat("Notifications", "/notifications/v1/preferences/timezone", ["GET", "PATCH"], { query: ["uid"] }),
  chat("Notifications", "/notifications/v1/contact-details", ["GET", "PATCH", "DELETE"], { onBehalfOf: "required" }),
  ...PROVIDERS,
  chat("Notifications", "/notifications/v1/logs", ["GET"], {
    query: ["messageId", "reactionId", "from", "to", "messageCategory", "messageType", "trigger", "sender", "reactionSender", "receiver",
      "receiverType", "reactionReceiver", "member", "channel", "provider", "notificationTriggered", "reason", "success", "affix", "logId"],
    paging: "log-id",
  }),

  chat("Moderation", "/moderation/reasons", ["GET", "POST"], { paging: "none" }),
  chat("Moderation", "/moderation/reasons/{id}", ["GET", "PUT", "DELETE"]),
  chat("Moderation", "/messages/{id}/flagged", ["POST"], { onBehalfOf: "required" }),
  chat("Moderation", "/moderation/flagged-messages", ["GET"], { paging: "none" }),
  chat("Moderation", "/moderation/flagged-messages/{id}", ["PATCH"]),
  chat("Moderation", "/moderation/reviewed-messages", ["GET"], { paging: "none" }),
  moderation("/moderation/rules", ["GET", "POST"], { query: ["limit"], paging: "none" }),
  moderation("/moderation/rules/{ruleId}", ["GET", "PUT", "DELETE"]),
  moderation("/moderation/rules/{ruleId}/revisions", ["GET"], { paging: "none" }),
  moderation("/moderation/keywords", ["GET", "POST"], { paging: "none" }),
  moderation("/moderation/keywords/{keywordId}", ["GET", "PUT", "DELETE"]),
  moderation("/moderation/blocked-messages", ["GET"], { paging: "none" }),
  // The exports give PATCH /moderation/blocked-messages/{id} twice: with the API key, and as {messageId}
  // with the management headers. The API key's is the one ccx infers; `ccx api --auth management` sends the other.
  chat("Moderation", "/moderation/blocked-messages/{id}", ["PATCH"]),
  moderation("/moderation/blocked-messages/{messageId}", ["PATCH"]),

  calls("/calls", {
    query: ["type", "mode", "participantsCount", "startedAt", "status", "receiverType", "endedAt", "hasRecording", "hasTranscription", "uid", ...PAGES],
    paging: "pages",
  }),
  calls("/calls/{sessionId}"),
  calls("/calls/{sessionId}/transcriptions", { query: PAGES, paging: "pages" }),

  management("App", "/apps", ["GET", "POST"], { query: ["searchKey", ...PAGES], paging: "pages" }),
  management("App", "/apps/{appId}", ["DELETE"]),
  management("App", "/apps/{appId}/usage", ["POST"]),
  management("Extensions", "/apps/{appId}/extensions", ["GET", "POST"], { query: PAGES, paging: "pages" }),
  ...EXTENSION_SETTINGS.map(([name, methods]) =>
    management("Extensions", `/apps/{appId}/extensions/${name}/settings`, methods, name === "sms-notification/v1" ? { secretFields: TWILIO_SECRETS } : {})),
  management("Extensions", "/apps/{appId}/extensions/push-notification/v1/upload-certificate-p12", ["POST"]),
  management("Extensions", "/apps/{appId}/extensions/push-notification/v1/upload-certificate-p8", ["POST"]),
  management("Extensions", "/apps/{appId}/extensions/push-notification/v1/query-certificates", ["GET"]),
  management("Team Management", "/apps/{appId}/collaborators", ["GET", "POST"], { paging: "none" }),
  management("Settings", "/apps/{appId}/settings", ["GET", "POST", "DELETE"]),
  // `perPage` (up to 1000) and `searchKey`, no `page`: an app has at most 25 webhooks, one page of them.
  management("Webhooks", "/apps/{appId}/webhooks", ["GET", "POST"], { query: ["perPage", "searchKey"], paging: "none" }),
  management("Webhooks", "/apps/{appId}/webhooks/{webhookId}", ["GET", "PUT", "DELETE"]),
  management("Webhooks", "/apps/{appId}/webhooks/{webhookId}/triggers", ["GET", "POST", "DELETE"], { paging: "none" }),
  // The one operation the exports secure with HTTP Basic (securitySchemes.basicAuth) and no key or secret header.
  management("Tenants", "/tenants", ["POST"], { auth: "basic" }),
];

/** A template as a pattern: each `{name}` one path segment. */
function patternOf(template: string): RegExp {
  const escaped = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join("[^/]+")}/?$`);
}

/** Each template's pattern, made the first time a path is matched against it. */
const patterns = new Map<Endpoint, RegExp>();
const matches = (endpoint: Endpoint, path: string): boolean => {
  let pattern = patterns.get(endpoint);
  if (!pattern) patterns.set(endpoint, (pattern = patternOf(endpoint.path)));
  return pattern.test(path);
};

/** The path alone: no query, no fragment. */
export const pathOnly = (path: string): string => path.replace(/[?#].*$/s, "");

/**
 * The documented operation a path names, preferring one that takes `method`;
 * a literal segment outranks a parameter (`/users/{uid}` never takes
 * `/users/x/messages`; `/moderation/flagged-messages` is not `/messages/{id}`).
 */
export function findEndpoint(path: string, method?: Method): Endpoint | undefined {
  // Asked for every request a list makes (its pager, its host, its credentials): each answer is kept.
  const key = `${method ?? ""} ${path}`;
  if (known.has(key)) return known.get(key);
  // Paths with ids in them are many: the cache is emptied rather than grown past a bound.
  if (known.size >= 1000) known.clear();
  const endpoint = searchEndpoint(path, method);
  known.set(key, endpoint);
  return endpoint;
}

/** The endpoints found, by method and path. */
const known = new Map<string, Endpoint | undefined>();

function searchEndpoint(path: string, method?: Method): Endpoint | undefined {
  return endpointsOf(path, method)[0];
}

/**
 * Every documented operation a path names, the likeliest first (see findEndpoint): more than one where
 * the exports give a template twice with other credentials (a blocked message's review).
 */
export function endpointsOf(path: string, method?: Method): Endpoint[] {
  const bare = pathOnly(path);
  const found = ENDPOINTS.filter((e) => e.path.split("/").length === bare.replace(/\/$/, "").split("/").length && matches(e, bare));
  const literalness = (e: Endpoint) => e.path.split("/").filter((s) => s !== "" && !s.startsWith("{")).length;
  found.sort((a, b) => Number(method !== undefined && b.methods.includes(method)) - Number(method !== undefined && a.methods.includes(method)) || literalness(b) - literalness(a));
  return found;
}

/** How many operations the catalogue holds, and how many of them are reads. */
export function operationCounts(): { operations: number; reads: number } {
  const operations = ENDPOINTS.reduce((n, e) => n + e.methods.length, 0);
  return { operations, reads: ENDPOINTS.filter((e) => e.methods.includes("GET")).length };
}
