import { describe, expect, it } from "vitest";
import { ROLE_NAMES } from "../../src/emulator/data/roles.js";
import { type Tui, lines, tuiFixture } from "../support/tui.js";

/**
 * `/` on the lists made from definitions: where the service documents query
 * parameters, the line is their grammar, sent after the pause (the request
 * the emulator served carries them) and never while a token is wrong; where
 * it documents none, the line narrows the rows loaded, and nothing is asked.
 * `/` in help narrows its lines.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 4, calls: 2, users: 10, messages: 120 } });
let tui: Tui;

const logsServed = () => fixture.fx.served.filter((l) => l.includes("/notifications/v1/logs"));

describe("/ on a derived list", () => {
  it("notification logs: the documented parameters are sent as typed; a bad token is marked and nothing is sent", async () => {
    // The keys arrive in one read (as a fast typist's over SSH): no pause between them, so one request is
    // sent however busy the machine is.
    tui = await fixture.mount({ load: true, columns: 160, rows: 40, debounceMs: 300 });
    await tui.paste(":notification-logs\r");
    await tui.waitForFrame((f) => /SENT\s+MESSAGE\s+TO\s+CHANNEL/.test(f) && f.includes("loaded"), "the log");
    const before = logsServed().length;
    await tui.press("/");
    await tui.paste("channel:push success:no");
    const sent = await tui.waitForFrame((f) => /→ GET \S*\/notifications\/v1\/logs\?\S*channel=push/.test(f) && !f.includes("⟳"), "the filtered log");
    expect(sent).toContain("/ channel:push success:no");
    const served = logsServed().slice(before);
    expect(served).toHaveLength(1);
    expect(served[0]).toMatch(/channel=push/);
    expect(served[0]).toMatch(/success=false/);
    for (const row of lines(sent).filter((l) => /^\d{4}-\d{2}-\d{2} /.test(l))) expect(row).toMatch(/\spush\s/);
    // A key press that leaves the parameters as they are (spaces) sends nothing more.
    await tui.type("  ");
    await tui.settle(400);
    expect(logsServed().length - before).toBe(1);

    await tui.press("enter");
    await tui.press("/");
    await tui.type(" chanel:sms");
    const marked = await tui.waitForFrame((f) => f.includes("✗ nothing sent") && f.includes('unknown filter "chanel:"; did you mean channel:?'), "the bad token marked");
    expect(marked).toContain("chanel:sms");
    const after = logsServed().length;
    await tui.settle(400);
    expect(logsServed().length).toBe(after);
  });

  it("f: the form of every documented parameter edits the same line; a value chosen is sent", async () => {
    tui = await fixture.mount({ load: true, columns: 160, rows: 40, debounceMs: 40 });
    await tui.paste(":notification-logs\r");
    await tui.waitForFrame((f) => /SENT\s+MESSAGE\s+TO\s+CHANNEL/.test(f) && f.includes("loaded"), "the log");
    await tui.press("f");
    const form = await tui.waitForFrame((f) => f.includes("filter form · notification-logs · every parameter of GET /notifications/v1/logs"), "the form");
    for (const label of ["message-id", "receiver", "channel", "triggered", "success", "sent"]) expect(form).toMatch(new RegExp(`^[› ] ${label} +`, "m"));
    // channel: the 14th field (message-id, reaction-id, from, to, category, type, trigger, sender, reaction-sender, receiver, receiver-type, reaction-receiver, member).
    await tui.press("g", ...Array<string>(13).fill("j"));
    expect(tui.frame()).toMatch(/^› channel +/m);
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("channel: choose a value") && f.includes("email"), "the choices");
    // (any), push: one down.
    await tui.press("down", "enter");
    const sent = await tui.waitForFrame((f) => /→ GET \S*\/notifications\/v1\/logs\?\S*channel=push/.test(f) && !f.includes("⟳"), "the log of push lines");
    expect(sent).toContain("/ channel:push");
    expect(logsServed().at(-1)).toMatch(/channel=push/);
    await tui.press("escape");
    await tui.waitForFrame((f) => f.includes("/ channel:push") && /SENT\s+MESSAGE/.test(f), "the list under the same line");
  });

  it("roles document no filter: / narrows the rows loaded by their text, and says so; nothing is asked", async () => {
    tui = await fixture.mount({ load: true, columns: 160, rows: 40 });
    const roles = ROLE_NAMES;
    await tui.paste(":roles\r");
    const all = await tui.waitForFrame((f) => f.includes(`${roles.length} of ${roles.length}`), "the roles");
    const one = roles.find((r) => r !== "default")!;
    expect(all).toContain("default");
    const asked = fixture.fx.served.filter((l) => l.includes("/roles")).length;
    await tui.press("/");
    await tui.type(one);
    const narrowed = await tui.waitForFrame((f) => f.includes(`no filter documented: narrowing the ${roles.length} rows loaded`), "the narrowing line");
    expect(narrowed).toContain(one);
    expect(lines(narrowed).some((l) => /^default\s/.test(l))).toBe(false);
    await tui.press("enter", "f");
    await tui.waitForFrame((f) => f.includes("the service documents no filter for roles: / narrows the rows loaded"), "f says there is no form");
    await tui.settle(120);
    expect(fixture.fx.served.filter((l) => l.includes("/roles")).length).toBe(asked);
  });
});

describe("/ on the conversations: their grammar written by hand, loaded when first used", () => {
  it("sends what it did: bare words as the search, type:, unread: and tag: as their parameters, asked as the user acted for", async () => {
    tui = await fixture.mount({ load: true, columns: 160, rows: 40, debounceMs: 300 });
    const uid = fixture.fx.emulator.world.apps[0]!.users[0]!.uid;
    await tui.paste(`:as ${uid}\r`);
    await tui.paste(":conversations\r");
    await tui.waitForFrame((f) => /\d+ of \d+ · page/.test(f) && !f.includes("⟳"), "the conversations");
    const before = fixture.fx.served.length;
    await tui.press("/");
    await tui.type("design type:group unread:no tag:pinned");
    await tui.waitForFrame((f) => /→ GET \S*\/conversations\?\S*conversationType=group/.test(f) && !f.includes("⟳"), "the filtered conversations");
    // The line's last request (a busy machine may pause the typing long enough to send a shorter line first).
    const asked = fixture.fx.served.slice(before).filter((l) => l.includes("/conversations?")).at(-1);
    for (const param of ["searchKey=design", "conversationType=group", "unread=false", "tags=pinned"]) expect(asked).toContain(param);
    expect(tui.store.getState().log.at(-1)!.onBehalfOf).toBe(uid);
  });
});

describe("/ on a derived list, answers slow", () => {
  const slow = tuiFixture({ sizes: { apps: 1, groups: 4, calls: 2, users: 10, messages: 120 }, faults: { latency: { min: 400, max: 400 } } });

  it("a key press aborts the request it makes stale; the newest answer is the one shown", async () => {
    const view = await slow.mount({ load: true, columns: 160, rows: 40, debounceMs: 60 });
    await view.paste(":notification-logs\r");
    await view.waitForFrame((f) => /SENT\s+MESSAGE/.test(f) && f.includes("loaded"), "the log");
    await view.press("/");
    await view.type("channel:push");
    // Past the pause: the push request is on its way (and takes 400 ms).
    await view.waitForFrame((f) => /logs\?channel=push\s*$/m.test(f) && f.includes("⟳"), "the push request in flight");
    await view.type(" success:no");
    await view.waitForFrame((f) => /→ GET \S*logs\?channel=push&success=false/.test(f) && !f.includes("⟳"), "the newest answer");
    // Long enough for the stale answer to have arrived, had it not been dropped.
    await view.settle(400);
    const stale = view.store.getState().log.filter((e) => /logs\?channel=push$/.test(e.url));
    expect(stale).toHaveLength(1);
    expect(stale[0]!.status).not.toBe(200);
    expect(view.frame()).toMatch(/→ GET \S*logs\?channel=push&success=false/);
  });
});

describe("/ in help", () => {
  it("narrows the bindings listed to the lines holding the words typed", async () => {
    tui = await fixture.mount({ load: true, columns: 120, rows: 40 });
    await tui.press("?");
    const whole = await tui.waitForFrame((f) => lines(f)[1]!.endsWith("help"), "the help");
    expect(whole).not.toMatch(/lines match/);
    await tui.press("/");
    await tui.type("filter");
    const narrowed = await tui.waitForFrame((f) => /\/ filter · \d+ lines? match/.test(f), "the narrowed help");
    const body = lines(narrowed).slice(3, -2).filter((l) => l.trim() !== "" && !l.includes("lines match"));
    expect(body.length).toBeGreaterThan(1);
    // Every line shown holds the word, but the titles of the sections they are in.
    expect(body.filter((l) => !/filter/i.test(l)).every((l) => !/^\s/.test(l))).toBe(true);
    expect(narrowed).not.toMatch(/^\s+\?\s+help: every key/m);
  });
});
