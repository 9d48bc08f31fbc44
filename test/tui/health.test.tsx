import { describe, expect, it } from "vitest";
import { activeView } from "../../src/store/explorer-store.js";
import { type Tui, lines, tuiFixture } from "../support/tui.js";

/**
 * :health: `ccx health`'s lines, over the emulator anchored to now; Enter on a line opens the list it
 * counts with its filter typed, and that list has as many rows as the line counts.
 */

const fixture = tuiFixture({ now: Math.floor(Date.now() / 1000), sizes: { apps: 1, groups: 30, calls: 1500, users: 40, messages: 3000 } });
let tui: Tui;

const crumbs = (frame: string) => lines(frame)[1]!;

async function openHealth(): Promise<string> {
  tui = await fixture.mount({ root: "calls", debounceMs: 40, management: true, rows: 40, columns: 160 });
  await tui.press(":");
  await tui.type("health 2d");
  await tui.press("enter");
  return tui.waitForFrame((f) => f.includes("calls ongoing") && f.includes("429s ccx met"), "the health lines");
}

/** Moves the cursor to the line labelled `label` (j, one line at a time) and opens it. */
async function openLine(label: string): Promise<{ count: number; filter: string; resource: string }> {
  const health = activeView(tui.store.getState()).health!;
  const index = health.lines!.findIndex((l) => l.label === label);
  expect(index, label).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < index; i++) await tui.press("j");
  await tui.press("enter");
  const line = health.lines![index]!;
  return { count: line.count, filter: line.opens!.filter!, resource: line.opens!.resource };
}

describe(":health", () => {
  it("shows the lines of ccx health: a count, what it counts, the list it opens", async () => {
    const frame = await openHealth();
    expect(crumbs(frame)).toBe("calls › health");
    expect(frame).toMatch(/since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ · enter opens the list a line counts/);
    expect(frame).toMatch(/calls rejected\s+calls status:rejected started:>=/);
    expect(frame).toMatch(/held for (DND_PREFERENCE|INVALID_PUSH_PROVIDER_ID|MUTE_PREFERENCE)\s+notification-logs triggered:no reason:/);
    expect(frame).toContain("webhooks disabled");
    expect(frame).toContain("fcm push providers (default fcm-default)");
  });

  it("enter on a calls line opens the calls with the filter typed: as many as it counted", async () => {
    await openHealth();
    const { count, filter } = await openLine("calls ongoing");
    expect(count).toBeGreaterThan(0);
    const frame = await tui.waitForFrame((f) => crumbs(f).endsWith("calls") && f.includes(filter) && !f.includes("⟳"), "the calls, filtered");
    expect(frame).toContain(filter);
    const list = activeView(tui.store.getState()).lists.calls!;
    expect(list.filter).toBe(filter);
    expect(list.total).toBe(count);
    expect(tui.requests("status=ongoing%2Cinitiated")).toBeGreaterThan(0);
  });

  it("enter on a held line opens the notification log with the filter typed: as many lines as it counted", async () => {
    await openHealth();
    const held = activeView(tui.store.getState()).health!.lines!.find((l) => l.label.startsWith("held for "))!;
    const { count, filter } = await openLine(held.label);
    await tui.waitForFrame(() => {
      const list = activeView(tui.store.getState()).lists["notification-logs"];
      return list?.filter === filter && !list.loading && !list.awaiting && list.items.length > 0;
    }, "the held lines");
    // A walk by log id: the step after the last line brings none, and then it is whole.
    await tui.press("G");
    await tui.waitForFrame(() => activeView(tui.store.getState()).lists["notification-logs"]!.hasMore === false, "the walk's end");
    expect(activeView(tui.store.getState()).lists["notification-logs"]!.items).toHaveLength(count);
    expect(tui.frame()).toContain(filter);
  });

  it("enter on a blocked-by-rule line opens the blocked messages narrowed by the rule: its rows alone", async () => {
    await openHealth();
    const line = activeView(tui.store.getState()).health!.lines!.find((l) => l.opens?.resource === "blocked-messages")!;
    const index = activeView(tui.store.getState()).health!.lines!.indexOf(line);
    for (let i = 0; i < index; i++) await tui.press("j");
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => crumbs(f).endsWith("blocked-messages") && /narrowing the [1-9]/.test(f), "the blocked messages, narrowed");
    expect(frame).toContain(`/ ${line.opens!.narrow}`);
    expect(frame).toContain(`(${line.count} match)`);
    // The rows drawn, each a blocked message's time, all of them that rule's.
    const rows = lines(frame).filter((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d /.test(l));
    expect(rows).toHaveLength(line.count);
    expect(rows.every((row) => row.includes(line.label.replace(/^blocked by /, "")))).toBe(true);
  });
});
