/**
 * Hostile text and files, timed (the tests count the work instead):
 * - sanitize, fit to 80 columns and measure 100,000-character hostile strings, the slowest
 *   of the shapes of test/fuzz/hostile-text.ts (sanitize.test.ts), best of 3;
 * - displayWidth and truncate over 340,000 characters of mixed scripts (width.test.ts);
 * - a config file that never ends (/dev/zero), refused at its 1 MiB limit (config.test.ts).
 * Budget (the tests they replace): each well under 2 s.
 */
import { Settings } from "../../src/config/resolve.js";
import { displayWidth, fit, sanitize, truncate } from "../../src/text/index.js";
import { hugeHostileText } from "../fuzz/hostile-text.js";
import { type Figure, fastestOf as best } from "./emulator-groups.js";

export async function benchText(): Promise<Figure[]> {
  const shapes = hugeHostileText();
  let worst = { ms: 0, name: "" };
  for (const [name, text] of Object.entries(shapes)) {
    const once = () => {
      const clean = sanitize(text);
      return [fit(clean, 80), displayWidth(clean)];
    };
    once();
    const ms = best(3, once);
    if (ms > worst.ms) worst = { ms, name };
  }

  const long = "日本語 text 👍🏽 e\u0301 ".repeat(20_000);
  displayWidth(long);
  const widthMs = best(3, () => [displayWidth(long), displayWidth(truncate(long, 30))]);

  const endlessMs = best(3, () => {
    try {
      new Settings({ config: "/dev/zero" }, { CCX_MANAGEMENT_SECRET: "bench-secret-not-used" });
    } catch {
      // refused, as it must be
    }
  });

  return [
    { what: `sanitize + fit + width, 100k-char hostile string, slowest of ${Object.keys(shapes).length} (${worst.name})`, value: +worst.ms.toFixed(1), unit: "ms", budget: "< 2,000 ms", ok: worst.ms < 2000 },
    { what: `displayWidth + truncate, ${long.length.toLocaleString("en")} chars of mixed scripts`, value: +widthMs.toFixed(1), unit: "ms", budget: "< 2,000 ms", ok: widthMs < 2000 },
    { what: "config file /dev/zero, refused at 1 MiB", value: +endlessMs.toFixed(1), unit: "ms", budget: "< 2,000 ms", ok: endlessMs < 2000 },
  ];
}
