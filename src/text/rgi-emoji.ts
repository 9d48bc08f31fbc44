/**
 * Whether a grapheme cluster is an RGI emoji, as string-width asks with `/^\p{RGI_Emoji}$/v` (it is
 * then two columns wide), built part by part. That one regex costs V8 about 35 ms to make and 30 ms
 * more on its first test: it expands every recommended emoji sequence. The explorer met it in its
 * first frame (a name with an accent is enough) and every table with one paid it. RGI_Emoji is, by
 * Unicode's definition, the union of six sets; each of the five sequence sets needs a character no
 * other text has (a zero width joiner, a skin tone modifier, a regional indicator, a tag, the keycap
 * mark), so only the basic set is tested always (about 1 ms to make) and the others only when their
 * character is there. scripts/bundles.mjs puts this in place of string-width's regex;
 * test/text/rgi-emoji.test.ts holds it to the whole regex.
 */

/** A `v` regex made on its first test. */
function lazily(source: string): (text: string) => boolean {
  let made: RegExp | undefined;
  return (text) => (made ??= new RegExp(source, "v")).test(text);
}

const basic = lazily("^\\p{Basic_Emoji}$");
const SEQUENCES: ReadonlyArray<{ holds: RegExp; is: (text: string) => boolean }> = [
  { holds: /\u200d/, is: lazily("^\\p{RGI_Emoji_ZWJ_Sequence}$") },
  { holds: /[\u{1f3fb}-\u{1f3ff}]/u, is: lazily("^\\p{RGI_Emoji_Modifier_Sequence}$") },
  { holds: /[\u{1f1e6}-\u{1f1ff}]/u, is: lazily("^\\p{RGI_Emoji_Flag_Sequence}$") },
  { holds: /[\u{e0020}-\u{e007f}]/u, is: lazily("^\\p{RGI_Emoji_Tag_Sequence}$") },
  { holds: /\u20e3/, is: lazily("^\\p{Emoji_Keycap_Sequence}$") },
];

/** The same answers as `/^\p{RGI_Emoji}$/v.test(text)`, with the `test` string-width calls. */
export const rgiEmojiRegex = {
  test(text: string): boolean {
    return basic(text) || SEQUENCES.some((s) => s.holds.test(text) && s.is(text));
  },
};
