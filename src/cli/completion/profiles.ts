import { readFileSync, statSync } from "node:fs";
import { MAX_CONFIG_BYTES, defaultConfigPath } from "../../config/config-file.js";
import { sanitize } from "../../text/sanitize.js";
import type { Candidate } from "./filter.js";

/** The config file a command on this line would read: its --config (`~/` as the shell expands it), else CCX_CONFIG, else the default. */
export function configPathOf(configFlag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (configFlag?.startsWith("~/") && env.HOME) return `${env.HOME}${configFlag.slice(1)}`;
  return configFlag ?? env.CCX_CONFIG ?? defaultConfigPath(env);
}

/**
 * The profiles of the config file, each described by its app and region.
 * Completion must stay quiet and quick: a file that is missing, not a regular
 * file (a FIFO would block), too large or not JSON gives none, and no warning.
 * Names that a shell word could not carry as typed (blanks, controls) are left out.
 */
export function profileCandidates(path: string): Candidate[] {
  let json: unknown;
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > MAX_CONFIG_BYTES) return [];
    json = JSON.parse(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
  } catch {
    return [];
  }
  const profiles = (json as { profiles?: unknown } | null)?.profiles;
  if (profiles === null || typeof profiles !== "object" || Array.isArray(profiles)) return [];
  return Object.entries(profiles as Record<string, unknown>)
    .filter(([name]) => /^[^\s\p{C}]+$/u.test(name))
    .map(([name, p]) => {
      const { appId, region } = (p ?? {}) as { appId?: unknown; region?: unknown };
      const about = [appId, region].filter((s) => typeof s === "string" && s !== "").join(" ");
      return about ? { value: name, description: sanitize(about) } : { value: name };
    });
}
