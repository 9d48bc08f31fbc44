import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CALL_FILTER_KEYS, GROUP_FILTER_KEYS, parseCallFilter, parseGroupFilter } from "../../src/query/index.js";
import { fieldText, withField } from "../../src/query/line-edit.js";

const NOW = 1_700_000_000;

describe("one field of the filter line (the filter form's view of it)", () => {
  it("reads a key's values as written, and the bare words as the search", () => {
    const line = 'design type:public,private "big team" members:>=10 Members:<50';
    expect(fieldText(line, "type")).toBe("public,private");
    expect(fieldText(line, "members")).toBe(">=10 <50");
    expect(fieldText(line, "")).toBe('design "big team"');
    expect(fieldText(line, "tag")).toBe("");
  });

  it("replaces a key where it stood, adds a new key at the end and the search at the start, and removes an emptied key", () => {
    const line = "type:public design sort:name";
    expect(withField(line, "type", "private,protected")).toBe("type:private,protected design sort:name");
    expect(withField(line, "tag", '"big fish",vip')).toBe('type:public design sort:name tag:"big fish",vip');
    expect(withField(line, "", '"big team"')).toBe('type:public "big team" sort:name');
    expect(withField("type:public", "", "ops")).toBe("ops type:public");
    expect(withField(line, "type", "  ")).toBe("design sort:name");
    expect(withField(line, "members", ">=10 <50")).toBe("type:public design sort:name members:>=10 members:<50");
  });

  it("keeps a value that does not parse, so that the line marks it and sends nothing", () => {
    const line = withField("type:public", "members", ">>x");
    const parsed = parseGroupFilter(line, { now: NOW });
    expect(parsed.errors.map((t) => t.key)).toEqual(["members"]);
    expect(parsed.params).toEqual({});
  });
});

const GROUP_VALUES: Record<string, string[]> = {
  "": ["design", '"big team"', "x y"],
  type: ["public", "private,protected"], members: [">=10", "10..50", "<5 >1"], created: [">=2024-01-01", "<7d"], tag: ["vip", '"big fish",vip'],
  guid: ["g1", "g1,g2"], in: ["name,guid"], after: ["2024-01-01"], sort: ["-createdAt"], per: ["500"], page: ["2"], joined: ["true"], withtags: ["false"],
};
const CALL_VALUES: Record<string, string[]> = {
  type: ["video"], mode: ["meet,call"], status: ["ended,rejected"], receiver: ["group"], uid: ['"ann marie"', "bob"], rec: ["yes"],
  participants: [">=3", "2..4"], started: [">=2024-01-01"], per: ["50"],
};

const lineOf = (values: Record<string, string[]>) =>
  fc.uniqueArray(fc.constantFrom(...Object.keys(values)), { maxLength: 6 })
    .chain((keys) => fc.tuple(...keys.map((k) => fc.constantFrom(...values[k]!).map((v) => (k === "" ? v : v.split(" ").map((p) => `${k}:${p}`).join(" "))))))
    .map((tokens) => tokens.join(" "));

describe.each([
  { name: "groups", keys: GROUP_FILTER_KEYS, values: GROUP_VALUES, parse: parseGroupFilter },
  { name: "calls", keys: CALL_FILTER_KEYS, values: CALL_VALUES, parse: parseCallFilter },
])("the $name form and line agree", ({ keys, values, parse }) => {
  const key = fc.constantFrom(...keys.map((k) => k.key).filter((k) => k in values));
  const value = key.chain((k) => fc.tuple(fc.constant(k), fc.constantFrom(...values[k]!)));

  it("writing a field back as read changes nothing the API sees", () => {
    fc.assert(fc.property(lineOf(values), key, (line, k) => {
      const before = parse(line, { now: NOW });
      const after = parse(withField(line, k, fieldText(line, k)), { now: NOW });
      expect(after.params).toEqual(before.params);
      expect(after.errors.length).toBe(before.errors.length);
    }), { numRuns: 300 });
  });

  it("a field set in the form reads back the same, and no other field moves", () => {
    fc.assert(fc.property(lineOf(values), value, (line, [k, v]) => {
      const edited = withField(line, k, v);
      expect(fieldText(edited, k)).toBe(v);
      for (const other of Object.keys(values).filter((o) => o !== k)) expect(fieldText(edited, other)).toBe(fieldText(line, other));
      expect(parse(edited, { now: NOW }).errors).toEqual([]);
    }), { numRuns: 300 });
  });
});
