import { describe, expect, it } from "vitest";
import { MAX_DETAILS, detailOf, routeDetail, withDetail } from "../../src/store/details.js";
import type { AppViewState, ResourceItemState, Route } from "../../src/store/types.js";

/** The one cache of what the explorer opened: kept by kind and id, bounded per kind, the stack's kept. */

const view = (nav: Route[] = [{ view: "resource", name: "calls", params: [] }]): AppViewState => ({ lists: {} as AppViewState["lists"], details: {}, nav });
const call = (loading: boolean): ResourceItemState => ({ loading, selected: 0 });

describe("the details of an app", () => {
  it("keep each entry by kind and id, a patch over what was there", () => {
    let v = withDetail(view(), "resource", "calls/s1", call(false), { loading: true });
    v = withDetail(v, "resource", "calls/s1", call(false), { selected: 2 });
    expect(detailOf(v, "resource", "calls/s1")).toEqual({ loading: true, selected: 2 });
    expect(detailOf(v, "trace", "s1")).toBeUndefined();
  });

  it("keep at most MAX_DETAILS of each kind, the oldest going first, never one the navigation stack shows", () => {
    let v = view([{ view: "resource", name: "calls", params: [] }, { view: "resource-item", name: "calls", params: ["s0"] }, { view: "recording", name: "calls", params: ["s0"], rid: "r" }]);
    for (let i = 0; i < MAX_DETAILS * 2; i++) v = withDetail(v, "resource", `calls/s${i}`, call(false), {});
    v = withDetail(v, "trace", "m1", { loading: false, selected: 0 }, {});
    const calls = Object.keys(v.details).filter((k) => k.startsWith("resource:"));
    expect(calls).toHaveLength(MAX_DETAILS);
    expect(calls).toContain("resource:calls/s0");
    expect(calls).toContain(`resource:calls/s${MAX_DETAILS * 2 - 1}`);
    expect(calls).not.toContain("resource:calls/s1");
    expect(detailOf(v, "trace", "m1")).toBeDefined();
  });

  it("each route names the entry it shows, or none", () => {
    expect(routeDetail({ view: "recording", name: "calls", params: ["s1"], rid: "r" })).toBe("resource:calls/s1");
    expect(routeDetail({ view: "trace", messageId: "m1" })).toBe("trace:m1");
    // A 1:1's messages are a list, kept by its key (whom it is asked as in it), not an entry.
    expect(routeDetail({ view: "resource", name: "user-messages", params: ["bob"], as: "alice" })).toBeUndefined();
    expect(routeDetail({ view: "resource-item", name: "webhooks", params: ["w 1"] })).toBe("resource:webhooks/w%201");
    expect(routeDetail({ view: "resource", name: "groups", params: [] })).toBeUndefined();
  });
});
