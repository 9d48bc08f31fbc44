/**
 * Comparisons, both ways: `>=10`, `<5`, `10..50`, `10` for counts and
 * `>=2024-01-01`, `>=7d`, `A..B` for times, to and from bound parameters such as
 * `membersCount[gte]` or `createdAt[from]`.
 */
import { type KeyRule, param, parseCount } from "./filter.js";
import { DAY, MAX_TIME, type TimeValue, outOfRange, parseTime } from "./time.js";
import { keyToken } from "./tokenize.js";

/** How a bound is written: `bare` is a value with no operator. */
export type Bound = "gte" | "gt" | "lte" | "lt" | "eq" | "bare";
export type BoundNames = Partial<Record<Bound, string>>;
type Comparison = { op: ">=" | ">" | "<=" | "<" | "=" | ""; operand: string } | { low?: string; high?: string };

/** `>=x`, `x`, `a..b`, `a..`, `..b`; undefined when the shape is wrong. */
function splitComparison(value: string): Comparison | undefined {
  const range = value.indexOf("..");
  if (range >= 0) {
    const low = value.slice(0, range);
    const high = value.slice(range + 2);
    if (/^[<>=]/.test(low) || high.includes("..") || (low === "" && high === "")) return undefined;
    return { ...(low && { low }), ...(high && { high }) };
  }
  const op = /^(>=|<=|>|<|=)?/.exec(value)![0] as ">=" | ">" | "<=" | "<" | "=" | "";
  const operand = value.slice(op.length);
  return operand === "" ? undefined : { op, operand };
}

const OP_BOUND = { ">=": "gte", ">": "gt", "<=": "lte", "<": "lt", "=": "eq", "": "bare" } as const;

/** Parameters named by `names` for a count comparison (`>=10`, `<5`, `10..50`, `=10`, `10`), or what is wrong. */
export function parseCountComparison(value: string, names: BoundNames, usage: string): Record<string, string> | string {
  const expected = `expected ${usage}`;
  const cmp = splitComparison(value);
  if (!cmp) return expected;
  if ("op" in cmp) {
    const n = parseCount(cmp.operand);
    return n === undefined ? expected : { [names[OP_BOUND[cmp.op]]!]: n };
  }
  const low = cmp.low === undefined ? undefined : parseCount(cmp.low);
  const high = cmp.high === undefined ? undefined : parseCount(cmp.high);
  if ((cmp.low !== undefined && low === undefined) || (cmp.high !== undefined && high === undefined)) return expected;
  if (low !== undefined && high !== undefined && Number(low) > Number(high)) return `${value} is backwards; write ${cmp.high}..${cmp.low}`;
  return { ...(low !== undefined && { [names.gte!]: low }), ...(high !== undefined && { [names.lte!]: high }) };
}

/**
 * Parameters for a time comparison, or what is wrong. Every time is a point on
 * the time line, a relative one (`7d`, seven days ago) as a date is: `>=7d` is
 * a lower bound (the last seven days), `<1h` an upper one (over an hour ago),
 * so that `>=` means "since" whichever way the time is written (issue 27: read
 * as an age, `started:>=1d` selected everything but the last day). A time
 * with no operator is that second, or the whole day for a date alone. Without
 * `gt`/`lt` names, strict bounds move by one second onto `gte`/`lte`.
 */
export function parseTimeComparison(value: string, now: number, names: BoundNames, usage: string): Record<string, string> | string {
  const cmp = splitComparison(value);
  if (!cmp) return `expected ${usage}`;
  const bounds: Partial<Record<Bound, number>> = {};
  if ("op" in cmp) {
    const t = parseTime(cmp.operand, now);
    if (typeof t === "string") return t;
    placeTime(bounds, cmp.op, t, names);
  } else {
    const low = cmp.low === undefined ? undefined : parseTime(cmp.low, now);
    const high = cmp.high === undefined ? undefined : parseTime(cmp.high, now);
    if (typeof low === "string") return low;
    if (typeof high === "string") return high;
    if (low && high && low.seconds > high.seconds) return `${value} is backwards; write ${cmp.high}..${cmp.low}`;
    if (low) bounds.gte = low.seconds;
    if (high) bounds.lte = high.seconds;
  }
  const params: Record<string, string> = {};
  for (const [bound, seconds] of Object.entries(bounds) as Array<[Bound, number]>) {
    const problem = outOfRange(seconds);
    if (problem) return `${value}: ${problem}`;
    params[names[bound]!] = String(seconds);
  }
  return params;
}

/** A `key:` for a time compared with `names`' bounds. */
export function timeRule(key: string, names: BoundNames, example: string, description: string): KeyRule {
  const usage = `${key}:>=2024-01-01, ${key}:>=7d, ${key}:2024-01-01..2024-02-01 or ${key}:2024-01-01`;
  return { key, params: Object.values(names), example, description, parse: (value, now) => parseTimeComparison(value, now, names, usage) };
}

function placeTime(bounds: Partial<Record<Bound, number>>, op: string, t: TimeValue, names: BoundNames): void {
  if (op === ">=") bounds.gte = t.seconds;
  else if (op === "<=") bounds.lte = t.seconds;
  else if (op === ">") names.gt ? (bounds.gt = t.seconds) : (bounds.gte = t.seconds + 1);
  else if (op === "<") names.lt ? (bounds.lt = t.seconds) : (bounds.lte = t.seconds - 1);
  else {
    bounds.gte = t.seconds;
    bounds.lte = Math.min(t.seconds + (t.wholeDay ? DAY - 1 : 0), MAX_TIME);
  }
}

/**
 * Tokens for the bound parameters in `names`: `low..high` when both inclusive
 * bounds are present and in order, else one token per bound. A parameter two
 * bounds share (eq and bare) is written once, as the first of them.
 */
export function formatComparison(key: string, params: Record<string, string>, names: BoundNames, show: (raw: string) => string): string[] {
  const tokens: string[] = [];
  const done = new Set<string>();
  const low = names.gte === undefined ? undefined : param(params, names.gte);
  const high = names.lte === undefined ? undefined : param(params, names.lte);
  if (low !== undefined && high !== undefined && /^\d+$/.test(low) && /^\d+$/.test(high) && Number(low) <= Number(high)) {
    tokens.push(keyToken(key, `${show(low)}..${show(high)}`));
    done.add(names.gte!).add(names.lte!);
  }
  const ops: Array<[Bound, string]> = [["gte", ">="], ["lte", "<="], ["gt", ">"], ["lt", "<"], ["bare", ""], ["eq", "="]];
  for (const [bound, op] of ops) {
    const name = names[bound];
    const raw = name === undefined || done.has(name) ? undefined : param(params, name);
    if (raw === undefined) continue;
    tokens.push(keyToken(key, `${op}${show(raw)}`));
    done.add(name!);
  }
  return tokens;
}
