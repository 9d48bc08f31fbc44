import type { UiState } from "../store/types.js";

/**
 * The widths that decide the frame, in one place. Below `side.from`
 * columns the explorer is one pane, as at 80×24; from there the apps pane
 * shows on the left, and from `preview.from` the selected row's preview on
 * the right. Each pane can be turned off (and on again) with its key.
 */
export const PANES = {
  side: { from: 130, width: 28, minRows: 20 },
  preview: { from: 150, width: 46, minRows: 20 },
} as const;

export interface FrameLayout {
  /** Width of the apps pane (0: not shown). */
  side: number;
  /** Width of the preview pane (0: not shown). */
  preview: number;
  /** Width left for the view. */
  main: number;
}

/** Which panes show at this size, as the user wants them, and the width left for the view. */
export function frameLayout(ui: Pick<UiState, "panes" | "viewport">, hasPreview: boolean): FrameLayout {
  const { columns, rows } = ui.viewport;
  const side = ui.panes.side && columns >= PANES.side.from && rows >= PANES.side.minRows ? PANES.side.width : 0;
  const preview = hasPreview && ui.panes.preview && columns >= PANES.preview.from && rows >= PANES.preview.minRows ? PANES.preview.width : 0;
  return { side, preview, main: columns - side - preview };
}

/** Lines the view has: the terminal's less the header, the breadcrumbs and the footer (and the line above it: tab's candidates, or the line's note). */
export function bodyHeight(ui: Pick<UiState, "viewport"> & { prompt?: Pick<NonNullable<UiState["prompt"]>, "completion" | "note"> }): number {
  return Math.max(3, ui.viewport.rows - 3 - (ui.prompt?.completion || ui.prompt?.note ? 1 : 0));
}
