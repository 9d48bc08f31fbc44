import { closeSync, existsSync, fchmodSync, fsyncSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ConfigError, type Profile, defaultConfigPath, loadConfigFile } from "./config-file.js";

/**
 * The config file as ccx init and ccx config change it: its JSON as written,
 * every field and its order kept, and written back atomically.
 */
export interface RawConfig {
  defaultProfile?: string;
  profiles?: Record<string, Profile>;
  management?: { url?: string; key?: string; secret?: string; secretCommand?: string; chatUrl?: string; callsUrl?: string; caFile?: string };
}

/** Where the config file is: --config, else CCX_CONFIG, else $XDG_CONFIG_HOME/ccx/config.json. */
export function configPathOf(flags: { config?: string }, env: NodeJS.ProcessEnv): string {
  return flags.config ?? env.CCX_CONFIG ?? defaultConfigPath(env);
}

/**
 * The file's JSON, once ccx has checked it as it reads it (a file ccx would
 * refuse is never rewritten); undefined when there is no file.
 */
export function readRawConfig(path: string, warn: (message: string) => void): RawConfig | undefined {
  if (!loadConfigFile(path, false, warn)) return undefined;
  // The checked file again, as written: the checked form reorders fields and adds "profiles".
  return JSON.parse(readFileSync(path, "utf8").replace(/^\uFEFF/, "")) as RawConfig;
}

/**
 * Writes the config: a 0600 file beside it, checked as ccx will read it, then
 * renamed over it, so that no reader ever finds it half written. A missing
 * folder is made 0700; a symlinked file is written where the link points.
 */
export function writeRawConfig(path: string, config: RawConfig): void {
  const target = existsSync(path) ? realpathSync(path) : path;
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  rmSync(temp, { force: true });
  try {
    const fd = openSync(temp, "wx", 0o600);
    try {
      writeSync(fd, `${JSON.stringify(config, null, 2)}\n`);
      // The umask may take more than the others' bits: the file is exactly 0600.
      fchmodSync(fd, 0o600);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      loadConfigFile(temp, true, () => undefined);
    } catch (error) {
      throw error instanceof ConfigError ? new ConfigError(error.message.replaceAll(temp, target)) : error;
    }
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
}
