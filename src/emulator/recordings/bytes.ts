import { endianness } from "node:os";
import { hash32 } from "../data/random.js";
import type { Recording } from "../data/model.js";

/**
 * A served recording's bytes: deterministic from the seed, the app and the
 * rid, and computable from any offset without those before it (a ranged
 * answer near the end of a 1 GB file costs what its own bytes cost). They
 * open with an MP4 `ftyp` box, so that a file sniffed as video is one.
 */

const FTYP = Buffer.from("00000018667479706973366d0000020069736f6d69736f32", "hex");
const LITTLE_ENDIAN = endianness() === "LE";

export const recordingKey = (seed: number, appId: string, rid: string): number => hash32(`${seed}:${appId}:${rid}`);

/** The file's size: its duration at `bytesPerMinute`, at least one byte. */
export const recordingSize = (recording: Recording, bytesPerMinute: number): number =>
  Math.max(1, Math.round(((recording.endTime - recording.startTime) * bytesPerMinute) / 60));

/** Word `i` of the stream (a murmur-style finaliser over key and index). */
function word(key: number, i: number): number {
  let h = Math.imul(key ^ i, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Bytes [start, start + length) of the recording keyed `key`; words are little-endian on every host. */
export function recordingBytes(key: number, start: number, length: number): Buffer {
  const first = Math.floor(start / 4);
  const words = new Uint32Array(Math.ceil((start + length) / 4) - first);
  for (let i = 0; i < words.length; i++) words[i] = word(key, first + i);
  const whole = Buffer.from(words.buffer);
  if (!LITTLE_ENDIAN) whole.swap32();
  const out = whole.subarray(start - first * 4, start - first * 4 + length);
  if (start < FTYP.length) FTYP.copy(out, 0, start, Math.min(FTYP.length, start + length));
  return out;
}
