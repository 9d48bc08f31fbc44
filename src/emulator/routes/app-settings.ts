import { createHash } from "node:crypto";
import type { ManagementRoute } from "../context.js";
import { collaboratorsOf, settingsOf } from "../data/app-settings.js";
import { extensionSettingsOf, extensionsOf } from "../data/extensions.js";
import { badRequest, notFound } from "../errors.js";
import { answersIn } from "../options.js";
import { QueryReader, paginate, readPage } from "../query.js";
import { appOf } from "./management.js";

/**
 * An app's extensions (paged, 25 by default, as the exports say), its
 * settings (one flat map) and its collaborators (one list, no meta), on the
 * management API; the push extension's APNs certificates, uploaded as
 * multipart/form-data (a `certificate` file part, as the exports require) and
 * queried after.
 */

/** An upload of one kind of certificate: the `certificate` part, a file, or ERR_BAD_REQUEST saying what is wrong. */
function uploadRoute(kind: "p12" | "p8"): ManagementRoute {
  return {
    api: "management",
    method: "POST",
    path: new RegExp(`^/apps/(?<appId>[^/]+)/extensions/push-notification/v1/upload-certificate-${kind}/?$`),
    handle: async (ctx, { appId }) => {
      const app = appOf(ctx, appId!);
      if (!(ctx.body instanceof FormData)) throw badRequest({ body: ["The certificate is uploaded as multipart/form-data."] });
      const file = ctx.body.get("certificate");
      if (file === null || typeof file === "string") throw badRequest({ certificate: ["The certificate must be a file part named certificate."] });
      const bytes = Buffer.from(await file.arrayBuffer());
      if (bytes.length === 0) throw badRequest({ certificate: ["The certificate file is empty."] });
      app.pushCertificates[kind] = { fileName: file.name, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex"), uploadedAt: ctx.now };
      // The p12 example answers which certificates the app has; the p8 example `body{success}`.
      const body = kind === "p12" ? { certificate_p12: true, certificate_p8: app.pushCertificates.p8 !== undefined } : { success: true };
      return { data: { statusCode: 200, success: true, body, responseTime: 9 } };
    },
  };
}
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
    // Whether the push extension has its APNs certificates: wrapped, `body{success}` as the example, and which
    // were uploaded as the p12 upload's example says them.
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/extensions\/push-notification\/v1\/query-certificates\/?$/,
    handle: (ctx, { appId }) => {
      const app = appOf(ctx, appId!);
      const push = extensionsOf(app).find((e) => e.id === "push-notification")!;
      const { p12, p8 } = app.pushCertificates;
      return { data: { statusCode: 200, success: true, responseTime: 8, body: { success: push.isActive, certificate_p12: p12 !== undefined, certificate_p8: p8 !== undefined } } };
    },
  },
  uploadRoute("p12"),
  uploadRoute("p8"),
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
