import { badRequest } from "./errors.js";
import { type Variant, answersIn } from "./options.js";

const INTEGER = /^-?\d+$/;
const BOOLEANS: Record<string, boolean> = { true: true, "1": true, false: false, "0": false };

/**
 * Reads and validates query parameters, collecting every problem so that one
 * ERR_BAD_REQUEST names all of them in `details`.
 */
export class QueryReader {
  private readonly details: Record<string, string[]> = {};

  constructor(private readonly params: URLSearchParams) {}

  /** Records a problem with a parameter, for checks that span several of them. */
  fail(name: string, message: string): undefined {
    (this.details[name] ??= []).push(message);
    return undefined;
  }

  string(name: string): string | undefined {
    const value = this.params.get(name);
    return value === null || value === "" ? undefined : value;
  }

  integer(name: string, range: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.string(name);
    return raw === undefined ? undefined : this.checkInteger(name, raw, range);
  }

  private checkInteger(name: string, raw: string, { min, max }: { min?: number; max?: number }): number | undefined {
    if (!INTEGER.test(raw.trim())) return this.fail(name, `The ${name} must be an integer.`);
    const value = Number(raw);
    if (min !== undefined && value < min) return this.fail(name, `The ${name} must be at least ${min}.`);
    if (max !== undefined && value > max) return this.fail(name, `The ${name} may not be greater than ${max}.`);
    return value;
  }

  boolean(name: string): boolean | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const value = BOOLEANS[raw.toLowerCase()];
    return value ?? this.fail(name, `The ${name} field must be true or false.`);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    return allowed.includes(raw as T) ? (raw as T) : this.fail(name, `The selected ${name} is invalid; use one of ${allowed.join(", ")}.`);
  }

  /** A list given comma-separated, repeated, or as `name[]`. Checked against `allowed` when given. */
  list<T extends string = string>(name: string, allowed?: readonly T[]): T[] | undefined {
    const values = [...this.params.getAll(name), ...this.params.getAll(`${name}[]`)]
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (values.length === 0) return undefined;
    const bad = allowed ? values.filter((v) => !allowed.includes(v as T)) : [];
    if (bad.length > 0) return this.fail(name, `The ${name} value ${bad.join(", ")} is invalid; use ${allowed!.join(", ")}.`);
    return values as T[];
  }

  /** Bracketed operators, `name[op]=N`: every op must be one of `ops` and every value an integer. */
  operators<Op extends string>(name: string, ops: readonly Op[]): Partial<Record<Op, number>> {
    const found: Partial<Record<Op, number>> = {};
    for (const [key, raw] of this.params) {
      const match = key.startsWith(`${name}[`) && key.endsWith("]") ? key.slice(name.length + 1, -1) : undefined;
      if (match === undefined || match === "") continue;
      if (!ops.includes(match as Op)) {
        this.fail(key, `Unknown operator ${match} for ${name}; use ${ops.join(", ")}.`);
        continue;
      }
      const value = this.checkInteger(key, raw, {});
      if (value !== undefined) found[match as Op] = value;
    }
    return found;
  }

  /**
   * Documented parameters the emulator does not implement: sent, each is named in the error rather
   * than answered as if it had not been asked.
   */
  notImplemented(...names: string[]): void {
    for (const name of names) {
      if (this.params.has(name)) this.fail(name, `The ${name} parameter is documented, but this emulator does not implement it: leave it out.`);
    }
  }

  /** Throws ERR_BAD_REQUEST when any parameter was malformed. */
  done(): void {
    if (Object.keys(this.details).length > 0) throw badRequest(this.details);
  }
}

export interface Page {
  page: number;
  perPage: number;
}

export function readPage(q: QueryReader, defaults: { perPage: number; max: number }): Page {
  return {
    perPage: q.integer("perPage", { min: 1, max: defaults.max }) ?? defaults.perPage,
    page: q.integer("page", { min: 1 }) ?? 1,
  };
}

export interface Pagination {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}

export function pagination(total: number, count: number, { page, perPage }: Page): Pagination {
  return { total, count, per_page: perPage, current_page: page, total_pages: Math.ceil(total / perPage) };
}

/** A whole list as one page, as the exports answer the lists that take no paging parameters. */
export const wholeList = <T>(items: T[]) => ({ data: items, meta: { pagination: { ...pagination(items.length, items.length, { perPage: items.length, page: 1 }), total_pages: 1 } } });

/** One page of a list, with its pagination block. */
export function paginate<T>(items: readonly T[], page: Page): { data: T[]; pagination: Pagination } {
  const start = (page.page - 1) * page.perPage;
  const data = items.slice(start, start + page.perPage);
  return { data, pagination: pagination(items.length, data.length, page) };
}

/**
 * The `updatedAt` cursor the documented user lists send beside their page numbers (users and members at
 * the top level of the body, friends and blocked users in meta): the page's last item's, onwards; none
 * on an empty page. Every documented example says prepend, as `cursor-prepend` (and `docs`) answer.
 */
export function pageCursor(last: { updatedAt?: number } | undefined, options: { variants: ReadonlySet<Variant> }) {
  if (last?.updatedAt === undefined) return undefined;
  return { updatedAt: last.updatedAt, affix: answersIn(options, "cursor-prepend") ? "prepend" : "append" };
}
