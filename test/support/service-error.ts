import { expect } from "vitest";
import type { EmulatorFixture } from "./emulator.js";

export type Reply = Awaited<ReturnType<EmulatorFixture["send"]>>;
export type ErrorSource = "chat-api" | "calls-api" | "management-api";

const KEYS = ["code", "devMessage", "message", "source"];

/**
 * Checks that a reply is one of the service's errors: the given status, a JSON
 * body of exactly `{"error": {code, message, devMessage, source}}`, plus
 * `details` (field → list of messages) for ERR_BAD_REQUEST only. Returns the
 * error object.
 */
export function expectServiceError(reply: Reply, status: number, code: string, source: ErrorSource = "chat-api") {
  expect(reply.status, reply.text).toBe(status);
  expect(String(reply.headers["content-type"])).toMatch(/^application\/json/);
  expect(reply.body, reply.text).toBeDefined();
  expect(Object.keys(reply.body)).toEqual(["error"]);
  const error = reply.body.error as Record<string, unknown>;
  expect(Object.keys(error).sort()).toEqual(code === "ERR_BAD_REQUEST" ? [...KEYS, "details"].sort() : KEYS);
  expect(error.code).toBe(code);
  expect(error.source).toBe(source);
  expect(error.message).toEqual(expect.any(String));
  expect(error.devMessage).toEqual(expect.any(String));
  expect((error.message as string).length).toBeGreaterThan(0);
  expect((error.devMessage as string).length).toBeGreaterThan(0);
  if (code === "ERR_BAD_REQUEST") {
    const details = error.details as Record<string, unknown>;
    expect(Object.keys(details).length).toBeGreaterThan(0);
    for (const messages of Object.values(details)) {
      expect(Array.isArray(messages)).toBe(true);
      expect((messages as unknown[]).length).toBeGreaterThan(0);
      for (const m of messages as unknown[]) expect(m).toEqual(expect.any(String));
    }
  }
  return error as { code: string; message: string; devMessage: string; source: string; details?: Record<string, string[]> };
}
