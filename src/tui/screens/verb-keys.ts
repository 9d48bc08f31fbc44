import { VERBS } from "../../writes/index.js";
import { type VerbKey, type WriteVerb, verbWords } from "../../writes/verb.js";
import type { Binding, KeyContext } from "./types.js";
import { writeKey } from "./write-key.js";

/** Where a write's key lands: the list (`friends`, `groups`), its parameters (`:friends alice`), the row under the cursor. */
export interface VerbSpot {
  on: string;
  params: readonly string[];
  row?: Record<string, unknown>;
}

/** The keys writes may have, in the order help lists them, and what each means. */
const VERB_KEYS: ReadonlyArray<[VerbKey["key"], string]> = [["+", "add"], ["-", "remove"], ["D", "delete (or deactivate)"], ["e", "edit"], ["R", "mark read"]];

interface Offered {
  words: string;
  verb: WriteVerb;
  key: VerbKey;
}

/**
 * The keys of the writes that the lists named offer (their definitions' `keys`, src/writes/), each
 * acting where the cursor is: + asks for what to add in the line, e opens the write's form, the others
 * ask at once. Read-only refuses them before anything is asked; a list that offers none of a key's
 * writes leaves it out of the footer.
 */
export function verbKeyBindings(lists: readonly string[], spotOf: (c: KeyContext) => VerbSpot | undefined): Binding[] {
  const offered: Offered[] = VERBS.flatMap((verb) => (verb.keys ?? []).filter((k) => lists.includes(k.on)).map((key) => ({ words: verbWords(verb).join(" "), verb, key })));
  return VERB_KEYS.filter(([letter]) => offered.some((o) => o.key.key === letter)).map(([letter, meaning]) => {
    const uses = offered.filter((o) => o.key.key === letter);
    const here = (c: KeyContext) => {
      const spot = spotOf(c);
      const found = spot && uses.find((o) => o.key.on === spot.on);
      return found && spot ? { ...found, spot } : undefined;
    };
    const needsRow = letter !== "+";
    const where = (o: Offered) => (lists.length > 1 ? ` on :${o.key.on}` : "");
    const undone = uses.every((o) => !o.verb.irreversible) ? "; U in :journal undoes it" : uses.some((o) => o.verb.destructive) ? "; one that destroys only once its id is typed back" : "";
    return writeKey({
      keys: [letter],
      description: `${meaning}: ${uses.map((o) => `${o.words}${where(o)}`).join(", ")} (asks first${undone})`,
      footer: (c) => here(c)?.key.footer ?? meaning,
      onRows: needsRow,
      offered: (c) => here(c) !== undefined,
      disabled: (c) => {
        const at = here(c);
        if (!at) return `no ${letter} here`;
        return needsRow && !at.spot.row ? "no row selected" : undefined;
      },
      run: (c) => {
        const at = here(c)!;
        const store = c.store.getState();
        const input = at.key.input({ params: at.spot.params, row: at.spot.row, as: c.state.user });
        if (typeof input === "string") return store.notify(input);
        if (at.key.form) return store.openVerbForm(at.words, input, at.spot.row);
        if (at.key.asks) return store.askVerbValue({ words: at.words, input, into: at.key.asks.into, label: at.key.asks.label });
        store.askVerb(at.words, input);
      },
    });
  });
}
