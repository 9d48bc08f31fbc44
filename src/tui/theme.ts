/**
 * Semantic colour tokens: views say what a thing is (an error, a muted aside,
 * the selection), the theme says how it looks. Without colour (NO_COLOR,
 * --no-color) every token is undefined, and meaning is carried by words.
 */
export interface Theme {
  color: boolean;
  accent?: string;
  muted?: string;
  error?: string;
  warning?: string;
  success?: string;
  info?: string;
}

export function createTheme(color: boolean): Theme {
  if (!color) return { color };
  return { color, accent: "cyan", muted: "gray", error: "red", warning: "yellow", success: "green", info: "blue" };
}

/** The colour a call status is drawn in; the status is always written in words too. */
export function statusColor(theme: Theme, status: string | undefined): string | undefined {
  switch (status) {
    case "ended":
      return theme.success;
    case "ongoing":
    case "initiated":
      return theme.info;
    case "rejected":
    case "canceled":
    case "cancelled":
    case "busy":
      return theme.error;
    case "unanswered":
    case "missed":
      return theme.warning;
    default:
      return undefined;
  }
}
