import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extensionSettingsOf, extensionsOf } from "../../src/emulator/data/extensions.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";
import { registerSecrets } from "../support/secrets.js";
import { writeWorld } from "../support/write-world.js";

/**
 * The extension writes, over HTTPS against the emulator: enabled and
 * disabled, settings saved, changed and deleted, each read back and undone
 * from the read before it; the body held to the extension's documented
 * fields before anything is sent; a secret setting (Giphy's API key) never
 * whole in --dry-run, the output or the journal, and its update journaled as
 * not undone, saying why.
 */

const w = writeWorld({ apps: 1, groups: 3, calls: 1, users: 10, messages: 50 }, { management: true });
const { ok, undo, journal, journalText } = w;

const GIPHY_KEY = `giphy-${process.pid}-s3cr3t-key`;
registerSecrets(GIPHY_KEY);

const isOn = (id: string) => extensionsOf(w.app).find((e) => e.id === id)!.isActive;
const settingsOf = (id: string) => (extensionSettingsOf(w.app, id) as { settings: Record<string, unknown> }).settings;
const listed = async () => JSON.parse((await ok(["extensions", "--json"])).stdout) as Array<{ id: string; isActive: boolean }>;

describe("enable and disable", () => {
  it("disable then enable: the POST's documented body, read back in the list, each undone to the state before", async () => {
    const dry = await ok(["extension", "disable", "broadcast", "--dry-run"]);
    expect(dry.stdout).toContain(`-d '{"disabled":["broadcast"]}'`);
    await ok(["extension", "enable", "broadcast", "--yes"]);
    await ok(["extension", "disable", "broadcast", "--yes"]);
    expect((await listed()).find((e) => e.id === "broadcast")!.isActive).toBe(false);
    expect(journal()[1]).toMatchObject({ verb: "extension disable", inverse: { method: "POST", body: { enabled: ["broadcast"] } } });
    await undo();
    expect(isOn("broadcast")).toBe(true);
    const unknown = await runCcx(["extension", "enable", "no-such-extension", "--yes", "--json"], w.env);
    expect(unknown.stdout + unknown.stderr).toContain("ERR_EXTENSION_NOT_FOUND");
  });

  it("read-only: refused before anything is sent", async () => {
    const before = w.served.length;
    const run = await runCcx(["extension", "enable", "broadcast", "--yes", "--read-only"], w.env);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/read-only mode: extension enable refused, nothing was sent/);
    expect(w.served.slice(before).filter((line) => !line.includes("GET"))).toEqual([]);
  });
});

describe("settings", () => {
  it("settings-update: the fields given sent as {settings}, read back, undone to the values they had", async () => {
    await ok(["extension", "enable", "profanity-filter", "--yes"]);
    const had = settingsOf("profanity-filter");
    await ok(["extension", "settings-update", "profanity-filter", `dropMessage=${!had.dropMessage}`, 'badwords=["gosh"]', "--yes"]);
    const shown = (await ok(["extensions", "profanity-filter", "--json"])).stdout;
    expect(shown).toContain('"gosh"');
    expect(settingsOf("profanity-filter")).toMatchObject({ dropMessage: !had.dropMessage, badwords: ["gosh"] });
    expect(journal().at(-1)).toMatchObject({ verb: "extension settings-update", inverse: { method: "PUT", body: { settings: { dropMessage: had.dropMessage, badwords: had.badwords } } } });
    await undo();
    expect(settingsOf("profanity-filter")).toMatchObject({ dropMessage: had.dropMessage, badwords: had.badwords });
  });

  it("settings-delete, then settings-create: deleted (typed back), saved again, the create undone by a delete and the delete by the settings read before", async () => {
    await ok(["extension", "enable", "xss-filter", "--yes"]);
    const had = settingsOf("xss-filter");
    await ok(["extension", "settings-delete", "xss-filter", "--yes"]);
    expect(settingsOf("xss-filter")).toEqual({ appId: w.app.appId });
    await ok(["extension", "settings-create", "xss-filter", "dropMessage=true", "--yes"]);
    expect(settingsOf("xss-filter")).toMatchObject({ dropMessage: true });
    expect(journal().at(-1)).toMatchObject({ verb: "extension settings-create", inverse: { method: "DELETE", path: expect.stringContaining("/extensions/xss-filter/v1/settings") } });
    await undo();
    expect(settingsOf("xss-filter")).toEqual({ appId: w.app.appId });
    await undo(2);
    expect(settingsOf("xss-filter")).toEqual(had);
  });

  it("the body held to the documented fields and kinds: a field the extension lacks, a value of another kind, refused before anything is sent", async () => {
    const before = w.served.length;
    const unknown = await runCcx(["extension", "settings-update", "xss-filter", "dropMesage=true", "--yes"], w.env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("xss-filter documents no setting 'dropMesage': dropMessage; nothing was sent");
    const kind = await runCcx(["extension", "settings-update", "report-user", "maxReports=many", "--yes"], w.env);
    expect(kind.stderr).toContain("report-user's maxReports takes a number: not 'many'");
    const post = await runCcx(["extension", "settings-create", "data-masking", "dropMessage=true", "--yes"], w.env);
    expect(post.stderr).toContain("documented with PUT alone");
    expect(w.served.slice(before)).toEqual([]);
  });

  it("an inactive extension's settings: refused with ERR_EXTENSION_INACTIVE", async () => {
    await ok(["extension", "disable", "sentiment-analysis", "--yes"]);
    const run = await runCcx(["extension", "settings-update", "sentiment-analysis", "dropMessage=true", "--yes", "--json"], w.env);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain("ERR_EXTENSION_INACTIVE");
  });

  it("a secret setting: masked in --dry-run's curl, the output and the journal; its update journaled as not undone, saying why", async () => {
    await ok(["extension", "enable", "gifs-giphy", "--yes"]);
    const update = ["extension", "settings-update", "gifs-giphy", `giphyApiKey=${GIPHY_KEY}`];
    const dry = await ok([...update, "--dry-run"]);
    expect(dry.stdout).toContain(`"giphyApiKey":"'"$CCX_GIPHY_API_KEY"'"`);
    await ok([...update, "--yes"]);
    expect(settingsOf("gifs-giphy").giphyApiKey).toBe(GIPHY_KEY);
    expect((await ok(["extensions", "gifs-giphy"])).stdout).not.toContain(GIPHY_KEY);
    expect(journalText()).not.toContain(GIPHY_KEY);
    expect(journal().at(-1)).toMatchObject({ verb: "extension settings-update", irreversible: expect.stringContaining("hold a secret") });
    expect(journal().at(-1)!.inverse).toBeUndefined();
  });

  it("a chat widget: made by settings-create, renamed by settings-update widgetId=…, the rename undone", async () => {
    await ok(["extension", "enable", "widget", "--yes"]);
    await ok(["extension", "settings-create", "widget", "name=Docs widget", "version=v2", '--yes']);
    const widgets = extensionSettingsOf(w.app, "widget") as Array<{ widgetId: string; configuration: { name: string } }>;
    const made = widgets.at(-1)!;
    expect(made.configuration.name).toBe("Docs widget");
    expect(journal().at(-1)).toMatchObject({ irreversible: expect.stringContaining("no documented delete") });
    await ok(["extension", "settings-update", "widget", `widgetId=${made.widgetId}`, "name=Help widget", "--yes"]);
    expect(made.configuration.name).toBe("Help widget");
    await undo();
    expect(made.configuration.name).toBe("Docs widget");
  });
});

describe("push certificates", () => {
  it("certificate-upload: sent as multipart (curl -F in --dry-run), the uploaded certificate read back, journaled as not undone; a file it cannot read refused before anything is sent", async () => {
    const file = join(scratchDir("ccx-cert-"), "apns.p12");
    writeFileSync(file, Buffer.from([0x30, 0x82, 0x01, 0x02]));
    const dry = await ok(["extension", "certificate-upload", file, "--dry-run"]);
    expect(dry.stdout).toContain(`/extensions/push-notification/v1/upload-certificate-p12' `);
    expect(dry.stdout).toContain(`-F 'certificate=@${file}'`);
    await ok(["extension", "certificate-upload", file, "--yes"]);
    expect(w.app.pushCertificates.p12).toMatchObject({ fileName: "apns.p12", bytes: 4 });
    expect(JSON.parse((await ok(["push-certificates", "--json"])).stdout)).toMatchObject({ certificate_p12: true });
    expect(journal().at(-1)).toMatchObject({ verb: "extension certificate-upload", files: { certificate: file }, irreversible: expect.stringContaining("no documented delete") });
    const before = w.served.length;
    const missing = await runCcx(["extension", "certificate-upload", join(file, "..", "AuthKey.p8"), "--yes"], w.env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/cannot read .*AuthKey\.p8 \(its certificate\): ENOENT; nothing was sent/);
    expect(w.served.slice(before)).toEqual([]);
  });
});
