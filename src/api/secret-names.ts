import { ENDPOINTS } from "./endpoints.js";

/**
 * Which fields hold secrets, by what their names say. A list of exact names
 * misses every name nobody listed (an extension's `giphyApiKey`, a provider's
 * `basicAuthPassword`), so a name is read as words, whatever its case and
 * separators (`revaiAPIKey`, `private_key`, `x-api-key`, `TWILIO_AUTH_TOKEN`),
 * and its last word says what the value is: a `…Key`, `…Secret`, `…Token`,
 * `…Password` or `…Credentials` is one; a `…KeyId`, `…TokenType` or
 * `isEnabled` says something about one and is not. docs/guarantees.md lists
 * the rule and its exceptions, and why.
 */

/** Last words that make a field a secret. */
const SECRET_WORDS = new Set(["key", "secret", "token", "password", "passwd", "pwd", "passphrase", "credential", "credentials", "authorization"]);
/** Last words naming several secrets: a list of strings is masked, a list of objects read field by field (`pushTokens[]{uid, pushToken}`). */
const SECRETS_WORDS = new Set(["keys", "tokens", "secrets", "passwords"]);
/** Last words that say the value is written out, and leave the word before to say what it is (`tokenValue`, `privateKeyPem`). */
const FORM_WORDS = new Set(["value", "string", "plain", "pem", "b64", "base64", "json"]);
/** Last two words that name a credential whole: a Google service account's key file (FCM's `fcmServiceAccountJson`). */
const SECRET_PAIRS = new Set(["serviceaccount"]);
/** A word run together without separators (`apikey`, `APIKEY`, `webhookpassword`) ending like a secret. */
const SECRET_ENDINGS = ["apikey", "accesskey", "secretkey", "privatekey", "authkey", "appkey", "serverkey", "authtoken", "accesstoken", "refreshtoken", "pushtoken",
  "bearertoken", "idtoken", "password", "passwd", "secret", "credentials", "credential", "authheader"];

/**
 * Names whose last word says secret and whose value is none, compared without case or separators: a restricted
 * feature's `key` and `featureKey` name a feature (`/roles/{role}/restrictedfeatures`); a `publicKey` is public;
 * `searchKey` is what was searched for.
 */
const NOT_SECRETS = new Set(["key", "featurekey", "publickey", "searchkey"]);

/**
 * Fields the catalogue marks secret though their names do not say so (endpoints.ts, `secretFields`): masked
 * wherever they appear, since a name the service uses for a secret in one answer is one in another.
 */
const MARKED = new Set(ENDPOINTS.flatMap((e) => e.secretFields ?? []).map((name) => squeezed(name)));

function squeezed(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
}

/** The words of a name: `revaiAPIKey` → revai, api, key; `private_key` → private, key; `TWILIO_AUTH_TOKEN` → twilio, auth, token. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

type SecretKind = "secret" | "secrets" | undefined;

/**
 * Names already read: an answer of 100,000 items repeats the same few dozen. Bounded, since a server
 * may send a name of its own in every item (a map keyed by ids): past the bound it starts again.
 */
const known = new Map<string, SecretKind>();
const KNOWN_NAMES = 10_000;

/** What a field's name says its value is: one secret, several (a list of them), or neither. */
export function secretKindOf(name: string): SecretKind {
  let kind = known.get(name);
  if (kind === undefined && !known.has(name)) {
    if (known.size >= KNOWN_NAMES) known.clear();
    known.set(name, (kind = kindOf(name)));
  }
  return kind;
}

function kindOf(name: string): SecretKind {
  const whole = squeezed(name);
  if (whole === "" || NOT_SECRETS.has(whole)) return undefined;
  if (MARKED.has(whole)) return "secret";
  const words = wordsOf(name);
  while (words.length > 1 && FORM_WORDS.has(words.at(-1)!)) words.pop();
  const last = words.at(-1)!;
  if (SECRET_WORDS.has(last) || SECRET_ENDINGS.some((ending) => last.endsWith(ending)) || SECRET_PAIRS.has(words.slice(-2).join(""))) return "secret";
  if (SECRETS_WORDS.has(last)) return "secrets";
  return undefined;
}

/** Whether a field of that name holds a secret (`apiKey`, `giphyApiKey`, `basicAuthPassword`, `push_token`…). */
export const isSecretField = (name: string): boolean => secretKindOf(name) !== undefined;

/** Whether a URL's query parameter of that name carries a secret: as a field, and a bare `key` too (`?key=`, an API key's usual place). */
export const isSecretParameter = (name: string): boolean => isSecretField(name) || squeezed(name) === "key";
