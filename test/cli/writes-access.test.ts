import { describe, expect, it } from "vitest";
import { apiKeysOf, featuresOf, permissionsSet, rolesOf } from "../../src/emulator/data/access-changes.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { writeWorld } from "../support/write-world.js";

/**
 * The access writes (roles, restricted features, RBAC permissions, API keys),
 * each over HTTPS against the emulator: sent, read back through ccx's own
 * reads, undone where it has an inverse (what the read before it gave put
 * back); refused read-only; the documented errors. A created API key is shown
 * once and kept nowhere: not in the journal, not on stderr.
 */

const w = writeWorld({ apps: 1, groups: 3, calls: 1, users: 12, messages: 20 });
const { ok, json, undo, journal, journalText } = w;

describe("roles", () => {
  it("create: --dry-run sends nothing; sent, read back, undone by a delete", async () => {
    const before = w.served.length;
    const dry = await ok(["role", "create", "auditor", "--name", "Auditor", "--list-users", "friendsOnly", "--dry-run"]);
    expect(dry.stdout).toContain(`-d '{"role":"auditor","name":"Auditor","settings":{"listUsers":"friendsOnly"}}'`);
    expect(w.served.slice(before)).toEqual([]);
    await ok(["role", "create", "auditor", "--name", "Auditor", "--list-users", "friendsOnly", "--yes"]);
    expect(await json(["role", "auditor"])).toMatchObject({ role: "auditor", name: "Auditor", settings: { listUsers: "friendsOnly" } });
    expect(journal()[0]).toMatchObject({ verb: "role create", inverse: { method: "DELETE", path: "/roles/auditor" } });
    await undo();
    expect(rolesOf(w.app).has("auditor")).toBe(false);
  });

  it("update: the fields changed, undone to those it had (a description it lacked unset again)", async () => {
    await ok(["role", "create", "editor", "--name", "Editor", "--yes"]);
    rolesOf(w.app).set("editor", { ...rolesOf(w.app).get("editor")!, description: undefined as unknown as string });
    await ok(["role", "update", "editor", "--name", "Chief editor", "--description", "edits", "--yes"]);
    expect(await json(["role", "editor"])).toMatchObject({ name: "Chief editor", description: "edits" });
    expect(journal().at(-1)).toMatchObject({ inverse: { method: "PUT", body: { name: "Editor", unset: ["description"] } } });
    await undo();
    const back = await json(["role", "editor"]);
    expect(back.name).toBe("Editor");
    expect(back.description).toBeUndefined();
  });

  it("delete: gone, undone by a create with the fields read before it; an unknown role refused, ERR_ROLE_NOT_FOUND", async () => {
    const had = rolesOf(w.app).get("premium")!;
    await ok(["role", "delete", "premium", "--yes"]);
    expect((await runCcx(["role", "premium"], w.env)).stderr).toContain("ERR_ROLE_NOT_FOUND");
    await undo();
    expect(await json(["role", "premium"])).toMatchObject({ role: "premium", name: had.name, description: had.description, settings: had.settings });
    const unknown = await runCcx(["role", "delete", "nobody-has-it", "--yes"], w.env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("ERR_ROLE_NOT_FOUND");
  });

  it("read-only: refused before anything is sent", async () => {
    const before = w.served.length;
    const run = await runCcx(["role", "delete", "agent", "--yes", "--read-only"], w.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/read-only mode: role delete refused, nothing was sent/);
    expect(w.served.slice(before)).toEqual([]);
  });
});

describe("restricted features", () => {
  const keys = async (role: string) => ((await json(["restricted-features", role])) as Array<{ key: string }>).map((f) => f.key).sort();

  it("restrict: read back; undone, only the feature it restricted is allowed again", async () => {
    const had = await keys("agent");
    const already = had[0] ?? "polls";
    if (had.length === 0) await ok(["role", "restrict", "agent", already, "--yes"]);
    const fresh = ["reactions", "polls", "stickers", "translation"].find((k) => k !== already && !had.includes(k))!;
    await ok(["role", "restrict", "agent", already, fresh, "--yes"]);
    expect(await keys("agent")).toEqual([...new Set([...had, already, fresh])].sort());
    expect(journal().at(-1)).toMatchObject({ inverse: { method: "DELETE", body: { featuresToAllow: [fresh] } } });
    await undo();
    expect(await keys("agent")).toEqual([...new Set([...had, already])].sort());
  });

  it("allow --all: none left, undone by restricting again those there were; an unknown feature refused", async () => {
    await ok(["role", "restrict", "moderator", "polls", "--yes"]);
    const had = featuresOf(w.app, "moderator").map((f) => f.key).sort();
    await ok(["role", "allow", "moderator", "--all", "--yes"]);
    expect(await keys("moderator")).toEqual([]);
    await undo();
    expect(await keys("moderator")).toEqual(had);
    const bad = await runCcx(["role", "restrict", "moderator", "teleport", "--yes"], w.env);
    expect(bad.stderr).toContain("ERR_BAD_REQUEST");
  });
});

describe("permissions", () => {
  type Permission = { id: string; value?: unknown };
  const valueOf = async (args: string[], id: string) => ((await json(args)) as Permission[]).find((p) => p.id === id)?.value;

  it("a role's: set, read back, undone by an unset; set over a value, undone to it; unset undone to the value", async () => {
    await ok(["permission", "set", "default", "createGroup.allowedGroupTypes", '["public"]', "--yes"]);
    expect(await valueOf(["permissions", "default"], "createGroup.allowedGroupTypes")).toEqual(["public"]);
    expect(journal().at(-1)).toMatchObject({ inverse: { method: "DELETE", path: "/roles/default/permissions/createGroup.allowedGroupTypes" } });
    await undo();
    expect(permissionsSet(w.app, "role:default").has("createGroup.allowedGroupTypes")).toBe(false);
    await ok(["permission", "set", "default", "createGroup", "deny", "--yes"]);
    await ok(["permission", "set", "default", "createGroup", "allow", "--yes"]);
    await undo();
    expect(await valueOf(["permissions", "default"], "createGroup")).toBe("deny");
    await ok(["permission", "unset", "default", "createGroup", "--yes"]);
    expect(await valueOf(["permissions", "default"], "createGroup")).toBeUndefined();
    await undo();
    expect(await valueOf(["permissions", "default"], "createGroup")).toBe("deny");
  });

  it("a group scope's: set, read back, undone; a value the permission does not take refused, ERR_BAD_REQUEST", async () => {
    const guid = w.app.groups[0]!.guid;
    await ok(["scope-permission", "set", guid, "participant", "sendMessage", "deny", "--yes"]);
    expect(await valueOf(["scope-permissions", guid, "participant"], "sendMessage")).toBe("deny");
    await undo();
    expect(await valueOf(["scope-permissions", guid, "participant"], "sendMessage")).toBeUndefined();
    const bad = await runCcx(["scope-permission", "set", guid, "participant", "sendMessage", "maybe", "--yes"], w.env);
    expect(bad.stderr).toContain(`refused ${guid}/participant: sendMessage: ERR_BAD_REQUEST`);
    expect(permissionsSet(w.app, `scope:${guid}/participant`).has("sendMessage")).toBe(false);
  });
});

describe("API keys", () => {
  it("create: the key printed alone on stdout, once, and it works; nowhere in the journal or on stderr; update renames it; delete and it is refused", async () => {
    const run = await ok(["apikey", "create", "--name", "CI", "--scope", "fullAccess", "--yes"]);
    const key = run.stdout.trim();
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(run.stderr).toMatch(/shown once, ccx keeps no copy/);
    expect(run.stderr).not.toContain(key);
    expect(journalText()).not.toContain(key);
    expect(journal()[0]).toMatchObject({ verb: "apikey create", irreversible: expect.stringContaining("apikey delete") });
    const withKey = { ...w.env, CCX_API_KEY: key };
    await ok(["roles"], withKey);
    await ok(["apikey", "update", key, "--name", "CI runner", "--yes"]);
    expect(apiKeysOf(w.app).find((k) => k.apiKey === key)).toMatchObject({ name: "CI runner", scope: "fullAccess" });
    const dry = await ok(["apikey", "delete", key, "--dry-run"]);
    expect(dry.stdout).toContain(`/apikeys/'"$CCX_TARGET_API_KEY"`);
    expect(dry.stdout).not.toContain(key);
    const deleted = await ok(["apikey", "delete", key, "--yes"]);
    expect(deleted.stderr).not.toContain(key);
    expect(journalText()).not.toContain(key);
    const refused = await runCcx(["roles"], withKey);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("AUTH_ERR_APIKEY_NOT_FOUND");
  });

  it("--dry-run: the curl sends nothing; a scope not documented is bad input", async () => {
    const before = w.served.length;
    const dry = await ok(["apikey", "create", "--name", "CI", "--scope", "authOnly", "--dry-run"]);
    expect(dry.stdout).toContain(`-d '{"name":"CI","scope":"authOnly"}'`);
    expect(w.served.slice(before)).toEqual([]);
    const bad = await runCcx(["apikey", "create", "--name", "CI", "--scope", "everything", "--yes"], w.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--scope takes fullAccess or authOnly");
  });
});

describe("apps, collaborators, app settings, tenants (the management API)", () => {
  const managed = () => w.fx.cliEnv({ state: w.state, management: true });
  const okManaged = (args: string[]) => ok(args, managed());
  const jsonManaged = async (args: string[]) => JSON.parse((await okManaged([...args, "--json"])).stdout);

  it("app create: its REST API key printed alone, once, and nowhere else; listed; the create undone by deleting it", async () => {
    const run = await okManaged(["app", "create", "--name", "Scratch", "--app-region", "eu", "--skip-sample-data", "--yes"]);
    const key = run.stdout.trim();
    const made = w.fx.emulator.world.apps.find((a) => a.name === "Scratch")!;
    expect(key).toBe(made.fullAccessKey);
    expect(run.stderr).not.toContain(key);
    expect(journalText()).not.toContain(key);
    expect(journal()[0]).toMatchObject({ verb: "app create", inverse: { method: "DELETE", path: `/apps/${made.appId}` } });
    expect(JSON.stringify(await jsonManaged(["apps"]))).toContain(made.appId);
    await ok(["undo", "--yes"], managed());
    expect(w.fx.emulator.world.apps.some((a) => a.appId === made.appId)).toBe(false);
  });

  it("app delete: its id typed back (without a terminal, --yes); gone, journaled as irreversible; an unknown app ERR_APP_NOT_FOUND", async () => {
    await okManaged(["app", "create", "--name", "Doomed", "--app-region", "us", "--skip-sample-data", "--yes"]);
    const doomed = w.fx.emulator.world.apps.find((a) => a.name === "Doomed")!;
    expect((await runCcx(["app", "delete", doomed.appId], managed())).code).toBe(2);
    await okManaged(["app", "delete", doomed.appId, "--yes"]);
    expect(w.fx.emulator.world.apps.includes(doomed)).toBe(false);
    expect(journal().at(-1)).toMatchObject({ verb: "app delete", irreversible: expect.stringContaining("archived") });
    const again = await runCcx(["app", "delete", doomed.appId, "--yes"], managed());
    expect(again.stderr).toContain("ERR_APP_NOT_FOUND");
  });

  it("app usage: the service's answer said; nothing to undo", async () => {
    const run = await okManaged(["app", "usage", "--previous-cycle", "--yes"]);
    expect(run.stdout + run.stderr).toContain("previous billing cycle");
    expect(journal()[0]).toMatchObject({ verb: "app usage", body: { usePreviousBillingCycle: true }, irreversible: expect.stringContaining("emailed") });
  });

  it("collaborators: one added, read back, undone by removing them; an admin removed, undone by adding them back as admin", async () => {
    const emails = async () => ((await jsonManaged(["collaborators"])) as Array<{ email: string; role: string }>);
    await okManaged(["collaborator", "add", "new.mod@example.com", "--role", "moderator", "--yes"]);
    expect(await emails()).toContainEqual(expect.objectContaining({ email: "new.mod@example.com", role: "moderator" }));
    await ok(["undo", "--yes"], managed());
    expect((await emails()).map((c) => c.email)).not.toContain("new.mod@example.com");
    const admin = (await emails()).find((c) => c.role === "admin")!;
    await okManaged(["collaborator", "remove", admin.email, "--yes"]);
    expect((await emails()).map((c) => c.email)).not.toContain(admin.email);
    await ok(["undo", "--yes"], managed());
    expect(await emails()).toContainEqual(expect.objectContaining({ email: admin.email, role: "admin" }));
  });

  it("settings: one set, read back, undone to its value; reset (typed back) and undone to the settings read before it", async () => {
    const name = "core.conversations.updateOnReplies";
    const had = (await jsonManaged(["settings"]))[name] as boolean;
    await okManaged(["settings", "set", name, String(!had), "--yes"]);
    expect((await jsonManaged(["settings"]))[name]).toBe(!had);
    await ok(["undo", "--yes"], managed());
    expect((await jsonManaged(["settings"]))[name]).toBe(had);
    await okManaged(["settings", "set", name, String(!had), "--yes"]);
    await okManaged(["settings", "reset", "--yes"]);
    expect((await jsonManaged(["settings"]))[name]).toBe(had);
    await ok(["undo", "--yes"], managed());
    expect((await jsonManaged(["settings"]))[name]).toBe(!had);
    const bad = await runCcx(["settings", "set", "core.nothing", "true", "--yes"], managed());
    expect(bad.stderr).toContain("refused core.nothing: ERR_BAD_REQUEST");
  });

  it("tenant create: sent with HTTP Basic; the password masked in --dry-run's curl and the journal; the app's key printed once", async () => {
    const password = `tenant-${process.pid}-s3cr3t-password`;
    const create = ["tenant", "create", "--name", "Tia", "--email", "tia@example.com", "--password", password, "--app-name", "Tia's app", "--app-region", "in"];
    const dry = await okManaged([...create, "--dry-run"]);
    expect(dry.stdout).toContain(`"password":"'"$CCX_PASSWORD"'"`);
    // HTTP Basic as curl's -u with the variables: its base64 would give the management credentials away.
    expect(dry.stdout).toContain(`-u "$CCX_MANAGEMENT_KEY:$CCX_MANAGEMENT_SECRET"`);
    expect(dry.stdout).not.toMatch(/Basic /);
    expect(dry.stdout).not.toContain(password);
    const run = await okManaged([...create, "--yes"]);
    expect(run.stdout.trim()).toMatch(/^[0-9a-f]{40}$/);
    expect(w.fx.emulator.world.tenants).toContainEqual(expect.objectContaining({ email: "tia@example.com" }));
    expect(journalText()).not.toContain(password);
    expect(journalText()).not.toContain(run.stdout.trim());
    expect(journal().at(-1)).toMatchObject({ verb: "tenant create", host: "management", irreversible: expect.stringContaining("no documented write") });
  });
});
