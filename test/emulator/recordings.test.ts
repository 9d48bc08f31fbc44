import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "undici";
import type { EmulatorSettings } from "../../src/emulator/options.js";
import { recordingBytes, recordingKey } from "../../src/emulator/recordings/bytes.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";

/** Recordings served by the emulator: HEAD, GET, one Range, 416, big files, and the download faults. */

const SIZES = { apps: 2, groups: 20, calls: 40, users: 15, messages: 10 };
const PER_MINUTE = 102_400;

interface WireRecording { rid: string; recording_url: string; startTime: number; endTime: number; duration: number }

async function recordingsOf(fx: EmulatorFixture, app = 0): Promise<WireRecording[]> {
  const reply = await fx.calls("/calls", { perPage: 1000, hasRecording: true }, {}, app);
  expect(reply.status, reply.text).toBe(200);
  return (reply.body.data as Array<{ recordings: WireRecording[] }>).flatMap((c) => c.recordings);
}

/** A fixture of its own for one describe block. */
function fixture(options: EmulatorSettings = {}) {
  const holder = { fx: undefined as unknown as EmulatorFixture, recordings: [] as WireRecording[] };
  beforeAll(async () => {
    holder.fx = await emulatorFixture({ sizes: SIZES, ...options });
    holder.recordings = await recordingsOf(holder.fx);
  });
  afterAll(() => holder.fx.close());
  return holder;
}

const sizeOf = (r: WireRecording, perMinute = PER_MINUTE) => Math.max(1, Math.round(((r.endTime - r.startTime) * perMinute) / 60));

describe("served recordings", () => {
  const h = fixture();

  it("recording_url points at the emulator: /recordings/<appId>/<sessionId>/<rid>.mp4", async () => {
    expect(h.recordings.length).toBeGreaterThan(2);
    const calls = (await h.fx.calls("/calls", { perPage: 1000, hasRecording: true })).body.data as Array<{ sessionId: string; recordings: WireRecording[] }>;
    for (const call of calls) {
      for (const r of call.recordings) {
        expect(r.recording_url).toBe(`${h.fx.info.url}/recordings/${h.fx.app().appId}/${call.sessionId}/${r.rid}.mp4`);
      }
    }
  });

  it("HEAD answers the headers alone; the length follows the duration", async () => {
    for (const r of h.recordings.slice(0, 5)) {
      const head = await h.fx.download(r.recording_url, {}, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers["content-type"]).toBe("video/mp4");
      expect(head.headers["accept-ranges"]).toBe("bytes");
      expect(Number(head.headers["content-length"])).toBe(sizeOf(r));
      expect(head.bytes.length).toBe(0);
    }
  });

  it("GET answers the whole file, with no apikey, the same bytes every time, an MP4 box first", async () => {
    const [a, b] = h.recordings;
    const first = await h.fx.download(a!.recording_url);
    expect(first.status).toBe(200);
    expect(first.error).toBeUndefined();
    expect(first.bytes.length).toBe(sizeOf(a!));
    expect(Number(first.headers["content-length"])).toBe(sizeOf(a!));
    expect(first.bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect((await h.fx.download(a!.recording_url, { apikey: "not-a-key" })).bytes.equals(first.bytes)).toBe(true);
    // The bytes are the seed's: what recordingBytes gives for the app and the rid.
    expect(first.bytes.equals(recordingBytes(recordingKey(1, h.fx.app().appId, a!.rid), 0, sizeOf(a!)))).toBe(true);
    const other = await h.fx.download(b!.recording_url);
    expect(other.bytes.subarray(64, 1064).equals(first.bytes.subarray(64, 1064))).toBe(false);
  });

  it("ranges: N-, N-M, -N, an end past the file; the pieces put together are the whole file", async () => {
    const r = h.recordings.find((x) => sizeOf(x) > 10_000)!;
    const size = sizeOf(r);
    const whole = (await h.fx.download(r.recording_url)).bytes;
    const cuts = [0, 1, 3, 4097, Math.floor(size / 3), size - 7, size];
    const pieces: Buffer[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [start, end] = [cuts[i]!, cuts[i + 1]! - 1];
      const part = await h.fx.download(r.recording_url, { range: `bytes=${start}-${end}` });
      expect(part.status).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(part.headers["content-length"])).toBe(end - start + 1);
      pieces.push(part.bytes);
    }
    expect(Buffer.concat(pieces).equals(whole)).toBe(true);
    const tail = await h.fx.download(r.recording_url, { range: `bytes=${size - 100}-` });
    expect([tail.status, tail.headers["content-range"]]).toEqual([206, `bytes ${size - 100}-${size - 1}/${size}`]);
    expect(tail.bytes.equals(whole.subarray(size - 100))).toBe(true);
    const suffix = await h.fx.download(r.recording_url, { range: "bytes=-10" });
    expect(suffix.bytes.equals(whole.subarray(size - 10))).toBe(true);
    const past = await h.fx.download(r.recording_url, { range: `bytes=${size - 5}-${size + 1000}` });
    expect([past.status, past.headers["content-range"], past.bytes.length]).toEqual([206, `bytes ${size - 5}-${size - 1}/${size}`, 5]);
    const headRange = await h.fx.download(r.recording_url, { range: "bytes=10-19" }, "HEAD");
    expect([headRange.status, headRange.headers["content-length"], headRange.bytes.length]).toEqual([206, "10", 0]);
  });

  it("a range past the end is 416 with Content-Range bytes */size; a range it cannot read is ignored", async () => {
    const r = h.recordings[0]!;
    const size = sizeOf(r);
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, "bytes=-0"]) {
      const reply = await h.fx.download(r.recording_url, { range });
      expect(reply.status, range).toBe(416);
      expect(reply.headers["content-range"]).toBe(`bytes */${size}`);
      expect(reply.bytes.length).toBe(0);
    }
    for (const range of ["bytes=9-2", "bytes=0-1,4-5", "items=0-3", "bytes=x-"]) {
      const reply = await h.fx.download(r.recording_url, { range });
      expect([reply.status, reply.bytes.length], range).toEqual([200, size]);
    }
  });

  it("unknown recordings are 404 ERR_RECORDING_NOT_FOUND; other methods and paths ERR_API_NOT_FOUND; an unknown fault 400", async () => {
    const r = h.recordings[0]!;
    const missing = r.recording_url.replace(`/${r.rid}.mp4`, "/rec-nothing.mp4");
    expectServiceError(await h.fx.send("GET", missing, {}), 404, "ERR_RECORDING_NOT_FOUND", "calls-api");
    expectServiceError(await h.fx.send("GET", r.recording_url.replace(h.fx.app().appId, "noapp"), {}), 404, "ERR_RECORDING_NOT_FOUND", "calls-api");
    expectServiceError(await h.fx.send("POST", r.recording_url, {}, {}), 404, "ERR_API_NOT_FOUND", "calls-api");
    expectServiceError(await h.fx.send("GET", `${h.fx.info.url}/recordings/x`, {}), 404, "ERR_API_NOT_FOUND", "calls-api");
    const bad = expectServiceError(await h.fx.send("GET", `${r.recording_url}?fault=slow`, {}), 400, "ERR_BAD_REQUEST", "calls-api");
    expect(Object.keys(bad.details!)).toEqual(["fault"]);
  });

  it("?fault=short cuts this answer at half its length; ?fault=html answers an HTML page; others are whole", async () => {
    const r = h.recordings.find((x) => sizeOf(x) > 10_000)!;
    const size = sizeOf(r);
    const whole = (await h.fx.download(r.recording_url)).bytes;
    const short = await h.fx.download(`${r.recording_url}?fault=short`);
    expect([short.status, Number(short.headers["content-length"])]).toEqual([200, size]);
    expect(short.error).toBeDefined();
    expect(short.bytes.equals(whole.subarray(0, Math.floor(size / 2)))).toBe(true);
    const resumed = await h.fx.download(`${r.recording_url}?fault=short`, { range: "bytes=100-299" });
    expect(resumed.error).toBeDefined();
    expect(resumed.bytes.equals(whole.subarray(100, 200))).toBe(true);
    const html = await h.fx.download(`${r.recording_url}?fault=html`);
    expect([html.status, html.headers["content-type"]]).toEqual([200, "text/html; charset=utf-8"]);
    expect(html.bytes.toString()).toMatch(/^<!DOCTYPE html>/);
    expect(Number(html.headers["content-length"])).toBe(html.bytes.length);
    const htmlHead = await h.fx.download(`${r.recording_url}?fault=html`, {}, "HEAD");
    expect([htmlHead.headers["content-type"], htmlHead.bytes.length]).toEqual(["text/html; charset=utf-8", 0]);
    expect((await h.fx.download(r.recording_url)).bytes.equals(whole)).toBe(true);
  });

  it("the cdn-recordings variant keeps the real service's URL shape", async () => {
    const cdn = await emulatorFixture({ sizes: SIZES, variants: new Set(["cdn-recordings"] as const) });
    try {
      const urls = (await recordingsOf(cdn)).map((r) => r.recording_url);
      expect(urls.length).toBe(h.recordings.length);
      for (const url of urls) expect(url).toMatch(new RegExp(`^https://recordings-us\\.cometchat\\.io/${cdn.app().appId}/v1\\.us\\.[^/]+/rec-[0-9a-f]+\\.mp4$`));
    } finally {
      await cdn.close();
    }
  });
});

describe("recordingCutAfter", () => {
  const log: string[] = [];
  const h = fixture({ recordingCutAfter: 1000, verbose: true, log: (line) => log.push(line) });

  it("every answer stops after that many bytes, promising the whole; HEAD is whole; the log says cut", async () => {
    const r = h.recordings.find((x) => sizeOf(x) > 5000)!;
    const size = sizeOf(r);
    const expected = recordingBytes(recordingKey(1, h.fx.app().appId, r.rid), 0, size);
    const first = await h.fx.download(r.recording_url);
    expect([first.status, Number(first.headers["content-length"]), first.bytes.length]).toEqual([200, size, 1000]);
    expect(first.error).toBeDefined();
    expect(first.bytes.equals(expected.subarray(0, 1000))).toBe(true);
    const resumed = await h.fx.download(r.recording_url, { range: "bytes=1000-" });
    expect([resumed.status, resumed.bytes.length]).toEqual([206, 1000]);
    expect(resumed.bytes.equals(expected.subarray(1000, 2000))).toBe(true);
    const small = await h.fx.download(r.recording_url, { range: "bytes=0-99" });
    expect([small.status, small.bytes.length, small.error]).toEqual([206, 100, undefined]);
    expect(Number((await h.fx.download(r.recording_url, {}, "HEAD")).headers["content-length"])).toBe(size);
    await expect.poll(() => log.filter((l) => / cut .* fault=short$/.test(l)).length).toBe(2);
  });
});

describe("recordingHtml", () => {
  const h = fixture({ recordingHtml: true });

  it("every recording is an HTML page", async () => {
    for (const r of h.recordings.slice(0, 3)) {
      const reply = await h.fx.download(r.recording_url, { range: "bytes=0-" });
      expect([reply.status, reply.headers["content-type"]]).toEqual([200, "text/html; charset=utf-8"]);
      expect(reply.bytes.toString()).toMatch(/<html>/);
    }
  });
});

describe("a recording of a gigabyte", () => {
  const h = fixture({ recordingBytesPerMinute: 2 ** 30 });

  it("HEAD tells its size, a range at its end comes at once, and a GET given up on stops the stream", async () => {
    const r = h.recordings.find((x) => x.endTime - x.startTime >= 60)!;
    const size = sizeOf(r, 2 ** 30);
    expect(size).toBeGreaterThanOrEqual(2 ** 30);
    const head = await h.fx.download(r.recording_url, {}, "HEAD");
    expect(Number(head.headers["content-length"])).toBe(size);
    const end = await h.fx.download(r.recording_url, { range: `bytes=${size - 4096}-` });
    expect([end.status, end.bytes.length]).toEqual([206, 4096]);
    expect(end.bytes.equals(recordingBytes(recordingKey(1, h.fx.app().appId, r.rid), size - 4096, 4096))).toBe(true);
    // Read a megabyte of the whole file, then hang up: the emulator goes on answering.
    const res = await request(r.recording_url, { dispatcher: h.fx.agent });
    let read = 0;
    for await (const chunk of res.body) {
      read += (chunk as Buffer).length;
      if (read >= 1 << 20) break;
    }
    expect(read).toBeGreaterThanOrEqual(1 << 20);
    expect((await h.fx.download(r.recording_url, { range: "bytes=0-9" })).bytes.length).toBe(10);
  });
});
