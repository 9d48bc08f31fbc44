import { members } from "./members.js";
import { message, reactions, thread } from "./messages.js";
import type { AnyResource, Resource } from "./resource.js";
import { transcripts } from "./transcripts.js";
import { triggers } from "./triggers.js";
import { webhooks } from "./webhooks.js";

/**
 * Every resource defined by a Resource (resource.ts), by name: its commands,
 * completion and `ccx resources` are made from this table. The lists of the
 * first resources (groups, calls, users, messages, conversations) still have
 * definitions of their own (src/api/list-kinds.ts), which are to move here;
 * members moved first.
 */
export const RESOURCES = { members, message, thread, reactions, transcripts, webhooks, triggers } satisfies Record<string, Resource<any>>;

export type ResourceName = keyof typeof RESOURCES;

export const RESOURCE_LIST: readonly AnyResource[] = Object.values(RESOURCES) as unknown as AnyResource[];

/** The resource a name, singular or alias names. */
export function resourceNamed(word: string): AnyResource | undefined {
  return RESOURCE_LIST.find((r) => r.name === word || r.singular === word || r.aliases?.includes(word));
}
