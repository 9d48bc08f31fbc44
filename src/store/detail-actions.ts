import { findCall } from "../api/find-call.js";
import { getGroup, listMembers } from "../api/groups.js";
import { listUsersAt, usersPath } from "../api/users.js";
import { trustedTotal } from "../api/paging.js";
import type { StoreContext } from "./context.js";
import { failedInto, toFailure } from "./failure.js";
import { detailOf, withDetail } from "./details.js";
import type { CallDetailState, GroupDetailState } from "./types.js";

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

export function detailActions(ctx: StoreContext<DetailActions>): DetailActions {
  const setCall = (key: string, id: string, patch: Partial<CallDetailState>) =>
    ctx.updateView(key, (v) => withDetail(v, "call", id, { loading: false, selected: 0 }, patch));
  const setGroup = (key: string, guid: string, patch: Partial<GroupDetailState>) =>
    ctx.updateView(key, (v) => withDetail(v, "group", guid, { loading: false, members: [], membersPage: 1, selected: 0 }, patch));
  const view = (key: string) => ctx.get().views[key];

  return {
    openCall(sessionId) {
      const id = sessionId.trim();
      if (!id) return;
      ctx.get().navigate({ view: "call", sessionId: id });
      const known = detailOf(view(ctx.get().activeKey), "call", id);
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
      const detail = detailOf(view(key), "call", sessionId);
      if (!detail?.call) return;
      const rows = (detail.call.participants?.length ?? 0) + (detail.call.recordings?.length ?? 0);
      setCall(key, sessionId, { selected: Math.max(0, Math.min(index, rows - 1)) });
    },

    openGroup(guid) {
      ctx.get().navigate({ view: "group", guid });
      if (!detailOf(view(ctx.get().activeKey), "group", guid)?.group) ctx.get().loadGroup(guid);
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
      const which = people ?? detailOf(view(key), "group", guid)?.people ?? "members";
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
      const detail = detailOf(view(key), "group", guid);
      if (!detail) return;
      setGroup(key, guid, { selected: Math.max(0, Math.min(index, detail.members.length - 1)) });
    },
  };
}
