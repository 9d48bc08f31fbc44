import * as v from "valibot";
import { badRequest } from "./errors.js";

/** Validates a request body, turning every problem into ERR_BAD_REQUEST details keyed by field. */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const details: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const field = (issue.path ?? []).map((p) => String(p.key)).join(".") || "body";
    (details[field] ??= []).push(issue.message);
  }
  throw badRequest(details);
}
