import { Box, Text } from "ink";
import type { Failure } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import type { Theme } from "../theme.js";

/** A failure shown in place: the service's code and message, and what to do. */
export function FailureBox({ failure, theme }: { failure: Failure; theme: Theme }) {
  return (
    <Box flexDirection="column">
      <Text color={theme.error}>{`✗ ${sanitize(failure.code)}: ${sanitize(failure.message)}`}</Text>
      {failure.hint ? <Text color={theme.muted}>{`  ${failure.hint}`}</Text> : null}
    </Box>
  );
}
