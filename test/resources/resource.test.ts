import { describe, expect, it } from "vitest";
import { oddFields } from "../../src/api/schemas.js";
import { RESOURCES } from "../../src/resources/index.js";
import { type AnyResource, fillParams, detailItems, pathParams, readItems } from "../../src/resources/resource.js";

/** What a definition reads, in the forms the exports and the real service give. */

const webhooks = RESOURCES.webhooks as unknown as AnyResource;

describe("one item", () => {
  it("is read from data, an array of one, or [{data: {…}}]", () => {
    const hook = { id: "w1", name: "push" };
    for (const body of [{ data: hook }, { data: [hook] }, { data: [{ data: hook }] }]) expect(detailItems(body, webhooks, "w1")).toEqual([hook]);
  });

  it("several where one was asked: the one with the id asked for when one has it, else every one; an answer with no data wrapper is the item", () => {
    const [w1, w2] = [{ id: "w1", name: "push" }, { id: "w2", name: "crm" }];
    expect(detailItems({ data: [w1, w2] }, webhooks, "w2")).toEqual([w2]);
    expect(detailItems({ data: [w1, w2] }, webhooks, "w3")).toEqual([w1, w2]);
    expect(detailItems(w1, webhooks, "w1")).toEqual([w1]);
  });

  it("an answer with none (empty, null, a scalar) says there is no such item: not found, exit 3", () => {
    for (const body of [{ data: [] }, { data: null }, { data: "w1" }, {}, null]) {
      expect(() => detailItems(body, webhooks, "w1")).toThrow(expect.objectContaining({ code: "CCX_NOT_FOUND", message: "the service answered no webhook for w1" }));
    }
  });
});

describe("a list's items", () => {
  it("read tolerantly: an id as a number is its text, a field in a form not read is kept and marked, a null is dropped", () => {
    const items = readItems(webhooks, { data: [{ id: 42, name: "n", enabled: "yes", createdAt: null }, null, { id: "w2", updatedAt: "1700000000" }] });
    expect(items.map((w) => w.id)).toEqual(["42", "w2"]);
    expect(oddFields(items[0])).toEqual({ enabled: "yes" });
    expect(items[0]!.createdAt).toBeUndefined();
    expect(items[1]!.updatedAt).toBe(1700000000);
  });

  it("paths take their parameters encoded, {appId} left for the request", () => {
    expect(pathParams("/apps/{appId}/webhooks/{webhookId}/triggers")).toEqual(["webhookId"]);
    expect(fillParams("/apps/{appId}/webhooks/{webhookId}/triggers", ["a b/c"])).toBe("/apps/{appId}/webhooks/a%20b%2Fc/triggers");
  });
});

describe("one set of columns", () => {
  it("the command line's table and the explorer's rows draw every resource's columns, in the same order", async () => {
    const { RESOURCE_LIST } = await import("../../src/resources/index.js");
    const { tableColumns } = await import("../../src/cli/render/resource-table.js");
    const { explorerColumns } = await import("../../src/tui/screens/resource-columns.js");
    for (const resource of RESOURCE_LIST.filter((r) => r.list)) {
      for (const actingUser of [false, true]) {
        const table = tableColumns(resource, { actingUser }).map((c) => c.header);
        expect(explorerColumns(resource, { width: 200, actingUser }).map((c) => c.header), resource.name).toEqual(table);
        expect(table.length).toBeGreaterThan(0);
      }
    }
  });

  it("on a narrow screen the explorer shows the short forms: an age for a time, a session id without its app's prefix", async () => {
    const { explorerColumns } = await import("../../src/tui/screens/resource-columns.js");
    const call = { sessionId: "v1.us.app1.17900000001", status: "ended", startedAt: Math.floor(Date.now() / 1000) - 3 * 86400 };
    const cells = (width: number) => Object.fromEntries(explorerColumns(RESOURCES.calls as unknown as AnyResource, { width, rows: [call] }).map((c) => [c.header, c.get(call)]));
    expect(cells(100)).toMatchObject({ "session id": "…17900000001", started: "3d" });
    expect(cells(160)["session id"]).toBe("v1.us.app1.17900000001");
    expect(String(cells(160).started)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });
});
