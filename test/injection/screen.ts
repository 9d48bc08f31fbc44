import { expect } from "vitest";
import { sanitize } from "../../src/text/sanitize.js";
import type { Tui } from "../support/tui.js";
import { expectFits, expectInert, expectSafeCopy } from "./payloads.js";

/**
 * Checks shared by the explorer's injection tests: every frame drawn is inert
 * and fits the terminal, and each copy is one OSC 52 whose text is harmless.
 */

/**
 * Every frame since the mount is inert; those from `sizedFrom` on (drawn once
 * the terminal had its size) fit in `columns` less the last (kept empty) and
 * `rows`.
 */
export function expectFramesHarmless(tui: Tui, columns: number, rows: number, what: string, sizedFrom = 0): void {
  const frames = tui.frames();
  expect(frames.length).toBeGreaterThan(sizedFrom);
  frames.forEach((frame, i) => {
    expectInert(frame, `${what}, frame ${i}`);
    if (i >= sizedFrom) expectFits(frame, columns - 1, rows, `${what}, frame ${i}`);
  });
}

/**
 * Mounts the explorer at the given size with nothing loaded, then opens and
 * loads the root list (groups, calls, users, conversations): every frame with
 * server data is drawn at that size. Returns the index of the first such frame.
 */
export async function mountSized(mount: (options: { columns: number; rows: number; load: false }) => Promise<Tui>, columns: number, rows: number, root = "groups") {
  const tui = await mount({ columns, rows, load: false });
  const sizedFrom = tui.frames().length;
  tui.store.getState().openRoot(root);
  await tui.waitForFrame((f) => /\d+ of \d+/.test(f) || /loaded/.test(f) || f.includes("✗"), "the first list");
  return { tui, sizedFrom };
}

const OSC52 = /^\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007$/;

/**
 * Sends `keys` as one input event (as keys typed faster than frames arrive,
 * each still its own press) and returns what they put on the clipboard, in
 * order. Each copy is exactly one terminal write: one plain OSC 52 sequence
 * (no multiplexer in the test's environment).
 */
export async function copiesFrom(tui: Tui, keys: string, what: string): Promise<string[]> {
  const before = tui.writes.length;
  await tui.paste(keys);
  // o copies too where no browser can be opened (the tests' environment says so).
  const expected = [...keys].filter((k) => k === "y" || k === "Y" || k === "o").length;
  const writes = tui.writes.slice(before);
  expect(writes.length, `${what}: one write per copy`).toBe(expected);
  return writes.map((w) => {
    const match = OSC52.exec(w);
    expect(match, `${what}: a lone OSC 52`).not.toBeNull();
    return Buffer.from(match![1]!, "base64").toString("utf8");
  });
}

/** y: the id or URL, sanitized as the screen shows it, on one line. */
export function expectIdCopy(copied: string | undefined, raw: string, what: string): void {
  expectSafeCopy(copied ?? "", `${what} (y)`);
  expect(copied, `${what} (y)`).toBe(sanitize(raw));
}

/** Y: JSON that says every payload escaped, and reads back as the server's object. */
export function expectJsonCopy(copied: string | undefined, expected: Record<string, unknown>, what: string): void {
  expectSafeCopy(copied ?? "", `${what} (Y)`, true);
  expect(JSON.parse(copied ?? "null"), `${what} (Y)`).toMatchObject(expected);
}
