import { spawn } from "node:child_process";
import { recordOutput } from "./secrets.js";

export interface FileRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program (npm, an installed ccx, a single executable) to its end with
 * only the environment given. Never spawnSync: an emulator in this process
 * must go on answering.
 */
export function runFile(file: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number }): Promise<FileRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: options.env, cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      recordOutput(`${file} ${args.join(" ")} (stdout)`, stdout);
      recordOutput(`${file} ${args.join(" ")} (stderr)`, stderr);
      resolve({ code, stdout, stderr });
    });
  });
}
