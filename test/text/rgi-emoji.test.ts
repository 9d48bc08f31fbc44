import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rgiEmojiRegex } from "../../src/text/rgi-emoji.js";

/** The emoji test built part by part answers exactly as string-width's one regex does. */

const WHOLE = new RegExp("^\\p{RGI_Emoji}$", "v");

/** What emoji are made of, and what merely looks like it. */
const PARTS = [
  "\u200d", "\ufe0f", "\ufe0e", "\u20e3", "#", "*", "0", "7",
  ...["\u{1f3fb}", "\u{1f3fd}", "\u{1f3ff}"],
  ...["\u{1f1fa}", "\u{1f1f8}", "\u{1f1ec}", "\u{1f1e7}", "\u{1f1ff}"],
  ...["\u{1f3f4}", "\u{e0067}", "\u{e0062}", "\u{e0065}", "\u{e006e}", "\u{e007f}"],
  ...["\u{1f468}", "\u{1f469}", "\u{1f467}", "\u{1f466}", "\u{1f44d}", "\u{1f3ae}", "\u{1f680}", "\u2764", "\u263a", "\u{1f9d1}", "\u{1f91d}", "\u{1f48b}", "\u{1f3f3}", "\u{1f308}", "\u26a7", "\u2642", "\u2640", "\u{1f9b0}"],
  "a", "é", "中", "ﾞ", "\u0301",
];

describe("the RGI emoji test", () => {
  it("answers as /^\\p{RGI_Emoji}$/v on known emoji of every kind", () => {
    const samples = ["😀", "🎮", "❤️", "☺", "☺️", "1️⃣", "#️⃣", "👍🏽", "🇺🇸", "🇬🇧", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "👨‍👩‍👧", "👩🏽‍🚀", "🏳️‍🌈", "🧑‍🤝‍🧑", "🏻", "a", "é", "中", "👨👩👧", "🇺", "1⃣"];
    for (const s of samples) expect(rgiEmojiRegex.test(s), s).toBe(WHOLE.test(s));
    expect(samples.filter((s) => WHOLE.test(s)).length).toBeGreaterThan(10);
  });

  it("answers as the whole regex on any sequence of emoji parts", () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...PARTS), { minLength: 1, maxLength: 8 }), (parts) => {
      const text = parts.join("");
      expect(rgiEmojiRegex.test(text)).toBe(WHOLE.test(text));
    }), { numRuns: 5000 });
  });
});
