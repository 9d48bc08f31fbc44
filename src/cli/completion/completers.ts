import type { Candidate } from "./filter.js";

/**
 * Completion of values only a command knows (the documented paths of `ccx
 * api`, their query parameters): the command attaches a completer to its
 * argument or option where it defines it, and the engine asks it.
 */

export interface CompletionContext {
  /** The command's operands before the word being typed. */
  operands: readonly string[];
}

export type Completer = (typed: string, context: CompletionContext) => Candidate[];

const completers = new WeakMap<object, Completer>();

/** Completes `target` (a commander Argument or Option) with `completer`; returns it, to chain. */
export function completeWith<T extends object>(target: T, completer: Completer): T {
  completers.set(target, completer);
  return target;
}

export const completerOf = (target: object): Completer | undefined => completers.get(target);
