/**
 * One request at a time per slot ("app/groups", "app/call/<id>"): starting one
 * aborts the slot's previous request, and an answer that arrives after a newer
 * request (or a cancel) for the same slot is known stale and dropped. Lists
 * and details both go through it.
 */
export interface SlotRequest {
  signal: AbortSignal;
  /** False once a newer request for the slot began, or the slot was cancelled. */
  isCurrent(): boolean;
  /** Forgets the request once it is over (the map holds only requests under way). */
  finish(): void;
}

export class RequestSlots {
  private readonly controllers = new Map<string, AbortController>();

  begin(slot: string): SlotRequest {
    this.cancel(slot);
    const controller = new AbortController();
    this.controllers.set(slot, controller);
    return {
      signal: controller.signal,
      isCurrent: () => this.controllers.get(slot) === controller && !controller.signal.aborted,
      finish: () => {
        if (this.controllers.get(slot) === controller) this.controllers.delete(slot);
      },
    };
  }

  /** Aborts the slot's request, if any: its answer will be dropped. */
  cancel(slot: string): void {
    this.controllers.get(slot)?.abort();
    this.controllers.delete(slot);
  }

  cancelAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
  }

  /** Requests under way (for tests and the soak: the map must not grow). */
  get size(): number {
    return this.controllers.size;
  }
}
