import { describe, expect, it } from "vitest";
import { THEME, colorHex, escapeXml, parseScreen, screenToSvg } from "../../scripts/terminal-svg.js";

/**
 * The step that turns a captured terminal screen into the explorer's pictures (scripts/pictures.ts):
 * colours and styles read as a terminal reads them, wide characters in their cells, and service
 * data (a group's name) that cannot break out of the picture's text.
 */

const ESC = "\u001b[";
const svgOf = (capture: string, columns = 40, rows = 3) => screenToSvg(capture, { columns, rows, title: "a test's screen" });

/**
 * Whether the document is well-formed as far as a picture needs: tags balanced, and text and
 * attribute values holding no `<` and no `&` that does not start one of XML's entities.
 */
function wellFormed(svg: string): string | undefined {
  const open: string[] = [];
  const body = svg.replace(/^<\?xml[^>]*\?>/, "");
  for (const [, text, tag] of body.matchAll(/([^<]*)(<[^>]*>|$)/g)) {
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(text!)) return `a bare & in text: ${text}`;
    if (!tag) continue;
    const m = /^<(\/?)([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>$/.exec(tag);
    if (!m) return `not a tag: ${tag}`;
    const [, closing, name, attributes, selfClosing] = m;
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(attributes!)) return `a bare & in ${tag}`;
    if (closing) {
      if (open.pop() !== name) return `</${name}> closes nothing`;
    } else if (!selfClosing) open.push(name!);
  }
  return open.length > 0 ? `never closed: ${open.join(", ")}` : undefined;
}

/** The text an SVG reader shows, entities read back. */
const shownText = (svg: string) =>
  [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]!.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[e]!)).join("");

/** `x` of the tspan that holds `text`. */
function xOf(svg: string, text: string): number {
  const m = new RegExp(`<tspan x="([\\d.]+)"[^>]*>${text}</tspan>`).exec(svg);
  if (!m) throw new Error(`no tspan holds ${text} in:\n${svg}`);
  return Number(m[1]);
}

describe("reading a captured screen", () => {
  it("reads the 16 colours, the 256-colour palette and true colour, foreground and background, with semicolons or colons", () => {
    const [runs] = parseScreen(`${ESC}31mred${ESC}0m ${ESC}38;5;208morange${ESC}48;2;1;2;3mon-rgb${ESC}39;49m ${ESC}38:2::10:20:30mcolon${ESC}38:5:244mgrey${ESC}97;104mbright`);
    const byText = Object.fromEntries(runs!.map((r) => [r.text, r.style]));
    expect(colorHex(byText.red!.fg!)).toBe(THEME.ansi[1]);
    expect(colorHex(byText.orange!.fg!)).toBe("#ff8700");
    expect(byText["on-rgb"]).toEqual({ fg: { index: 208 }, bg: { rgb: [1, 2, 3] } });
    expect(colorHex(byText["on-rgb"]!.bg!)).toBe("#010203");
    expect(byText[" "]).toEqual({});
    expect(byText.colon).toEqual({ fg: { rgb: [10, 20, 30] } });
    expect(colorHex(byText.grey!.fg!)).toBe("#808080");
    expect(byText.bright).toEqual({ fg: { index: 15 }, bg: { index: 12 } });
  });

  it("keeps a style from one line to the next, as tmux writes a capture, and measures columns as the terminal does", () => {
    const lines = parseScreen(`${ESC}1;3;4mbold\nstill${ESC}22;23;24m plain\n漢字x`);
    expect(lines[1]![0]).toEqual({ text: "still", style: { bold: true, italic: true, underline: true }, column: 0, width: 5 });
    expect(lines[1]![1]).toEqual({ text: " plain", style: {}, column: 5, width: 6 });
    expect(lines[2]![0]).toMatchObject({ text: "漢字x", column: 0, width: 5 });
  });

  it("draws the same picture of a line with or without the blanks it ends with, and keeps a cursor's inverse blank", () => {
    expect(svgOf("ccx · us · as nobody      \nabc")).toBe(svgOf("ccx · us · as nobody\nabc"));
    expect(svgOf(`${ESC}32mok   ${ESC}0m   `)).toBe(svgOf(`${ESC}32mok${ESC}0m`));
    const cursor = svgOf(`/ type:x${ESC}7m ${ESC}0m   `);
    expect(cursor).toContain('width="8.4"');
    expect(cursor).not.toBe(svgOf("/ type:x"));
  });

  it("ignores escapes that are not SGR (cursor moves, titles) and draws nothing for them", () => {
    const [runs] = parseScreen(`a${ESC}2Kb${ESC}?25l\u001b]0;title\u0007c`);
    expect(runs).toEqual([{ text: "abc", style: {}, column: 0, width: 3 }]);
  });
});

describe("the SVG", () => {
  it("draws a background run as a rect behind its text, and the text in its colour", () => {
    const svg = svgOf(`ok ${ESC}41;97mALERT${ESC}0m`);
    expect(svg).toMatch(new RegExp(`<rect x="[\\d.]+" y="[\\d.]+" width="42" height="\\d+" fill="${THEME.ansi[1]}"/>`));
    expect(svg).toMatch(new RegExp(`<text y="[\\d.]+" fill="${THEME.ansi[15]}"><tspan x="[\\d.]+">ALERT</tspan></text>`));
    expect(wellFormed(svg)).toBeUndefined();
  });

  it("draws reverse video with the colours swapped, the terminal's defaults too", () => {
    const svg = svgOf(`${ESC}7mselected${ESC}27m ${ESC}32;7mgreen`);
    expect(svg, "the default colours swapped").toMatch(new RegExp(`<rect [^>]*width="67.2" [^>]*fill="${THEME.foreground}"/>`));
    expect(svg).toMatch(new RegExp(`<text y="[\\d.]+" fill="${THEME.background}"><tspan [^>]*>selected</tspan>`));
    expect(svg, "a colour swapped with the default background").toMatch(new RegExp(`<rect [^>]*fill="${THEME.ansi[2]}"/>`));
    expect(svg).toMatch(new RegExp(`<text y="[\\d.]+" fill="${THEME.background}"><tspan [^>]*>green</tspan>`));
  });

  it("says bold, dim, italic and underline as SVG does", () => {
    const svg = svgOf(`${ESC}1mb${ESC}0;2md${ESC}0;3mi${ESC}0;4mu`);
    expect(svg).toMatch(/<text [^>]*font-weight="bold"><tspan [^>]*>b</);
    expect(svg).toMatch(/<text [^>]*fill-opacity="0.6"><tspan [^>]*>d</);
    expect(svg).toMatch(/<text [^>]*font-style="italic"><tspan [^>]*>i</);
    expect(svg).toMatch(/<text [^>]*text-decoration="underline"><tspan [^>]*>u</);
  });

  it("places a wide character in its two cells and what follows it after them", () => {
    const svg = svgOf("a漢b ─┬─ 🙂c");
    const cell = xOf(svg, "漢") - xOf(svg, "a");
    expect(cell).toBeGreaterThan(0);
    expect(xOf(svg, "b ─┬─ ") - xOf(svg, "a"), "b after the two cells of 漢").toBeCloseTo(3 * cell);
    expect(svg).toMatch(new RegExp(`<tspan x="[\\d.]+" textLength="${(2 * cell).toFixed(1).replace(/\.0$/, "")}" lengthAdjust="spacingAndGlyphs">漢</tspan>`));
    expect(xOf(svg, "c") - xOf(svg, "🙂"), "c after the two cells of the emoji").toBeCloseTo(2 * cell);
  });

  it("places the text after a narrow character a fallback font may draw (⟳, ␛) by its column, not by that font's width", () => {
    const svg = svgOf("a漢 ⟳ 3 loaded");
    const cell = (xOf(svg, " ⟳") - xOf(svg, "a")) / 3;
    expect(xOf(svg, " 3 loaded") - xOf(svg, "a")).toBeCloseTo(5 * cell);
  });

  it("has exactly the terminal's size, whatever the capture holds", () => {
    const size = (svg: string) => /<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg)!.slice(1).map(Number);
    const [w, h] = size(svgOf("", 10, 2));
    expect(size(svgOf("1\n2\n3\n4", 10, 2)), "lines past the last row").toEqual([w, h]);
    expect(shownText(svgOf("1\n2\n3\n4", 10, 2))).toBe("12");
    expect(shownText(svgOf("0123456789overflow", 10, 1)), "columns past the last").toBe("0123456789");
    const [wider, same] = size(svgOf("", 20, 2));
    expect(wider).toBeGreaterThan(w!);
    expect(same).toBe(h);
  });
});

describe("text that is service data", () => {
  const hostile = `</tspan></text><script>alert("x")</script> & 'quoted' ]]> <!-- \u0001\u001f`;

  it("escapeXml leaves none of & < > \" ' and no character XML cannot hold", () => {
    const escaped = escapeXml(hostile);
    expect(escaped.replace(/&(amp|lt|gt|quot|apos);/g, "")).not.toMatch(/[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    expect(escapeXml("&amp;"), "an entity in the data is data: escaped again").toBe("&amp;amp;");
  });

  it("a group named to break out of the picture shows as its name, the SVG well-formed", () => {
    const svg = screenToSvg(`NAME  ${ESC}7m${hostile}${ESC}0m\n${ESC}1m<b>&amp;</b>`, { columns: 120, rows: 2, title: `a title with "quotes" & <tags>\u0001` });
    expect(wellFormed(svg)).toBeUndefined();
    expect(svg).not.toContain("<script");
    // Control characters take no cell in a terminal, and none in the picture.
    expect(shownText(svg)).toBe(`NAME  ${hostile.replace(/[\u0001\u001f]/g, "")}<b>&amp;</b>`);
    expect(svg).toContain("<title>a title with &quot;quotes&quot; &amp; &lt;tags&gt;\ufffd</title>");
  });

  it("the well-formedness check itself finds a bare < or & and an unclosed tag", () => {
    expect(wellFormed("<svg><text>a < b</text></svg>")).toBeDefined();
    expect(wellFormed("<svg><text>a & b</text></svg>")).toBeDefined();
    expect(wellFormed("<svg><text>a</svg>")).toBeDefined();
    expect(wellFormed('<svg><text fill="a&b">a</text></svg>')).toBeDefined();
  });
});
