import TextInput from "ink-text-input";

export interface LineInputProps {
  value: string;
  onChange(value: string): void;
  /** Called with the value submitted (which may be newer than the last render's). */
  onSubmit(value: string): void;
}

/**
 * A one-line text input. Text and Enter that arrive in one read (a paste, or
 * typing ahead over SSH) reach ink-text-input as one chunk, which it would
 * keep whole, line break included: the break is taken as the Enter it was.
 */
export function LineInput({ value, onChange, onSubmit }: LineInputProps) {
  return (
    <TextInput
      value={value}
      onChange={(next) => {
        if (!/[\r\n]/.test(next)) return onChange(next);
        const line = next.replace(/[\r\n]+/g, "");
        onChange(line);
        onSubmit(line);
      }}
      onSubmit={onSubmit}
    />
  );
}
