import { statSync } from "node:fs";
import type { Command } from "commander";
import { ConfigError } from "../../config/config-file.js";
import { type RawConfig, configPathOf, readRawConfig, writeRawConfig } from "../../config/write-config.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
import { managementLines, maskedConfig, profileLines } from "../render/config.js";
import type { IOStreams } from "../io.js";
import { runWithoutSettings } from "../runtime.js";

const pathOf = (command: Command, io: IOStreams) => configPathOf(command.optsWithGlobals() as { config?: string }, io.env);
const warner = (io: IOStreams) => (warning: string) => void io.err.write(`warning: ${sanitize(warning)}\n`);

/** The file's permission bits ("600"), or undefined when there is no file. */
function modeOf(path: string): string | undefined {
  try {
    return (statSync(path).mode & 0o777).toString(8);
  } catch {
    return undefined;
  }
}

/** `ccx config path`: the path on stdout (alone, for $(…)), whether the file exists on stderr. */
export function runConfigPath(flags: { json?: boolean }, command: Command): Promise<void> {
  return runWithoutSettings(command, async (_secrets, io) => {
    const path = pathOf(command, io);
    const mode = modeOf(path);
    if (flags.json) return void io.out.write(`${jsonForTerminal({ path, exists: mode !== undefined, ...(mode ? { mode } : {}) }, 2)}\n`);
    io.out.write(`${sanitize(path)}\n`);
    io.err.write(mode ? `it exists (mode ${mode})\n` : "it does not exist yet: ccx init writes it\n");
  });
}

/** `ccx config show`: the profiles and the management block, every key and secret masked. */
export function runConfigShow(flags: { json?: boolean }, command: Command): Promise<void> {
  return runWithoutSettings(command, async (_secrets, io) => {
    const path = pathOf(command, io);
    const config = readRawConfig(path, warner(io));
    if (flags.json) return void io.out.write(`${jsonForTerminal({ path, exists: config !== undefined, ...maskedConfig(config ?? {}) }, 2)}\n`);
    if (!config) return void io.out.write(`${sanitize(path)}: no config file yet (ccx init writes one)\n`);
    const profiles = Object.entries(config.profiles ?? {});
    const lines = [`${sanitize(path)} (mode ${modeOf(path) ?? "?"})`];
    if (profiles.length === 0) lines.push("  no profiles");
    // The default as Settings picks it: the one named, else the first.
    const active = config.defaultProfile ?? profiles[0]?.[0];
    for (const [name, profile] of profiles) lines.push(...profileLines(name, profile, name === active));
    if (config.management) lines.push(...managementLines(config.management));
    io.out.write(`${lines.join("\n")}\n`);
  });
}

/** `ccx config use <profile>`: makes it the default profile, the rest of the file as it was. */
export function runConfigUse(name: string, command: Command): Promise<void> {
  return runWithoutSettings(command, async (_secrets, io) => {
    const path = pathOf(command, io);
    const config: RawConfig | undefined = readRawConfig(path, warner(io));
    if (!config) throw new ConfigError(`there is no config file at ${path}: run ccx init first`);
    const known = Object.keys(config.profiles ?? {});
    if (!known.includes(name)) throw new ConfigError(`no profile is named "${name}" in ${path} (known: ${known.join(", ") || "none"})`);
    writeRawConfig(path, { ...config, defaultProfile: name });
    io.out.write(`the default profile is now ${sanitize(name)} (in ${sanitize(path)})\n`);
  });
}
