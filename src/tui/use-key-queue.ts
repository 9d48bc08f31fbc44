import { useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import { keyNames } from "./keys.js";

/**
 * Dispatches key presses one per render, so that each sees the state the one
 * before left (`jj` moves twice, `/ab` opens the filter and types "ab").
 * `queued` is true for a key that came in the same event as an earlier one:
 * a text input that opened meanwhile never saw it. `handle` returns false when
 * the rest of the event is not its to dispatch (a text input has it already).
 */
export function useKeyQueue(handle: (name: string, queued: boolean) => boolean, isActive: boolean): void {
  const queue = useRef<string[]>([]);
  const [tick, setTick] = useState(0);
  useInput((text, key) => {
    const [first, ...rest] = keyNames(text, key);
    if (first === undefined) return;
    if (handle(first, false) && rest.length > 0) {
      queue.current.push(...rest);
      setTick((t) => t + 1);
    }
  }, { isActive });
  useEffect(() => {
    const next = queue.current.shift();
    if (next === undefined) return;
    handle(next, true);
    if (queue.current.length > 0) setTick((t) => t + 1);
  }, [tick]);
}
