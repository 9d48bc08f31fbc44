// The explorer's screens' `performance` (esbuild's inject, in the `explorer` settings of scripts/bundles.mjs):
// React's scheduler and ink's render timing read only its now(), and Node's global loads perf_hooks for it.
const origin = process.hrtime.bigint();
export const performance = { now: () => Number(process.hrtime.bigint() - origin) / 1e6 };
