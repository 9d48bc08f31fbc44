import type { Message } from "../api/chat-schemas.js";
import { advanceCursor, cursorQuery, startCursor } from "../api/cursor.js";
import { MESSAGE_CURSOR_ITEM, listMessages } from "../api/messages.js";
import type { StoreContext } from "./context.js";
import { keepBounded, stackIds, threadKey } from "./detail-actions.js";
import { failedInto } from "./failure.js";
import type { ThreadScope, ThreadState } from "./types.js";

/**
 * A conversation's messages as a chat shows them: oldest at the top, the
 * newest at the bottom where the cursor starts; older ones load when the
 * cursor reaches the top, as the SDK pages (by id, going older).
 */
export interface ThreadActions {
  openThread(scope: ThreadScope): void;
  /** The newest page again (after a send, or r). */
  loadThread(scope: ThreadScope): void;
  loadOlder(scope: ThreadScope): void;
  /** Moves the cursor; reaching the top loads older messages. */
  selectInThread(scope: ThreadScope, index: number): void;
}

/** Messages a page asks for. */
export const THREAD_PAGE = 50;
/**
 * Most messages one thread keeps: scrolling far back drops the newest (r loads them again).
 * Why: a thread read back through a busy group would otherwise grow without end.
 */
export const MAX_THREAD_ROWS = 2000;

const numericId = (m: Message) => Number(m.id);
/** Oldest first, by id (ids count up); ids that are not numbers keep the order they came in. */
const chronological = (items: Message[]) =>
  items.every((m) => Number.isFinite(numericId(m))) ? [...items].sort((a, b) => numericId(a) - numericId(b)) : [...items];

export function threadActions(ctx: StoreContext): ThreadActions {
  const threadOf = (key: string, scope: ThreadScope) => ctx.get().views[key]?.threads[threadKey(scope)];
  const setThread = (key: string, scope: ThreadScope, patch: Partial<ThreadState>) =>
    ctx.updateView(key, (v) => ({
      ...v,
      threads: keepBounded(v.threads, threadKey(scope), { scope, items: [], hasOlder: false, loading: false, selected: 0, ...v.threads[threadKey(scope)], ...patch }, stackIds(v)),
    }));
  const clientOf = (key: string, scope: ThreadScope) => ctx.clientFor(key, scope.kind === "user" ? scope.as : undefined);
  const apiScope = (scope: ThreadScope) => (scope.kind === "user" ? { kind: "user" as const, uid: scope.uid } : scope);

  return {
    openThread(scope) {
      ctx.get().navigate({ view: "messages", scope });
      if (!threadOf(ctx.get().activeKey, scope)?.walk) ctx.get().loadThread(scope);
    },

    loadThread(scope) {
      const key = ctx.get().activeKey;
      const request = ctx.slots.begin(`${key}/thread/${threadKey(scope)}`);
      setThread(key, scope, { loading: true, error: undefined });
      listMessages(clientOf(key, scope), apiScope(scope), { limit: THREAD_PAGE }, request.signal).then(
        (page) => {
          if (!request.isCurrent()) return;
          const step = advanceCursor(startCursor("id", undefined, "prepend"), page.items, MESSAGE_CURSOR_ITEM.idOf, MESSAGE_CURSOR_ITEM.timeOf, THREAD_PAGE);
          const items = chronological(step.fresh);
          setThread(key, scope, { loading: false, items, walk: step.state, hasOlder: !step.state.done, selected: Math.max(0, items.length - 1), dropped: 0 });
        },
        failedInto(ctx, request, (failure) => setThread(key, scope, { loading: false, error: failure })),
      ).finally(request.finish);
    },

    loadOlder(scope) {
      const key = ctx.get().activeKey;
      const thread = threadOf(key, scope);
      if (!thread?.walk || !thread.hasOlder || thread.loading) return;
      const request = ctx.slots.begin(`${key}/thread/${threadKey(scope)}`);
      setThread(key, scope, { loading: true, error: undefined });
      listMessages(clientOf(key, scope), apiScope(scope), { limit: THREAD_PAGE, ...cursorQuery(thread.walk) }, request.signal).then(
        (page) => {
          if (!request.isCurrent()) return;
          const before = threadOf(key, scope)!;
          const step = advanceCursor(before.walk!, page.items, MESSAGE_CURSOR_ITEM.idOf, MESSAGE_CURSOR_ITEM.timeOf, THREAD_PAGE);
          const older = chronological(step.fresh);
          let items = [...older, ...before.items];
          const cut = Math.max(0, items.length - MAX_THREAD_ROWS);
          if (cut > 0) items = items.slice(0, items.length - cut);
          // The cursor stays on the message it was on.
          setThread(key, scope, {
            loading: false, items, walk: step.state, hasOlder: !step.state.done,
            selected: Math.min(items.length - 1, before.selected + older.length), dropped: (before.dropped ?? 0) + cut,
          });
        },
        failedInto(ctx, request, (failure) => setThread(key, scope, { loading: false, error: failure })),
      ).finally(request.finish);
    },

    selectInThread(scope, index) {
      const key = ctx.get().activeKey;
      const thread = threadOf(key, scope);
      if (!thread) return;
      const selected = Math.max(0, Math.min(index, thread.items.length - 1));
      setThread(key, scope, { selected });
      if (selected === 0) ctx.get().loadOlder(scope);
    },
  };
}
