import type { App } from "../data/model.js";

/** Where a recording's file is: the URL a call's recording carries. */
export type RecordingUrl = (app: App, sessionId: string, rid: string) => string;

/** The real service's shape (a CDN the emulator does not serve): the `cdn-recordings` variant. */
export const cdnRecordingUrl: RecordingUrl = (app, sessionId, rid) =>
  `https://recordings-${app.region}.cometchat.io/${app.appId}/${sessionId}/${rid}.mp4`;

/**
 * Served by the emulator itself, with no apikey: the real service's recording
 * URLs are signed, so whoever holds one may fetch it.
 */
export const servedRecordingUrl = (origin: string): RecordingUrl => (app, sessionId, rid) =>
  `${origin}/recordings/${encodeURIComponent(app.appId)}/${encodeURIComponent(sessionId)}/${encodeURIComponent(rid)}.mp4`;

export interface RecordingPath {
  appId: string;
  sessionId: string;
  rid: string;
}

/** `/recordings/<appId>/<sessionId>/<rid>.mp4`, or undefined for any other path. */
export function parseRecordingPath(pathname: string): RecordingPath | undefined {
  const match = /^\/recordings\/([^/]+)\/([^/]+)\/([^/]+)\.mp4$/.exec(pathname);
  if (!match) return undefined;
  try {
    return { appId: decodeURIComponent(match[1]!), sessionId: decodeURIComponent(match[2]!), rid: decodeURIComponent(match[3]!) };
  } catch {
    return undefined;
  }
}

export const isRecordingPath = (pathname: string): boolean => pathname.startsWith("/recordings/");
