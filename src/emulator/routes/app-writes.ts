import { randomBytes } from "node:crypto";
import type { BaseContext, ManagementRoute } from "../context.js";
import { type Collaborator, collaboratorsOf, defaultSettings, settingsOf } from "../data/app-settings.js";
import { createdApp } from "../data/generate.js";
import { REGIONS } from "../data/model.js";
import { hash32 } from "../data/random.js";
import { badRequest } from "../errors.js";
import { appJson, appOf } from "./management.js";

/**
 * The management API's writes on apps (management-apis.json: App, Team
 * Management, Settings): an app created (served from then on, its keys made
 * at random and answered once) or deleted (gone from every read, its id then
 * ERR_APP_NOT_FOUND); its usage asked for (emailed: nothing changes);
 * collaborators added as admins or moderators and removed, in one POST; its
 * settings mapped (each a documented name, of the type it has) and unmapped
 * (DELETE: back to those it started with, which the emulator takes for the
 * service's defaults).
 */

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const bodyOf = (ctx: BaseContext): Record<string, unknown> => (isObject(ctx.body) ? ctx.body : {});
const emails = (value: unknown): value is string[] => Array.isArray(value) && value.every((e) => typeof e === "string" && /^[^@\s]+@[^@\s]+$/.test(e));
const COLLABORATOR_LISTS = { admins: "admin", moderators: "moderator" } as const;

export const appWriteRoutes: ManagementRoute[] = [
  {
    api: "management", method: "POST", path: /^\/apps\/?$/,
    handle: (ctx) => {
      const body = bodyOf(ctx);
      const problems: Record<string, string[]> = {};
      if (typeof body.name !== "string" || body.name === "" || body.name.length > 100) problems.name = ["The name is required: up to 100 characters."];
      if (!REGIONS.includes(body.region as (typeof REGIONS)[number])) problems.region = [`The region must be one of ${REGIONS.join(", ")}.`];
      if (body.version !== undefined && String(body.version) !== "3") problems.version = ["The version must be 3."];
      if (Object.keys(problems).length > 0) throw badRequest(problems);
      // 14 hex characters, as the seed's app ids.
      const appId = randomBytes(7).toString("hex");
      const app = createdApp(ctx.world, { appId, region: body.region as (typeof REGIONS)[number], name: body.name as string }, ctx.now, body.skipSampleData !== true);
      ctx.world.apps.push(app);
      return { data: appJson(app) };
    },
  },
  {
    api: "management", method: "DELETE", path: /^\/apps\/(?<appId>[^/]+)\/?$/,
    handle: (ctx, { appId }) => {
      const app = appOf(ctx, appId!);
      ctx.world.apps.splice(ctx.world.apps.indexOf(app), 1);
      return { data: { success: true, message: `The app ${appId!} has been deleted successfully.` } };
    },
  },
  {
    api: "management", method: "POST", path: /^\/apps\/(?<appId>[^/]+)\/usage\/?$/,
    handle: (ctx, { appId }) => {
      appOf(ctx, appId!);
      const previous = bodyOf(ctx).usePreviousBillingCycle;
      if (previous !== undefined && typeof previous !== "boolean") throw badRequest({ usePreviousBillingCycle: ["The usePreviousBillingCycle must be a boolean."] });
      return { data: { success: true, message: `Your usage request has been accepted and is being processed for ${previous ? "the previous" : "the current"} billing cycle. You will receive an email with the details at owner@example.com` } };
    },
  },
  {
    api: "management", method: "POST", path: /^\/apps\/(?<appId>[^/]+)\/collaborators\/?$/,
    handle: (ctx, { appId }) => {
      const app = appOf(ctx, appId!);
      const body = bodyOf(ctx);
      const problems: Record<string, string[]> = {};
      for (const field of ["admins", "moderators", "collaboratorsToRemove"]) {
        if (body[field] !== undefined && !emails(body[field])) problems[field] = [`The ${field} must be a list of email addresses.`];
      }
      if (Object.keys(problems).length > 0) throw badRequest(problems);
      const collaborators = collaboratorsOf(app);
      const answer: Record<string, unknown> = { collaboratorsToRemove: [], admins: [], moderators: [] };
      for (const email of (body.collaboratorsToRemove as string[] | undefined) ?? []) {
        const at = collaborators.findIndex((c) => c.email === email);
        if (at >= 0) collaborators.splice(at, 1);
        (answer.collaboratorsToRemove as unknown[]).push({ [email]: { success: at >= 0 } });
      }
      for (const [list, role] of Object.entries(COLLABORATOR_LISTS)) {
        const results: Record<string, { success: boolean }> = {};
        for (const email of (body[list] as string[] | undefined) ?? []) {
          const had = collaborators.find((c) => c.email === email);
          if (had) had.role = role;
          else if (collaborators.length >= 25) problems[list] = ["An app has at most 25 collaborators."];
          else collaborators.push({ id: `collab-${(hash32(email) >>> 8).toString(16).padStart(6, "0")}`, name: email.split("@")[0]!, email, role, createdAt: ctx.now } satisfies Collaborator);
          results[email] = { success: problems[list] === undefined };
        }
        if (Object.keys(results).length > 0) answer[list] = results;
      }
      if (Object.keys(problems).length > 0) throw badRequest(problems);
      return { data: answer };
    },
  },
  {
    api: "management", method: "POST", path: /^\/apps\/(?<appId>[^/]+)\/settings\/?$/,
    handle: (ctx, { appId }) => {
      const settings = settingsOf(appOf(ctx, appId!));
      const given = bodyOf(ctx).settings;
      if (!isObject(given) || Object.keys(given).length === 0) throw badRequest({ settings: ["The settings must be an object of setting names and values."] });
      const problems: Record<string, string[]> = {};
      for (const [name, value] of Object.entries(given)) {
        const known = settings[name];
        if (known === undefined) problems[name] = [`Not a setting: ${name}.`];
        else if (Array.isArray(known) ? !Array.isArray(value) || value.some((v) => typeof v !== "string") : typeof value !== "boolean") {
          problems[name] = [`The ${name} must be ${Array.isArray(known) ? "a list of strings" : "true or false"}.`];
        }
      }
      if (Object.keys(problems).length > 0) throw badRequest(problems);
      Object.assign(settings, given);
      return { data: Object.fromEntries(Object.keys(given).map((name) => [name, { success: true, message: "Added setting(s) successfully." }])) };
    },
  },
  {
    api: "management", method: "DELETE", path: /^\/apps\/(?<appId>[^/]+)\/settings\/?$/,
    handle: (ctx, { appId }) => {
      const app = appOf(ctx, appId!);
      const settings = settingsOf(app);
      for (const name of Object.keys(settings)) delete settings[name];
      Object.assign(settings, defaultSettings(app));
      return { data: { success: true, message: "Removed setting(s) successfully." } };
    },
  },
];
