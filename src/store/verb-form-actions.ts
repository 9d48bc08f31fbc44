import { verbNamed } from "../writes/index.js";
import { type VerbInput, fieldAt } from "../writes/verb.js";
import { type StoreContext, activeApp } from "./context.js";
import type { VerbForm } from "./types.js";

/**
 * e: a write's form (`user update`, `group update`, `webhook update`,
 * `message edit`): the flags it takes, each filled with the value the row
 * has; Enter edits the field under the cursor in the line, y asks to send
 * the fields changed (the same confirm box as every write), Esc sends
 * nothing.
 */
export interface VerbFormActions {
  /** Opens the form of a write for a row: its words, the input the row gives, and the row as sent. */
  openVerbForm(words: string, input: VerbInput, row: Record<string, unknown> | undefined): void;
  moveVerbField(index: number): void;
  /** Enter: the field under the cursor, in the line, its value to edit. */
  editVerbField(): void;
  /** The line's Enter: the field's new value, in the form. */
  setVerbField(flag: string, value: string): void;
  /** y: asks to send the fields changed; nothing changed, nothing asked. */
  sendVerbForm(): void;
}

/** A field of a row as the form shows it: text as is, a list as `a,b`, an object as JSON. */
function formValue(row: Record<string, unknown> | undefined, path: string): string {
  const value = fieldAt(row, path);
  if (value === undefined || value === null) return "";
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(",");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** What the form of a write uses: the box that asks it. */
interface VerbFormNeeds {
  askVerb(words: string, input: VerbInput, back?: VerbForm): void;
}

export function verbFormActions(ctx: StoreContext<VerbFormNeeds & VerbFormActions>): VerbFormActions {
  const formOf = (): VerbForm | undefined => {
    const dialog = ctx.get().ui.dialog;
    return dialog?.kind === "form" ? dialog : undefined;
  };
  const setForm = (patch: Partial<VerbForm>) => {
    const form = formOf();
    if (form) ctx.set({ ui: { ...ctx.get().ui, dialog: { ...form, ...patch } } });
  };

  return {
    openVerbForm(words, input, row) {
      if (activeApp(ctx.get())?.readOnly) return ctx.get().notify(`read-only mode: ${words} refused, nothing sent`);
      const verb = verbNamed(words);
      const flags = (verb?.flags ?? []).filter((f) => f.value !== undefined && input.flags[f.flag] === undefined);
      if (!verb || flags.length === 0) return ctx.get().notify(`${words}: no fields to edit`);
      const fields = flags.map((f) => {
        const had = formValue(row, f.field ?? f.flag);
        return { flag: f.flag, description: f.description, had, value: had };
      });
      const id = Object.values(input.args).flat().join(" ");
      ctx.set({ ui: { ...ctx.get().ui, dialog: {
        kind: "form", title: `${words} ${id}`, words, input, fields, selected: 0,
        lines: ["only the fields changed are sent; the request is shown before it goes"],
      } } });
    },

    moveVerbField(index) {
      const form = formOf();
      if (form) setForm({ selected: Math.max(0, Math.min(index, form.fields.length - 1)) });
    },

    editVerbField() {
      const form = formOf();
      const field = form?.fields[form.selected];
      if (!form || !field) return;
      ctx.set({ ui: { ...ctx.get().ui, prompt: { kind: "verb", text: field.value, cursor: field.value.length, verb: { words: form.words, input: form.input, into: { flag: field.flag }, label: `${field.flag}: `, form: true } } } });
    },

    setVerbField(flag, value) {
      const form = formOf();
      if (form) setForm({ fields: form.fields.map((f) => (f.flag === flag ? { ...f, value } : f)) });
    },

    sendVerbForm() {
      const form = formOf();
      if (!form) return;
      const changed = form.fields.filter((f) => f.value !== f.had);
      if (changed.length === 0) return ctx.get().notify("nothing changed: nothing to send (Enter edits a field, Esc closes)");
      // The confirm box takes the form's place: the exact request, asked as every write is.
      ctx.get().askVerb(form.words, { ...form.input, flags: { ...form.input.flags, ...Object.fromEntries(changed.map((f) => [f.flag, f.value])) } }, form);
    },
  };
}
