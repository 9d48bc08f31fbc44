import { maskKey } from "../config/mask.js";
import { isSecretField, isSecretParameter, secretKindOf } from "./secret-names.js";

/**
 * Secrets the service puts in its answers: API keys (`/apikeys`, the
 * management API's apps), auth tokens, push tokens, a webhook's basic-auth
 * password, third-party providers' and extensions' keys (Twilio, SendGrid,
 * FCM, Giphy…), found by what their fields' names say (secret-names.ts) and
 * in the URLs an answer holds (`?appToken=…`). They are masked in every
 * output (`…` and the last four characters), --json included, unless the user
 * asks to see them (--reveal); the paths masked are named so that nobody
 * mistakes a mask for the value.
 */

/** Objects keyed by the secret itself: the management API's `apiKeys{<key>: {…}}`. */
const KEYED_BY_SECRET = new Set(["apikeys"]);

export { isSecretField } from "./secret-names.js";

export interface Masked<T> {
  value: T;
  /** Where secrets were masked: `data[0].apiKey`, `data[0].apiKeys.<key>`. */
  paths: string[];
}

/** A secret found: where, and its value whole (what the mask replaces). */
type Found = (path: string, secret: string) => void;

const isSecretValue = (value: unknown): value is string | number => (typeof value === "string" && value !== "") || typeof value === "number";

/** Every string and number under a secret (`credentials: {private_key, client_email}`): the whole of it is the credential. */
function maskLeaves(node: unknown, path: string, found: Found): unknown {
  if (Array.isArray(node)) return node.map((item, i) => maskLeaves(item, `${path}[${i}]`, found));
  if (node !== null && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, maskLeaves(child, `${path}.${key}`, found)]));
  if (!isSecretValue(node)) return node;
  found(path, String(node));
  return maskKey(String(node));
}

/** Where a URL may carry a secret: a query, a user's password, a token's segment. Most (an avatar, a page) carry none. */
const MAY_CARRY_SECRET = /[?@]|\/(?:auth_tokens|apikeys|push\/v1\/tokens)\//;

/** A URL held in a field (an extension's `adminURL?appToken=…`): its secrets masked as a shown URL's are. */
function maskUrl(text: string, path: string, found: Found): string {
  if (!/^https?:\/\//i.test(text) || !MAY_CARRY_SECRET.test(text)) return text;
  return shownUrl(text, (secret) => found(path, secret));
}

/** Walks an answer, masking each secret it finds and saying where. */
function walkSecrets(value: unknown, found: Found): unknown {
  const walk = (node: unknown, path: string, keyedBySecret: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${path}[${i}]`, false));
    if (typeof node === "string") return maskUrl(node, path, found);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      const name = keyedBySecret ? maskKey(key) : key;
      // Named in the note by what it is, not by its mask: `data[0].apiKeys.<key>`.
      const at = path ? `${path}.${keyedBySecret ? "<key>" : name}` : name;
      if (keyedBySecret) found(at, key);
      const kind = secretKindOf(key);
      // Several secrets: a list of them (`tokens: ["…"]`); a list of records about them is read field by field.
      if (kind === "secret" || (kind === "secrets" && Array.isArray(child) && child.every((item) => !item || typeof item !== "object"))) {
        out[name] = maskLeaves(child, at, found);
      } else {
        out[name] = walk(child, at, KEYED_BY_SECRET.has(key.toLowerCase()) && child !== null && typeof child === "object" && !Array.isArray(child));
      }
    }
    return out;
  };
  return walk(value, "", false);
}

/**
 * Whether the walk could find a secret in `value`: a field named as one, a key that is one, a URL that may
 * carry one. It copies nothing and makes no path: most answers (a page of 100 groups) hold none, and the
 * walk copied every item and named every field of it to say so. When it answers yes, the walk decides.
 */
function mayHoldSecret(node: unknown, keyedBySecret = false): boolean {
  if (Array.isArray(node)) return node.some((item) => mayHoldSecret(item));
  if (typeof node === "string") return /^https?:\/\//i.test(node) && MAY_CARRY_SECRET.test(node);
  if (node === null || typeof node !== "object") return false;
  if (keyedBySecret) return Object.keys(node).length > 0;
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const child = (node as Record<string, unknown>)[key];
    if (secretKindOf(key) !== undefined) return true;
    if (mayHoldSecret(child, KEYED_BY_SECRET.has(key.toLowerCase()) && child !== null && typeof child === "object" && !Array.isArray(child))) return true;
  }
  return false;
}

/** A copy of `value` with every secret masked (the value itself when none is). */
export function maskAnswerSecrets<T>(value: T): Masked<T> {
  if (!mayHoldSecret(value)) return { value, paths: [] };
  const paths: string[] = [];
  const masked = walkSecrets(value, (path) => paths.push(path)) as T;
  return paths.length === 0 ? { value, paths } : { value: masked, paths };
}

/** The secrets an answer holds, whole: what masking hides (a test's scan looks for them in everything ccx printed). */
export function secretValues(value: unknown): string[] {
  const found: string[] = [];
  walkSecrets(value, (_, secret) => found.push(secret));
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
export function shownUrl(url: string, found: (secret: string) => void = () => {}): string {
  const [base = "", query] = url.split("?", 2) as [string, string | undefined];
  const masked = (secret: string) => {
    const whole = decoded(secret);
    found(whole);
    return maskKey(whole);
  };
  // A password in the URL itself (https://user:password@host/).
  const withoutUser = base.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@]*:)([^/@]+)@/i, (_, before: string, secret: string) => `${before}${masked(secret)}@`);
  const path = withoutUser.replace(SECRET_SEGMENT, (_, before: string, secret: string) => `${before}${masked(secret)}`);
  if (query === undefined) return path;
  const shown = query.split("&").map((pair) => {
    const [name = "", value] = pair.split("=", 2);
    return value !== undefined && value !== "" && isSecretParameter(decoded(name)) ? `${name}=${masked(value)}` : pair;
  });
  return `${path}?${shown.join("&")}`;
}

/** A URL's part as its text: `%2F` read as `/`, a malformed escape kept as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** A JSON field in text (`"giphyApiKey":"…"`), and a `name=value` pair (a query, a form, a log line). */
const JSON_PAIR = /"([A-Za-z0-9_$.-]+)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
const NAMED_VALUE = /\b([A-Za-z][A-Za-z0-9_-]*)=([^&\s"'<>]+)/g;
const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/gi;

/**
 * Free text that may quote an answer or a request (an error's message, a stack in a crash report): the
 * values of secret-named fields and parameters masked, and the secrets of the URLs it holds.
 */
export function maskSecretsInText(text: string): string {
  return text
    .replace(URL_IN_TEXT, (url) => shownUrl(url))
    .replace(JSON_PAIR, (whole, name: string, colon: string, value: string) => (value !== "" && isSecretField(name) ? `"${name}"${colon}"${maskKey(value)}"` : whole))
    .replace(NAMED_VALUE, (whole, name: string, value: string) => (value.startsWith("…") || !isSecretParameter(name) ? whole : `${name}=${maskKey(value)}`));
}
