/**
 * A terminal's screen as an SVG picture: the lines `tmux capture-pane -e -p` prints (text and SGR
 * escapes) read into runs of one style, then drawn as monospace text on a grid of cells, a `<rect>`
 * per run of background and a `<tspan>` per run of style. Used by scripts/pictures.ts for the
 * explorer's pictures in docs/.
 *
 * Our own SGR reader rather than a library's: anser, the well-kept one, hands a reverse-video run
 * back with fixed black and white where the colours were the terminal's defaults, and the picture
 * needs to know them as defaults to invert them in its own theme. Text is service data (a group's
 * name): everything written into the SVG passes through `escapeXml`.
 */
import { displayWidth } from "../src/text/width.js";

/** A colour as the terminal was told it: an index of the 256-colour palette, or red, green and blue. */
export type Color = { index: number } | { rgb: readonly [number, number, number] };

export interface Style {
  fg?: Color;
  bg?: Color;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

/** Text of one style starting at `column` (0-based), `width` columns wide. */
export interface Run {
  text: string;
  style: Style;
  column: number;
  width: number;
}

/** Applies the parameters of one SGR sequence (`ESC[…m`) to a style. */
export function applySgr(style: Style, parameters: string): Style {
  // `38:5:208` and `38:2::1:2:3` (colons, as ITU T.416 writes them) mean what `38;5;208` and `38;2;1;2;3` do.
  const groups = (parameters === "" ? "0" : parameters).split(";").map((p) => p.split(":").map(Number));
  let next: Style = { ...style };
  for (let i = 0; i < groups.length; i++) {
    const [code = 0, ...sub] = groups[i]!;
    if (code === 38 || code === 48) {
      let numbers: number[];
      if (sub.length > 0) {
        // After `2:` the colon form may name a colour space first (`38:2::r:g:b`, mostly empty).
        numbers = sub[0] === 2 && sub.length >= 5 ? [2, ...sub.slice(2)] : sub;
      } else {
        numbers = groups.slice(i + 1).map((g) => g[0] ?? 0);
        i += numbers[0] === 5 ? 2 : numbers[0] === 2 ? 4 : 0;
      }
      const [mode, a = 0, b = 0, c = 0] = numbers.map((n) => (Number.isNaN(n) ? 0 : n));
      const color: Color | undefined = mode === 5 ? { index: a } : mode === 2 ? { rgb: [a, b, c] } : undefined;
      if (color) next[code === 38 ? "fg" : "bg"] = color;
    } else if (code === 0 || Number.isNaN(code)) next = {};
    else if (code === 1) next.bold = true;
    else if (code === 2) next.dim = true;
    else if (code === 3) next.italic = true;
    else if (code === 4 && sub[0] !== 0) next.underline = true;
    else if (code === 4) delete next.underline;
    else if (code === 7) next.inverse = true;
    else if (code === 22) {
      delete next.bold;
      delete next.dim;
    }
    else if (code === 23) delete next.italic;
    else if (code === 24) delete next.underline;
    else if (code === 27) delete next.inverse;
    else if (code >= 30 && code <= 37) next.fg = { index: code - 30 };
    else if (code === 39) delete next.fg;
    else if (code >= 40 && code <= 47) next.bg = { index: code - 40 };
    else if (code === 49) delete next.bg;
    else if (code >= 90 && code <= 97) next.fg = { index: code - 90 + 8 };
    else if (code >= 100 && code <= 107) next.bg = { index: code - 100 + 8 };
  }
  return next;
}

const sameStyle = (a: Style, b: Style) => JSON.stringify(a) === JSON.stringify(b);

// CSI sequences (SGR among them) and OSC strings; anything else after ESC is one character.
const ESCAPE = /\u001b(?:\[([0-9;:?<=>]*)([ -/]*[@-~])|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[^[\]])/g;
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The lines of a capture as runs of one style. The style carries from one line to the next, as
 * tmux writes a capture (it sets a style once for the cells that share it, whatever line they are on).
 */
export function parseScreen(capture: string): Run[][] {
  let style: Style = {};
  return capture.replace(/\n$/, "").split("\n").map((line) => {
    const runs: Run[] = [];
    let column = 0;
    const add = (text: string) => {
      for (const { segment } of graphemes.segment(text)) {
        const width = displayWidth(segment);
        const last = runs[runs.length - 1];
        if (last && sameStyle(last.style, style)) {
          last.text += segment;
          last.width += width;
        } else runs.push({ text: segment, style, column, width });
        column += width;
      }
    };
    let at = 0;
    for (const match of line.matchAll(ESCAPE)) {
      add(line.slice(at, match.index));
      if (match[2] === "m") style = applySgr(style, match[1]!);
      at = match.index + match[0].length;
    }
    add(line.slice(at));
    return runs;
  });
}

/**
 * Text safe inside an XML element or a quoted attribute: the five characters XML gives meaning
 * escaped, and the control characters XML 1.0 cannot hold at all (a picture that holds one does
 * not open) replaced by U+FFFD.
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : c === "'" ? "&apos;" : "\ufffd");
}

/** The picture's colours: a dark terminal (Tomorrow Night's), its 16 colours, then xterm's cube and greys. */
export const THEME = {
  background: "#1d1f21",
  foreground: "#c5c8c6",
  ansi: [
    "#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
    "#969896", "#ff7b7b", "#d7e08a", "#ffd98f", "#a3c4e0", "#d4b6dd", "#a6dbd4", "#ffffff",
  ],
} as const;

const hex = (n: number) => n.toString(16).padStart(2, "0");

/** `#rrggbb` of a colour; the 256-colour palette past 16 as xterm's (a 6×6×6 cube, then 24 greys). */
export function colorHex(color: Color): string {
  if ("rgb" in color) return `#${color.rgb.map((n) => hex(Math.max(0, Math.min(255, n)))).join("")}`;
  const i = color.index;
  if (i < 16) return THEME.ansi[i] ?? THEME.foreground;
  if (i < 232) {
    const level = (n: number) => (n === 0 ? 0 : 55 + n * 40);
    return `#${[Math.floor((i - 16) / 36), Math.floor((i - 16) / 6) % 6, (i - 16) % 6].map((n) => hex(level(n))).join("")}`;
  }
  return `#${hex(8 + (i - 232) * 10).repeat(3)}`;
}

/** What a run looks like: its colours resolved, reverse video applied (defaults swap too). */
function paint(style: Style): { fg: string; bg: string | undefined } {
  const fg = style.fg ? colorHex(style.fg) : THEME.foreground;
  const bg = style.bg ? colorHex(style.bg) : undefined;
  return style.inverse ? { fg: bg ?? THEME.background, bg: fg } : { fg, bg };
}

export interface SvgOptions {
  /** The terminal's size: the picture has exactly this many cells, whatever the capture holds. */
  columns: number;
  rows: number;
  /** Said by screen readers and shown as the picture's tooltip. */
  title: string;
}

const FONT_SIZE = 14;
/** A cell: monospace fonts are about 0.6 em wide; a line 1.3 em tall keeps box drawing joined enough. */
const CELL = { width: 8.4, height: 18 };
const PAD = 12;
const FONT = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace";

const num = (n: number) => String(Math.round(n * 10) / 10);

/**
 * Whether every monospace font in FONT draws the character, one cell wide: Latin, Greek, Cyrillic,
 * general punctuation, the arrows, box drawing and blocks. Others (✓, ⟳, ␛) may come from a
 * fallback font of another width.
 */
function inMonospaceFonts(grapheme: string): boolean {
  if (grapheme.length > 1) return false;
  const c = grapheme.charCodeAt(0);
  return c <= 0x24f || (c >= 0x370 && c <= 0x4ff) || (c >= 0x2010 && c <= 0x205e) || (c >= 0x2190 && c <= 0x2199) || (c >= 0x2500 && c <= 0x259f);
}

/**
 * The text of one run, placed by the terminal's columns rather than by the font's advance: each
 * wide character fitted to its two cells, and the text after a character that a fallback font may
 * draw started again at its own column.
 */
function textOf(run: Run, y: number, attributes: string): string {
  // Blanks draw nothing, unless underlined.
  const drawn = (text: string) => text.trim() !== "" || (text !== "" && run.style.underline === true);
  const parts: string[] = [];
  let column = run.column;
  let narrow = "";
  let narrowFrom = column;
  const flush = () => {
    if (drawn(narrow)) parts.push(`<tspan x="${num(PAD + narrowFrom * CELL.width)}">${escapeXml(narrow)}</tspan>`);
    narrow = "";
  };
  for (const { segment } of graphemes.segment(run.text)) {
    const width = displayWidth(segment);
    if (width === 1) {
      if (narrow === "") narrowFrom = column;
      narrow += segment;
      // What follows a character the font may draw from another font is placed anew: that glyph's width is that font's.
      if (!inMonospaceFonts(segment)) flush();
    } else if (width > 1) {
      flush();
      // Fitted to its cells: a font's wide glyph is seldom exactly two of its narrow ones.
      parts.push(`<tspan x="${num(PAD + column * CELL.width)}" textLength="${num(width * CELL.width)}" lengthAdjust="spacingAndGlyphs">${escapeXml(segment)}</tspan>`);
    }
    column += width;
  }
  flush();
  return parts.length === 0 ? "" : `<text y="${num(y)}"${attributes}>${parts.join("")}</text>`;
}

/** The run cut at the terminal's right edge (a wide character that would straddle it left out). */
function clip(run: Run, columns: number): Run {
  if (run.column + run.width <= columns) return run;
  let text = "";
  let width = 0;
  for (const { segment } of graphemes.segment(run.text)) {
    const w = displayWidth(segment);
    if (run.column + width + w > columns) break;
    text += segment;
    width += w;
  }
  return { ...run, text, width };
}

/** The screen as an SVG document. */
/**
 * A line's runs without the blanks it ends with where they show nothing (no background, no inverse video, no
 * underline): tmux keeps in a capture the cells a write erased after it, or not, as the line was drawn, and two
 * captures of the same screen then made different pictures.
 */
function withoutTrailingBlanks(runs: Run[]): Run[] {
  const kept = [...runs];
  for (let last = kept.at(-1); last && !last.style.bg && !last.style.inverse && !last.style.underline; last = kept.at(-1)) {
    const text = last.text.replace(/ +$/, "");
    if (text !== "") {
      kept[kept.length - 1] = { ...last, text, width: last.width - (last.text.length - text.length) };
      break;
    }
    kept.pop();
  }
  return kept;
}

export function screenToSvg(capture: string, options: SvgOptions): string {
  const lines = parseScreen(capture).slice(0, options.rows).map(withoutTrailingBlanks);
  const width = PAD * 2 + options.columns * CELL.width;
  const height = PAD * 2 + options.rows * CELL.height;
  const backgrounds: string[] = [];
  const texts: string[] = [];
  lines.forEach((runs, row) => {
    const top = PAD + row * CELL.height;
    for (const whole of runs) {
      if (whole.column >= options.columns) break;
      const run = clip(whole, options.columns);
      const { fg, bg } = paint(run.style);
      if (bg) backgrounds.push(`<rect x="${num(PAD + run.column * CELL.width)}" y="${num(top)}" width="${num(run.width * CELL.width)}" height="${CELL.height}" fill="${bg}"/>`);
      const s = run.style;
      const attributes = [
        fg === THEME.foreground ? "" : ` fill="${fg}"`,
        s.bold ? ` font-weight="bold"` : "",
        s.dim ? ` fill-opacity="0.6"` : "",
        s.italic ? ` font-style="italic"` : "",
        s.underline ? ` text-decoration="underline"` : "",
      ].join("");
      const text = textOf(run, top + CELL.height * 0.75, attributes);
      if (text) texts.push(text);
    }
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" role="img">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="100%" height="100%" rx="6" fill="${THEME.background}"/>`,
    ...backgrounds,
    `<g font-family="${escapeXml(FONT)}" font-size="${FONT_SIZE}" fill="${THEME.foreground}" xml:space="preserve">`,
    ...texts,
    "</g>",
    "</svg>",
    "",
  ].join("\n");
}
