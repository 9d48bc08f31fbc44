import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Where the screens' bundle looks for the layout engine compiled ahead (scripts/bundles.mjs, syncYoga). */
const HANDED_OVER = "__ccxYogaModule";

/**
 * Compiles the layout engine's WebAssembly (yoga, under ink) from dist/yoga.wasm, off the main thread: V8
 * compiles WebAssembly.compile's module on its own threads, while the explorer's start is busy with its
 * first request (the TLS root store) and its bundles. The screens' bundle then only makes an instance, where
 * it compiled the module on the main thread as it loaded (about 1.5 ms of the first frame, docs/benchmarks.md).
 * Resolves when it is handed over, or at once where there is no file to compile (ccx run from its sources, a
 * single executable): the screens compile their own copy then.
 */
export function compileLayoutEngine(): Promise<void> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    // In a bundle, __dirname is dist/; run from the sources, there is no yoga.wasm beside them.
    if (typeof __dirname !== "string") return Promise.resolve();
    bytes = new Uint8Array(readFileSync(join(__dirname, "yoga.wasm")));
  } catch {
    return Promise.resolve();
  }
  return WebAssembly.compile(bytes).then(
    (compiled) => void ((globalThis as Record<string, unknown>)[HANDED_OVER] = compiled),
    () => undefined,
  );
}
