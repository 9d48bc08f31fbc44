import { type ExplorerState, marksHere } from "../../store/explorer-store.js";
import { VERBS } from "../../writes/index.js";
import { resourceNamed } from "../../resources/index.js";
import { type VerbInput, type VerbKey, type WriteVerb, verbWords } from "../../writes/verb.js";
import type { Route } from "../../store/types.js";
import type { Binding, KeyContext } from "./types.js";
import { writeKey } from "./write-key.js";

/** Where a write's key lands: the list (:friends, :groups), its parameters (`:friends alice`), the row under the cursor. */
export interface VerbSpot {
  on: string;
  params: readonly string[];
  row?: Record<string, unknown>;
  /** The item in view itself (`on` its resource's singular), not a row among others: rows marked are not it. */
  item?: true;
}

/** The keys writes may have, in the order help lists them, and what each means. */
const VERB_KEYS: ReadonlyArray<[VerbKey["key"], string]> = [
  ["+", "add"], ["-", "remove"], ["D", "delete (or deactivate)"], ["e", "edit"], ["R", "mark read"], ["s", "switch on or off"],
  ["t", "create an auth token"], ["m", "send a message"],
];

/** Keys that act on one thing at a time, never on rows marked: a token for a user, a message to one receiver. */
const ONE_AT_A_TIME: ReadonlySet<VerbKey["key"]> = new Set(["+", "t", "m"]);

interface Offered {
  words: string;
  verb: WriteVerb;
  key: VerbKey;
}

/**
 * One input for several marked rows: the values of a variadic argument put together (`user deactivate
 * a b c`), every other argument and flag the same for all; a string says why they cannot go as one.
 */
export function mergedInput(words: string, inputs: readonly VerbInput[]): VerbInput | string {
  const [first, ...rest] = inputs;
  if (!first) return "nothing marked";
  const args: VerbInput["args"] = { ...first.args };
  for (const input of rest) {
    for (const [name, value] of Object.entries(input.args)) {
      const had = args[name];
      if (Array.isArray(had) && Array.isArray(value)) args[name] = [...new Set([...had, ...value])];
      else if (had !== value) return `${words} takes one ${name} at a time: esc unmarks the rows`;
    }
    for (const [flag, value] of Object.entries(input.flags)) {
      if (first.flags[flag] !== value) return `${words} takes one --${flag} at a time: esc unmarks the rows`;
    }
  }
  return { args, flags: first.flags };
}

/** What a list's Rows marks: the rows marked here, by the id the screen gives a row; undefined with none marked. */
export function markedRows<Row>(state: ExplorerState, idOf: (row: Row) => string): ((row: Row) => boolean) | undefined {
  const marks = marksHere(state);
  if (marks.length === 0) return undefined;
  const ids = new Set(marks.map((m) => m.id));
  return (row) => ids.has(idOf(row));
}

/**
 * The keys of the writes that the lists named offer (their definitions' `keys`, src/writes/), each
 * acting where the cursor is, or on the rows marked with space: + asks for what to add in the line, e
 * opens the write's form, the others ask at once. Read-only refuses them before anything is asked; a
 * list that offers none of a key's writes leaves it out of the footer.
 */
export function verbKeyBindings<R extends Route = Route>(lists: readonly string[], spotOf: (c: KeyContext<R>) => VerbSpot | readonly VerbSpot[] | undefined): Binding<R>[] {
  // Where a key may act, first first: an item's own writes, then those of the rows below it.
  const spotsOf = (c: KeyContext<R>): readonly VerbSpot[] => {
    const spots = spotOf(c);
    return spots === undefined ? [] : Array.isArray(spots) ? spots : [spots as VerbSpot];
  };
  const rowsSpot = (c: KeyContext<R>) => spotsOf(c).find((spot) => !spot.item);
  const offered: Offered[] = VERBS.flatMap((verb) => (verb.keys ?? []).filter((k) => lists.includes(k.on)).map((key) => ({ words: verbWords(verb).join(" "), verb, key })));
  const onRows = (k: VerbKey) => !ONE_AT_A_TIME.has(k.key) && !k.form;
  const marking = offered.some((o) => onRows(o.key));
  const keys = VERB_KEYS.filter(([letter]) => offered.some((o) => o.key.key === letter)).map(([letter, meaning]) => {
    const uses = offered.filter((o) => o.key.key === letter);
    const here = (c: KeyContext<R>) => {
      for (const spot of spotsOf(c)) {
        const found = uses.find((o) => o.key.on === spot.on && (o.key.when?.(spot.row) ?? true));
        if (found) return { ...found, spot };
      }
      return undefined;
    };
    // m on a thread sends there, whatever row the cursor is on.
    const needsRow = letter !== "+" && letter !== "m";
    // A list read by a flag of a shared command (a group's messages) is said by that command's name (:messages), once.
    const where = (o: Offered) => (lists.length > 1 ? ` on :${resourceNamed(o.key.on)?.listFlag?.command ?? o.key.on}` : "");
    const undone = uses.every((o) => !o.verb.irreversible) ? "; U in :journal undoes it" : uses.some((o) => o.verb.destructive) ? "; one that destroys only once its id is typed back" : "";
    const marks = (c: KeyContext<R>, at: { key: VerbKey; spot: VerbSpot }) => (onRows(at.key) && !at.spot.item ? marksHere(c.state) : []);
    return writeKey<R>({
      keys: [letter],
      description: `${meaning}: ${[...new Set(uses.map((o) => `${o.words}${where(o)}`))].join(", ")} (asks first${undone})`,
      footer: (c) => {
        const at = here(c);
        const marked = at ? marks(c, at).length : 0;
        return `${at?.key.footer ?? meaning}${marked > 0 ? ` ${marked} marked` : ""}`;
      },
      onRows: needsRow,
      // `-` that does what `D` does here (kick a member) works, but the footer names it once, as D.
      offered: (c) => {
        const at = here(c);
        return at !== undefined && !(letter === "-" && offered.some((o) => o.key.key === "D" && o.key.on === at.spot.on && o.words === at.words));
      },
      disabled: (c) => {
        const at = here(c);
        if (!at) return `no ${letter} here`;
        return needsRow && !at.spot.row && marks(c, at).length === 0 ? "no row selected" : undefined;
      },
      run: (c) => {
        const at = here(c)!;
        const store = c.store.getState();
        const marked = marks(c, at);
        const inputs = (marked.length > 0 ? marked.map((m) => m.row) : [at.spot.row]).map((row) => at.key.input({ params: at.spot.params, row, as: c.state.user }));
        const refused = inputs.find((i): i is string => typeof i === "string");
        if (refused) return store.notify(refused);
        const input = mergedInput(at.words, inputs as VerbInput[]);
        if (typeof input === "string") return store.notify(input);
        // + makes a new one: its form starts empty, not from the row under the cursor.
        if (at.key.form) return store.openVerbForm(at.words, input, needsRow ? at.spot.row : undefined);
        const { asks } = at.key;
        if (asks) return store.askVerbValue({ words: at.words, input, into: asks.into, label: typeof asks.label === "string" ? asks.label : asks.label(input) }, asks.initial);
        store.askVerb(at.words, input);
      },
    });
  });
  if (!marking) return keys;
  const markable = (c: KeyContext<R>) => {
    const spot = rowsSpot(c);
    return spot !== undefined && offered.some((o) => o.key.on === spot.on && onRows(o.key));
  };
  const mark: Binding<R> = {
    keys: [" "], description: "mark the row (space again unmarks it) for a write on every row marked: -, D, R act on them all; esc unmarks them", onRows: true,
    offered: markable,
    disabled: (c) => (!markable(c) ? "no write here acts on marked rows" : rowsSpot(c)?.row && c.selection()?.id ? undefined : "no row selected"),
    run: (c) => {
      c.store.getState().toggleMark(String(c.selection()!.id), rowsSpot(c)!.row!);
      c.cursor.set(c.cursor.index + 1);
    },
  };
  return [...keys, mark];
}
