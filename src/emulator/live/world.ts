import type { App, Call, World } from "../data/model.js";
import { Random } from "../data/random.js";
import type { EmulatorOptions } from "../options.js";
import type { RecordingUrl } from "../recordings/url.js";
import type { WebhookEvents } from "../webhook-events.js";
import { writeCallActions } from "./call-messages.js";
import { planNewCall } from "./new-call.js";
import { type CallPlan, render, settled } from "./plan.js";
import { planSeededCall } from "./seeded.js";

/** Seconds between two calls starting in one app. */
const GAP = [3, 5] as const;

/** What a running emulator exposes of its live world (`emulator.live`), so that tests need not sleep. */
export interface LiveClock {
  /** UNIX seconds the live world starts at: the later of `now` and the clock when the emulator started. */
  readonly anchor: number;
  /** Brings the world up to the live clock and returns the clock (UNIX seconds). */
  tick(): number;
  /** Moves the live clock `ms` of world time forward, then ticks. */
  advance(ms: number): number;
}

interface AppLive {
  app: App;
  /** The gaps between the app's live calls, drawn in order. */
  schedule: Random;
  next: number;
  nextStartAt: number;
  /** Plans with something left to change. */
  active: CallPlan[];
  groupPool: number[];
  /** The live time up to which the calls' action messages are written. */
  written: number;
}

/** Puts `items` (newest first) in front of `list`, in place: routes and tests hold the array. */
function prepend(list: Call[], items: Call[]): void {
  const n = items.length;
  list.length += n;
  list.copyWithin(n, 0, list.length - n);
  for (let i = 0; i < n; i++) list[i] = items[i]!;
}

/**
 * The live world. Every call's life is planned from the seed when it starts,
 * on a schedule relative to the anchor, and the calls are drawn from their
 * plans at the time asked. The world at a time is therefore the same however
 * often, or seldom, it was asked before: only the seed, the anchor and the
 * elapsed time count. The clock never goes back.
 */
export class LiveWorld implements LiveClock {
  readonly anchor: number;
  private readonly startMs: number;
  private advancedMs = 0;
  private last: number;
  private readonly apps: AppLive[];

  constructor(
    world: World,
    private readonly options: Pick<EmulatorOptions, "seed" | "liveSpeed" | "clock">,
    private readonly recordingUrl: RecordingUrl,
    private readonly events?: WebhookEvents,
  ) {
    this.startMs = options.clock();
    this.anchor = Math.max(world.now, Math.floor(this.startMs / 1000));
    this.last = this.anchor;
    this.apps = world.apps.map((app) => {
      const schedule = new Random(options.seed, app.appId, "live-schedule");
      return {
        app, schedule, next: 0, nextStartAt: this.anchor + schedule.int(...GAP),
        active: app.calls.filter((c) => c.status === "ongoing" || c.status === "initiated")
          .map((c) => planSeededCall(options.seed, app, c, world.now, recordingUrl)),
        groupPool: app.groups.filter((g) => g.membersCount >= 2).map((g) => g.index),
        written: this.anchor,
      };
    });
    this.tick();
  }

  tick(): number {
    const elapsedMs = (this.options.clock() - this.startMs) * this.options.liveSpeed + this.advancedMs;
    const now = Math.max(this.last, this.anchor + Math.floor(elapsedMs / 1000));
    this.last = now;
    for (const state of this.apps) this.bringUp(state, now);
    return now;
  }

  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError(`the live clock only moves forward, not by ${ms} ms`);
    this.advancedMs += ms;
    return this.tick();
  }

  private bringUp(state: AppLive, now: number): void {
    const { app } = state;
    const started: Call[] = [];
    while (state.nextStartAt <= now) {
      const plan = planNewCall({
        seed: this.options.seed, app, index: state.next, startAt: state.nextStartAt, groupPool: state.groupPool, recordingUrl: this.recordingUrl,
      });
      // Start times grow strictly and follow every seeded call's, so the list stays newest first.
      started.push(plan.call);
      app.callBySessionId.set(plan.call.sessionId, plan.call);
      state.active.push(plan);
      state.next++;
      state.nextStartAt += state.schedule.int(...GAP);
    }
    if (started.length > 0) prepend(app.calls, started.reverse());
    const fresh = new Set(started);
    for (const plan of state.active) {
      const was = fresh.has(plan.call) ? undefined : plan.call.status;
      render(plan, now);
      this.announce(app, plan, was);
    }
    // The calls' own messages since the last tick: the live clock never goes back, so none is written twice.
    writeCallActions(app, state.active, state.written, now);
    state.written = now;
    state.active = state.active.filter((plan) => !settled(plan, now));
  }

  /** The webhook events of what changed in a call since it was last drawn (`was`: undefined for a call just started). */
  private announce(app: App, plan: CallPlan, was: Call["status"] | undefined): void {
    if (!this.events) return;
    const { call } = plan;
    const open = (status: Call["status"] | undefined) => status === undefined || status === "initiated" || status === "ongoing";
    if (was === undefined) this.events.callInitiated(app, call);
    // A call may go from ringing to over between two draws: each step is said, in order.
    if (plan.answerAt !== undefined && was !== "ongoing" && open(was) && call.status !== "initiated") this.events.callStarted(app, call, plan.answerAt);
    if (open(was) && !open(call.status) && call.status === "ended") this.events.callEnded(app, call, plan.endAt);
  }
}
