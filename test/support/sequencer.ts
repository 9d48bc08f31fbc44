import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest files first, also on a fresh clone (CI), where vitest has no
 * timings of its own yet and would start them as they come: the soak alone
 * takes about 30 s, and started last it would be the run's tail. With
 * timings cached, vitest's own order (longest first) stands.
 */
const LONGEST = ["test/soak/", "test/faults/store.test.ts", "test/e2e/paste.test.ts", "test/hostile/slow.test.ts", "test/hostile/answers.test.ts", "test/faults/cli.test.ts"];

const rank = (spec: TestSpecification) => {
  const i = LONGEST.findIndex((path) => spec.moduleId.includes(`/${path}`));
  return i < 0 ? LONGEST.length : i;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
