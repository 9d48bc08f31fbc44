import type { ManagementRoute } from "../context.js";
import { collaboratorsOf, settingsOf } from "../data/app-settings.js";
import { extensionSettingsOf, extensionsOf } from "../data/extensions.js";
import { notFound } from "../errors.js";
import { answersIn } from "../options.js";
import { QueryReader, paginate, readPage } from "../query.js";
import { appOf } from "./management.js";

/**
 * An app's extensions (paged, 25 by default, as the exports say), its
 * settings (one flat map) and its collaborators (one list, no meta), on the
 * management API.
 */
export const appSettingsRoutes: ManagementRoute[] = [
  {
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/extensions\/?$/,
    handle: (ctx, { appId }) => {
      const q = new QueryReader(ctx.params);
      const page = readPage(q, { perPage: 25, max: 1000 });
      q.done();
      const { data, pagination } = paginate(extensionsOf(appOf(ctx, appId!)), page);
      return { data, meta: { pagination } };
    },
  },
  {
    // Whether the push extension has its APNs certificates: wrapped, `body{success}` alone.
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/extensions\/push-notification\/v1\/query-certificates\/?$/,
    handle: (ctx, { appId }) => {
      const push = extensionsOf(appOf(ctx, appId!)).find((e) => e.id === "push-notification")!;
      return { data: { statusCode: 200, success: true, responseTime: 8, body: { success: push.isActive } } };
    },
  },
  {
    // One extension's settings, wrapped as the exports wrap them: data{statusCode, success, responseTime, body{data{settings}}}
    // (the chat widgets: body{data[]}). The push extension's example is the bare {settings}; its schema, like every other
    // extension's example, wraps it: the wrapper by default, the bare form with --variant push-settings-bare.
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/extensions\/(?<id>[^/]+)\/v\d+\/settings\/?$/,
    handle: (ctx, { appId, id }) => {
      const settings = extensionSettingsOf(appOf(ctx, appId!), id!);
      if (!settings) throw notFound("ERR_EXTENSION_NOT_FOUND", "extension", id!);
      if (id === "push-notification" && answersIn(ctx.options, "push-settings-bare")) return settings;
      return { data: { statusCode: 200, success: true, responseTime: 12, body: { data: settings } } };
    },
  },
  {
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/settings\/?$/,
    handle: (ctx, { appId }) => ({ data: settingsOf(appOf(ctx, appId!)) }),
  },
  {
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/collaborators\/?$/,
    handle: (ctx, { appId }) => ({ data: collaboratorsOf(appOf(ctx, appId!)) }),
  },
];
