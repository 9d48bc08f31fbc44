/**
 * Errors in the service's own body shape:
 * {"error": {"code", "message", "devMessage", "source", "details"?}}.
 * The HTTP status is looked up per code when the answer is written, so that the
 * statuses docs/service.md marks as guesses can be changed with --status.
 */

export const DEFAULT_STATUS: Readonly<Record<string, number>> = {
  ERR_BAD_REQUEST: 400,
  ERR_UID_ALREADY_EXISTS: 409, // guess: the sources are silent
  ERR_GUID_ALREADY_EXISTS: 409, // guess, as ERR_UID_ALREADY_EXISTS
  AUTH_ERR_EMPTY_APIKEY: 401, // guess (docs/service.md)
  AUTH_ERR_APIKEY_NOT_FOUND: 401, // guess; one re-implementation answers 404
  AUTH_ERR_NO_ACCESS: 403,
  AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS: 401, // guess: the sources are silent
  ERR_UID_NOT_FOUND: 404,
  ERR_GUID_NOT_FOUND: 404,
  ERR_API_NOT_FOUND: 404,
  ERR_NOT_A_MEMBER: 404,
  ERR_APP_NOT_FOUND: 404, // guess: an appId unknown in the region asked
  ERR_CALL_SESSION_NOT_FOUND: 404, // guess (docs/service.md)
  ERR_AUTH_TOKEN_NOT_FOUND: 404, // guess: a token the user does not have
  ERR_ROLE_NOT_FOUND: 404, // guess
  ERR_APIKEY_NOT_FOUND: 404, // guess
  ERR_ROLE_ALREADY_EXISTS: 409, // guess, as ERR_UID_ALREADY_EXISTS
  ERR_RECORDING_NOT_FOUND: 404, // guess: a recording link to nothing (the real files sit on a CDN)
  ERR_MESSAGE_ID_NOT_FOUND: 404, // the code is the moderation docs'; the status a guess
  ERR_WEBHOOK_NOT_FOUND: 404, // guess
  ERR_RULE_NOT_FOUND: 404, // guess, as the moderation lookups below
  ERR_KEYWORD_NOT_FOUND: 404,
  ERR_REASON_NOT_FOUND: 404,
  ERR_EXTENSION_NOT_FOUND: 404, // guess
  ERR_EXTENSION_INACTIVE: 400, // guess: the error guide names the code, not its status
  ERR_CONVERSATION_NOT_FOUND: 404, // guess
  ERR_NOT_BANNED: 404, // guess
  ERR_PROVIDER_NOT_FOUND: 404, // guess: a notification provider the app has not saved
  ERR_PUSH_TOKEN_NOT_FOUND: 404, // guess
  ERR_ALREADY_JOINED: 409, // guess, as ERR_UID_ALREADY_EXISTS
  ERR_ALREADY_BANNED: 409, // guess
  ERR_GROUP_OWNER: 403, // guess
  AUTH_ERR_APP_ID_MISMATCH: 401, // guess: the sources are silent
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_INTERNAL_SERVER_ERROR: 500,
};

export type ErrorSource = "chat-api" | "calls-api" | "management-api";

export class ServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly devMessage: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }

  body(source: ErrorSource): { error: Record<string, unknown> } {
    const error: Record<string, unknown> = { code: this.code, message: this.message, devMessage: this.devMessage, source };
    if (this.details) error.details = this.details;
    return { error };
  }
}

export const badRequest = (details: Record<string, string[]>): ServiceError =>
  new ServiceError(
    "ERR_BAD_REQUEST",
    "Failed to validate the data sent with the request.",
    `Invalid ${Object.keys(details).join(", ")}: ${Object.values(details).flat().join(" ")}`,
    details,
  );

export const notFound = (code: string, what: string, id: string): ServiceError =>
  new ServiceError(code, `The ${what} ${id} does not exist.`, `Please check the ${what}: ${id} was not found.`);
