import type { Facts, Stage, Verdict } from "../api/why.js";
import { maskKey } from "../config/mask.js";
import { verbNamed } from "./index.js";
import { type VerbInput, type WriteVerb, verbWords } from "./verb.js";

/**
 * The write that undoes a finding of `ccx why`, by stage: the verb's words,
 * looked up in VERBS (a stage whose verb does not exist yet names no fix, and
 * names one as soon as the verb is defined), its input filled from the
 * finding's facts by the names the verb's arguments and flags take, and the
 * command's text made from the verb's definition, never typed here.
 */

/** The words of the verb that undoes each stage's finding. */
const FIXES: Partial<Record<Stage, string>> = {
  moderation: "moderation approve",
  banned: "member unban",
  member: "member add",
  blocked: "unblock",
  muted: "notifications unmute",
  "push-tokens": "push-token delete",
  preference: "notifications preference-reset",
};

export interface Fix {
  verb: WriteVerb;
  /** Its words, as the explorer's runner asks for it: `member unban`. */
  words: string;
  input: VerbInput;
  /** `ccx unblock alice bob`: as a user would type it. */
  command: string;
}

/** A value as a shell takes it: quoted where it holds anything but safe characters. */
const shellWord = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/**
 * The verb's input from the facts: each argument and flag by its name; undefined when an argument
 * (or a required flag) has no fact to fill it, as the fix would then be a guess.
 */
function inputOf(verb: WriteVerb, facts: Facts): VerbInput | undefined {
  const args: VerbInput["args"] = {};
  for (const a of verb.args) {
    const value = facts[a.name];
    if (value === undefined) return undefined;
    args[a.name] = a.variadic ? [value] : value;
  }
  const flags: VerbInput["flags"] = {};
  for (const f of verb.flags ?? []) {
    const value = facts[f.flag];
    // A switch (a flag that takes no value) is on where the fact says "true".
    if (value !== undefined) flags[f.flag] = f.value === undefined ? value === "true" : value;
    else if (f.required) return undefined;
  }
  return { args, flags };
}

/** The command line of a verb's input: its words, its arguments in order, then its flags. */
export function commandOf(verb: WriteVerb, input: VerbInput): string {
  const words = ["ccx", ...verbWords(verb)];
  for (const a of verb.args) {
    const value = input.args[a.name];
    words.push(...(Array.isArray(value) ? value : value === undefined ? [] : [value]).map(shellWord));
  }
  for (const f of verb.flags ?? []) {
    const value = input.flags[f.flag];
    if (value === true) words.push(`--${f.flag}`);
    else if (typeof value === "string") words.push(`--${f.flag}`, shellWord(value));
  }
  return words.join(" ");
}

/** The fix of a verdict: the write that undoes its finding, where one is defined. */
export function fixOf(verdict: Pick<Verdict, "stage" | "facts">): Fix | undefined {
  const words = FIXES[verdict.stage];
  const verb = words === undefined ? undefined : verbNamed(words);
  if (!verb || !verdict.facts) return undefined;
  const input = inputOf(verb, verdict.facts);
  return input && { verb, words: verbWords(verb).join(" "), input, command: commandOf(verb, input) };
}

/** A verdict as it is shown: its fix's command with the push token it names masked, unless revealed (a token is a secret everywhere ccx shows one). */
export function shownVerdict(verdict: Verdict, reveal = false): { uid: string; verdict: string; stage: Stage; evidence: Verdict["evidence"]; fix?: string } {
  const command = fixOf(verdict)?.command;
  const token = verdict.facts?.pushToken;
  const fix = command && token && !reveal ? command.replaceAll(token, maskKey(token)) : command;
  return { uid: verdict.uid, verdict: verdict.verdict, stage: verdict.stage, evidence: verdict.evidence, ...(fix ? { fix } : {}) };
}
