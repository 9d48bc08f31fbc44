import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Folders a test file makes for its journals, configs, certificates and downloads: each is removed when
 * the file ends (scratch-setup.ts), so that a test that forgets, or fails half-way, leaves nothing behind.
 */
const made = new Set<string>();

/** A new empty folder in the temporary directory, `<prefix>XXXXXX`, removed when this test file ends. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder this file made (the file's afterAll, once its servers and children are gone). */
export function removeScratchDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}
