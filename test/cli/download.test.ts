import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Call } from "../../src/emulator/data/model.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { type FileMode, type FileServer, combinedCaFile, expectedBytes, fileServer } from "../support/file-server.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";

/**
 * `ccx download`, run as a user runs it (the built bin/ccx.js), the calls
 * found in the emulator and their recordings served by the suite's own file
 * server (the calls' recording URLs pointed at it in the emulator's world).
 */

let fx: EmulatorFixture;
let files: FileServer;
let work: string;
let dir: string;
let env: Record<string, string>;
let served = 0;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 2, groups: 20, calls: 60, users: 20 } });
  files = await fileServer();
  work = scratchDir("ccx-download-cli-");
  const ca = combinedCaFile(join(work, "ca.pem"), fx.info.caFile, files.caFile);
  env = { CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_CA_FILE: ca, CCX_APP_ID: fx.app(0).appId, CCX_REGION: fx.app(0).region, CCX_API_KEY: fx.app(0).fullAccessKey };
  // Every recording of the second app is a whole file on the file server: the filter's calls.
  for (const call of fx.emulator.world.apps[1]!.calls) serveCall(call, call.recordings.map(() => "whole"));
});
afterAll(async () => {
  await files.close();
  await fx.close();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => {
  dir = join(work, `out-${++served}`);
});

const withRecordings = (app = 0) => fx.emulator.world.apps[app]!.calls.filter((c) => c.recordings.length > 0);
/** Calls of app 0 with at least `n` recordings, each used by one test only. */
const taken = new Set<string>();
function freshCall(n = 1): Call {
  const call = withRecordings().find((c) => c.recordings.length >= n && !taken.has(c.sessionId))!;
  taken.add(call.sessionId);
  return call;
}

/** Points the call's recordings at the file server, one mode (and size) each; returns each file's path there and size. */
function serveCall(call: Call, modes: FileMode[], sizes: number[] = []): Array<{ path: string; size: number }> {
  return call.recordings.map((r, i) => {
    const path = `/rec/${encodeURIComponent(call.sessionId)}/${r.rid}.mp4`;
    const size = sizes[i] ?? 20_000 + i * 1_111 + (call.sessionId.charCodeAt(call.sessionId.length - 1) % 50);
    r.recording_url = files.add(path, size, modes[i] ?? "whole");
    return { path, size };
  });
}

const json = (stdout: string) => JSON.parse(stdout) as { files: number; bytes: number; skipped: number; failed: number; failures: Array<{ sessionId: string; file: string; reason: string }> };

describe("ccx download <sessionId>…", () => {
  it("writes every recording whole to <dir>/<sessionId>/<file>; run again, each is skipped after a HEAD", async () => {
    const [a, b] = [freshCall(2), freshCall()];
    const servedA = serveCall(a, ["whole", "whole", "whole"]);
    const servedB = serveCall(b, ["whole", "whole", "whole"]);
    const run = await runCcx(["download", a.sessionId, b.sessionId, "--dir", dir, "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    const all = [...servedA, ...servedB];
    expect(json(run.stdout)).toEqual({ files: all.length, bytes: all.reduce((s, f) => s + f.size, 0), skipped: 0, failed: 0, failures: [] });
    for (const [call, served] of [[a, servedA], [b, servedB]] as const) {
      call.recordings.forEach((r, i) => {
        expect(readFileSync(join(dir, call.sessionId, `${r.rid}.mp4`)).equals(expectedBytes(served[i]!.size))).toBe(true);
      });
      expect(readdirSync(join(dir, call.sessionId))).toHaveLength(call.recordings.length);
    }

    const again = await runCcx(["download", a.sessionId, b.sessionId, "--dir", dir], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim().split("\n").sort()).toEqual(all.map((_, i) => {
      const [call, at] = i < servedA.length ? [a, i] : [b, i - servedA.length];
      return join(dir, call.sessionId, `${call.recordings[at]!.rid}.mp4`);
    }).sort());
    expect(again.stderr).toContain(`0 files written (0 B), ${all.length} already whole in ${dir}`);
    for (const f of all) expect(files.requestsFor(f.path).map((r) => r.method)).toEqual(["GET", "HEAD"]);
    // No progress drawn where stderr is not a terminal, and the API key never sent to the file server.
    expect(again.stderr).not.toContain("\u001b");
    expect(files.requests.every((r) => r.headers.apikey === undefined)).toBe(true);
  });

  it("a short body fails that file (exit 1) while the others are written; the next run resumes it with one Range request", async () => {
    const call = freshCall(2);
    // Large enough that the half sent comes in many reads: the client holds most of it when the connection goes.
    const [cut, whole] = serveCall(call, ["cut-once", "whole", "whole"], [700_001]);
    const cutFile = `${call.recordings[0]!.rid}.mp4`;
    const run = await runCcx(["download", call.sessionId, "--dir", dir, "--json"], env);
    expect(run.code).toBe(1);
    const totals = json(run.stdout);
    expect(totals).toMatchObject({ files: call.recordings.length - 1, failed: 1, skipped: 0 });
    expect(totals.failures).toEqual([{ sessionId: call.sessionId, file: cutFile, reason: expect.stringMatching(new RegExp(`^shorter than announced: \\d+ of ${cut!.size} bytes`)) }]);
    expect(run.stderr).toContain(`failed: ${join(dir, call.sessionId, cutFile)}: shorter than announced`);
    expect(readFileSync(join(dir, call.sessionId, `${call.recordings[1]!.rid}.mp4`)).equals(expectedBytes(whole!.size))).toBe(true);
    const part = statSync(join(dir, call.sessionId, `.${cutFile}.part`)).size;

    const again = await runCcx(["download", call.sessionId, "--dir", dir, "--json"], env);
    expect(again.code, again.stderr).toBe(0);
    expect(json(again.stdout)).toMatchObject({ files: 1, bytes: cut!.size - part, skipped: call.recordings.length - 1, failed: 0 });
    expect(readFileSync(join(dir, call.sessionId, cutFile)).equals(expectedBytes(cut!.size))).toBe(true);
    expect(files.requestsFor(cut!.path).filter((r) => r.method === "GET").map((r) => r.headers.range)).toEqual([undefined, `bytes=${part}-`]);
  });

  it("names each failure with its reason: an HTML page, http://, a redirect, an HTTP status", async () => {
    const call = freshCall(1);
    const other = freshCall(1);
    serveCall(call, ["html", "whole", "whole"]);
    serveCall(other, ["forbidden", "redirect", "whole"]);
    call.recordings.push({ ...call.recordings[0]!, rid: "plain", recording_url: "http://127.0.0.1:9/plain.mp4" });
    try {
      const run = await runCcx(["download", call.sessionId, other.sessionId, "--dir", dir, "--json"], env);
      expect(run.code).toBe(1);
      const reasons = Object.fromEntries(json(run.stdout).failures.map((f) => [f.file, f.reason]));
      expect(reasons[`${call.recordings[0]!.rid}.mp4`]).toBe('an HTML page ("Sign in to continue"), not a recording (HTTP 200)');
      expect(reasons["plain.mp4"]).toBe("not HTTPS (http://127.0.0.1:9): ccx fetches recordings over HTTPS only");
      expect(reasons[`${other.recordings[0]!.rid}.mp4`]).toBe("HTTP 403");
      if (other.recordings[1]) expect(reasons[`${other.recordings[1].rid}.mp4`]).toMatch(/^the server redirected \(HTTP 302\) to https:\/\/elsewhere\.example\/file\.mp4; ccx does not follow redirects/);
    } finally {
      call.recordings.pop();
    }
  });

  it("keeps hostile names inside <dir>: a URL ending in ../../etc/passwd, control characters, a session id with slashes", async () => {
    const call = freshCall(2);
    const original = call.sessionId;
    const app = fx.emulator.world.apps[0]!;
    call.sessionId = `${original}/../../escape\u001b[31m`;
    app.callBySessionId.set(call.sessionId, call);
    call.recordings[0]!.recording_url = files.add("/h/%2e%2e%2f%2e%2e%2fetc%2fpasswd", 1_000);
    call.recordings[1]!.recording_url = files.add("/h/evil%1b%5d0%3bpwned%07%0a.mp4", 2_000);
    try {
      const run = await runCcx(["download", call.sessionId, "--dir", dir], env);
      expect(run.code, run.stderr).toBe(0);
      // Everything landed in one safe folder in <dir>; nothing beside <dir> or above it.
      expect(readdirSync(dir)).toEqual([`${original}_._._escape_[31m`]);
      const inside = readdirSync(join(dir, readdirSync(dir)[0]!)).sort();
      expect(inside).toEqual(["_._etc_passwd", "evil_]0;pwned__.mp4"].concat(call.recordings.slice(2).map((r) => `${r.rid}.mp4`)).sort());
      expect(readdirSync(work).filter((n) => !n.startsWith("out-") && n !== "ca.pem")).toEqual([]);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    } finally {
      app.callBySessionId.delete(call.sessionId);
      call.sessionId = original;
    }
  });

  it("a call without recordings is said, files 0, exit 0", async () => {
    const call = fx.emulator.world.apps[0]!.calls.find((c) => c.recordings.length === 0)!;
    const run = await runCcx(["download", call.sessionId, "--dir", dir, "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(json(run.stdout)).toEqual({ files: 0, bytes: 0, skipped: 0, failed: 0, failures: [] });
    expect(run.stderr).toContain(`no recordings: ${call.sessionId}`);
  });
});

describe("the emulator's own recordings", () => {
  it("are fetched whole, and one cut short (?fault=short) is resumed by the next run", async () => {
    // The longest first recording: its half sent comes in many reads, so the client holds most of it when cut.
    const length = (c: Call) => c.recordings[0]!.endTime - c.recordings[0]!.startTime;
    const call = withRecordings().filter((c) => !taken.has(c.sessionId)).sort((a, b) => length(b) - length(a))[0]!;
    taken.add(call.sessionId);
    const url = call.recordings[0]!.recording_url;
    expect(url.startsWith(`${fx.info.url}/recordings/`)).toBe(true);
    const served = await request(url, { dispatcher: fx.agent }).then(async (r) => Buffer.from(await r.body.arrayBuffer()));
    const file = join(dir, call.sessionId, `${call.recordings[0]!.rid}.mp4`);
    call.recordings[0]!.recording_url = `${url}?fault=short`;
    try {
      const cut = await runCcx(["download", call.sessionId, "--dir", dir, "--json"], env);
      expect(cut.code).toBe(1);
      expect(json(cut.stdout).failures[0]!.reason).toMatch(new RegExp(`^shorter than announced: \\d+ of ${served.length} bytes`));
    } finally {
      call.recordings[0]!.recording_url = url;
    }
    const part = statSync(join(dir, call.sessionId, `.${call.recordings[0]!.rid}.mp4.part`)).size;
    // At most the half sent: what was still in the client's buffers when the connection went is lost, and fetched again.
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThanOrEqual(Math.floor(served.length / 2));
    const run = await runCcx(["download", call.sessionId, "--dir", dir, "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(json(run.stdout)).toMatchObject({ files: 1, bytes: served.length - part, failed: 0 });
    expect(readFileSync(file).equals(served)).toBe(true);
  });
});

describe("ccx download --query", () => {
  it("selects the calls through the calls list with rec:yes implied, every page", async () => {
    const app = fx.app(1);
    const appEnv = { ...env, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
    const chosen = withRecordings(1).filter((c) => c.type === "video");
    const before = files.requests.length;
    const run = await runCcx(["download", "--query", "type:video per:5", "--dir", dir, "--json"], appEnv);
    expect(run.code, run.stderr).toBe(0);
    const count = chosen.reduce((s, c) => s + c.recordings.length, 0);
    expect(json(run.stdout)).toMatchObject({ files: count, skipped: 0, failed: 0 });
    expect(readdirSync(dir).sort()).toEqual(chosen.map((c) => c.sessionId).sort());
    expect(files.requests.length - before).toBe(count);
  });
});

describe("refused before anything is fetched", () => {
  it("exit 2 when <dir> cannot be made or written, the file server never asked", async () => {
    const call = freshCall(1);
    serveCall(call, ["whole", "whole", "whole"]);
    const blocker = join(work, "a-file");
    writeFileSync(blocker, "");
    const before = files.requests.length;
    for (const target of [join(blocker, "sub"), blocker]) {
      const run = await runCcx(["download", call.sessionId, "--dir", target], env);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`error: cannot write to ${target}`);
      expect(run.stderr).toContain("nothing was fetched");
    }
    expect(files.requests.length).toBe(before);
    rmSync(blocker);
  });

  it("exit 2 for bad usage (no calls named, or both ids and a filter) and in read-only mode", async () => {
    const call = freshCall(1);
    const before = files.requests.length;
    const none = await runCcx(["download", "--dir", dir], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("name the calls: session ids, or a filter");
    const both = await runCcx(["download", call.sessionId, "--type", "video", "--dir", dir], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("give session ids or a filter");
    const readOnly = await runCcx(["download", call.sessionId, "--dir", dir], { ...env, CCX_READ_ONLY: "1" });
    expect(readOnly.code).toBe(2);
    expect(readOnly.stderr).toContain("error: CCX_READ_ONLY: read-only mode: writing recordings to disk refused");
    expect(files.requests.length).toBe(before);
    expect(existsSync(dir)).toBe(false);
  });
});
