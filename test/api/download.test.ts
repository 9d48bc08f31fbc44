import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { downloadCalls } from "../../src/api/download-batch.js";
import { downloadFile } from "../../src/api/download.js";
import { Http, type RequestEvent } from "../../src/api/http.js";
import { lastSegment, recordingFiles, safeName } from "../../src/api/recording-files.js";
import type { Recording } from "../../src/api/schemas.js";
import { curlCommand, RequestLog } from "../../src/store/request-log.js";
import { type FileServer, expectedBytes, fileServer } from "../support/file-server.js";
import { scratchDir } from "../support/scratch.js";

/** The request module's streams into files (download.ts), over real HTTPS against a file server of the suite's own. */

let server: FileServer;
let http: Http;
let dir: string;
let events: RequestEvent[];

beforeAll(async () => {
  server = await fileServer();
});
afterAll(() => server.close());
beforeEach(() => {
  dir = scratchDir("ccx-download-");
  http = new Http({ caFile: server.caFile, retries: 0 });
  events = [];
  http.onEvent((e) => events.push(e));
  server.requests.length = 0;
});
afterEach(async () => {
  await http.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A recording as the schema reads it: only the fields a test gives. */
const rec = (fields: Partial<Recording>) => fields as Recording;

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("it did not fail"); }, (error: Error) => error);

describe("a recording into a file", () => {
  it("writes it whole, byte for byte, without the API key, the request logged as sent", async () => {
    const url = server.add("/a/whole.mp4", 300_000);
    const seen: Array<[number, number | undefined]> = [];
    const result = await downloadFile(http, `${url}?sig=abc`, join(dir, "whole.mp4"), { onProgress: (b, t) => seen.push([b, t]) });
    expect(result).toEqual({ skipped: false, size: 300_000, fetched: 300_000, resumed: false });
    expect(readFileSync(join(dir, "whole.mp4")).equals(expectedBytes(300_000))).toBe(true);
    expect(readdirSync(dir)).toEqual(["whole.mp4"]);
    const [sent] = server.requestsFor("/a/whole.mp4");
    expect(sent!.headers.apikey).toBeUndefined();
    expect(sent!.headers.onbehalfof).toBeUndefined();
    expect(seen.at(-1)).toEqual([300_000, 300_000]);
    const end = events.find((e) => e.phase === "end")!;
    expect(end).toMatchObject({ method: "GET", url: `${url}?sig=abc`, status: 200, bytes: 300_000, keyless: true });
    // The request log's curl command for it carries no key either.
    const log = new RequestLog(10);
    for (const e of events) log.record(e);
    expect(curlCommand(log.record(end).at(-1)!)).not.toContain("apikey");
  });

  it("resumes a .part left by a cut connection with one Range request", async () => {
    const url = server.add("/a/cut.mp4", 500_000, "cut-once");
    const error = await failure(downloadFile(http, url, join(dir, "cut.mp4")));
    expect(error.message).toMatch(/^shorter than announced: \d+ of 500000 bytes .*the \.part file is kept/);
    const part = statSync(join(dir, ".cut.mp4.part")).size;
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(500_000);
    expect(existsSync(join(dir, "cut.mp4"))).toBe(false);

    const result = await downloadFile(http, url, join(dir, "cut.mp4"));
    expect(result).toMatchObject({ skipped: false, size: 500_000, fetched: 500_000 - part, resumed: true });
    expect(readFileSync(join(dir, "cut.mp4")).equals(expectedBytes(500_000))).toBe(true);
    const gets = server.requestsFor("/a/cut.mp4").filter((r) => r.method === "GET");
    expect(gets.map((r) => r.headers.range)).toEqual([undefined, `bytes=${part}-`]);
    expect(readdirSync(dir)).toEqual(["cut.mp4"]);
  });

  it("skips a file already whole (HEAD says its size) and fetches again one that is not", async () => {
    const url = server.add("/a/skip.mp4", 40_000);
    writeFileSync(join(dir, "skip.mp4"), expectedBytes(40_000));
    expect(await downloadFile(http, url, join(dir, "skip.mp4"))).toMatchObject({ skipped: true, size: 40_000, fetched: 0 });
    expect(server.requestsFor("/a/skip.mp4").map((r) => r.method)).toEqual(["HEAD"]);

    writeFileSync(join(dir, "skip.mp4"), "not it");
    expect(await downloadFile(http, url, join(dir, "skip.mp4"))).toMatchObject({ skipped: false, size: 40_000 });
    expect(readFileSync(join(dir, "skip.mp4")).equals(expectedBytes(40_000))).toBe(true);
  });

  it("a .part already whole is renamed after a 416; a server that ignores Range starts the part over", async () => {
    const url = server.add("/a/done.mp4", 10_000);
    writeFileSync(join(dir, ".done.mp4.part"), expectedBytes(10_000));
    expect(await downloadFile(http, url, join(dir, "done.mp4"))).toMatchObject({ size: 10_000, fetched: 0, resumed: true });
    expect(readFileSync(join(dir, "done.mp4")).equals(expectedBytes(10_000))).toBe(true);

    const plain = server.add("/a/plain.mp4", 20_000, "no-range");
    writeFileSync(join(dir, ".plain.mp4.part"), expectedBytes(20_000).subarray(0, 7_000));
    expect(await downloadFile(http, plain, join(dir, "plain.mp4"))).toMatchObject({ size: 20_000, fetched: 20_000, resumed: false });
    expect(readFileSync(join(dir, "plain.mp4")).equals(expectedBytes(20_000))).toBe(true);
  });

  it("fails a file, with the reason, for a short body, an HTML page, http://, a redirect and an HTTP status", async () => {
    const short = await failure(downloadFile(http, server.add("/b/short.mp4", 100_000, "short"), join(dir, "short.mp4")));
    expect(short.message).toMatch(/^shorter than announced: \d+ of 100000 bytes/);
    const html = await failure(downloadFile(http, server.add("/b/page.mp4", 1, "html"), join(dir, "page.mp4")));
    expect(html.message).toBe('an HTML page ("Sign in to continue"), not a recording (HTTP 200)');
    const plain = await failure(downloadFile(http, "http://127.0.0.1:9/c/x.mp4", join(dir, "x.mp4")));
    expect(plain.message).toBe("not HTTPS (http://127.0.0.1:9): ccx fetches recordings over HTTPS only");
    const moved = await failure(downloadFile(http, server.add("/b/moved.mp4", 1, "redirect"), join(dir, "moved.mp4")));
    expect(moved.message).toBe("the server redirected (HTTP 302) to https://elsewhere.example/file.mp4; ccx does not follow redirects");
    const denied = await failure(downloadFile(http, server.add("/b/denied.mp4", 1, "forbidden"), join(dir, "denied.mp4")));
    expect(denied.message).toBe("HTTP 403");
    // Only the short body left a part (to resume); no final file for any of them; http:// sent nothing.
    expect(readdirSync(dir)).toEqual([".short.mp4.part"]);
    expect(server.requests.some((r) => r.url.includes("/c/"))).toBe(false);
  });

  it("gives up on a server that stops sending (the timeout is one of silence), and stops when cancelled", async () => {
    const slow = new Http({ caFile: server.caFile, retries: 0, timeoutMs: 300 });
    try {
      const error = await failure(downloadFile(slow, server.add("/d/hang.mp4", 200_000, "hang"), join(dir, "hang.mp4")));
      expect(error.message).toMatch(/^shorter than announced: \d+ of 200000 bytes \(no data for 0\.3 s\)/);
    } finally {
      await slow.close();
    }
    const controller = new AbortController();
    const url = server.add("/d/gate.mp4", 200_000, "gate");
    const pending = failure(downloadFile(http, url, join(dir, "gate.mp4"), {
      signal: controller.signal,
      onProgress: (bytes) => bytes > 0 && controller.abort(),
    }));
    expect((await pending).message).toBe("the request was cancelled");
    server.release("/d/gate.mp4");
    expect(existsSync(join(dir, "gate.mp4"))).toBe(false);
  });
});

describe("names on disk", () => {
  it("keeps every name from the server inside the directory: no separators, .., controls or leading dots", () => {
    expect(lastSegment("https://h/x/%2e%2e%2f%2e%2e%2fetc%2fpasswd")).toBe("../../etc/passwd");
    expect(safeName("../../etc/passwd")).toBe("_._etc_passwd");
    expect(safeName("a\u001b[31m\u0000b\u202e.mp4")).toBe("a_[31m_b_.mp4");
    expect(safeName(".hidden")).toBe("hidden");
    expect(safeName("..")).toBe("");
    expect(Buffer.byteLength(safeName(`${"é".repeat(400)}.mp4`))).toBeLessThanOrEqual(200);
    expect(safeName(`${"é".repeat(400)}.mp4`).endsWith(".mp4")).toBe(true);
    const files = recordingFiles("v1.us.app/../../x", [
      rec({ recording_url: "https://h/a/", rid: "r-1" }),
      rec({ recording_url: "https://h/a/same.mp4" }),
      rec({ recording_url: "https://h/b/same.mp4" }),
      rec({ recording_url: "https://h/%2e%2e" }),
    ]);
    expect(files.map((f) => f.file)).toEqual(["r-1.mp4", "same.mp4", "same-2.mp4", "recording-4.mp4"]);
    expect(files[0]!.folder).toBe("v1.us.app_._._x");
  });
});

describe("several calls' recordings", () => {
  it("four at a time, each failure named while the others go on", async () => {
    const calls = [
      { sessionId: "s1", recordings: [1, 2, 3].map((n) => rec({ rid: `r${n}`, recording_url: server.add(`/e/s1/r${n}.mp4`, 50_000 + n, "gate") })) },
      { sessionId: "s2", recordings: [
        rec({ rid: "r4", recording_url: server.add("/e/s2/r4.mp4", 50_004, "gate") }),
        rec({ rid: "r5", recording_url: server.add("/e/s2/r5.mp4", 10, "html") }),
      ] },
      { sessionId: "s3", recordings: [] },
    ];
    let inFlight = 0;
    let most = 0;
    const empty: string[] = [];
    const pending = downloadCalls(http, calls, { dir, hooks: {
      empty: (id) => empty.push(id),
      start: () => void (most = Math.max(most, ++inFlight)),
      done: () => void inFlight--,
    } });
    // Four gated files hold the four places: the fifth (the page) waits for one of them.
    await expect.poll(() => server.requests.filter((r) => r.method === "GET").length).toBe(4);
    expect(server.requestsFor("/e/s2/r5.mp4")).toEqual([]);
    for (const path of ["/e/s1/r1.mp4", "/e/s1/r2.mp4", "/e/s1/r3.mp4", "/e/s2/r4.mp4"]) server.release(path);
    const totals = await pending;
    expect(most).toBe(4);
    expect(totals).toEqual({
      files: 4, bytes: 50_001 + 50_002 + 50_003 + 50_004, skipped: 0, failed: 1,
      failures: [{ sessionId: "s2", file: "r5.mp4", reason: 'an HTML page ("Sign in to continue"), not a recording (HTTP 200)' }],
    });
    expect(empty).toEqual(["s3"]);
    expect(readdirSync(join(dir, "s1")).sort()).toEqual(["r1.mp4", "r2.mp4", "r3.mp4"]);
    expect(readFileSync(join(dir, "s2", "r4.mp4")).equals(expectedBytes(50_004))).toBe(true);
  });

  it("fetches a call named twice once, and gives ids made safe alike folders of their own", async () => {
    const one = (path: string) => [rec({ recording_url: server.add(path, 1_000 + path.length) })];
    const totals = await downloadCalls(http, [
      { sessionId: "a/b", recordings: one("/f/1/x.mp4") },
      { sessionId: "a_b", recordings: one("/f/22/x.mp4") },
      { sessionId: "a/b", recordings: one("/f/1/x.mp4") },
    ], { dir });
    expect(totals).toMatchObject({ files: 2, failed: 0 });
    expect(readdirSync(dir).sort()).toEqual(["a_b", "a_b-2"]);
    expect(statSync(join(dir, "a_b", "x.mp4")).size).toBe(1_000 + "/f/1/x.mp4".length);
    expect(statSync(join(dir, "a_b-2", "x.mp4")).size).toBe(1_000 + "/f/22/x.mp4".length);
    expect(server.requestsFor("/f/1/x.mp4")).toHaveLength(1);
  });
});
