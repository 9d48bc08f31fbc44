export { hasHostileCharacters, sanitize, type SanitizeOptions } from "./sanitize.js";
export { type Align, displayWidth, displayWidthUpTo, fit, padEnd, padStart, truncate } from "./width.js";
export { countOf, formatCount, formatDuration, formatMinutes, formatRelative, formatTime, type FormatTimeOptions, MISSING } from "./format.js";
export { renderTable, type TableColumn, type TableOptions } from "./table.js";
