import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../src/api/endpoints.js";
import { VERBS } from "../../src/writes/index.js";
import { documentedWritesOf } from "../../src/writes/resource-writes.js";

/**
 * How many of the documented writes ccx sends by name (issue 30: 192 in all),
 * counted from the endpoint catalogue and the verbs, and the count docs/commands.md
 * states held to it (a blocked message's review counts twice, as the catalogue gives
 * it: once per credential).
 */

const documented = ENDPOINTS.flatMap((e) => e.methods.filter((m) => m !== "GET").map((m) => `${m} ${e.path}`));
const named = new Set(VERBS.flatMap(documentedWritesOf).map((w) => `${w.method} ${w.path}`));
const DOCUMENTED_WRITES = documented.length;

describe("documented writes with a named verb", () => {
  it("the catalogue documents 192 writes; every notification write has a verb", () => {
    expect(DOCUMENTED_WRITES).toBe(192);
    expect(documented.filter((w) => w.includes(" /notifications/") && !named.has(w))).toEqual([]);
    expect(documented.filter((w) => w.includes(" /notifications/"))).toHaveLength(35);
  });

  it("every extension write has a verb: enable and disable, each settings path's methods, the certificate uploads", () => {
    const extension = documented.filter((w) => w.includes(" /apps/{appId}/extensions"));
    expect(extension).toHaveLength(81);
    expect(extension.filter((w) => !named.has(w))).toEqual([]);
  });

  it("every verb's write is a documented one; docs/commands.md states the count", () => {
    expect([...named].filter((w) => !documented.includes(w))).toEqual([]);
    const count = [...named].length;
    expect(readFileSync(new URL("../../docs/commands.md", import.meta.url), "utf8")).toContain(`**${count} of the ${DOCUMENTED_WRITES} documented writes**`);
  });
});
