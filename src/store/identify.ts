import type { ManagementTarget } from "../api/apps.js";
import { isApiError, isNotFound } from "../api/errors.js";
import { type IdRead, findId, idExists, idReads } from "../resources/find-id.js";
import { ID_KINDS, type IdKind } from "../resources/id-kinds.js";
import { type StoreContext, activeApp, activeView } from "./context.js";
import { failedInto } from "./failure.js";

/** What a pasted id names: its kinds, in the active app or, when it names nothing there, in the app switched to. */
export interface Identified {
  kinds: IdKind[];
  /** The app switched to because it has the id (`label · region`); none when the id was found where it was pasted. */
  switchedTo?: string;
  /** How many other apps were asked (when it named nothing in the active app). */
  othersAsked: number;
}

export interface IdentifyActions {
  /**
   * What `text`, one id, names in the active app (src/resources/id-kinds.ts): each kind its shape may be is
   * read at once (src/resources/find-id.ts: one read a kind), and the kinds that answer are what it names, in the
   * table's order. Nothing there: the other apps are asked as `ccx find` asks them (four at a time), and the
   * first that has it is switched to, with what it names there. Undefined when the answer no longer matters (a
   * newer lookup, another app or screen meanwhile) or a read failed (the failure is said in the status line).
   */
  identify(text: string): Promise<Identified | undefined>;
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
      // Moved elsewhere meanwhile: what the id names is not opened over what is in view now.
      const stale = () => !request.isCurrent() || ctx.get().activeKey !== appKey || activeView(ctx.get()).nav !== nav;
      try {
        const found = await Promise.all(reads.map(exists));
        if (stale()) return undefined;
        const here = reads.filter((_, i) => found[i]).map((r) => r.kind);
        const others = ctx.get().apps.filter((a) => a.key !== appKey);
        if (here.length > 0 || others.length === 0) {
          ctx.get().notify(undefined);
          return { kinds: here, othersAsked: 0 };
        }
        ctx.get().notify(`looking up ${id} in the ${others.length} other apps`);
        const elsewhere = await findId(ctx.http, id, others, management, request.signal).catch((error: unknown) => {
          if (isApiError(error) && isNotFound(error.code)) return undefined;
          throw error;
        });
        if (stale()) return undefined;
        ctx.get().notify(undefined);
        if (!elsewhere) return { kinds: [], othersAsked: others.length };
        const first = elsewhere.matches[0]!;
        const there = others.find((a) => a.appId === first.appId && a.region === first.region)!;
        const kinds = elsewhere.matches.filter((m) => m.appId === there.appId && m.region === there.region).map((m) => ID_KINDS.find((k) => k.name === m.kind)!);
        ctx.get().switchApp(there.key);
        return { kinds, switchedTo: `${there.label} · ${there.region}`, othersAsked: others.length };
      } catch (error) {
        failedInto(ctx, request, (failure) => ctx.get().notify(`${failure.code}: ${failure.message}`))(error);
        return undefined;
      } finally {
        request.finish();
      }
    },
  };
}

/** What the line says when an id names nothing in the active app (nor in the `othersAsked` other apps). */
export const namesNothing = (state: Parameters<typeof activeApp>[0], othersAsked = 0): string =>
  `no user, group, message or conversation has this id in ${activeApp(state)?.label ?? "this app"}${othersAsked > 0 ? ` nor in the ${othersAsked} other apps` : ""}`;
