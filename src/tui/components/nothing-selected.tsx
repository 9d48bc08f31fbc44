import { Text } from "ink";
import type { Theme } from "../theme.js";

/** The preview pane when no row is selected (an empty list, one still loading). */
export function NothingSelected({ theme }: { theme: Theme }) {
  return <Text color={theme.muted}>nothing selected</Text>;
}
