import type { Command, Option } from "commander";
import { filterKeysOf } from "../list-command.js";
import { completerOf } from "./completers.js";
import { type Candidate, brief, choiceCandidates, filterCandidates } from "./filter.js";
import { configPathOf, profileCandidates } from "./profiles.js";

/**
 * The candidates behind every shell's completion (`ccx __complete`). All of it
 * is read from the commander program (its commands, options, choices and
 * arguments), the config file and the filter grammars: a command or flag
 * added there completes with no change here.
 */

/** What the shell should offer: these candidates, or its own completion of paths. */
export type Completion = { candidates: Candidate[] } | { paths: "file" | "dir" };

/** Where the words before the one being typed leave the line. */
interface Position {
  command: Command;
  /** The option whose value the current word is. */
  pending?: Option;
  /** The command's operands so far (at the top: `help`, then its topic). */
  operands: string[];
  /** After `--`: operands only. */
  dashes: boolean;
  /** --config as given on the line: profiles are read from there. */
  config?: string;
}

/**
 * A word as the shell passes it to ccx: quotes and backslashes removed. The
 * word being typed may hold an unclosed quote: it runs to the word's end.
 */
export function unquote(word: string): string {
  let out = "";
  let quote: string | undefined;
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else out += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === "\\" && '"\\$`'.includes(word[i + 1] ?? "x")) out += word[++i];
      else out += c;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "\\") out += word[++i] ?? "";
    else out += c;
  }
  return out;
}

/** The option named `flag` (long or short) where the line stands: the command's own, else one of its parents' (the global options). */
function findOption(command: Command, flag: string): Option | undefined {
  for (let c: Command | null = command; c; c = c.parent) {
    const option = c.options.find((o) => o.long === flag || o.short === flag);
    if (option) return option;
  }
  return undefined;
}

const takesValue = (option: Option) => option.required || option.optional;

/** Reads the words before the current one as commander would. */
function position(program: Command, words: string[]): Position {
  const at: Position = { command: program, operands: [], dashes: false };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (at.dashes || !word.startsWith("-") || word === "-") {
      const sub = at.operands.length === 0 ? at.command.commands.find((c) => c.name() === word || c.aliases().includes(word)) : undefined;
      if (sub) at.command = sub;
      else at.operands.push(word);
      continue;
    }
    if (word === "--") {
      at.dashes = true;
      continue;
    }
    const eq = word.startsWith("--") ? word.indexOf("=") : -1;
    const option = findOption(at.command, eq < 0 ? word : word.slice(0, eq));
    if (!option || !takesValue(option)) continue;
    let value: string | undefined = eq < 0 ? undefined : word.slice(eq + 1);
    if (value === undefined) {
      const next = words[i + 1];
      if (next === undefined) at.pending = option;
      else if (option.required || !next.startsWith("-")) value = words[++i];
    }
    if (value !== undefined && option.attributeName() === "config") at.config = value;
  }
  return at;
}

const startingWith = (candidates: Candidate[], typed: string): Candidate[] => candidates.filter((c) => c.value.startsWith(typed));

/** A command's subcommands (the hidden ones stay hidden); at the top, `help` too, which the program's own action reads. */
function commandCandidates(command: Command): Candidate[] {
  const help = command.createHelp();
  const commands = help.visibleCommands(command).map((c) => ({ value: c.name(), description: brief(help.subcommandDescription(c)) }));
  const top = command.parent === null && !commands.some((c) => c.value === "help");
  return top ? [...commands, { value: "help", description: "help for a command" }] : commands;
}

/** Every flag the command takes, its own first, then the global ones; long and short. */
function optionCandidates(command: Command): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (let c: Command | null = command; c; c = c.parent) {
    for (const option of c.createHelp().visibleOptions(c)) {
      for (const flag of [option.long, option.short]) {
        if (flag && !seen.has(flag)) {
          seen.add(flag);
          out.push({ value: flag, description: brief(option.description) });
        }
      }
    }
  }
  return out;
}

/**
 * The values an option takes, when they are known: its choices (--region), the profiles,
 * paths (by its value's name, `<file>` or `<dir>`), the filter keys of --query,
 * and the closed sets of the filter flags (the grammar's key of the same name
 * or parameter: --receiver-type is receiver:, by receiverType).
 */
async function valueCandidates(at: Position, option: Option, typed: string, lead: string, env: NodeJS.ProcessEnv): Promise<Completion> {
  const name = option.attributeName();
  const own = completerOf(option);
  if (own) return { candidates: own(typed, at).map((c) => ({ ...c, value: lead + c.value })) };
  if (name === "profile") return { candidates: startingWith(profileCandidates(configPathOf(at.config, env)), typed).map((c) => ({ ...c, value: lead + c.value })) };
  if (option.argChoices) return { candidates: choiceCandidates(option.argChoices, typed, lead) };
  const valueName = /[<[](\w+)/.exec(option.flags)?.[1];
  if (valueName === "file" || valueName === "dir") return { paths: valueName };
  const keys = await filterKeysOf(at.command);
  if (!keys) return { candidates: [] };
  if (name === "query") return { candidates: filterCandidates(keys, typed).map((c) => ({ ...c, value: lead + c.value })) };
  const key = keys.find((k) => k.choices && (k.key === option.long?.slice(2) || k.params.includes(name)));
  return { candidates: key?.choices ? choiceCandidates(key.choices, typed, lead) : [] };
}

/** The arguments' own values: their choices (`completion <shell>`), or the profiles for one named profile. */
function operandCandidates(at: Position, typed: string, env: NodeJS.ProcessEnv): Candidate[] {
  const args = at.command.registeredArguments;
  const arg = args[at.operands.length] ?? (args.at(-1)?.variadic ? args.at(-1) : undefined);
  if (!arg) return [];
  const own = completerOf(arg);
  if (own) return own(typed, at);
  if (arg.argChoices) return startingWith(arg.argChoices.map((value) => ({ value })), typed);
  return arg.name() === "profile" ? startingWith(profileCandidates(configPathOf(at.config, env)), typed) : [];
}

/**
 * The candidates for the last of `words` (the words after the program's name,
 * as typed: quotes are read here), each the whole word it would make.
 */
export async function complete(program: Command, words: string[], env: NodeJS.ProcessEnv): Promise<Completion> {
  const plain = words.map(unquote);
  const typed = plain.at(-1) ?? "";
  const at = position(program, plain.slice(0, -1));
  if (at.pending && (at.pending.required || !typed.startsWith("-"))) return valueCandidates(at, at.pending, typed, "", env);
  if (!at.dashes && typed.startsWith("--") && typed.includes("=")) {
    const eq = typed.indexOf("=");
    const option = findOption(at.command, typed.slice(0, eq));
    return option && takesValue(option) ? valueCandidates(at, option, typed.slice(eq + 1), typed.slice(0, eq + 1), env) : { candidates: [] };
  }
  if (!at.dashes && typed.startsWith("-")) return { candidates: startingWith(optionCandidates(at.command), typed) };
  const helpTopic = at.command === program && at.operands.length === 1 && at.operands[0] === "help";
  if ((at.operands.length === 0 && at.command.commands.length > 0) || helpTopic) return { candidates: startingWith(commandCandidates(at.command), typed) };
  return { candidates: operandCandidates(at, typed, env) };
}
