import { isApiError } from "../api/errors.js";
import { hintFor } from "../api/hints.js";
import type { StoreContext } from "./context.js";
import type { SlotRequest } from "./request-slots.js";
import type { Failure } from "./types.js";

/** Any error as the explorer shows it: a code, a message, and what to do. */
export function toFailure(error: unknown): Failure {
  if (isApiError(error)) {
    return { code: error.code, message: error.message, hint: hintFor(error, "explorer") };
  }
  return { code: "CCX_ERROR", message: error instanceof Error ? error.message : String(error) };
}

/**
 * The handler of a request that failed: unless a newer request took its slot,
 * `show` puts the failure on its screen, and the header shows it as the last error.
 */
export function failedInto(ctx: Pick<StoreContext, "get">, request: SlotRequest, show: (failure: Failure) => void): (error: unknown) => void {
  return (error) => {
    if (!request.isCurrent()) return;
    const failure = toFailure(error);
    show(failure);
    ctx.get().setLastError(failure);
  };
}
