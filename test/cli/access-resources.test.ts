import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * Who may do what, each from its definition: the app's roles, a role's
 * restricted features and permissions, a group's scope's permissions, and
 * the app's API keys (masked unless --reveal); against the emulator over HTTPS.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 5, users: 20 } });
  env = fx.cliEnv();
});
afterAll(() => fx?.close());

const sent = async (path: string) => (await fx.chat(path)).body.data;

describe("roles", () => {
  it("ccx roles: every role its users hold; ccx role <role>: every field; an unknown role exits 3", async () => {
    const table = await runCcx(["roles"], { ...env, COLUMNS: "200" });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^ROLE\s+NAME\s+LIST USERS\s+MESSAGE\s+DESCRIPTION\s+CREATED$/);
    const held = new Set(fx.emulator.world.apps[0]!.users.map((u) => u.role));
    const roles = JSON.parse((await runCcx(["roles", "--json"], env)).stdout) as Array<{ role: string }>;
    expect(new Set(roles.map((r) => r.role))).toEqual(held);
    const one = await runCcx(["role", "moderator", "--json"], env);
    expect(JSON.parse(one.stdout)).toEqual(await sent("/roles/moderator"));
    const missing = await runCcx(["role", "no-such-role"], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: ERR_ROLE_NOT_FOUND: /m);
  });

  it("ccx restricted-features <role> and ccx permissions <role>: as the service lists them", async () => {
    for (const role of ["default", "moderator", "premium", "agent"]) {
      expect(JSON.parse((await runCcx(["restricted-features", role, "--json"], env)).stdout)).toEqual(await sent(`/roles/${role}/restrictedfeatures`));
      const permissions = JSON.parse((await runCcx(["permissions", role, "--json"], env)).stdout) as Array<{ id: string; type: string }>;
      expect(permissions).toHaveLength(28);
      expect(permissions.every((p) => p.type === "role")).toBe(true);
    }
    const table = await runCcx(["permissions", "agent"], { ...env, COLUMNS: "200" });
    expect(table.stdout.split("\n")[0]).toMatch(/^PERMISSION\s+DEFAULT\s+TYPE\s+DESCRIPTION$/);
    // As documented: allow or deny, and lists (stringArray).
    expect(table.stdout).toMatch(/^sendMessage\s+allow\s+string\s/m);
    expect(table.stdout).toMatch(/^sendMessage\.allowedMessageTypes\s+\[\]\s+stringArray\s/m);
  });

  it("ccx scope-permissions <guid> <scope>: a scope's permissions in a group; a scope that is none is the service's 400, exit 2", async () => {
    const guid = fx.emulator.world.apps[0]!.groups[0]!.guid;
    const admin = JSON.parse((await runCcx(["scope-permissions", guid, "admin", "--json"], env)).stdout) as Array<{ type: string }>;
    expect(admin).toHaveLength(11);
    expect(admin.every((p) => p.type === "scope")).toBe(true);
    const bad = await runCcx(["scope-permissions", guid, "king"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/ERR_BAD_REQUEST/);
  });
});

describe("API keys", () => {
  it("ccx apikeys: names and scopes, the keys masked; --scope narrows", async () => {
    const app = fx.app();
    const table = await runCcx(["apikeys"], env);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).not.toContain(app.fullAccessKey);
    expect(table.stdout).toContain(`…${app.fullAccessKey.slice(-4)}`);
    expect(table.stderr).toMatch(/masked \(--reveal shows them\): apiKey/);
    // Masked in --json too, each by its last four characters (--reveal would print them: the suite's scan forbids it here).
    const keys = JSON.parse((await runCcx(["apikeys", "--json"], env)).stdout) as Array<{ apiKey: string; scope: string }>;
    expect(keys.map((k) => `${k.scope} ${k.apiKey}`).sort()).toEqual([`authOnly …${app.authOnlyKey.slice(-4)}`, `fullAccess …${app.fullAccessKey.slice(-4)}`]);
    const authOnly = JSON.parse((await runCcx(["apikeys", "--scope", "authOnly", "--json"], env)).stdout) as Array<{ scope: string }>;
    expect(authOnly.map((k) => k.scope)).toEqual(["authOnly"]);
    // One key by its path, as the exports answer it (ccx api reaches it; the list already holds every field).
    expect((await fx.chat(`/apikeys/${app.authOnlyKey}`)).body.data).toMatchObject({ scope: "authOnly", name: "Auth Key" });
    expect((await fx.chat("/apikeys/nope")).body.error.code).toBe("ERR_APIKEY_NOT_FOUND");
  });
});
