/**
 * The secrets scan every test file ends with (secrets-setup.ts): the API keys
 * and management credentials in use are registered where they are made (the
 * emulator fixture), everything ccx printed, drew or copied is recorded where
 * it is captured (run-ccx, the TUI harness, tmux), and no secret may appear
 * whole in any of it. The secrets inside answers (tokens, provider keys,
 * webhook passwords) may appear whole only in a run the user asked to see
 * them in (`--reveal`).
 */

export interface ScanResult {
  outputs: number;
  bytes: number;
  secrets: number;
  leaks: Array<{ where: string; secret: string }>;
}

export function createSecretScan() {
  const secrets = new Set<string>();
  /** Secrets inside answers (tokens, provider keys, webhook passwords): whole only where the user asked, with --reveal. */
  const revealable = new Set<string>();
  const outputs: Array<{ where: string; text: string }> = [];
  return {
    register(...values: Array<string | undefined>): void {
      for (const value of values) if (value && value.length >= 8) secrets.add(value);
    },
    registerRevealable(...values: Array<string | undefined>): void {
      for (const value of values) if (value && value.length >= 8 && !secrets.has(value)) revealable.add(value);
    },
    /** Something ccx wrote: a run's stdout or stderr, a frame, a clipboard write, a copied curl command. */
    record(where: string, text: string): void {
      if (text) outputs.push({ where, text });
    },
    scan(): ScanResult {
      const leaks: ScanResult["leaks"] = [];
      let bytes = 0;
      for (const { where, text } of outputs) {
        bytes += text.length;
        // Named masked in the report too: by its first characters.
        for (const secret of secrets) if (text.includes(secret)) leaks.push({ where, secret: `${secret.slice(0, 4)}…` });
        const asked = /\s--reveal(\s|$|\))/.test(where);
        if (!asked) for (const secret of revealable) if (text.includes(secret)) leaks.push({ where, secret: `${secret.slice(0, 4)}…` });
      }
      return { outputs: outputs.length, bytes, secrets: secrets.size + revealable.size, leaks };
    },
  };
}

/** The scan of this test file. */
const fileScan = createSecretScan();
export const registerSecrets = fileScan.register;
export const registerRevealableSecrets = fileScan.registerRevealable;
export const recordOutput = fileScan.record;
export const scanOutputs = fileScan.scan;
