import { findCall } from "../api/find-call.js";
import type { StoreContext } from "./context.js";
import { failedInto } from "./failure.js";
import { detailOf, withDetail } from "./details.js";
import type { CallDetailState } from "./types.js";

/** One call (participants, recordings), by id. */
export interface DetailActions {
  /** Opens the call's view and loads it, looking in every known app (the current one first). */
  openCall(sessionId: string): void;
  loadCall(sessionId: string): void;
  selectInCall(sessionId: string, index: number): void;
}

export function detailActions(ctx: StoreContext<DetailActions>): DetailActions {
  const setCall = (key: string, id: string, patch: Partial<CallDetailState>) =>
    ctx.updateView(key, (v) => withDetail(v, "call", id, { loading: false, selected: 0 }, patch));
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
  };
}
