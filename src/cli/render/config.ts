import { isSecretField } from "../../api/secret-names.js";
import { maskKey } from "../../config/mask.js";
import type { RawConfig } from "../../config/write-config.js";
import { sanitize } from "../../text/sanitize.js";

type Fields = Record<string, unknown>;

/**
 * The fields that hold a key or a secret, shown by their last four characters at most: by their names, as in
 * answers (`apiKey`, `secret`), and the management block's bare `key`, which is its key.
 */
const isConfigSecret = (name: string) => name === "key" || isSecretField(name);

const maskFields = (fields: Fields): Fields =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, isConfigSecret(name) && typeof value === "string" ? maskKey(value) : value]));

/** The config with every key and secret masked, the rest as written. */
export function maskedConfig(config: RawConfig): RawConfig {
  return {
    ...config,
    ...(config.profiles ? { profiles: Object.fromEntries(Object.entries(config.profiles).map(([name, p]) => [name, maskFields(p)])) as RawConfig["profiles"] } : {}),
    ...(config.management ? { management: maskFields(config.management) } : {}),
  };
}

/** "  field  value" lines of a masked block, aligned; the values are file text, sanitized for the terminal. */
export function fieldLines(fields: Fields, indent: string): string[] {
  const width = Math.max(0, ...Object.keys(fields).map((k) => k.length));
  return Object.entries(fields).map(([name, value]) => `${indent}${sanitize(name).padEnd(width)}  ${sanitize(String(value))}`);
}

/** A profile as ccx init and ccx config show print it, its key masked. */
export function profileLines(name: string, profile: Fields, isDefault: boolean): string[] {
  return [`  profile ${sanitize(name)}${isDefault ? " (the default)" : ""}`, ...fieldLines(maskFields(profile), "    ")];
}

/** The management block as printed, its key and secret masked. */
export function managementLines(management: Fields): string[] {
  return ["  management (every app of the account, found with GET /apps)", ...fieldLines(maskFields(management), "    ")];
}
