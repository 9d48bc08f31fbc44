import { type CallDetail, getCall, sessionIdOrigin } from "./calls.js";
import { AppClient, type AppTarget } from "./client.js";
import { ApiError, CLIENT_CODES, isApiError } from "./errors.js";
import type { Http } from "./http.js";

export interface Candidate {
  label: string;
  appId: string;
  region: string;
  /** Resolved lazily: building a target may run a key command. */
  target: () => AppTarget;
}

export interface FoundCall extends CallDetail {
  candidate: Candidate;
  target: AppTarget;
}

/** How many apps are asked at once: enough for a few apps in one round trip, bounded for many. */
export const APPS_AT_ONCE = 4;

/**
 * Asks every app, `APPS_AT_ONCE` at a time, in the order given (the current app first), until `stop`:
 * what each answered, in that order (undefined: not asked). The one way ccx asks many apps
 * (a call by its session id, any id by `ccx find`).
 */
export async function eachApp<T>(apps: readonly Candidate[], ask: (app: Candidate) => Promise<T>, stop?: AbortSignal): Promise<Array<PromiseSettledResult<T> | undefined>> {
  const answers = new Array<PromiseSettledResult<T> | undefined>(apps.length);
  let next = 0;
  const asker = async () => {
    while (next < apps.length && !stop?.aborted) {
      const at = next++;
      answers[at] = await ask(apps[at]!).then((value) => ({ status: "fulfilled", value }) as const, (reason: unknown) => ({ status: "rejected", reason }) as const);
    }
  };
  await Promise.all(Array.from({ length: Math.min(APPS_AT_ONCE, apps.length) }, asker));
  return answers;
}

/** Why the call was not found: each app asked, and what it answered. */
export class CallNotFound extends ApiError {
  constructor(sessionId: string, readonly failures: Array<{ label: string; error: ApiError }>) {
    // Not found as the service says it, or as a bare 404 or an empty answer says it; any other code is the story.
    const others = failures.filter((f) => f.error.code !== "ERR_CALL_SESSION_NOT_FOUND" && f.error.code !== CLIENT_CODES.notFound);
    // Not found anywhere only if every app could answer; else the first other failure is the story.
    const cause = others[0]?.error;
    super(cause?.code ?? "ERR_CALL_SESSION_NOT_FOUND",
      cause ? `${cause.message} (asking ${others[0]!.label})` : `no known app has the call ${sessionId} (asked ${failures.length})`,
      cause?.extra ?? { status: 404 });
  }
}

/**
 * Finds a call by session id. A session id names its region and app
 * (`v1.<region>.<appId>.…`): the app it names is asked first, alone; if it is
 * not known, or has no such call, every other known app is asked (eachApp) and
 * the first to have it answers (the others are cancelled). Asked on behalf of
 * nobody: the call is what is wanted, whoever was in it (a user acted for sees
 * only their own calls), and one app's user means nothing to another app.
 */
export async function findCall(http: Http, sessionId: string, candidates: Candidate[], signal?: AbortSignal): Promise<FoundCall> {
  const origin = sessionIdOrigin(sessionId);
  const failures: Array<{ label: string; error: ApiError }> = [];
  const ask = async (candidate: Candidate, abort?: AbortSignal): Promise<FoundCall> => {
    try {
      const target = { ...candidate.target(), onBehalfOf: undefined };
      const detail = await getCall(new AppClient(http, target), sessionId, abort);
      return { ...detail, candidate, target };
    } catch (error) {
      const apiError = isApiError(error) ? error : new ApiError(CLIENT_CODES.config, (error as Error).message);
      failures.push({ label: candidate.label, error: apiError });
      throw apiError;
    }
  };

  const named = origin ? candidates.filter((c) => c.appId === origin.appId && c.region === origin.region) : [];
  for (const candidate of named) {
    try {
      return await ask(candidate, signal);
    } catch {
      // Fall through to asking the others.
    }
  }
  const rest = candidates.filter((c) => !named.includes(c));
  // The first app to have it answers: the apps not yet asked are not, those being asked are cancelled.
  const race = new AbortController();
  const abort = signal ? AbortSignal.any([signal, race.signal]) : race.signal;
  let found: FoundCall | undefined;
  await eachApp(rest, async (candidate) => {
    found ??= await ask(candidate, abort);
    race.abort();
  }, abort);
  if (found) return found;
  throw new CallNotFound(sessionId, failures);
}
