import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { recordOutput } from "./secrets.js";

export interface CcxRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Every output of every run, so a suite can check that no secret was ever printed. */
export const allOutput: string[] = [];

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;

/** Runs the built `ccx` with only the environment given (plus PATH and HOME), and no stdin. */
export function runCcx(args: string[], env: Record<string, string> = {}, timeoutMs = 20_000): Promise<CcxRun> {
  if (!existsSync(new URL("../../dist/ccx.cjs", import.meta.url))) throw new Error("dist/ is missing: run npm run build (npm test does)");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", XDG_CONFIG_HOME: "/nonexistent-ccx-config", COLUMNS: "80", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      allOutput.push(stdout, stderr);
      recordOutput(`ccx ${args.join(" ")} (stdout)`, stdout);
      recordOutput(`ccx ${args.join(" ")} (stderr)`, stderr);
      resolve({ code, stdout, stderr });
    });
  });
}
