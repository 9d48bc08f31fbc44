import { Box, Text } from "ink";
import SelectInput from "ink-select-input";
import type { FilterKeyHelp } from "../../query/index.js";
import { fieldText } from "../../query/line-edit.js";
import type { ListState } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import { fit } from "../../text/width.js";
import { FilterLine } from "../components/filter-line.js";
import { LineInput } from "../components/line-input.js";
import type { Theme } from "../theme.js";

/** A field being edited: typed, or chosen from the key's values. `original` is the line before, for Esc. */
export interface FieldEdit {
  how: "text" | "choose";
  original: string;
  draft: string;
}

/** Picked in the choice list: take the field out, or type a value instead. */
export const CLEAR_CHOICE = "\u0000clear";
export const TYPE_CHOICE = "\u0000type";

export interface FilterFormProps {
  kind: "groups" | "calls";
  fields: ReadonlyArray<FilterKeyHelp>;
  list: ListState<unknown>;
  focus: number;
  edit?: FieldEdit;
  /** A new key remounts the field's input, its cursor at the end. */
  inputKey?: number;
  onDraftChange(draft: string): void;
  onDraftSubmit(): void;
  onChoose(value: string): void;
  height: number;
  width: number;
  theme: Theme;
}

const LABEL_WIDTH = 14;
export const fieldLabel = (field: FilterKeyHelp) => (field.key === "" ? "search" : field.key);

function summary(list: ListState<unknown>): string {
  const count = list.total === undefined ? `${list.items.length} loaded` : `${list.items.length} of ${list.total}`;
  return `${list.loading ? "⟳ " : ""}${count}${list.error ? ` · ✗ ${sanitize(list.error.code)}` : ""}`;
}

function choiceItems(field: FilterKeyHelp) {
  return [
    { key: "clear", label: "(any: take the field out)", value: CLEAR_CHOICE },
    ...(field.choices ?? []).map((c) => ({ key: c, label: c, value: c })),
    { key: "type", label: "type a value…", value: TYPE_CHOICE },
  ];
}

/**
 * `f`: one field per filter key, so every parameter of GET /groups (or
 * /calls) is in reach without knowing the syntax. It edits the filter line
 * itself: the line is shown above, marked where it does not parse, and the
 * results follow as a field is typed.
 */
export function FilterForm({ kind, fields, list, focus, edit, inputKey, onDraftChange, onDraftSubmit, onChoose, height, width, theme }: FilterFormProps) {
  const field = fields[focus] ?? fields[0]!;
  const detailLines = 2;
  // Title, the filter line and its request, the field's detail and the summary.
  const fieldRows = Math.max(1, height - 3 - detailLines - 1);
  const start = Math.max(0, Math.min(focus - Math.floor(fieldRows / 2), fields.length - fieldRows));
  const errorOf = (key: string) => list.errors.find((t) => (t.key ?? "") === key);
  const valueWidth = Math.max(8, width - LABEL_WIDTH - 4);

  let body;
  if (edit?.how === "choose") {
    const items = choiceItems(field);
    const current = items.findIndex((i) => i.value === fieldText(list.filter, field.key));
    body = (
      <Box flexDirection="column" height={fieldRows}>
        <Text color={theme.accent}>{`${fieldLabel(field)}: choose a value (enter picks, esc cancels)`}</Text>
        <SelectInput
          items={items}
          initialIndex={Math.max(0, current)}
          limit={Math.max(1, fieldRows - 1)}
          onSelect={(item) => onChoose(item.value)}
          indicatorComponent={({ isSelected }) => <Text color={theme.accent}>{isSelected ? "› " : "  "}</Text>}
          itemComponent={({ isSelected, label }) => <Text inverse={isSelected}>{label}</Text>}
        />
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
              {focused && edit?.how === "text" ? (
                <>
                  <Box flexShrink={0}>
                    <LineInput key={inputKey} value={edit.draft} onChange={onDraftChange} onSubmit={onDraftSubmit} />
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
      <Text color={theme.muted} wrap="truncate-end">{`filter form · ${kind} · every parameter of GET /${kind}, the same filter as the / line`}</Text>
      <FilterLine value={list.filter} editing={false} tokens={list.tokens} errors={list.errors} request={list.request} theme={theme} />
      {body}
      <Text color={theme.muted} wrap="truncate-end">{`${fieldLabel(field)} → ${params} · e.g. ${field.example}`}</Text>
      <Text color={theme.muted} wrap="truncate-end">
        {field.choices ? `${field.description} · enter chooses, e types` : `${field.description} · enter types`}
      </Text>
      <Text color={list.error ? theme.error : theme.muted} wrap="truncate-end">{summary(list)}</Text>
    </Box>
  );
}
