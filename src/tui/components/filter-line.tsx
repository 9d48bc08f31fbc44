import { Box, Text } from "ink";
import type { FilterToken } from "../../query/index.js";
import type { LineState } from "../../store/line-editor.js";
import { sanitize } from "../../text/sanitize.js";
import { LineView } from "./line-view.js";
import type { Theme } from "../theme.js";

export interface FilterLineProps {
  /** The open line, while the filter is being typed. */
  editing?: LineState;
  tokens: FilterToken[];
  errors: FilterToken[];
  request?: string;
  width: number;
  theme: Theme;
}

/**
 * The live filter: while editing, the line and its cursor; otherwise the line
 * with every token that does not parse marked where it stands, its reason
 * below, and the exact request that was sent.
 */
export function FilterLine({ editing, tokens, errors, request, width, theme }: FilterLineProps) {
  const bad = new Set(errors);
  // Never shrunk: when the list below has too many lines, the list gives way.
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box>
        <Box flexShrink={0}>
          <Text color={theme.accent}>/ </Text>
        </Box>
        {editing ? (
          <LineView line={editing} width={width - 2} />
        ) : (
          <Text>
            {tokens.length === 0 ? <Text color={theme.muted}>(no filter: / to type one, ? lists the keys)</Text> : null}
            {tokens.map((t, i) => (
              <Text key={i} color={bad.has(t) ? theme.error : undefined} underline={bad.has(t)}>
                {i > 0 ? " " : ""}
                {bad.has(t) && !theme.color ? `[!]${t.text}` : t.text}
              </Text>
            ))}
          </Text>
        )}
      </Box>
      {errors.length > 0 ? (
        <Text color={theme.error} wrap="truncate-end">
          {`  ✗ nothing sent · ${errors[0]!.error}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ""}`}
        </Text>
      ) : (
        // The request may name whom it was asked as (a uid the service sent): sanitized as every server string.
        <Text color={theme.muted} wrap="truncate-end">{`  → ${sanitize(request ?? "…")}`}</Text>
      )}
    </Box>
  );
}
