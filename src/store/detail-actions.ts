import { findCall } from "../api/find-call.js";
import { getGroup, listMembers } from "../api/groups.js";
import { listUsersAt, usersPath } from "../api/users.js";
import { trustedTotal } from "../api/paging.js";
import type { StoreContext } from "./context.js";
import { failedInto, toFailure } from "./failure.js";
import type { AppViewState, CallDetailState, GroupDetailState, ThreadScope } from "./types.js";

/** One call (participants, recordings) and one group (fields, members), by id. */
export interface DetailActions {
  /** Opens the call's view and loads it, looking in every known app (the current one first). */
  openCall(sessionId: string): void;
  loadCall(sessionId: string): void;
  selectInCall(sessionId: string, index: number): void;
  openGroup(guid: string): void;
  loadGroup(guid: string): void;
  /** A page of the group's members, or (`people`) of the users it banned. */
  loadMembers(guid: string, page: number, people?: "members" | "banned"): void;
  selectInGroup(guid: string, index: number): void;
}

/**
 * Most calls, and most groups, one app keeps loaded. Why: each opened one was kept for the
 * whole session (a group with a page of 100 members), so a long session grew without end (the
 * soak found it). Those on the navigation stack are always kept; the oldest others go first,
 * and open again with a request.
 */
export const MAX_DETAILS = 20;

/** `details` with `id` set to `entry`, and no more than MAX_DETAILS entries. */
export function keepBounded<T>(details: Record<string, T>, id: string, entry: T, onStack: Set<string>): Record<string, T> {
  const { [id]: _previous, ...others } = details;
  // Re-inserted last: the order of the keys is the order of use (integer-like ids, which a JS
  // object lists first, merely go first).
  const next: Record<string, T> = { ...others, [id]: entry };
  let excess = Object.keys(next).length - MAX_DETAILS;
  for (const key of Object.keys(next)) {
    if (excess <= 0) break;
    if (key === id || onStack.has(key)) continue;
    delete next[key];
    excess--;
  }
  return next;
}

/** The ids of the details the navigation stack shows (kept however many others load). */
export function stackIds(v: AppViewState): Set<string> {
  return new Set(v.nav.flatMap((r) => {
    if (r.view === "group") return [r.guid];
    if (r.view === "user") return [r.uid];
    if (r.view === "messages") return [threadKey(r.scope)];
    return r.view === "call" || r.view === "recording" ? [r.sessionId] : [];
  }));
}

/** A thread's key among an app's threads. */
export function threadKey(scope: ThreadScope): string {
  return scope.kind === "app" ? "app" : scope.kind === "group" ? `group:${scope.guid}` : `user:${scope.as}:${scope.uid}`;
}

export function detailActions(ctx: StoreContext): DetailActions {
  const setCall = (key: string, id: string, patch: Partial<CallDetailState>) =>
    ctx.updateView(key, (v) => ({ ...v, callDetails: keepBounded(v.callDetails, id, { loading: false, selected: 0, ...v.callDetails[id], ...patch }, stackIds(v)) }));
  const setGroup = (key: string, guid: string, patch: Partial<GroupDetailState>) =>
    ctx.updateView(key, (v) => ({ ...v, groupDetails: keepBounded(v.groupDetails, guid, { loading: false, members: [], membersPage: 1, selected: 0, ...v.groupDetails[guid], ...patch }, stackIds(v)) }));

  return {
    openCall(sessionId) {
      const id = sessionId.trim();
      if (!id) return;
      ctx.get().navigate({ view: "call", sessionId: id });
      const known = ctx.get().views[ctx.get().activeKey]!.callDetails[id];
      if (!known?.call) ctx.get().loadCall(id);
    },

    loadCall(sessionId) {
      const { activeKey: key, apps } = ctx.get();
      const request = ctx.slots.begin(`${key}/call/${sessionId}`);
      setCall(key, sessionId, { loading: true, error: undefined });
      // The current app first; findCall still asks the app the session id names before the others.
      const ordered = [...apps.filter((a) => a.key === key), ...apps.filter((a) => a.key !== key)];
      const candidates = ordered.map((a) => ({ label: a.label, appId: a.appId, region: a.region, target: a.target }));
      findCall(ctx.http, sessionId, candidates, request.signal).then(
        (found) => {
          if (!request.isCurrent()) return;
          setCall(key, sessionId, { loading: false, call: found.call, raw: found.raw, appLabel: `${found.candidate.label} · ${found.target.region}` });
        },
        failedInto(ctx, request, (failure) => setCall(key, sessionId, { loading: false, error: failure })),
      ).finally(request.finish);
    },

    selectInCall(sessionId, index) {
      const key = ctx.get().activeKey;
      const detail = ctx.get().views[key]!.callDetails[sessionId];
      if (!detail?.call) return;
      const rows = (detail.call.participants?.length ?? 0) + (detail.call.recordings?.length ?? 0);
      setCall(key, sessionId, { selected: Math.max(0, Math.min(index, rows - 1)) });
    },

    openGroup(guid) {
      ctx.get().navigate({ view: "group", guid });
      if (!ctx.get().views[ctx.get().activeKey]!.groupDetails[guid]?.group) ctx.get().loadGroup(guid);
    },

    loadGroup(guid) {
      const key = ctx.get().activeKey;
      const request = ctx.slots.begin(`${key}/group/${guid}`);
      setGroup(key, guid, { loading: true, error: undefined });
      const client = ctx.clientFor(key);
      Promise.all([getGroup(client, guid, request.signal), listMembers(client, guid, 1, 100, request.signal)]).then(
        ([detail, members]) => {
          if (!request.isCurrent()) return;
          setGroup(key, guid, {
            loading: false, group: detail.group, raw: detail.raw, people: "members", members: members.items,
            membersTotal: trustedTotal(members.pagination?.total, members.items.length), membersPage: 1,
          });
        },
        failedInto(ctx, request, (failure) => setGroup(key, guid, { loading: false, error: failure })),
      ).finally(request.finish);
    },

    loadMembers(guid, page, people) {
      const key = ctx.get().activeKey;
      const request = ctx.slots.begin(`${key}/members/${guid}`);
      const which = people ?? ctx.get().views[key]!.groupDetails[guid]?.people ?? "members";
      listUsersAt(ctx.clientFor(key), usersPath[which](guid), { page: Math.max(1, page), perPage: 100 }, request.signal).then(
        (members) => {
          // A page past the end keeps the one shown; switching lists shows the new one, empty or not.
          if (!request.isCurrent() || (members.items.length === 0 && people === undefined)) return;
          setGroup(key, guid, { people: which, members: members.items, membersTotal: trustedTotal(members.pagination?.total, (page - 1) * 100 + members.items.length), membersPage: page, selected: 0 });
        },
        (error: unknown) => {
          if (request.isCurrent()) ctx.get().setLastError(toFailure(error));
        },
      ).finally(request.finish);
    },

    selectInGroup(guid, index) {
      const key = ctx.get().activeKey;
      const detail = ctx.get().views[key]!.groupDetails[guid];
      if (!detail) return;
      setGroup(key, guid, { selected: Math.max(0, Math.min(index, detail.members.length - 1)) });
    },
  };
}
