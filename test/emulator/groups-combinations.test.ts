import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * Random combinations of GET /groups filters against a reference written from
 * docs/service.md, Groups: the emulator must answer exactly the groups the
 * reference keeps, in the order asked, with the right total.
 */

interface WireGroup {
  guid: string;
  name: string;
  type: string;
  membersCount: number;
  createdAt: number;
  updatedAt: number;
  tags?: string[];
}

type Params = Record<string, string | number>;

let fx: EmulatorFixture;
let all: WireGroup[];
let times: { created: number[]; updated: number[] };

beforeAll(async () => {
  fx = await emulatorFixture({ seed: 7, sizes: { apps: 1, groups: 800, calls: 0, users: 60 } });
  const reply = await fx.chat("/groups", { perPage: 1000, withTags: true });
  all = reply.body.data;
  times = { created: all.map((g) => g.createdAt).sort((a, b) => a - b), updated: all.map((g) => g.updatedAt).sort((a, b) => a - b) };
});
afterAll(() => fx.close());

function reference(params: Params): WireGroup[] {
  const has = (k: string) => params[k] !== undefined;
  const n = (k: string) => Number(params[k]);
  const list = (k: string) => String(params[k]).split(",");
  const kind = (t: string) => (t === "password" ? "protected" : t);
  const keep = all.filter((g) => {
    if (has("searchKey")) {
      const key = String(params.searchKey).toLowerCase();
      const where = has("searchIn") ? list("searchIn") : ["name", "guid"];
      const hit = (where.includes("name") && g.name.toLowerCase().includes(key)) || (where.includes("guid") && g.guid.includes(key));
      if (!hit) return false;
    }
    if (has("type") && g.type !== kind(String(params.type))) return false;
    if (has("types") && !list("types").map(kind).includes(g.type)) return false;
    if (has("tags") && !(g.tags ?? []).some((t) => list("tags").includes(t))) return false;
    if (has("createdAt[from]") && g.createdAt < n("createdAt[from]")) return false;
    if (has("createdAt[to]") && g.createdAt > n("createdAt[to]")) return false;
    const ranged = has("updatedAt[from]") || has("updatedAt[to]");
    if (ranged && g.updatedAt === g.createdAt) return false;
    if (has("updatedAt[from]") && g.updatedAt < n("updatedAt[from]")) return false;
    if (has("updatedAt[to]") && g.updatedAt > n("updatedAt[to]")) return false;
    if (has("membersCount[gte]") && g.membersCount < n("membersCount[gte]")) return false;
    if (has("membersCount[lte]") && g.membersCount > n("membersCount[lte]")) return false;
    if (has("membersCount[gt]") && g.membersCount <= n("membersCount[gt]")) return false;
    if (has("membersCount[lt]") && g.membersCount >= n("membersCount[lt]")) return false;
    if (has("membersCount[eq]") && g.membersCount !== n("membersCount[eq]")) return false;
    return true;
  });
  const field = (params.sortBy as "name" | "guid" | "createdAt" | undefined) ?? "createdAt";
  const key = (g: WireGroup) => (field === "name" ? g.name.toLowerCase() : g[field]);
  const desc = params.sortBy ? params.sortOrder === "desc" : params.sortOrder !== "asc";
  return keep.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const c = x < y ? -1 : x > y ? 1 : 0;
    return desc ? -c : c;
  });
}

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const paramsArb = fc.record({
  searchKey: optional(fc.constantFrom("team", "a", "crew", "Ops", "1", "grp", "zzz")),
  searchIn: optional(fc.constantFrom("name", "guid", "name,guid")),
  type: optional(fc.constantFrom("public", "private", "protected", "password")),
  types: optional(fc.constantFrom("public,private", "protected", "password,public")),
  tags: optional(fc.constantFrom("vip", "beta,support", "internal,pilot,staff")),
  created: optional(fc.tuple(fc.integer({ min: 0, max: 799 }), fc.integer({ min: 0, max: 799 }))),
  updated: optional(fc.tuple(fc.integer({ min: 0, max: 799 }), fc.integer({ min: 0, max: 799 }))),
  members: optional(fc.tuple(fc.constantFrom("gte", "lte", "gt", "lt", "eq"), fc.integer({ min: 0, max: 80 }))),
  membersUpper: optional(fc.tuple(fc.constantFrom("lte", "lt"), fc.integer({ min: 5, max: 120 }))),
  sortBy: optional(fc.constantFrom("name", "guid", "createdAt")),
  sortOrder: optional(fc.constantFrom("asc", "desc")),
});

it("answers exactly what the spec's reference keeps, for random filter combinations", async () => {
  await fc.assert(
    fc.asyncProperty(paramsArb, async (p) => {
      const params: Params = {};
      for (const k of ["searchKey", "searchIn", "type", "types", "tags", "sortBy", "sortOrder"] as const) {
        if (p[k] !== undefined) params[k] = p[k]!;
      }
      if (p.created) {
        params["createdAt[from]"] = times.created[Math.min(...p.created)]!;
        params["createdAt[to]"] = times.created[Math.max(...p.created)]!;
      }
      if (p.updated) {
        params["updatedAt[from]"] = times.updated[Math.min(...p.updated)]!;
        params["updatedAt[to]"] = times.updated[Math.max(...p.updated)]!;
      }
      if (p.members) params[`membersCount[${p.members[0]}]`] = p.members[1];
      if (p.membersUpper) params[`membersCount[${p.membersUpper[0]}]`] = p.membersUpper[1];

      const expected = reference(params);
      const reply = await fx.chat("/groups", { ...params, perPage: 1000, withTags: true });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.meta.pagination.total).toBe(expected.length);
      const got: string[] = reply.body.data.map((g: WireGroup) => g.guid);
      // Ties in the sort key may come in any order: compare the keys' order and the set.
      expect([...got].sort()).toEqual(expected.map((g) => g.guid).sort());
      const byGuid = new Map(all.map((g) => [g.guid, g]));
      const keyOf = (guid: string) => {
        const g = byGuid.get(guid)!;
        const field = (params.sortBy as string | undefined) ?? "createdAt";
        return field === "name" ? g.name.toLowerCase() : field === "guid" ? g.guid : g.createdAt;
      };
      expect(got.map(keyOf)).toEqual(expected.map((g) => keyOf(g.guid)));
    }),
    { numRuns: 150, seed: 20261121 },
  );
});
