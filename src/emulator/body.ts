import type { z } from "zod";
import { badRequest } from "./errors.js";

/** Validates a request body, turning every problem into ERR_BAD_REQUEST details keyed by field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "body";
    (details[field] ??= []).push(issue.message);
  }
  throw badRequest(details);
}
