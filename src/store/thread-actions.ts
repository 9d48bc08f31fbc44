import type { Message } from "../api/chat-schemas.js";
import { advanceCursor, cursorQuery, startCursor } from "../api/cursor.js";
import { isApiError, isNotFound } from "../api/errors.js";
import { getGroup } from "../api/groups.js";
import { MESSAGE_CURSOR_ITEM, listMessages } from "../api/messages.js";
import { getUser } from "../api/users.js";
import { type StoreContext, activeView } from "./context.js";
import { RESOURCES } from "../resources/index.js";
import { detailOf, hasDetail, resourceKey, threadKey, withDetail } from "./details.js";
import { failedInto } from "./failure.js";
import type { ThreadScope, ThreadState } from "./types.js";

/**
 * A conversation's messages as a chat shows them: oldest at the top, the
 * newest at the bottom where the cursor starts; older ones load when the
 * cursor reaches the top, as the SDK pages (by id, going older).
 */
export interface ThreadActions {
  openThread(scope: ThreadScope): void;
  /**
   * `:msgs <id>`: the group of that guid, else the 1:1 of the user acted for with the user of
   * that uid. An id known to neither here is asked of the service: GET /groups/{id}, and only
   * when no group has it, GET /users/{id}; an id that is neither is said so.
   */
  openMessagesOf(id: string): void;
  /** The 1:1 of the user acted for with `uid`; without one acted for, says how to choose one. */
  openMessagesWith(uid: string): void;
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

export function threadActions(ctx: StoreContext<ThreadActions>): ThreadActions {
  const threadOf = (key: string, scope: ThreadScope) => detailOf(ctx.get().views[key], "messages", threadKey(scope));
  const setThread = (key: string, scope: ThreadScope, patch: Partial<ThreadState>) =>
    ctx.updateView(key, (v) => withDetail(v, "messages", threadKey(scope), { scope, items: [], hasOlder: false, loading: false, selected: 0 }, patch));
  const clientOf = (key: string, scope: ThreadScope) => ctx.clientFor(key, scope.kind === "user" ? scope.as : undefined);
  const apiScope = (scope: ThreadScope) => (scope.kind === "user" ? { kind: "user" as const, uid: scope.uid } : scope);

  /** Whether `id` names a group (or a user) this app has shown: no need to ask. */
  const knownHere = (id: string) => {
    const view = activeView(ctx.get());
    return {
      group: hasDetail(view, "resource", resourceKey(RESOURCES.groups.name, [id])) || (view.lists.groups?.items ?? []).some((g) => g.guid === id),
      user: hasDetail(view, "resource", resourceKey(RESOURCES.users.name, [id])) || (view.lists.users?.items ?? []).some((u) => u.uid === id),
    };
  };
  /** Which of a group or a user has the id, asked in that order; undefined: neither. */
  async function kindOf(key: string, id: string, signal: AbortSignal): Promise<"group" | "user" | undefined> {
    // On behalf of nobody: whether the id exists is the question, not what the user acted for may see.
    const client = ctx.clientFor(key, null);
    const absent = (error: unknown): false => {
      if (isApiError(error) && isNotFound(error.code)) return false;
      throw error;
    };
    if (await getGroup(client, id, signal).then(() => true, absent)) return "group";
    if (await getUser(client, id, signal).then(() => true, absent)) return "user";
    return undefined;
  }

  return {
    openThread(scope) {
      ctx.get().navigate({ view: "messages", scope });
      if (!threadOf(ctx.get().activeKey, scope)?.walk) ctx.get().loadThread(scope);
    },

    openMessagesWith(uid) {
      const as = ctx.get().user;
      if (!as) return ctx.get().notify(`the messages with ${uid} are a 1:1 conversation: act as the other side first (:as <uid>)`);
      ctx.get().openThread({ kind: "user", uid, as });
    },

    openMessagesOf(id) {
      // A conversation id of a group (group_<guid>) names its group.
      if (id.startsWith("group_")) return ctx.get().openThread({ kind: "group", guid: id.slice("group_".length) });
      const known = knownHere(id);
      if (known.group) return ctx.get().openThread({ kind: "group", guid: id });
      if (known.user) return ctx.get().openMessagesWith(id);
      const key = ctx.get().activeKey;
      const request = ctx.slots.begin(`${key}/messages-of`);
      const nav = activeView(ctx.get()).nav;
      ctx.get().notify(`looking up ${id}: a group or a user?`);
      kindOf(key, id, request.signal).then(
        (kind) => {
          // Moved elsewhere meanwhile: the answer is not opened over what is in view now.
          if (!request.isCurrent() || ctx.get().activeKey !== key || activeView(ctx.get()).nav !== nav) return;
          ctx.get().notify(undefined);
          if (kind === "group") ctx.get().openThread({ kind: "group", guid: id });
          else if (kind === "user") ctx.get().openMessagesWith(id);
          else ctx.get().notify(`no group or user has the id ${id} in this app`);
        },
        failedInto(ctx, request, (failure) => ctx.get().notify(`${failure.code}: ${failure.message}`)),
      ).finally(request.finish);
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
