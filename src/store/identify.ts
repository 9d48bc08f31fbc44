import type { ManagementTarget } from "../api/apps.js";
import { type IdRead, idExists, idReads } from "../resources/find-id.js";
import type { IdKind } from "../resources/id-kinds.js";
import { type StoreContext, activeApp, activeView } from "./context.js";
import { failedInto } from "./failure.js";

export interface IdentifyActions {
  /**
   * What `text`, one id, names in the active app (src/resources/id-kinds.ts): each kind its shape may be is
   * read at once (src/resources/find-id.ts: one read a kind), and the kinds that answer are what it names, in the
   * table's order. Undefined when the answer no longer matters (a newer lookup, another app or screen
   * meanwhile) or a read failed (the failure is said in the status line).
   */
  identify(text: string): Promise<IdKind[] | undefined>;
}

export function identifyActions(ctx: StoreContext<IdentifyActions>, management: ManagementTarget | undefined): IdentifyActions {
  return {
    async identify(text) {
      const id = text.trim();
      const appKey = ctx.get().activeKey;
      const nav = activeView(ctx.get()).nav;
      const request = ctx.slots.begin(`${appKey}/identify`);
      const reads = idReads(id);
      ctx.get().notify(`looking up ${id}: ${reads.map((r) => r.kind.says).join(", ")}?`);
      const exists = (read: IdRead) => idExists(ctx.http, read, ctx.clientFor(appKey, null).target, management, request.signal);
      try {
        const found = await Promise.all(reads.map(exists));
        // Moved elsewhere meanwhile: what the id names is not opened over what is in view now.
        if (!request.isCurrent() || ctx.get().activeKey !== appKey || activeView(ctx.get()).nav !== nav) return undefined;
        ctx.get().notify(undefined);
        return reads.filter((_, i) => found[i]).map((r) => r.kind);
      } catch (error) {
        failedInto(ctx, request, (failure) => ctx.get().notify(`${failure.code}: ${failure.message}`))(error);
        return undefined;
      } finally {
        request.finish();
      }
    },
  };
}

/** What the line says when an id names nothing in the active app. */
export const namesNothing = (state: Parameters<typeof activeApp>[0]): string =>
  `no user, group, message or conversation has this id in ${activeApp(state)?.label ?? "this app"}`;
