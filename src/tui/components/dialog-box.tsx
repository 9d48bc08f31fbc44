import { Box, Text } from "ink";
import type { Dialog, VerbForm } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import type { Theme } from "../theme.js";

/**
 * A box that has the keys: a write shown as it will be sent, to confirm, or
 * a secret shown once. Its lines carry typed and server text: sanitized.
 * `keys`: what its keys do, from the table that dispatches them.
 */
export function DialogBox({ dialog, keys, width, theme }: { dialog: Dialog; keys: string; width: number; theme: Theme }) {
  const secret = dialog.kind === "secret";
  return (
    <Box flexDirection="column" width={Math.min(width, 100)} borderStyle="round" borderColor={secret ? theme.success : theme.warning} paddingX={1}>
      <Text bold wrap="truncate-end">{sanitize(dialog.title)}</Text>
      {dialog.lines.map((line, i) => <Text key={i} wrap="wrap">{sanitize(line)}</Text>)}
      {dialog.kind === "form" ? <FormFields form={dialog} theme={theme} /> : null}
      {secret ? <Text color={theme.accent} wrap="wrap">{sanitize(dialog.value)}</Text> : null}
      <Text color={theme.muted} wrap="wrap">{keys}</Text>
    </Box>
  );
}

/** A form's fields, one a line: the one under the cursor in inverse video, a changed one marked * with what it was. */
function FormFields({ form, theme }: { form: VerbForm; theme: Theme }) {
  const pad = Math.max(...form.fields.map((f) => f.flag.length)) + 2;
  return (
    <Box flexDirection="column" marginY={1}>
      {form.fields.map((f, i) => {
        const changed = f.value !== f.had;
        return (
          <Text key={f.flag} inverse={i === form.selected} wrap="truncate-end">
            {sanitize(`${changed ? "*" : " "} ${f.flag.padEnd(pad)}${f.value || "(empty)"}${changed ? `   (was ${f.had || "empty"})` : ""}`)}
          </Text>
        );
      })}
      <Text color={theme.muted} wrap="truncate-end">{sanitize(form.fields[form.selected]?.description ?? "")}</Text>
    </Box>
  );
}
