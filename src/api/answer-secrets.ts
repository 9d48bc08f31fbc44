import { maskKey } from "../config/mask.js";

/**
 * Secrets the service puts in its answers: API keys (`/apikeys`, the
 * management API's apps), auth tokens, push tokens, a webhook's basic-auth
 * password, third-party providers' keys (Twilio, SendGrid, FCM). They are
 * masked in every output (`…` and the last four characters), --json
 * included, unless the user asks to see them (--reveal); the paths masked are
 * named so that nobody mistakes a mask for the value.
 */

/** Field names whose values are secrets, compared without case, `_` or `-`. */
const SECRET_FIELDS = new Set([
  "apikey", "fullaccesskey", "authonlykey", "accesskey", "authtoken", "pushtoken", "password", "secret", "clientsecret",
  "privatekey", "twilioauthtoken", "sendgridapikey", "serverkey", "token", "bearertoken",
]);
/** Objects keyed by the secret itself: the management API's `apiKeys{<key>: {…}}`. */
const KEYED_BY_SECRET = new Set(["apikeys"]);

const normal = (name: string) => name.replace(/[_-]/g, "").toLowerCase();

/** Whether a field of that name holds a secret (`apiKey`, `authToken`, `push_token`…). */
export const isSecretField = (name: string): boolean => SECRET_FIELDS.has(normal(name));

export interface Masked<T> {
  value: T;
  /** Where secrets were masked: `data[0].apiKey`, `data[0].apiKeys.<key>`. */
  paths: string[];
}

/** A copy of `value` with every secret masked (the value itself when none is). */
export function maskAnswerSecrets<T>(value: T): Masked<T> {
  const paths: string[] = [];
  const walk = (node: unknown, path: string, keyedBySecret: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${path}[${i}]`, false));
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      const name = keyedBySecret ? maskKey(key) : key;
      // Named in the note by what it is, not by its mask: `data[0].apiKeys.<key>`.
      const at = path ? `${path}.${keyedBySecret ? "<key>" : name}` : name;
      if (keyedBySecret) paths.push(at);
      if (SECRET_FIELDS.has(normal(key)) && (typeof child === "string" || typeof child === "number") && String(child) !== "") {
        paths.push(at);
        out[name] = maskKey(String(child));
      } else {
        out[name] = walk(child, at, KEYED_BY_SECRET.has(normal(key)) && child !== null && typeof child === "object" && !Array.isArray(child));
      }
    }
    return out;
  };
  const masked = walk(value, "", false) as T;
  return paths.length === 0 ? { value, paths } : { value: masked, paths };
}

/** The secrets an answer holds, whole: what masking hides (a test's scan looks for them in everything ccx printed). */
export function secretValues(value: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    for (const [key, child] of Object.entries(node)) {
      if (SECRET_FIELDS.has(normal(key)) && (typeof child === "string" || typeof child === "number") && String(child) !== "") found.push(String(child));
      else walk(child);
    }
  };
  walk(value);
  return found;
}

/**
 * Masks what is printed, piece by piece, unless `reveal`; keeps where secrets were masked (an item's
 * index left out: `data[].authToken`), to name them once at the end.
 */
export function secretsMasker(reveal: boolean | undefined) {
  const masked = new Set<string>();
  return {
    show<T>(value: T): T {
      if (reveal) return value;
      const shown = maskAnswerSecrets(value);
      for (const path of shown.paths) masked.add(path.replace(/\[\d+\]/g, "[]"));
      return shown.value;
    },
    paths: (): string[] => [...masked],
  };
}

/** Paths whose next segment is a secret: `/users/{uid}/auth_tokens/{authToken}`, `/apikeys/{apiKey}`, a push token. */
const SECRET_SEGMENT = /(\/(?:auth_tokens|apikeys|push\/v1\/tokens)\/)([^/?#]+)/g;

/**
 * A URL as ccx shows it (the request log, --verbose, an error's `request:`): the secrets it carries
 * in its query (`authToken=…`) or its path (`/auth_tokens/{authToken}`) masked.
 */
export function shownUrl(url: string): string {
  const [base = "", query] = url.split("?", 2) as [string, string | undefined];
  const path = base.replace(SECRET_SEGMENT, (_, before: string, secret: string) => `${before}${maskKey(decodeURIComponent(secret))}`);
  if (query === undefined) return path;
  const shown = query.split("&").map((pair) => {
    const [name = "", value] = pair.split("=", 2);
    return value !== undefined && value !== "" && SECRET_FIELDS.has(normal(decodeURIComponent(name))) ? `${name}=${maskKey(decodeURIComponent(value))}` : pair;
  });
  return `${path}?${shown.join("&")}`;
}
