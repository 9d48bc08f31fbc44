import { afterEach, describe, expect, it, vi } from "vitest";
import { firstAnswer } from "../../src/cli/run/explore.js";

/** A store as zustand makes one: its state, and listeners told of each change. */
function storeOf(state: { waiting: boolean }) {
  const listeners = new Set<(s: { waiting: boolean }) => void>();
  return {
    getState: () => state,
    subscribe: (listener: (s: { waiting: boolean }) => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    set(next: { waiting: boolean }) {
      state = next;
      for (const listener of listeners) listener(state);
    },
    listeners,
  };
}

describe("the first frame's wait for the first answer", () => {
  afterEach(() => vi.useRealTimers());

  it("does not wait when the answer was read while the screens loaded (a near server)", async () => {
    vi.useFakeTimers();
    const store = storeOf({ waiting: false });
    let resolved = false;
    void firstAnswer(store, (s) => s.waiting, 150).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
    expect(store.listeners.size).toBe(0);
  });

  it("waits for the answer, and no longer than the pause when it is late", async () => {
    vi.useFakeTimers();
    const store = storeOf({ waiting: true });
    let resolved = false;
    void firstAnswer(store, (s) => s.waiting, 150).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(20);
    expect(resolved).toBe(false);
    store.set({ waiting: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
    expect(store.listeners.size).toBe(0);

    const slow = storeOf({ waiting: true });
    let gaveUp = false;
    void firstAnswer(slow, (s) => s.waiting, 150).then(() => (gaveUp = true));
    await vi.advanceTimersByTimeAsync(149);
    expect(gaveUp).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(gaveUp).toBe(true);
    expect(slow.listeners.size).toBe(0);
  });
});
