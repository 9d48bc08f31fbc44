import { Box, Text } from "ink";
import type { FilterKeyHelp } from "../../query/index.js";
import { fieldText } from "../../query/line-edit.js";
import type { LineState } from "../../store/line-editor.js";
import type { FormState, ListState } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import { fit } from "../../text/width.js";
import { FilterLine } from "./filter-line.js";
import { LineView } from "./line-view.js";
import type { Theme } from "../theme.js";

/** What the form shows of the list it filters: its line, the request and how many rows. */
export type FormList = Pick<ListState<unknown>, "filter" | "tokens" | "errors" | "request" | "loading" | "error" | "total"> & { items: readonly unknown[] };

export interface FilterFormProps {
  noun: string;
  /** The request its parameters belong to: `GET /groups`. */
  endpoint?: string;
  fields: ReadonlyArray<FilterKeyHelp>;
  list: FormList;
  form: FormState;
  /** The focused field's value while it is typed. */
  editing?: LineState;
  height: number;
  width: number;
  theme: Theme;
}

const LABEL_WIDTH = 14;
/** The form's lines besides its fields: the title, the filter line and its request, the field's detail (2) and the summary. */
const FRAME_LINES = 6;

/** The form's height with every field in sight: what a list leaves the form before it shows its rows below. */
export const formHeight = (fields: number) => fields + FRAME_LINES;
export const fieldLabel = (field: FilterKeyHelp) => (field.key === "" ? "search" : field.key);

function summary(list: FormList): string {
  // The store keeps a total only when it is believable (api/paging.ts).
  const count = list.total === undefined ? `${list.items.length} loaded` : `${list.items.length} of ${list.total}`;
  return `${list.loading ? "⟳ " : ""}${count}${list.error ? ` · ✗ ${sanitize(list.error.code)}` : ""}`;
}

/** The value list of a field: as the store's choice index counts it (any, each value, type a value). */
const choiceLabels = (field: FilterKeyHelp) => ["(any: take the field out)", ...(field.choices ?? []), "type a value…"];

/**
 * `f`: one field per filter key, so every parameter of GET /groups (or
 * /calls) is in reach without knowing the syntax. It edits the filter line
 * itself: the line is shown above, marked where it does not parse, and the
 * results follow as a field is typed.
 */
export function FilterForm({ noun, endpoint = `GET /${noun}`, fields, list, form, editing, height, width, theme }: FilterFormProps) {
  const focus = form.field;
  const field = fields[focus] ?? fields[0]!;
  const fieldRows = Math.max(1, height - FRAME_LINES);
  const start = Math.max(0, Math.min(focus - Math.floor(fieldRows / 2), fields.length - fieldRows));
  const errorOf = (key: string) => list.errors.find((t) => (t.key ?? "") === key);
  const valueWidth = Math.max(8, width - LABEL_WIDTH - 4);

  let body;
  if (form.choice) {
    const labels = choiceLabels(field);
    const limit = Math.max(1, fieldRows - 1);
    const first = Math.max(0, Math.min(form.choice.index - Math.floor(limit / 2), labels.length - limit));
    body = (
      <Box flexDirection="column" height={fieldRows}>
        <Text color={theme.accent}>{`${fieldLabel(field)}: choose a value (enter picks, esc cancels)`}</Text>
        {labels.slice(first, first + limit).map((label, i) => {
          const selected = first + i === form.choice!.index;
          return (
            <Text key={label} wrap="truncate-end">
              <Text color={theme.accent}>{selected ? "› " : "  "}</Text>
              <Text inverse={selected}>{label}</Text>
            </Text>
          );
        })}
      </Box>
    );
  } else {
    body = (
      <Box flexDirection="column" height={fieldRows}>
        {fields.slice(start, start + fieldRows).map((f, i) => {
          const index = start + i;
          const focused = index === focus;
          const value = fieldText(list.filter, f.key);
          const error = errorOf(f.key);
          return (
            <Box key={f.key}>
              <Box flexShrink={0}>
                <Text color={focused ? theme.accent : undefined} bold={focused}>{`${focused ? "›" : " "} ${fit(fieldLabel(f), LABEL_WIDTH)}`}</Text>
              </Box>
              {focused && editing ? (
                <>
                  <Box flexShrink={0}>
                    <LineView line={editing} width={Math.min(valueWidth, 60)} />
                  </Box>
                  {error ? <Text color={theme.error} wrap="truncate-end">{`  ✗ ${error.error}`}</Text> : null}
                </>
              ) : (
                <Text wrap="truncate-end" color={error ? theme.error : value ? undefined : theme.muted} inverse={focused && theme.color === false}>
                  {fit(value ? `${error && !theme.color ? "[!]" : ""}${value}` : "—", Math.min(valueWidth, 40))}
                  {error ? `  ✗ ${error.error}` : ""}
                </Text>
              )}
            </Box>
          );
        })}
      </Box>
    );
  }

  const params = field.params.join(", ");
  return (
    <Box flexDirection="column" height={height}>
      <Text color={theme.muted} wrap="truncate-end">{`filter form · ${noun} · every parameter of ${endpoint}, the same filter as the / line`}</Text>
      <FilterLine tokens={list.tokens} errors={list.errors} request={list.request} width={width} theme={theme} />
      {body}
      <Text color={theme.muted} wrap="truncate-end">{`${fieldLabel(field)} → ${params} · e.g. ${field.example}`}</Text>
      <Text color={theme.muted} wrap="truncate-end">
        {field.choices ? `${field.description} · enter chooses, e types` : `${field.description} · enter types`}
      </Text>
      <Text color={list.error ? theme.error : theme.muted} wrap="truncate-end">{summary(list)}</Text>
    </Box>
  );
}
