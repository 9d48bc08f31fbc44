import { ConfigError } from "../../config/config-file.js";
import { sanitize } from "../../text/sanitize.js";
import { displayWidth } from "../../text/width.js";
import { keyToken, quote } from "../../query/tokenize.js";
import type { ParsedFilter } from "../../query/index.js";
import { type ListFlag, isKeyFlag } from "../../resources/resource.js";
import type { ListFlags } from "../list-command.js";

/** A flag's name as commander keys its value: `--receiver-type` → `receiverType`. */
export const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Whether any flag naming a grammar key, or --query, was given: a filter to parse. */
export const filterGiven = (flags: readonly ListFlag[], values: ListFlags): boolean =>
  values.query !== undefined || flags.some((f) => isKeyFlag(f) && values[camel(f.flag)] !== undefined);

/**
 * The flags that name a grammar key and --query as one filter line, so that one parser checks both:
 * `--members >=10 --query 'type:public'` is `members:>=10 type:public` (key "": the search's words).
 */
export function filterLine(flags: readonly ListFlag[], values: ListFlags): string {
  const tokens = flags.filter(isKeyFlag).flatMap((f) => {
    const value = values[camel(f.flag)];
    if (value === undefined || value === false) return [];
    const given = f.switch ?? String(value);
    return [f.key === "" ? quote(given) : keyToken(f.key, given)];
  });
  return [...tokens, values.query ?? ""].join(" ").trim();
}

/**
 * The query parameters of the flags naming grammar keys and --query, parsed together; a token that
 * does not parse is shown with a caret under it, and nothing is sent.
 */
export function filterParams(parse: (line: string) => ParsedFilter, flags: readonly ListFlag[], values: ListFlags): Record<string, string> {
  const line = filterLine(flags, values);
  const parsed = parse(line);
  if (parsed.errors.length > 0) {
    // The caret goes under the token by display width: wide characters take two columns, a tab is shown as a space.
    const shown = sanitize(line.replace(/\t/g, " "));
    const marks = parsed.errors.map((t) => {
      const before = displayWidth(sanitize(line.slice(0, t.start).replace(/\t/g, " ")));
      const under = displayWidth(sanitize(t.text));
      return `  ${shown}\n  ${" ".repeat(before)}${"^".repeat(Math.max(1, under))} ${t.error}`;
    });
    throw new ConfigError(`the filter does not parse; nothing was sent:\n${marks.join("\n")}`);
  }
  return parsed.params;
}
