import { randomBytes } from "node:crypto";
import * as v from "valibot";
import { parseBody } from "../body.js";
import type { ManagementRoute } from "../context.js";
import type { Tenant } from "../data/model.js";
import { badRequest } from "../errors.js";

/**
 * `POST /tenants` (management-apis.json): a customer's account and its first
 * app, the one operation the exports secure with HTTP Basic alone (the
 * dispatcher refuses the key and secret headers here). The tenant is kept and
 * answered as the example is, its app's keys made at random; the app is not
 * served: the emulator's apps are its seed's.
 */

const text = (field: string) => v.pipe(v.string(`The ${field} must be a string.`), v.minLength(1, `The ${field} may not be empty.`));
const tenant = v.object({
  name: text("name"),
  email: v.pipe(text("email"), v.email("The email must be an email address.")),
  password: text("password"),
  contactNumber: v.optional(v.string("The contactNumber must be a string.")),
  role: v.optional(v.string("The role must be a string.")),
  appName: text("appName"),
  appRegion: v.picklist(["us", "eu", "in"], "The appRegion must be one of us, eu, in."),
  industry: v.optional(v.string("The industry must be a string.")),
  technology: v.optional(v.string("The technology must be a string.")),
});

export const tenantRoutes: ManagementRoute[] = [
  {
    api: "management", method: "POST", path: /^\/tenants\/?$/, auth: "basic",
    handle: (ctx) => {
      const body = parseBody(tenant, ctx.body);
      if (ctx.world.tenants.some((t) => t.email === body.email)) throw badRequest({ email: [`An account with the email ${body.email} exists already.`] });
      const made: Tenant = {
        name: body.name, email: body.email, ...(body.contactNumber ? { contactNumber: body.contactNumber } : {}), createdAt: ctx.now,
        app: { name: body.appName, appId: randomBytes(8).toString("hex"), region: body.appRegion, createdAt: ctx.now, plan: "Build" },
      };
      ctx.world.tenants.push(made);
      // The keys are shown once, as the service shows them: none is kept.
      return { data: { ...made, app: { ...made.app, authKey: randomBytes(20).toString("hex"), apiKey: randomBytes(20).toString("hex") } } };
    },
  },
];
