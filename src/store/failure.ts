import { isApiError } from "../api/errors.js";
import { hintFor } from "../api/hints.js";
import type { Failure } from "./types.js";

/** Any error as the explorer shows it: a code, a message, and what to do. */
export function toFailure(error: unknown): Failure {
  if (isApiError(error)) {
    return { code: error.code, message: error.message, hint: hintFor(error, "explorer") };
  }
  return { code: "CCX_ERROR", message: error instanceof Error ? error.message : String(error) };
}
