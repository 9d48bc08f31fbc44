import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findEndpoint } from "../../src/api/endpoints.js";
import { RESOURCE_LIST } from "../../src/resources/index.js";
import { type AnyResource, commandWords, endpointOf, narrowedTakesValue, pathParams } from "../../src/resources/resource.js";
import { type HostileServer, hostileServer } from "../support/hostile-server.js";
import { runInProcess } from "../support/run-in-process.js";
import { registerSecrets } from "../support/secrets.js";

/**
 * Issue 27: ccx sends only the query parameters the catalogue documents for each operation (paging
 * parameters only where paging is documented). Every list command a resource defines is run, each of
 * its query flags given, every page walked (--all), against a fixture server that answers two pages
 * of everything; every request it made names only parameters of its operation's documented list:
 * src/api/endpoints.ts (the catalogue's data), and the catalogue itself, written out below from
 * /work/shared/api-catalogue.md as the exports give it (so that the data cannot drift from it unseen).
 */

const PAGES = ["perPage", "page"];
const MESSAGES = ["searchKey", "hideMessagesFromBlockedUsers", "hasAttachments", "attachmentTypes", "hasMentions", "hasLinks", "mentionedUids", "hasReactions",
  "receiverType", "affix", "id", "category", "type", "sender", "mentionsWithBlockedInfo", "mentionsWithTagInfo", "hideDeleted", "onlyDeleted", "hideReplies",
  "count", "unread", "sentAt", "limit", "conversationId", "withTags", "tags", "categories", "types", "fromTimestamp", "toTimestamp"];
/** The documented query parameters of each list ccx reads, by path; a cursor an answer names (`meta.next`) counts as documented. */
const CATALOGUE: Record<string, readonly string[]> = {
  "/apikeys": ["scope", "searchKey"],
  "/users": ["searchKey", "searchIn", "status", "count", "role", "roles", "withTags", "tags", "onlyDeactivated", "withDeactivated", ...PAGES, "updatedAt", "affix"],
  "/groups": ["searchKey", "searchIn", "sortBy", "sortOrder", "affix", "updatedAt", "withTags", "tags", "type", "types", "hasJoined", ...PAGES],
  "/messages": MESSAGES,
  "/groups/{guid}/messages": [...MESSAGES, "undelivered", "myMentionsOnly"],
  "/users/{uid}/messages": [...MESSAGES, "undelivered", "myMentionsOnly", "perPage"],
  "/messages/{id}/reactions": ["affix", "id"],
  "/messages/{id}/reactions/{reaction}": ["affix", "id"],
  "/messages/{id}/thread": [...PAGES, "affix", "sentAt", "id"],
  "/conversations": ["searchKey", "conversationType", "withTags", "tags", "withUserAndGroupTags", "userTags", "groupTags", "unread", ...PAGES],
  "/users/{uid}/auth_tokens": PAGES,
  "/groups/{guid}/members": [...PAGES, "status", "scopes"],
  "/groups/{guid}/bannedusers": PAGES,
  "/users/{uid}/friends": ["searchKey", ...PAGES],
  "/users/{uid}/blockedusers": PAGES,
  "/roles": PAGES,
  "/notifications/push/v1/tokens": ["authToken", "all"],
  "/notifications/v1/logs": ["messageId", "reactionId", "from", "to", "messageCategory", "messageType", "trigger", "sender", "reactionSender", "receiver",
    "receiverType", "reactionReceiver", "member", "channel", "provider", "notificationTriggered", "reason", "success", "affix", "logId"],
  "/moderation/rules": ["limit"],
  // Page and perPage: the calls SDK's (docs/service.md); the export documents none.
  "/calls": ["type", "mode", "participantsCount", "startedAt", "status", "receiverType", "endedAt", "hasRecording", "hasTranscription", "uid", ...PAGES],
  "/calls/{sessionId}/transcriptions": PAGES,
  // perPage, and the page its answer's `meta.pagination.links.next` names.
  "/apps/{appId}/extensions": PAGES,
  "/apps/{appId}/webhooks": ["perPage", "searchKey"],
};

const KEY = "queryfixture0123456789abcdef0123456789ab";
const SECRET = "queryfixturesecret0123456789abcdef012345";
registerSecrets(KEY, SECRET);

let server: HostileServer;
let env: Record<string, string>;

/** Two pages of one item each, in every paging style's terms: page numbers, meta.next, a log id. */
function twoPages(req: IncomingMessage, res: ServerResponse): void {
  const query = new URL(req.url ?? "/", "https://x").searchParams;
  const second = query.get("page") === "2" || query.has("logId") || query.has("id") || query.has("updatedAt");
  const n = second ? 2 : 1;
  const item = { id: `i${n}`, _id: `l${n}`, uid: `u${n}`, guid: `g${n}`, sessionId: `v1.us.docs.${n}`, role: `r${n}`, apiKey: `k${n}`, conversationId: `c${n}`, updatedAt: 1700000000 + n, sentAt: 1700000000 + n };
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({
    data: [item],
    meta: {
      pagination: { total: 2, count: 1, per_page: 1, current_page: n, total_pages: 2 },
      current: { limit: 1, count: 1 },
      ...(second ? {} : { next: { affix: "append", id: "i1" } }),
    },
  }));
}

beforeAll(async () => {
  server = await hostileServer({ docs: twoPages });
  env = {
    CCX_APP_ID: "docs", CCX_REGION: "us", CCX_API_KEY: KEY, CCX_CA_FILE: server.caFile,
    CCX_CHAT_URL: `${server.url}/{appId}/chat`, CCX_CALLS_URL: `${server.url}/{appId}/calls`, CCX_MANAGEMENT_URL: `${server.url}/docs/mgmt`,
    CCX_MANAGEMENT_KEY: KEY, CCX_MANAGEMENT_SECRET: SECRET,
  };
});
afterAll(() => server?.close());

/** The command lines of a resource's list: every flag given, every page; its narrower path on its own. */
function listCommands(r: AnyResource): string[][] {
  const list = r.list!;
  const endpoint = endpointOf(list.path);
  // A list read only as a user sees it (the conversations) is read as one.
  const args = pathParams(list.path).map((p) => `${p}-1`);
  // A list read by a flag of a shared command (a group's messages: `ccx messages --group <guid>`) is run so.
  const words = r.listFlag ? [r.listFlag.command, ...(r.listFlag.flag ? [`--${r.listFlag.flag}`] : [])] : commandWords(r);
  const base = [...words, ...args, ...(list.required ?? []).flatMap((f) => [`--${f.flag}`, `${f.param}-1`]), ...(r.actedFor ? ["--as", "u1"] : [])];
  const paged = [...(endpoint.paging && endpoint.paging !== "none" ? ["--all"] : []), ...(list.perPage ? ["--per-page", "1"] : []), "--json"];
  // Flags naming a grammar key (groups', users', calls') take its values: the lines below give them.
  const flags = (list.flags ?? []).flatMap((f) => ("param" in f ? [`--${f.flag}`, ...(f.switch ? [] : [f.time ? "2024-01-01" : "v"])] : []));
  const narrowed = list.narrowed ? [[...base, `--${list.narrowed.flag}`, ...(narrowedTakesValue(list) ? ["v"] : []), ...paged]] : [];
  return [[...base, ...flags, ...paged], ...narrowed];
}

const LINES = [
  ...RESOURCE_LIST.filter((r) => r.list).flatMap(listCommands),
  // The lists written by hand, their filters as flags.
  ["groups", "--all", "--per-page", "1", "--type", "private", "--json"],
  ["users", "--all", "--per-page", "1", "--json"],
  ["calls", "--all", "--per-page", "1", "--type", "video", "--json"],
  ["conversations", "--all", "--per-page", "1", "--as", "u1", "--json"],
  // As tables, which may ask for more than the filter (the groups' and users' tags).
  ["groups", "--query", "type:private tag:vip"], ["users", "--query", "status:available"], ["calls"], ["conversations", "--as", "u1"],
  // Messages: the app's, a group's and a 1:1 conversation's, filtered, every page.
  ["messages", "--all", "--search", "hi", "--category", "message", "--json"], ["messages", "--group", "g1", "--all", "--json"],
  ["messages", "--as", "u1", "--user", "u2", "--all", "--json"],
];

describe("the query parameters ccx sends", () => {
  it("are, for every list command and every page of it, parameters its operation documents", async () => {
    const undocumented: string[] = [];
    for (const line of LINES) {
      const before = server.requests.length;
      const run = await runInProcess(line, env);
      expect(run.code, `ccx ${line.join(" ")}: ${run.stderr}`).toBe(0);
      const requests = server.requests.slice(before);
      expect(requests.length, `ccx ${line.join(" ")}`).toBeGreaterThan(0);
      for (const request of requests) {
        const url = new URL(request.url, "https://x");
        const path = url.pathname.replace(/^\/docs\/(chat|calls|mgmt)/, "");
        const endpoint = findEndpoint(path, "GET");
        const catalogued = CATALOGUE[endpoint?.path.replace("/apps/docs/", "/apps/{appId}/") ?? ""] ?? [];
        for (const name of url.searchParams.keys()) {
          if (!endpoint?.query?.includes(name) || !catalogued.includes(name)) undocumented.push(`ccx ${line.join(" ")}: ${name} on GET ${path}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});
