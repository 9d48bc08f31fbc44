import { describe, expect, it } from "vitest";
import { copyText, findInTree, lineText, treeLines } from "../../src/text/json-tree.js";

const answer = {
  data: [
    { uid: "alice", name: "Alice", metadata: { team: { lead: "zoe" } } },
    { uid: "bob", name: "Bob", metadata: {} },
  ],
  meta: { pagination: { total: 2, current_page: 1 } },
};

describe("an answer as a tree", () => {
  it("shows its shape first: containers three deep start folded, Enter's toggles flip them", () => {
    const lines = treeLines(answer, new Set());
    expect(lines.map(lineText)).toEqual([
      "▾ (answer) {2}",
      "▾ data [2]",
      "  ▾ [0] {3}",
      "      uid: \"alice\"",
      "      name: \"Alice\"",
      "    ▸ metadata {1}",
      "  ▾ [1] {3}",
      "      uid: \"bob\"",
      "      name: \"Bob\"",
      "    ▸ metadata {0}",
      "▾ meta {1}",
      "  ▾ pagination {2}",
      "      total: 2",
      "      current_page: 1",
    ]);
    const toggled = treeLines(answer, new Set(["data[0].metadata", "data"])).map(lineText);
    expect(toggled).toEqual(["▾ (answer) {2}", "▸ data [2]", "▾ meta {1}", "  ▾ pagination {2}", "      total: 2", "      current_page: 1"]);
    expect(treeLines(answer, new Set(["data[0].metadata"])).map((l) => l.path)).toContain("data[0].metadata.team");
  });

  it("finds a key or value after the cursor, round to the top, and names the folds that hide it", () => {
    expect(findInTree(answer, new Set(), "zoe", "")).toEqual({ path: "data[0].metadata.team.lead", unfold: ["data[0].metadata", "data[0].metadata.team"] });
    expect(findInTree(answer, new Set(), "NAME", "data[0].name")).toEqual({ path: "data[1].name", unfold: [] });
    expect(findInTree(answer, new Set(), "name", "data[1].name")).toEqual({ path: "data[0].name", unfold: [] });
    expect(findInTree(answer, new Set(), "nowhere", "")).toBeUndefined();
    // A key with a dot is a key, not a path: only its own folds count.
    expect(findInTree({ "core.x": true, core: { deep: { x: { y: 1 } } } }, new Set(), "core.x", "")).toEqual({ path: "core.x", unfold: [] });
  });

  it("copies a string as itself and anything else as JSON", () => {
    expect(copyText("v1.us.app.1")).toBe("v1.us.app.1");
    expect(copyText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(copyText(3)).toBe("3");
  });
});
