/**
 * Work, counted rather than timed: how many times the code under a directory ran
 * during a synchronous call, read from V8's precise block coverage (the counters
 * c8 and coverage-v8 read). Each function call and each pass through a block
 * (a loop body, a branch) counts; the figure is the sum of the counters. It is the
 * same for the same code and input on a quiet machine and a busy one, so a test can
 * assert it where it would otherwise assert milliseconds: a quadratic loop shows up
 * as 100× the count for 10× the input.
 *
 * What it does not see: work inside built-ins (a regular expression's backtracking,
 * a `slice` or a `join`). The timings of the same inputs are in `npm run bench`.
 *
 * Two things keep the counts exact. Optimized code does not count the calls of the
 * functions it inlines, and when the optimizer finishes depends on the machine's
 * load: so from the first counter on, this process runs without TurboFan
 * (`--max-opt=1`: the interpreter and the baseline compiler, both of which count).
 * And stopping coverage then starting it again loses the block counters of code
 * already compiled: so it runs until the process ends (vitest runs each test file
 * in a process of its own). Reading the counters resets them process-wide: do not
 * use it in a run with `--coverage` (the project has no coverage provider).
 */
import { Session } from "node:inspector";
import { setFlagsFromString } from "node:v8";

interface CoverageRange {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface ScriptCoverage {
  url: string;
  functions: Array<{ functionName: string; ranges: CoverageRange[] }>;
}

export interface Counted<T> {
  /** Calls and block passes in the code under the directory. */
  ops: number;
  /** Calls of each function there that ran, by `file:name` (`file:@offset` for anonymous ones). */
  calls: Map<string, number>;
  value: T;
}

export interface OperationCounter {
  /** Runs `fn` (synchronous) and counts the work done by the code under the counter's directory. */
  count<T>(fn: () => T): Counted<T>;
}

let post: (<T>(method: string, params?: object) => T) | undefined;

/** V8's counters, started once per process. */
function coverage(): <T>(method: string, params?: object) => T {
  if (post) return post;
  const session = new Session();
  session.connect();
  // An in-process session answers at once, inside post(): the counts are taken around fn() and nothing else.
  const send = <T>(method: string, params: object = {}): T => {
    let answer: { error: Error | null; result?: T } | undefined;
    session.post(method, params, (error, result) => (answer = { error, result: result as T }));
    if (!answer) throw new Error(`${method} did not answer synchronously`);
    if (answer.error) throw answer.error;
    return answer.result!;
  };
  setFlagsFromString("--max-opt=1");
  send("Profiler.enable");
  // Starting it deoptimizes what was optimized before, and recompiles with a counter per block.
  send("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  post = send;
  return send;
}

/** A counter of the work done by the code under `dir` (a file: URL). */
export function operationCounter(dir: URL): OperationCounter {
  const prefix = dir.href.endsWith("/") ? dir.href : `${dir.href}/`;
  const send = coverage();
  return {
    count<T>(fn: () => T): Counted<T> {
      send("Profiler.takePreciseCoverage"); // resets the counters
      const value = fn();
      const { result } = send<{ result: ScriptCoverage[] }>("Profiler.takePreciseCoverage");
      let ops = 0;
      const calls = new Map<string, number>();
      for (const script of result) {
        if (!script.url.startsWith(prefix)) continue;
        const file = script.url.slice(prefix.length);
        for (const f of script.functions) {
          for (const range of f.ranges) ops += range.count;
          const invoked = f.ranges[0]?.count ?? 0;
          if (invoked > 0) calls.set(`${file}:${f.functionName || `@${f.ranges[0]!.startOffset}`}`, invoked);
        }
      }
      return { ops, calls, value };
    },
  };
}

/**
 * The longest string Intl.Segmenter was given during `fn` (synchronous), and how many it was
 * given. On Node 20 each step of a Segmenter's iterator costs time proportional to its whole
 * input, inside the built-in where the counter above does not see it: src/text/segments.ts
 * cuts long text into chunks of CHUNK code units so that it never sees more. string-width's
 * own Segmenter is counted too.
 */
export function segmenterInputs<T>(fn: () => T): { longest: number; calls: number; value: T } {
  const prototype = Intl.Segmenter.prototype;
  const original = prototype.segment;
  let longest = 0;
  let calls = 0;
  prototype.segment = function segment(this: Intl.Segmenter, input: string) {
    calls++;
    longest = Math.max(longest, String(input).length);
    return original.call(this, input);
  };
  try {
    const value = fn();
    return { longest, calls, value };
  } finally {
    prototype.segment = original;
  }
}
