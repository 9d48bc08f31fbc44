import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Gathers the per-file secrets scans (secrets-setup.ts) and prints one line for the whole run. */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "ccx-secret-scan-"));
  const log = join(dir, "scan.ndjson");
  process.env.CCX_TEST_SECRET_SCAN = log;
  return () => {
    const files = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, number>) : [];
    const sum = (k: string) => files.reduce((n, f) => n + (f[k] ?? 0), 0);
    process.stdout.write(`\nsecrets: ${sum("outputs")} outputs (${(sum("bytes") / 1e6).toFixed(1)} MB) of ${files.length} files scanned for the keys and secrets in use; ${sum("leaks")} found\n`);
    rmSync(dir, { recursive: true, force: true });
  };
}
