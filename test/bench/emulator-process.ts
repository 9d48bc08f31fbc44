/** `ccx emulator` in a process of its own, as the benches start it, and the environment that points ccx at it. */
import { spawn } from "node:child_process";
import type { EmulatorLine } from "../../src/cli/emulator-process.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;

/** Starts the emulator with `args`; resolves with the line it prints (its URLs, apps and keys) once it listens. */
export async function spawnEmulator(args: string[]): Promise<{ info: EmulatorLine; stop: () => void }> {
  const child = spawn(process.execPath, [BIN, "emulator", ...args], { stdio: ["ignore", "pipe", "ignore"] });
  const line = await new Promise<string>((resolve) => child.stdout!.once("data", (d: Buffer) => resolve(d.toString())));
  return { info: JSON.parse(line) as EmulatorLine, stop: () => child.kill("SIGTERM") };
}

/** ccx's environment for the emulator's first app and its management API. */
export function envOf(info: EmulatorLine): NodeJS.ProcessEnv {
  const app = info.apps[0]!;
  return {
    ...process.env, CCX_CHAT_URL: info.chatUrl, CCX_CALLS_URL: info.callsUrl, CCX_MANAGEMENT_URL: info.managementUrl, CCX_CA_FILE: info.caFile,
    CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey, CCX_MANAGEMENT_KEY: info.management.key, CCX_MANAGEMENT_SECRET: info.management.secret,
  };
}
