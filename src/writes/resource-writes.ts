import type { AnyResource } from "../resources/resource.js";
import { verbExamples } from "./examples.js";
import { VERBS } from "./index.js";
import { type WriteVerb, verbWords } from "./verb.js";

/**
 * The writes each resource is changed by, beside its reads (`ccx resources`,
 * `:resources`): every verb's requests (those its examples make), each filed
 * under the resources whose read path is the longest that begins it, so that
 * `DELETE /groups/{guid}/members/{uid}` is the members' write, not the
 * group's, and `PUT …/providers/fcm/default/{providerId}` the providers'.
 */

export interface ResourceWrite {
  /** The verb's words: `member kick`. */
  verb: string;
  method: string;
  /** The catalogue's template, as it writes it. */
  path: string;
}

/** The documented writes a verb sends (its requests, not the reads before them nor its inverses). */
export function documentedWritesOf(verb: WriteVerb): ResourceWrite[] {
  const words = verbWords(verb).join(" ");
  const found = new Map<string, ResourceWrite>();
  for (const input of verbExamples()[words] ?? []) {
    for (const item of verb.items(input)) {
      const { method, template } = verb.request(item);
      found.set(`${method} ${template}`, { verb: words, method, path: template });
    }
  }
  return [...found.values()];
}

/** The paths a resource is read at: its list's (and each source's), its item's and the reads the item adds. */
const readPaths = (r: AnyResource): string[] =>
  [r.list?.path, ...(r.list?.sources ?? []).map((s) => s.path), r.detail?.path, ...(r.detail?.also ?? [])].flatMap((p) => (p ? [p.split("?")[0]!] : []));

/** How many segments of `template` a read path begins (0: none). */
function prefixLength(read: string, template: string): number {
  return template === read || template.startsWith(`${read}/`) ? read.split("/").length : 0;
}

/** Every resource's writes, by resource name, from every verb (computed once: the verbs do not change). */
export function writesByResource(resources: readonly AnyResource[]): Map<string, ResourceWrite[]> {
  const byName = new Map<string, ResourceWrite[]>(resources.map((r) => [r.name, []]));
  for (const write of VERBS.flatMap(documentedWritesOf)) {
    const lengths = resources.map((r) => Math.max(0, ...readPaths(r).map((read) => prefixLength(read, write.path))));
    const longest = Math.max(0, ...lengths);
    if (longest === 0) continue;
    resources.forEach((r, i) => {
      if (lengths[i] === longest) byName.get(r.name)!.push(write);
    });
  }
  return byName;
}
