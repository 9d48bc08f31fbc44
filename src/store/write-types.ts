import type { Recording } from "../api/schemas.js";
import type { PlannedWrite } from "../writes/execute.js";
import type { VerbInput } from "../writes/verb.js";

/**
 * The explorer's state of writes: what a confirm box, a write's form and a line that asks for a value
 * hold, and the rows marked for a write on several. Re-exported by types.ts.
 */

/** A write the explorer asks to confirm before it sends anything. */
export type WriteRequest =
  | { kind: "download"; sessionId: string; recordings: Recording[]; dir: string }
  /**
   * A write of a definition (src/writes/): its words and the exact writes the box shows, sent as they are
   * on y (never planned again); `undo`: they undo journal entries.
   */
  | { kind: "verb"; words: string; writes: readonly PlannedWrite[]; undo?: true };

/** A write waiting for a value typed in the line: what it is, and where the value goes. */
export interface VerbPrompt {
  words: string;
  input: VerbInput;
  /**
   * The argument (its words split on spaces when it takes several) or the flag the line fills; or
   * what must be typed back before a write that destroys is sent (its id).
   */
  into: { arg: string; several?: boolean } | { flag: string } | { typeBack: string };
  /** The line edits a field of the open form (e): Enter puts the value in the form, it asks nothing yet. */
  form?: true;
  /** What the line asks, before it: `add to crew (uids): `. */
  label: string;
}

/** A box over the view that has the keys: a write to confirm, a secret shown once, or secrets to show. */
export type Dialog =
  /** `back`: the form it was asked from, open again when it is cancelled (the edits kept). */
  | { kind: "confirm"; title: string; lines: string[]; write: WriteRequest; back?: VerbForm }
  | { kind: "secret"; title: string; lines: string[]; value: string }
  /** v on an item: its secrets shown whole once confirmed (the screen may be shared). */
  | { kind: "reveal"; title: string; lines: string[] }
  | VerbForm;

/** One field of a write's form: its flag, the value the row had, and the value it will send. */
export interface VerbFormField {
  flag: string;
  description: string;
  had: string;
  value: string;
}

/** e: the fields a write takes (`user update`: name, role, …), filled from the row; only those changed are sent. */
export interface VerbForm {
  kind: "form";
  title: string;
  lines: string[];
  words: string;
  input: VerbInput;
  fields: VerbFormField[];
  selected: number;
}

/** The rows marked on a screen (`at`: the app and the route), each by its id, with the row as sent. */
export interface Marks {
  at: string;
  rows: Array<{ id: string; row: Record<string, unknown> }>;
}
