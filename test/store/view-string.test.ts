import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SharedView, decodeView, encodeView } from "../../src/store/view-string.js";

/**
 * The view string's codec: whatever a filter line, a row id or a user holds (quotes, &, #, +, %,
 * spaces, line breaks, any script), the string reads back as the same view, and stays one word a
 * shell's single quotes and a chat keep whole.
 */

/** Characters of any script, and often those the string itself uses (/ ? & = # + %) or a shell and a chat read. */
const char = fc.oneof(fc.constantFrom(..."/?&=#+% '\"`\\\n\t:,<>[]@$!*()~é中😀"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 }));
const some = (minLength: number, maxLength: number) => fc.string({ unit: char, minLength, maxLength });
const text = some(0, 40);
const view: fc.Arbitrary<SharedView> = fc.record({
  region: fc.constantFrom("us", "eu", "in"),
  appId: some(1, 20),
  resource: fc.stringMatching(/^[a-z][a-z-]{0,15}$/),
  params: fc.array(some(1, 20), { maxLength: 2 }),
  filter: text,
  at: fc.option(some(1, 20), { nil: undefined }),
  as: fc.option(some(1, 20), { nil: undefined }),
}).map((v) => Object.fromEntries(Object.entries(v).filter(([, value]) => value !== undefined)) as unknown as SharedView);

describe("a view string", () => {
  it("reads back as the view it was made of, and is one printable word with no quote", () => {
    fc.assert(fc.property(view, (v) => {
      const written = encodeView(v);
      expect(decodeView(written)).toEqual(v);
      expect(written).toMatch(/^ccx:\/\/v1\/[\x21-\x7e]+$/);
      expect(written).not.toMatch(/['"`\\]/);
    }), { numRuns: 500 });
  });

  it("a lone half of a surrogate pair (server text may hold one) goes as U+FFFD, not as an error", () => {
    const written = encodeView({ region: "us", appId: "a1", resource: "groups", params: [], filter: "x\ud800y", at: "\udc00" });
    expect(decodeView(written)).toEqual({ region: "us", appId: "a1", resource: "groups", params: [], filter: "x\ufffdy", at: "\ufffd" });
  });

  it("keeps a filter line readable: keys, comparisons and lists as typed, spaces as +", () => {
    expect(encodeView({ region: "us", appId: "a1", resource: "groups", params: [], filter: "type:public members:>=10 tags:vip,beta 'two words'", at: "grp-7" }))
      .toBe("ccx://v1/us/a1/groups?q=type:public+members:>=10+tags:vip,beta+%27two+words%27&at=grp-7");
  });
});
