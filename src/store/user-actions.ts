import { listCalls } from "../api/calls.js";
import type { AppClient } from "../api/client.js";
import { listConversations } from "../api/conversations.js";
import { listGroups } from "../api/groups.js";
import { getUser, listUsersAt, usersPath } from "../api/users.js";
import { trustedTotal } from "../api/paging.js";
import type { StoreContext } from "./context.js";
import { detailOf, withDetail } from "./details.js";
import { failedInto, toFailure } from "./failure.js";
import { USER_SECTIONS, type UserDetailState, type UserSection, type UserSectionState } from "./types.js";

/** One user: the profile, and below it the groups they joined, their calls, their conversations, whom they blocked, their friends. */
export interface UserActions {
  openUser(uid: string): void;
  loadUser(uid: string): void;
  /** Shows a section (loading it the first time); `step` moves to the next (1) or previous (-1) one instead. */
  showUserSection(uid: string, section: UserSection | { step: 1 | -1 }): void;
  selectInUser(uid: string, index: number): void;
}

/** Rows a section asks for: its first page. */
export const SECTION_ROWS = 100;

/**
 * Where each section comes from. Groups and conversations are asked as the
 * user (onBehalfOf): they are what that user sees.
 */
const SECTION_SOURCES: Record<UserSection, (client: (as?: string) => AppClient, uid: string, signal: AbortSignal) => Promise<{ items: unknown[]; pagination?: { total?: number } }>> = {
  groups: (client, uid, signal) => listGroups(client(uid), { hasJoined: "true", perPage: SECTION_ROWS, withTags: "true" }, signal),
  calls: (client, uid, signal) => listCalls(client(), { uid, perPage: SECTION_ROWS }, signal),
  conversations: (client, uid, signal) => listConversations(client(uid), { perPage: SECTION_ROWS }, signal),
  blocked: (client, uid, signal) => listUsersAt(client(), usersPath.blocked(uid), { perPage: SECTION_ROWS }, signal),
  friends: (client, uid, signal) => listUsersAt(client(), usersPath.friends(uid), { perPage: SECTION_ROWS }, signal),
};

export function userActions(ctx: StoreContext<UserActions>): UserActions {
  const userOf = (uid: string, key = ctx.get().activeKey) => detailOf(ctx.get().views[key], "user", uid);
  const setUser = (key: string, uid: string, patch: Partial<UserDetailState>) =>
    ctx.updateView(key, (v) => withDetail(v, "user", uid, { loading: false, section: "groups", sections: {}, selected: 0 }, patch));
  const setSection = (key: string, uid: string, section: UserSection, patch: Partial<UserSectionState>) => {
    const detail = userOf(uid, key);
    if (!detail) return;
    setUser(key, uid, { sections: { ...detail.sections, [section]: { loading: false, items: [], ...detail.sections[section], ...patch } } });
  };

  function loadSection(key: string, uid: string, section: UserSection): void {
    const request = ctx.slots.begin(`${key}/user/${uid}/${section}`);
    setSection(key, uid, section, { loading: true, error: undefined });
    SECTION_SOURCES[section]((as) => ctx.clientFor(key, as), uid, request.signal).then(
      (page) => {
        if (request.isCurrent()) setSection(key, uid, section, { loading: false, items: page.items, total: trustedTotal(page.pagination?.total, page.items.length) });
      },
      (error: unknown) => {
        if (request.isCurrent()) setSection(key, uid, section, { loading: false, error: toFailure(error) });
      },
    ).finally(request.finish);
  }

  return {
    openUser(uid) {
      const id = uid.trim();
      if (!id) return;
      ctx.get().navigate({ view: "user", uid: id });
      if (!userOf(id)?.user) ctx.get().loadUser(id);
    },

    loadUser(uid) {
      const key = ctx.get().activeKey;
      const request = ctx.slots.begin(`${key}/user/${uid}`);
      setUser(key, uid, { loading: true, error: undefined });
      getUser(ctx.clientFor(key), uid, request.signal).then(
        (detail) => {
          if (!request.isCurrent()) return;
          setUser(key, uid, { loading: false, user: detail.user, raw: detail.raw });
          loadSection(key, uid, userOf(uid, key)!.section);
        },
        failedInto(ctx, request, (failure) => setUser(key, uid, { loading: false, error: failure })),
      ).finally(request.finish);
    },

    showUserSection(uid, to) {
      const key = ctx.get().activeKey;
      const detail = userOf(uid);
      if (!detail) return;
      const at = USER_SECTIONS.indexOf(detail.section);
      const section = typeof to === "string" ? to : USER_SECTIONS[(at + to.step + USER_SECTIONS.length) % USER_SECTIONS.length]!;
      setUser(key, uid, { section, selected: 0 });
      const known = detail.sections[section];
      if (detail.user && (!known || known.error)) loadSection(key, uid, section);
    },

    selectInUser(uid, index) {
      const detail = userOf(uid);
      const rows = detail?.sections[detail.section]?.items.length ?? 0;
      if (detail) setUser(ctx.get().activeKey, uid, { selected: Math.max(0, Math.min(index, rows - 1)) });
    },
  };
}
