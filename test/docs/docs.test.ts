import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED, regenerate } from "../../scripts/docs.js";

/**
 * The project's documents are its contract: a newcomer who clones the repository must be able to read
 * every document the README, docs/ and the code cite, and the parts of docs/ derived from the code must
 * say what the code does now.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
const citing = tracked.filter((f) => f === "README.md" || (f.startsWith("docs/") && f.endsWith(".md")) || (/^(src|scripts|bin|test)\//.test(f) && /\.(ts|tsx|mjs|js)$/.test(f)));

/** GitHub's anchor for a heading: lower case, punctuation dropped, blanks as hyphens. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");

function anchorsIn(file: string): Set<string> {
  const headings = readFileSync(path.join(ROOT, file), "utf8").split("\n").filter((l) => /^#{1,6} /.test(l));
  return new Set(headings.map((h) => anchorOf(h.replace(/^#+ /, ""))));
}

/** Where a cited name can be: beside the citing file, from the root, or in docs/. */
function resolveCited(from: string, name: string): string | undefined {
  const candidates = [path.join(path.dirname(from), name), name, path.join("docs", name)].map((p) => path.normalize(p));
  return candidates.find((p) => existsSync(path.join(ROOT, p)));
}

describe("the documents", () => {
  it("every document named in README.md, docs/ and the code exists in the repository, and every anchor linked to is a heading there", () => {
    const missing: string[] = [];
    for (const file of citing) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const m of text.matchAll(/(?<![\w/.-])((?:[\w.-]+\/)*[\w.-]+\.md)(#[\w-]+)?/g)) {
        const [, name, anchor] = m;
        const found = resolveCited(file, name!);
        if (!found) missing.push(`${file} names ${name}, which is not in the repository`);
        else if (anchor && !anchorsIn(found).has(anchor.slice(1))) missing.push(`${file} links to ${name}${anchor}, which is no heading of ${found}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the README is the door: at most 200 lines, linking every document in docs/", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
    const documents = tracked.filter((f) => /^docs\/[^/]+\.md$/.test(f));
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.filter((d) => !readme.includes(`](${d})`))).toEqual([]);
  });

  it.each(GENERATED.map((g) => [g.file, g] as const))("the generated part of %s is current (npm run docs)", async (_file, part) => {
    const { now, wanted } = await regenerate(part);
    expect(now === wanted, `${part.file} is stale: run npm run docs`).toBe(true);
  });
});
