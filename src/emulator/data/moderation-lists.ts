import type { App } from "./model.js";

/**
 * The moderation rules, keyword lists and flag reasons as the writes left
 * them: the seeded ones (moderation.ts) with `App.changes.moderationLists`
 * laid over them, by id: a record's fields merged over a seeded one's (a
 * created one is whole), null for one deleted. The messages the seeded rules
 * blocked stay blocked whatever becomes of the rules (a verdict is the
 * service's record of what happened, not recomputed).
 */

export type ModerationListKind = "rules" | "keywords" | "reasons";
type Json = Record<string, unknown>;

/** The list as it stands: the seeded records changed or deleted, then those created, in the order made. */
export function listed(app: App, kind: ModerationListKind, seeded: readonly Json[]): Json[] {
  const changes = app.changes.moderationLists[kind];
  const seededIds = new Set(seeded.map((r) => String(r.id)));
  const kept = seeded.flatMap((r) => {
    const change = changes.get(String(r.id));
    return change === null ? [] : [change ? { ...r, ...change } : r];
  });
  const made = [...changes].flatMap(([id, change]) => (change && !seededIds.has(id) ? [change] : []));
  return [...kept, ...made];
}

/** One record by its id, as it stands; undefined when there is none (or it was deleted). */
export const recordOf = (app: App, kind: ModerationListKind, seeded: readonly Json[], id: string): Json | undefined =>
  listed(app, kind, seeded).find((r) => String(r.id) === id);

/** A record created (whole, over any seeded one of its id), changed (its fields merged) or deleted. */
export function changeRecord(app: App, kind: ModerationListKind, id: string, change: Json | null, merge: boolean): void {
  const changes = app.changes.moderationLists[kind];
  const had = changes.get(id);
  changes.set(id, change && merge && had ? { ...had, ...change } : change);
}
