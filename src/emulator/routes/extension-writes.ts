import type { BaseContext, ManagementRoute } from "../context.js";
import type { App } from "../data/model.js";
import { SETTINGS_VERSIONS, extensionChangesOf, extensionSettingsOf, extensionsOf } from "../data/extensions.js";
import { hash32, mix32 } from "../data/random.js";
import { ServiceError, badRequest, notFound } from "../errors.js";
import { appOf } from "./management.js";

/**
 * The extension writes (management-apis.json, Extensions): extensions enabled
 * and disabled (POST /apps/{appId}/extensions {enabled[], disabled[]}), and each
 * extension's settings saved (POST), changed (PUT, merged over what is saved)
 * and deleted, read back by the GETs (app-settings.ts). The chat widgets: a
 * POST makes one, a PUT changes the one its `widgetId` names. Refused as the
 * docs' error guide says: ERR_EXTENSION_NOT_FOUND for an id with no settings,
 * ERR_EXTENSION_INACTIVE for settings of an extension that is off,
 * ERR_BAD_REQUEST naming the field whose value is not of the kind the
 * extension's example gives it.
 */

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const SETTINGS = /^\/apps\/(?<appId>[^/]+)\/extensions\/(?<id>[^/]+)\/(?<version>v\d+)\/settings\/?$/;

/** The kind of a value, as a body's field is held to the example's: a list, an object, or its typeof. */
const kindOf = (value: unknown) => (Array.isArray(value) ? "list" : value === null ? "null" : typeof value);

/** The extension a settings path names, on and with settings at that version, or the documented refusal. */
function extensionAt(ctx: BaseContext, appId: string, id: string, version: string): App {
  const app = appOf(ctx, appId);
  if (SETTINGS_VERSIONS[id] !== version) throw notFound("ERR_EXTENSION_NOT_FOUND", "extension", id);
  if (!extensionsOf(app).find((e) => e.id === id)?.isActive) {
    throw new ServiceError("ERR_EXTENSION_INACTIVE", `The extension ${id} is inactive.`, `Enable ${id} first: POST /apps/{appId}/extensions {"enabled": ["${id}"]}.`);
  }
  return app;
}

/** The body's `settings`, each field of the kind the current settings give it (a field they lack: any kind). */
function settingsOf(body: unknown, current: Record<string, unknown>): Record<string, unknown> {
  const settings = isObject(body) ? body.settings : undefined;
  if (!isObject(settings)) throw badRequest({ settings: ["The settings field is required and must be an object."] });
  const problems = Object.fromEntries(Object.entries(settings).flatMap(([field, value]) =>
    current[field] !== undefined && kindOf(current[field]) !== kindOf(value) ? [[`settings.${field}`, [`The ${field} field must be of type ${kindOf(current[field])}.`]]] : []));
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  return settings;
}

/** An extension's settings now, without the app's id the answers add. */
function savedOf(app: App, id: string): Record<string, unknown> {
  const { appId: _appId, ...saved } = (extensionSettingsOf(app, id) as { settings: Record<string, unknown> }).settings;
  return saved;
}

const noApi = (path: string) => new ServiceError("ERR_API_NOT_FOUND", "The requested API does not exist.", `No API answers ${path}.`);
const wrapped = (data: unknown) => ({ data: { statusCode: 200, success: true, responseTime: 11, body: { data } } });

/** The chat widgets now, made or changed by a write (a copy, kept from then on). */
function widgetsNow(app: App): Array<Record<string, unknown>> {
  const changes = extensionChangesOf(app);
  return (changes.widgets ??= (extensionSettingsOf(app, "widget") as Array<Record<string, unknown>>).map((w) => ({ ...w })));
}

function writeSettings(method: "POST" | "PUT"): ManagementRoute {
  return {
    api: "management",
    method,
    path: SETTINGS,
    handle: (ctx, { appId, id, version }) => {
      const app = extensionAt(ctx, appId!, id!, version!);
      // Not documented for these: answered as any path no API answers.
      if (method === "POST" && (id === "stickers" || id === "data-masking")) throw noApi(ctx.path);
      if (id === "widget") {
        const widgets = widgetsNow(app);
        if (method === "POST") {
          const configuration = { ...settingsOf(ctx.body, {}), appId: app.appId };
          const n = widgets.length;
          const widget = { configuration, widgetId: [8, 4, 4, 4, 12].map((len, i) => mix32(hash32(app.appId), n, i, ctx.now).toString(16).padStart(8, "0").repeat(2).slice(0, len)).join("-") };
          widgets.push(widget);
          return wrapped([widget]);
        }
        const widgetId = isObject(ctx.body) ? ctx.body.widgetId : undefined;
        const widget = widgets.find((w) => w.widgetId === widgetId);
        if (!widget) throw badRequest({ widgetId: [typeof widgetId === "string" ? `No chat widget ${widgetId}.` : "The widgetId field is required."] });
        widget.configuration = { ...(widget.configuration as Record<string, unknown>), ...settingsOf(ctx.body, widget.configuration as Record<string, unknown>) };
        return wrapped([widget]);
      }
      const saved = savedOf(app, id!);
      const given = settingsOf(ctx.body, saved);
      // A POST saves the settings given; a PUT changes the fields given of those saved.
      extensionChangesOf(app).settings.set(id!, method === "POST" ? given : { ...saved, ...given });
      return wrapped(extensionSettingsOf(app, id!));
    },
  };
}

export const extensionWriteRoutes: ManagementRoute[] = [
  {
    api: "management",
    method: "POST",
    path: /^\/apps\/(?<appId>[^/]+)\/extensions\/?$/,
    handle: (ctx, { appId }) => {
      const app = appOf(ctx, appId!);
      const body = isObject(ctx.body) ? ctx.body : {};
      const lists = { enabled: body.enabled ?? [], disabled: body.disabled ?? [] };
      for (const [name, ids] of Object.entries(lists)) {
        if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string")) throw badRequest({ [name]: [`The ${name} field must be a list of extension ids.`] });
      }
      const [enabled, disabled] = [lists.enabled as string[], lists.disabled as string[]];
      if (enabled.length + disabled.length === 0) throw badRequest({ enabled: ["Give the extensions to enable or disable."] });
      const known = new Set<string>(extensionsOf(app).map((e) => e.id));
      const unknown = [...enabled, ...disabled].find((id) => !known.has(id));
      if (unknown) throw notFound("ERR_EXTENSION_NOT_FOUND", "extension", unknown);
      const { active } = extensionChangesOf(app);
      const done = (ids: string[], on: boolean) => Object.fromEntries(ids.map((id) => {
        active.set(id, on);
        return [id, { success: true, message: `The extension ${id} has been ${on ? "enabled" : "disabled"} successfully.` }];
      }));
      return { data: { enabled: done(enabled, true), disabled: done(disabled, false) } };
    },
  },
  writeSettings("POST"),
  writeSettings("PUT"),
  {
    api: "management",
    method: "DELETE",
    path: SETTINGS,
    handle: (ctx, { appId, id, version }) => {
      const app = extensionAt(ctx, appId!, id!, version!);
      if (id === "widget") throw noApi(ctx.path);
      extensionChangesOf(app).settings.set(id!, {});
      return wrapped({ success: true });
    },
  },
];
