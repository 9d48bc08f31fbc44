/**
 * What help says, as data and text with no ink: the sections of keys (the same tables that dispatch
 * them), each screen's legend, the line keys, the commands and the filter keys. The help screen (?)
 * draws it at the terminal's width; `npm run docs` writes it into docs/explorer.md as Markdown.
 */
import { LINE_BINDINGS } from "../../store/line-editor.js";
import { displayWidth } from "../../text/width.js";
import { allCommands } from "../commands.js";
import { CONFIRM_BINDINGS, FORM_BINDINGS, GLOBAL_BINDINGS, REVEAL_BINDINGS, SECRET_BINDINGS, SIDE_BINDINGS, keyLabel } from "../keymap.js";
import type { FilterKeyHelp } from "../../query/filter.js";
import type { Screen } from "./types.js";

/** A titled group of keys (each key names, what it does) and notes, as help lists them. */
export interface HelpSection {
  title: string;
  keys: ReadonlyArray<{ keys: readonly string[]; description: string }>;
  legend?: readonly string[];
}

/** Every section of help, in its order: the keys everywhere, each screen's, the boxes', the line's, the commands, the filters. */
export function helpSections(screens: ReadonlyArray<Pick<Screen<never>, "title" | "bindings" | "legend">>): HelpSection[] {
  return [
    { title: "Everywhere", keys: GLOBAL_BINDINGS },
    ...screens.map((s) => ({ title: s.title, keys: s.bindings, legend: s.legend })),
    { title: "The filter form (f)", keys: FORM_BINDINGS },
    { title: "The apps pane (ctrl-p on wide terminals)", keys: SIDE_BINDINGS },
    { title: "A write to confirm (t, m, d)", keys: CONFIRM_BINDINGS },
    { title: "An auth token, shown once", keys: SECRET_BINDINGS },
    { title: "An item's secrets, to show (v)", keys: REVEAL_BINDINGS },
    { title: "Every line input (: / the form's fields, the user prompt)", keys: LINE_BINDINGS, legend: ["a paste is text for the line: it never runs it"] },
    { title: "Commands (:)", keys: allCommands().map((c) => ({ keys: [`:${[c.name, ...(c.aliases ?? [])].join(" :")}${c.args ? ` ${c.args}` : ""}`], description: c.description })) },
  ];
}

/** Each list's filter keys as help lists them, after the keys: `:groups filters (/ and f)`. */
export function filterSections(filters: ReadonlyArray<{ list: string; keys: ReadonlyArray<FilterKeyHelp> }>): HelpSection[] {
  return filters.map(({ list, keys }) => ({ title: `:${list} filters (/ and f)`, keys: keys.map((k) => ({ keys: [k.example], description: k.description })) }));
}

export interface HelpLine {
  text: string;
  title?: boolean;
}

/**
 * `lead` then `text`, word-wrapped to `width`: continuation lines start under
 * the text. Help is read, not skimmed, so nothing is cut at the edge (at
 * 80 columns the command bar's binding would lose its list of commands).
 */
function wrapped(lead: string, text: string, width: number): HelpLine[] {
  const indent = displayWidth(lead) <= width / 2 ? " ".repeat(displayWidth(lead)) : "    ";
  const out: HelpLine[] = [];
  let line = lead;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = empty ? `${line}${word}` : `${line} ${word}`;
    if (!empty && displayWidth(next) > width) {
      out.push({ text: line });
      line = `${indent}${word}`;
    } else {
      line = next;
    }
    empty = false;
  }
  out.push({ text: line });
  return out;
}

const keysOf = (keys: readonly string[]) => keys.map(keyLabel).join(" / ");

/** Every line of help at `width` columns. */
export function helpLines(sections: readonly HelpSection[], width: number): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const section of sections) {
    if (section.keys.length === 0 && !section.legend?.length) continue;
    lines.push({ text: section.title, title: true });
    for (const note of section.legend ?? []) lines.push(...wrapped("  ", note, width));
    const pad = section.keys.some((k) => keysOf(k.keys).length > 16) ? 28 : 16;
    for (const k of section.keys) lines.push(...wrapped(`  ${keysOf(k.keys).padEnd(pad)} `, k.description, width));
  }
  return lines;
}

/** Text for a Markdown table cell: pipes escaped, and angle brackets, which Markdown would read as HTML. */
export const markdownCell = (text: string) => text.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Help as Markdown, for docs/explorer.md: a heading, the legend and a table of keys per section. */
export function helpMarkdown(sections: readonly HelpSection[]): string {
  return sections
    .filter((s) => s.keys.length > 0 || s.legend?.length)
    .map((s) => [
      `### ${s.title}`,
      ...(s.legend?.length ? ["", ...s.legend.map((note) => `- ${markdownCell(note)}`)] : []),
      ...(s.keys.length ? ["", "| keys | what they do |", "|---|---|", ...s.keys.map((k) => `| ${k.keys.map((key) => `\`${keyLabel(key).replace(/\|/g, "\\|")}\``).join(" ")} | ${markdownCell(k.description)} |`)] : []),
    ].join("\n"))
    .join("\n\n");
}
