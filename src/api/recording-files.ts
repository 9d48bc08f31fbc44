import { INVISIBLE_CLASS } from "../text/sanitize.js";
import type { Recording } from "./schemas.js";

/**
 * Where a call's recordings go on disk: `<dir>/<sessionId>/<file>`, each part
 * a safe name made from server text. Why so strict: a recording URL and a
 * session id are the server's words, and a name like `../../etc/passwd`, one
 * with a control character, or a hidden one must never leave the directory
 * the user chose, nor hide in it.
 */

/** Longest name kept, in UTF-8 bytes: with the `.` and `.part` of the temporary name it stays under NAME_MAX (255). */
const MAX_NAME_BYTES = 200;

/** Controls, separators, invisible characters and the characters other file systems refuse. */
const UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f/\\\\:*?"<>|\\u2028\\u2029${INVISIBLE_CLASS}]|\\p{Surrogate}`, "gu");

/** The first characters of `text` that fit in `max` UTF-8 bytes, whole code points only. */
function cutToBytes(text: string, max: number): string {
  let bytes = 0;
  let out = "";
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > max) break;
    out += char;
  }
  return out;
}

/**
 * `text` as one file name: unsafe characters become `_`, runs of dots one dot,
 * no dot or blank at either end, at most MAX_NAME_BYTES (a short extension
 * kept). Empty when nothing safe is left.
 */
export function safeName(text: string): string {
  const name = text.normalize("NFC").replace(UNSAFE, "_").replace(/\.{2,}/g, ".").replace(/^[.\s]+|[.\s]+$/g, "");
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? "";
  return `${cutToBytes(name.slice(0, name.length - extension.length), MAX_NAME_BYTES - extension.length).replace(/[.\s]+$/, "")}${extension}`;
}

/** The URL's last path segment, decoded; "" when it has none. Not a URL: the text after its last slash. */
export function lastSegment(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? "";
  }
  const raw = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A name not yet in `used` (`name-2.mp4`, `name-3.mp4`, …), and now in it. */
function unique(name: string, used: Set<string>): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = `${stem}-${n}${extension}`;
  used.add(candidate);
  return candidate;
}

export interface RecordingFile {
  sessionId: string;
  /** The call's directory under the chosen one: its session id, made safe. */
  folder: string;
  /** The file's safe name in that directory. */
  file: string;
  url?: string;
}

/** The session id as a directory name. */
export const callFolder = (sessionId: string) => safeName(sessionId) || "call";

/**
 * The files a call's recordings become, in `folder` (callFolder's by default): named by the URL's
 * last segment, else `<rid>.mp4`, else `recording-<n>.mp4`; no two alike.
 */
export function recordingFiles(sessionId: string, recordings: readonly Recording[], folder = callFolder(sessionId)): RecordingFile[] {
  const used = new Set<string>();
  return recordings.map((r, i) => {
    const named = safeName(lastSegment(r.recording_url ?? "")) || (r.rid ? safeName(`${r.rid}.mp4`) : "") || `recording-${i + 1}.mp4`;
    return { sessionId, folder, file: unique(named, used), url: r.recording_url };
  });
}
