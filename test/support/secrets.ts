/**
 * The secrets scan every test file ends with (secrets-setup.ts): the API keys
 * and management credentials in use are registered where they are made (the
 * emulator fixture), everything ccx printed, drew or copied is recorded where
 * it is captured (run-ccx, the TUI harness, tmux), and no secret may appear
 * whole in any of it.
 */

export interface ScanResult {
  outputs: number;
  bytes: number;
  secrets: number;
  leaks: Array<{ where: string; secret: string }>;
}

export function createSecretScan() {
  const secrets = new Set<string>();
  const outputs: Array<{ where: string; text: string }> = [];
  return {
    register(...values: Array<string | undefined>): void {
      for (const value of values) if (value && value.length >= 8) secrets.add(value);
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
        for (const secret of secrets) {
          // Named masked in the report too: by its first characters.
          if (text.includes(secret)) leaks.push({ where, secret: `${secret.slice(0, 4)}…` });
        }
      }
      return { outputs: outputs.length, bytes, secrets: secrets.size, leaks };
    },
  };
}

/** The scan of this test file. */
const fileScan = createSecretScan();
export const registerSecrets = fileScan.register;
export const recordOutput = fileScan.record;
export const scanOutputs = fileScan.scan;
