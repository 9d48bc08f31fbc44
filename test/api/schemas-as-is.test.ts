import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CALL_FIELDS, asIs, idText, int, map, num, oddFields, opt, tolerantObject, uidOrEntity, unixMs } from "../../src/api/schemas.js";

/** Values as answers send them, and the odd ones the tolerant reader meets: numbers as text, nulls, entities, lists. */
const sent = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, "", " 12 ", "12", "-3.5", 1.5, 0, -0, 1e12, 17e8, true, false, [], {}, ["a"], [1], { uid: "u" }, { guid: "g" }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string(),
);

const SCHEMAS: Record<string, v.GenericSchema> = {
  num, int, unixMs, idText, uidOrEntity, map,
  "opt(string)": opt(v.string()), "opt(int)": opt(int), "opt(boolean)": opt(v.boolean()), "opt(array(string))": opt(v.array(v.string())),
  "opt(uidOrEntity)": opt(uidOrEntity), "opt(map)": opt(map), "opt(unixMs)": opt(unixMs), "opt(idText)": opt(idText),
  ...Object.fromEntries(Object.entries(CALL_FIELDS).map(([name, schema]) => [`call.${name}`, schema])),
};

describe("asIs: the values a schema reads unchanged, told without valibot", () => {
  it("tells the plain fields of a page (else it would save nothing)", () => {
    expect(asIs(opt(v.string()))?.("Launch hub")).toBe(true);
    expect(asIs(opt(int))?.(42)).toBe(true);
    expect(asIs(opt(v.boolean()))?.(false)).toBe(true);
    expect(asIs(opt(v.array(v.string())))?.(["a", "b"])).toBe(true);
    expect(asIs(opt(uidOrEntity))?.("alice")).toBe(true);
  });

  it("leaves to valibot what a schema changes or refuses", () => {
    expect(asIs(opt(int))?.("42")).toBe(false); // read as 42
    expect(asIs(opt(int))?.(1.5)).toBe(false); // refused: not an integer
    expect(asIs(opt(v.string()))?.(null)).toBe(false); // read as absent
    expect(asIs(opt(uidOrEntity))?.({ uid: "alice" })).toBe(false); // read as "alice"
    expect(asIs(unixMs)).toBeUndefined(); // seconds become milliseconds
  });

  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name}: what it keeps as is, valibot reads as the same value`, () => {
      const quick = asIs(schema);
      fc.assert(fc.property(sent, (value) => {
        if (!quick?.(value)) return;
        const read = v.safeParse(schema, value);
        expect(read.success).toBe(true);
        expect(read.success && read.output).toEqual(value);
      }), { numRuns: 300 });
    });
  }

  it("a call read with it is the call read field by field through valibot, odd fields and all", () => {
    const schema = tolerantObject("sessionId", CALL_FIELDS);
    const fieldByField = (raw: Record<string, unknown>) => {
      const out: Record<string, unknown> = { ...raw };
      const odd: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(CALL_FIELDS)) {
        if (name === "sessionId" || !Object.hasOwn(raw, name)) continue;
        const read = v.safeParse(field as v.GenericSchema, raw[name]);
        if (read.success && read.output !== undefined) out[name] = read.output;
        else delete out[name];
        if (!read.success) odd[name] = raw[name];
      }
      return { out, odd: Object.keys(odd).length > 0 ? odd : undefined };
    };
    const call = fc.record(Object.fromEntries(Object.keys(CALL_FIELDS).map((name) => [name, sent])), { requiredKeys: [] });
    fc.assert(fc.property(call, fc.string({ minLength: 1 }), (fields, sessionId) => {
      const raw = { ...fields, sessionId };
      const read = v.parse(schema, raw) as Record<string, unknown>;
      const expected = fieldByField(raw);
      expect(read).toEqual(expected.out);
      expect(oddFields(read)).toEqual(expected.odd);
    }), { numRuns: 300 });
  });
});
