import type { AppRoute, RequestContext } from "../context.js";
import { tokensOf } from "../data/auth-tokens.js";
import { merged, notificationChangesOf, patchProblems } from "../data/notification-changes.js";
import { notificationSettings, preferencesJson } from "../data/notification-settings.js";
import { type MutedConversation, type ProviderKind, type PushToken, preferencesOf, providersOf, pushTokensOf, setPushTokens } from "../data/notifications.js";
import { ServiceError, badRequest, notFound } from "../errors.js";
import { QueryReader } from "../query.js";

/**
 * The notification writes (chat-apis.json, Notifications), each changing what
 * the reads after it answer, and the log's lines where they decide them (a
 * mute, do not disturb, a push token, a provider): the app's settings and a
 * user's preferences patched or reset, conversations muted and unmuted, a
 * timezone, contact details, push tokens registered, unregistered and
 * deleted, and the providers saved, updated, deleted and made the default.
 * Answered as the exports' examples are; refused with ERR_BAD_REQUEST naming
 * the field, or a not-found code where what is named does not exist.
 */

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const bodyOf = (ctx: RequestContext): Record<string, unknown> => (isObject(ctx.body) ? ctx.body : {});

/** The user the `uid` query parameter names (required); the query is read to its end (`q` may have read the rest). */
export function userOf(ctx: RequestContext, q = new QueryReader(ctx.params)): number {
  const uid = q.string("uid");
  if (uid === undefined) q.fail("uid", "The uid field is required.");
  q.done();
  const index = ctx.app.userIndexByUid.get(uid!);
  if (index === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", uid!);
  return index;
}

function checked(shape: Record<string, unknown>, patch: unknown): Record<string, unknown> {
  const problems = patchProblems(shape, patch);
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  return patch as Record<string, unknown>;
}

/** The app's settings now: the defaults, the writes' patch over them. */
export const settingsNow = (ctx: RequestContext) => merged(notificationSettings(), notificationChangesOf(ctx.app).settings);

/** A user's preferences now: theirs (do not disturb), the writes' patch over them. */
export const preferencesNow = (ctx: RequestContext, index: number) => merged(preferencesJson(preferencesOf(ctx.app, index)), notificationChangesOf(ctx.app).preferences.get(index));

/** The preferences a reset leaves, in the other shape its documented answer has. */
function resetAnswer(): Record<string, unknown> {
  const prefs = preferencesJson({ dnd: false }) as { preferences: Record<string, Record<string, unknown>> };
  const settings = (group: Record<string, unknown>, prefix: string) =>
    Object.fromEntries(Object.entries(group).filter(([k]) => k.endsWith("Setting")).map(([k, v]) => [`${prefix}${k[0]!.toUpperCase()}${k.slice(1, -"Setting".length)}`, v]));
  return {
    groupPreferences: settings(prefs.preferences.group!, "group"),
    oneOnOnePreferences: settings(prefs.preferences.oneOnOne!, "oneOnOne"),
    mutePreferences: { dnd: 1, schedule: prefs.preferences.mute!.schedulePreferenceSetting },
    usePrivacyTemplate: true,
  };
}

/** The conversations a mute or unmute names: each a group or a user that exists. */
function conversationsIn(ctx: RequestContext, required: boolean): MutedConversation[] | undefined {
  const list = bodyOf(ctx).conversations;
  if (list === undefined && !required) return undefined;
  if (!Array.isArray(list) || list.length === 0) throw badRequest({ conversations: ["The conversations field must be a list of {id, type} objects."] });
  return list.map((c, i) => {
    const { id, type, until } = (isObject(c) ? c : {}) as { id?: unknown; type?: unknown; until?: unknown };
    if (typeof id !== "string" || (type !== "group" && type !== "oneOnOne")) throw badRequest({ [`conversations.${i}`]: ["Each conversation needs an id and a type, group or oneOnOne."] });
    if (until !== undefined && (typeof until !== "number" || !Number.isFinite(until))) throw badRequest({ [`conversations.${i}.until`]: ["The until must be a time in milliseconds."] });
    if (type === "group" && !ctx.app.groupIndexByGuid.has(id)) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", id);
    if (type === "oneOnOne" && !ctx.app.userIndexByUid.has(id)) throw notFound("ERR_UID_NOT_FOUND", "user with UID", id);
    return typeof until === "number" ? { id, type, until } : { id, type };
  });
}

const same = (a: MutedConversation, b: MutedConversation) => a.id === b.id && a.type === b.type;

/** Whether a timezone is one the runtime knows by its IANA name. */
function knownTimezone(name: unknown): name is string {
  if (typeof name !== "string" || name === "") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The acting user contact details are for (onBehalfOf, required). */
function actingUser(ctx: RequestContext): number {
  if (!ctx.onBehalfOf) throw badRequest({ onBehalfOf: ["The onBehalfOf header is required."] });
  return ctx.onBehalfOf.index;
}

/** The documented platforms of a push token, and the body's field its token is in. */
const PLATFORMS: Readonly<Record<string, string>> = Object.fromEntries([
  ...["fcm_android", "fcm_ios", "fcm_web", "fcm_flutter_android", "fcm_flutter_ios", "fcm_react_native_android", "fcm_react_native_ios", "fcm_ionic_cordova_android", "fcm_ionic_cordova_ios"].map((p) => [p, "fcmToken"]),
  ...["apns_ios_device", "apns_flutter_device", "apns_react_native_device", "apns_ionic_cordova_device"].map((p) => [p, "deviceToken"]),
  ...["apns_ios_voip", "apns_flutter_voip", "apns_ionic_cordova_voip", "apns_react_native_voip"].map((p) => [p, "voipToken"]),
]);

/** The user an auth token (query, or the body's `authToken`) logs in, and the token. */
function authTokenUser(ctx: RequestContext): { index: number; authToken: string } {
  const authToken = ctx.params.get("authToken") ?? bodyOf(ctx).authToken;
  if (typeof authToken !== "string" || authToken === "") throw badRequest({ authToken: ["The authToken field is required."] });
  const index = ctx.app.userIndexByUid.get(authToken.replace(/_[0-9a-f]{40}$/, ""));
  if (index === undefined || !tokensOf(ctx.app, index).some((t) => t.authToken === authToken)) throw notFound("ERR_AUTH_TOKEN_NOT_FOUND", "auth token", `…${authToken.slice(-4)}`);
  return { index, authToken };
}

/** The default FCM or APNs provider: where a token registered without a provider id goes. */
function defaultProvider(ctx: RequestContext, kind: "fcm" | "apns"): string | undefined {
  const list = (providersOf(ctx.app)[kind] as { pushProviders?: Array<{ providerId?: string; isDefault?: boolean }> }).pushProviders ?? [];
  return (list.find((p) => p.isDefault) ?? list[0])?.providerId;
}

const providerNotFound = (what: string) => new ServiceError("ERR_PROVIDER_NOT_FOUND", `The ${what} provider does not exist.`, `Please check the provider: no ${what} provider is saved for the app.`);

/** Each provider kind's documented body: required on a save, and which fields are booleans or objects (the rest strings). */
const PROVIDER_BODIES: Readonly<Record<ProviderKind, { path: string; required: readonly string[]; booleans: readonly string[]; objects?: readonly string[]; byId?: true }>> = {
  fcm: { path: "push/v1/providers/fcm", required: ["providerId"], booleans: [], objects: ["serviceAccountCreds", "notificationInPayload"], byId: true },
  apns: { path: "push/v1/providers/apns", required: ["providerId"], booleans: ["includeContentAvailable", "includeMutableContent", "productionMode"], byId: true },
  customPush: { path: "push/v1/providers/custom", required: ["isEnabled", "webhookURL", "basicAuthUsername", "basicAuthPassword", "useBasicAuth"], booleans: ["isEnabled", "useBasicAuth"] },
  twilio: { path: "sms/v1/providers/twilio", required: ["twilioAccountSID", "twilioAuthToken", "twilioSenderPhoneNumber"], booleans: ["isEnabled"] },
  customSms: { path: "sms/v1/providers/custom", required: ["isEnabled", "useStoredPhNo", "webhookURL", "basicAuthUsername", "basicAuthPassword", "useBasicAuth"], booleans: ["isEnabled", "useStoredPhNo", "useBasicAuth"] },
  sendgrid: { path: "email/v1/providers/sendgrid", required: ["sendGridApiKey", "sendGridTemplateID", "sendGridUnsubscribeGroupID", "senderName", "senderEmail", "allowEmailReplies"], booleans: ["isEnabled", "allowEmailReplies"] },
  customEmail: { path: "email/v1/providers/custom", required: ["isEnabled", "useStoredEmailID", "webhookURL", "basicAuthUsername", "basicAuthPassword", "useBasicAuth"], booleans: ["isEnabled", "useStoredEmailID", "useBasicAuth"] },
};

/** A provider's body, each field of its documented type, the required ones there on a save. */
function providerBody(ctx: RequestContext, kind: ProviderKind, saving: boolean): Record<string, unknown> {
  const spec = PROVIDER_BODIES[kind];
  const body = bodyOf(ctx);
  const problems: Record<string, string[]> = {};
  if (saving) for (const field of spec.required) if (body[field] === undefined) problems[field] = [`The ${field} field is required.`];
  for (const [field, value] of Object.entries(body)) {
    const type = spec.booleans.includes(field) ? "boolean" : spec.objects?.includes(field) ? "object" : "string";
    if (typeof value !== type || value === null) problems[field] = [`The ${field} must be a${type === "object" ? "n" : ""} ${type}.`];
    else if (field === "webhookURL" && !String(value).startsWith("https://")) problems[field] = ["The webhookURL must be an HTTPS URL."];
  }
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  return body;
}

type Providers = { pushProviders: Array<Record<string, unknown>> };
const listOf = (ctx: RequestContext, kind: ProviderKind) => [...((providersOf(ctx.app)[kind] as Providers).pushProviders ?? [])];
const saveProviders = (ctx: RequestContext, kind: ProviderKind, value: unknown) => notificationChangesOf(ctx.app).providers.set(kind, value);
/** Whether a one-of-a-kind provider is saved: a custom push's list has one, another kind's object a field. */
const saved = (value: unknown) => (isObject(value) && Array.isArray(value.pushProviders) ? value.pushProviders.length > 0 : isObject(value) && Object.keys(value).length > 0);

/** FCM and APNs: several providers, each by its id; one of them the default. */
function listedProviderRoutes(kind: "fcm" | "apns"): AppRoute[] {
  const base = `^/notifications/${PROVIDER_BODIES[kind].path.replace(/\//g, "\\/")}`;
  const named = (ctx: RequestContext, providerId: string) => {
    const list = listOf(ctx, kind);
    const at = list.findIndex((p) => p.providerId === providerId);
    if (at < 0) throw notFound("ERR_PROVIDER_NOT_FOUND", `${kind} provider`, providerId);
    return { list, at };
  };
  return [
    route("POST", new RegExp(`${base}/?$`), (ctx) => {
      const body = providerBody(ctx, kind, true);
      const list = listOf(ctx, kind);
      if (list.some((p) => p.providerId === body.providerId)) throw badRequest({ providerId: [`A ${kind} provider with the id ${String(body.providerId)} exists already.`] });
      list.push({ ...body, isDefault: list.length === 0 });
      saveProviders(ctx, kind, { pushProviders: list });
      return { data: { pushProviders: list } };
    }),
    route("PUT", new RegExp(`${base}/?$`), (ctx) => {
      const body = providerBody(ctx, kind, false);
      if (typeof body.providerId !== "string") throw badRequest({ providerId: ["The providerId field is required."] });
      const { list, at } = named(ctx, body.providerId);
      list[at] = { ...list[at], ...body };
      saveProviders(ctx, kind, { pushProviders: list });
      return { data: { pushProviders: list } };
    }),
    route("DELETE", new RegExp(`${base}/(?<providerId>[^/]+)/?$`), (ctx, { providerId }) => {
      const { list, at } = named(ctx, decodeURIComponent(providerId!));
      const [gone] = list.splice(at, 1);
      // The default gone, the first left takes its place.
      if (gone?.isDefault && list[0]) list[0] = { ...list[0], isDefault: true };
      saveProviders(ctx, kind, { pushProviders: list });
      return { data: { success: true } };
    }),
    route("PUT", new RegExp(`${base}/default/(?<providerId>[^/]+)/?$`), (ctx, { providerId }) => {
      const { list, at } = named(ctx, decodeURIComponent(providerId!));
      const made = list.map((p, i) => ({ ...p, isDefault: i === at }));
      saveProviders(ctx, kind, { pushProviders: made });
      return { data: { pushProviders: made } };
    }),
  ];
}

/** Custom push, Twilio, SendGrid, custom SMS and email: one provider of the kind, saved, updated, deleted. */
function oneProviderRoutes(kind: Exclude<ProviderKind, "fcm" | "apns">): AppRoute[] {
  const path = new RegExp(`^/notifications/${PROVIDER_BODIES[kind].path.replace(/\//g, "\\/")}/?$`);
  const listed = kind === "customPush";
  const current = (ctx: RequestContext) => providersOf(ctx.app)[kind];
  const answer = (value: unknown) => ({ data: value });
  return [
    route("POST", path, (ctx) => {
      const body = providerBody(ctx, kind, true);
      if (saved(current(ctx))) throw badRequest({ body: [`A ${PROVIDER_BODIES[kind].path} provider is saved already: update it (PUT) or delete it first.`] });
      const value = listed ? { pushProviders: [body] } : body;
      saveProviders(ctx, kind, value);
      return answer(value);
    }),
    route("PUT", path, (ctx) => {
      const body = providerBody(ctx, kind, false);
      const now = current(ctx);
      if (!saved(now)) throw providerNotFound(PROVIDER_BODIES[kind].path);
      const value = listed ? { pushProviders: [{ ...(now as Providers).pushProviders[0], ...body }] } : { ...(now as Record<string, unknown>), ...body };
      saveProviders(ctx, kind, value);
      return answer(value);
    }),
    route("DELETE", path, (ctx) => {
      if (!saved(current(ctx))) throw providerNotFound(PROVIDER_BODIES[kind].path);
      saveProviders(ctx, kind, listed ? { pushProviders: [] } : {});
      return { data: { success: true } };
    }),
  ];
}

function route(method: AppRoute["method"], path: RegExp, handle: AppRoute["handle"]): AppRoute {
  return { api: "chat", method, path, handle };
}

export const notificationWriteRoutes: AppRoute[] = [
  route("PATCH", /^\/notifications\/v1\/settings\/?$/, (ctx) => {
    const changes = notificationChangesOf(ctx.app);
    changes.settings = merged(changes.settings ?? {}, checked(notificationSettings(), ctx.body));
    return { data: settingsNow(ctx) };
  }),
  route("DELETE", /^\/notifications\/v1\/settings\/?$/, (ctx) => {
    notificationChangesOf(ctx.app).settings = undefined;
    return { data: settingsNow(ctx) };
  }),
  route("PATCH", /^\/notifications\/v1\/preferences\/?$/, (ctx) => {
    const index = userOf(ctx);
    const patch = checked(preferencesNow(ctx, index), ctx.body);
    const byUser = notificationChangesOf(ctx.app).preferences;
    byUser.set(index, merged(byUser.get(index) ?? {}, patch));
    // Do not disturb decides the log's lines: kept where they read it.
    const dnd = (patch.preferences as { mute?: { dndPreferenceSetting?: number } } | undefined)?.mute?.dndPreferenceSetting;
    if (dnd !== undefined) preferencesOf(ctx.app, index).dnd = dnd === 2;
    return { data: preferencesNow(ctx, index) };
  }),
  route("DELETE", /^\/notifications\/v1\/preferences\/?$/, (ctx) => {
    const index = userOf(ctx);
    notificationChangesOf(ctx.app).preferences.delete(index);
    preferencesOf(ctx.app, index).dnd = false;
    return { data: resetAnswer() };
  }),
  route("PUT", /^\/notifications\/v1\/preferences\/mute\/?$/, (ctx) => {
    const prefs = preferencesOf(ctx.app, userOf(ctx));
    const asked = conversationsIn(ctx, true)!;
    prefs.muted = [...prefs.muted.filter((m) => !asked.some((c) => same(m, c))), ...asked];
    return { data: { success: true } };
  }),
  route("DELETE", /^\/notifications\/v1\/preferences\/mute\/?$/, (ctx) => {
    const prefs = preferencesOf(ctx.app, userOf(ctx));
    // No list: every conversation the user muted.
    const asked = conversationsIn(ctx, false);
    prefs.muted = asked ? prefs.muted.filter((m) => !asked.some((c) => same(m, c))) : [];
    return { data: { success: true } };
  }),
  route("PATCH", /^\/notifications\/v1\/preferences\/timezone\/?$/, (ctx) => {
    const prefs = preferencesOf(ctx.app, userOf(ctx));
    const { timezone } = bodyOf(ctx);
    if (!knownTimezone(timezone)) throw badRequest({ timezone: ["The timezone must be a valid timezone identifier, as Asia/Tokyo."] });
    prefs.timezone = timezone;
    return { data: { timezone } };
  }),
  route("PATCH", /^\/notifications\/v1\/contact-details\/?$/, (ctx) => {
    const index = actingUser(ctx);
    const { email, phno } = bodyOf(ctx);
    const problems: Record<string, string[]> = {};
    if (email === undefined && phno === undefined) problems.body = ["Give the email or the phno to store."];
    if (email !== undefined && (typeof email !== "string" || !/^[^@\s]+@[^@\s]+$/.test(email))) problems.email = ["The email must be an email address."];
    if (phno !== undefined && (typeof phno !== "string" || !/^\+\d{6,15}$/.test(phno))) problems.phno = ["The phno must be a phone number with its country code, as +919591128691."];
    if (Object.keys(problems).length > 0) throw badRequest(problems);
    const contacts = notificationChangesOf(ctx.app).contacts;
    const stored = { ...contactOf(ctx, index), ...(email !== undefined ? { email: email as string } : {}), ...(phno !== undefined ? { phno: phno as string } : {}) };
    contacts.set(index, stored);
    return { data: stored };
  }),
  route("DELETE", /^\/notifications\/v1\/contact-details\/?$/, (ctx) => {
    notificationChangesOf(ctx.app).contacts.set(actingUser(ctx), {});
    return { data: { success: true } };
  }),
  route("POST", /^\/notifications\/push\/v1\/tokens\/?$/, (ctx) => {
    const { index, authToken } = authTokenUser(ctx);
    const body = bodyOf(ctx);
    const platform = body.platform;
    const field = typeof platform === "string" ? PLATFORMS[platform] : undefined;
    if (!field) throw badRequest({ platform: [`The platform must be one of ${Object.keys(PLATFORMS).join(", ")}.`] });
    const pushToken = body[field];
    if (typeof pushToken !== "string" || pushToken === "") throw badRequest({ [field]: [`The ${field} field is required for the ${String(platform)} platform.`] });
    const providerId = typeof body.providerId === "string" ? body.providerId : defaultProvider(ctx, String(platform).startsWith("fcm") ? "fcm" : "apns");
    if (providerId === undefined) throw badRequest({ providerId: ["The app has no provider for that platform: save one first."] });
    const at = new Date(ctx.now * 1000).toISOString();
    const token: PushToken = { pushToken, pushTokenType: field === "voipToken" ? "voip" : "chat", platform: String(platform), providerId, authToken, uid: ctx.app.users[index]!.uid, createdAt: at, updatedAt: at };
    setPushTokens(ctx.app, index, [...pushTokensOf(ctx.app, index).filter((t) => t.pushToken !== pushToken), token]);
    return { data: { success: true } };
  }),
  route("DELETE", /^\/notifications\/push\/v1\/tokens\/?$/, (ctx) => {
    const { index, authToken } = authTokenUser(ctx);
    const all = ctx.params.get("all") === "true";
    const left = all ? [] : pushTokensOf(ctx.app, index).filter((t) => t.authToken !== authToken);
    setPushTokens(ctx.app, index, left);
    return { data: { pushTokens: left } };
  }),
  route("DELETE", /^\/notifications\/push\/v1\/tokens\/(?<pushToken>[^/]+)\/?$/, (ctx, { pushToken }) => {
    const token = decodeURIComponent(pushToken!);
    // A token names no user: each user's are looked through until it is found.
    for (let index = 0; index < ctx.app.users.length; index++) {
      const tokens = pushTokensOf(ctx.app, index);
      if (!tokens.some((t) => t.pushToken === token)) continue;
      const left = tokens.filter((t) => t.pushToken !== token);
      setPushTokens(ctx.app, index, left);
      return { data: { pushTokens: left } };
    }
    throw notFound("ERR_PUSH_TOKEN_NOT_FOUND", "push token", `…${token.slice(-4)}`);
  }),
  ...listedProviderRoutes("fcm"),
  ...listedProviderRoutes("apns"),
  ...(["customPush", "twilio", "customSms", "sendgrid", "customEmail"] as const).flatMap(oneProviderRoutes),
];

/** A user's contact details as seeded: an address and a number made from their uid and index. */
export function contactOf(ctx: RequestContext, index: number): { email?: string; phno?: string } {
  return notificationChangesOf(ctx.app).contacts.get(index) ?? { email: `${ctx.app.users[index]!.uid}@example.com`, phno: `+1555${String(index).padStart(7, "0")}` };
}
