import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { type EmulatorLine, spawnEmulator } from "../emulator-process.js";
import { EXIT, integerOption } from "../usage-error.js";

/** Shell lines that point ccx (and curl) at the emulator; kept in a 0600 file, never printed. */
function environment(line: EmulatorLine): string {
  const app = line.apps[0]!;
  const vars: Record<string, string> = {
    CCX_CHAT_URL: line.chatUrl,
    CCX_CALLS_URL: line.callsUrl,
    CCX_MANAGEMENT_URL: line.managementUrl,
    CCX_MANAGEMENT_KEY: line.management.key,
    CCX_MANAGEMENT_SECRET: line.management.secret,
    CCX_CA_FILE: line.caFile,
    CCX_APP_ID: app.appId,
    CCX_REGION: app.region,
    CCX_API_KEY: app.fullAccessKey,
  };
  return `${Object.entries(vars).map(([k, v]) => `export ${k}='${v}'`).join("\n")}\n`;
}

export function registerDemo(program: Command): void {
  program
    .command("demo")
    .description("start the emulator with generated data and open ccx on it")
    .option("--seed <n>", "seed of the generated data", integerOption(0), 1)
    .action(async (flags: { seed: number }) => {
      // Anchored to today (UTC), so that relative filters such as created:<7d find data.
      const today = Math.floor(Date.now() / 86_400_000) * 86_400;
      let emulator;
      try {
        emulator = await spawnEmulator(["--seed", String(flags.seed), "--now", String(today)]);
      } catch (error) {
        process.stderr.write(`error: ${(error as Error).message}\n`);
        process.exit(EXIT.failure);
      }
      const { line } = emulator;
      const dir = mkdtempSync(join(tmpdir(), "ccx-demo-"));
      const envFile = join(dir, "env");
      writeFileSync(envFile, environment(line), { mode: 0o600 });
      const app = line.apps[0]!;
      process.stdout.write([
        `ccx demo: the emulator is listening at ${line.url} (seed ${flags.seed})`,
        "",
        "Apps:",
        ...line.apps.map((a) => `  ${a.region}  ${a.appId}  ${a.name}`),
        "",
        "The explorer is not built yet; meanwhile, in another shell:",
        `  source ${envFile}`,
        `  curl --cacert "$CCX_CA_FILE" -H "apikey: $CCX_API_KEY" "${line.url}/${app.appId}.api-${app.region}/v3/groups?perPage=5"`,
        "",
        "Press Ctrl-C to stop.",
        "",
      ].join("\n"));
      const stop = async () => {
        await emulator.stop();
        rmSync(dir, { recursive: true, force: true });
        process.exit(EXIT.ok);
      };
      process.once("SIGINT", () => void stop());
      process.once("SIGTERM", () => void stop());
      // Ctrl-C reaches the whole process group, so the emulator may stop first: that is a clean stop.
      emulator.child.once("exit", (code) => {
        rmSync(dir, { recursive: true, force: true });
        if (code === 0) process.exit(EXIT.ok);
        process.stderr.write(`error: the emulator stopped unexpectedly (exit ${code})\n`);
        process.exit(EXIT.failure);
      });
    });
}
