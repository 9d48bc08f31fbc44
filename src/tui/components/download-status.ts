import type { DownloadsState } from "../../store/download-actions.js";
import { formatBytes } from "../../text/bytes.js";
import { countOf } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";

/**
 * The footer while recordings download: files over of all, the bytes of those
 * in flight (of their sizes, when known) and where they go. One line, cut by
 * the footer to its width.
 */
export function downloadStatus(d: DownloadsState): string {
  const bytes = d.inFlight.reduce((sum, f) => sum + f.bytes, 0);
  const known = d.inFlight.every((f) => f.total !== undefined);
  const total = d.inFlight.reduce((sum, f) => sum + (f.total ?? 0), 0);
  const size = d.inFlight.length === 0 ? "" : known && total > 0
    ? ` · ${formatBytes(bytes)} of ${formatBytes(total)} (${Math.floor((bytes * 100) / total)}%)`
    : ` · ${formatBytes(bytes)}`;
  const failed = d.failed > 0 ? ` · ${d.failed} failed` : "";
  return `↓ downloading ${d.over}/${countOf(d.count, "file")}${size}${failed} → ${sanitize(d.folder)}`;
}
