import { prepareCall, urlWithQuery } from "../api/api-call.js";
import type { ManagementTarget } from "../api/apps.js";
import type { AppTarget } from "../api/client.js";
import { ApiError, CLIENT_CODES, isApiError, isNotFound } from "../api/errors.js";
import { type Candidate, eachApp } from "../api/find-call.js";
import type { Http } from "../api/http.js";
import { ID_KINDS, type IdKind } from "./id-kinds.js";
import { itemRequests } from "./resource.js";

/** One kind an id may be, and the item read that says whether it is one. */
export type IdRead = { kind: IdKind } & NonNullable<ReturnType<IdKind["read"]>>;

/** The kinds an id's shape may be, each with its read (five at most, one a kind). */
export function idReads(id: string): IdRead[] {
  return ID_KINDS.flatMap((kind) => {
    const read = kind.read(id);
    return read ? [{ kind, ...read }] : [];
  });
}

/**
 * Whether the app has an item of this kind with this id: one GET, on behalf of nobody but a 1:1's own
 * (whether the id exists is the question, not what the user acted for may see). Not found is false; any
 * other failure is thrown.
 */
export function idExists(http: Http, { resource, params, as }: IdRead, app: AppTarget, management: ManagementTarget | undefined, signal?: AbortSignal): Promise<boolean> {
  const [first] = itemRequests(resource, params);
  const call = prepareCall({ method: "GET", path: first!.path, query: first!.query }, { app: { ...app, onBehalfOf: as }, management, readOnly: true });
  return http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers, signal }).then(() => true, (error: unknown) => {
    if (isApiError(error) && isNotFound(error.code)) return false;
    throw error;
  });
}

/** What an id names in one app (`ccx find --json` prints these). */
export interface IdMatch {
  kind: IdKind["name"];
  id: string;
  appId: string;
  region: string;
  /** The app's name (its profile's, or the management API's). */
  name: string;
}

/** An app that could not answer, and why. */
export interface IdFailure {
  label: string;
  error: ApiError;
}

/**
 * What `id` names in each app: every kind its shape may be read at once in an app, the apps asked as
 * a call is found (eachApp: four at a time, the current one first), every match in the apps' order.
 * Nothing found anywhere: thrown as not found, unless an app could not answer (that failure is the story).
 */
export async function findId(http: Http, id: string, apps: readonly Candidate[], management?: ManagementTarget, signal?: AbortSignal): Promise<{ matches: IdMatch[]; failures: IdFailure[] }> {
  const reads = idReads(id);
  // Async: an app whose key cannot be had (its key command failed) is a failure of its own, not of the walk.
  const answers = await eachApp(apps, async (app) => {
    const target = app.target();
    return Promise.all(reads.map((read) => idExists(http, read, target, management, signal)));
  }, signal);
  const matches: IdMatch[] = [];
  const failures: IdFailure[] = [];
  answers.forEach((answer, at) => {
    const app = apps[at]!;
    if (answer?.status === "fulfilled") {
      answer.value.forEach((exists, i) => exists && matches.push({ kind: reads[i]!.kind.name, id, appId: app.appId, region: app.region, name: app.label }));
    } else if (answer) {
      const error = answer.reason;
      failures.push({ label: app.label, error: isApiError(error) ? error : new ApiError(CLIENT_CODES.config, (error as Error).message) });
    }
  });
  if (matches.length === 0) {
    const cause = failures[0];
    if (cause) throw new ApiError(cause.error.code, `${cause.error.message} (asking ${cause.label})`, cause.error.extra);
    const kinds = reads.map((r) => r.kind.says.replace(/^an? /, "")).join(", ");
    throw new ApiError(CLIENT_CODES.notFound, `no known app has ${id} as a ${kinds} (asked ${apps.length})`, { status: 404 });
  }
  return { matches, failures };
}
