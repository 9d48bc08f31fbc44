import { membersOf } from "./members.js";
import type { Conversation } from "./message-store.js";
import type { App } from "./model.js";
import { lastDeliveredIndex, lastReadIndex } from "./reads.js";

/**
 * GET /stats/messages (docs/emulator.md, Live mode, recordings and analytics):
 * messages sent and receipts per five minutes, derived from the message store.
 * The export says "in an interval of five minutes" and its example spans one
 * hour; so the twelve five-minute intervals of the hour up to the world's
 * clock, on the clock's five minutes: the last ends on the first mark at or after
 * it. The emulator keeps no receipt times: a message's receipts count in the
 * interval it was sent in.
 */

export const INTERVAL_SECONDS = 300;
export const INTERVALS = 12;

export interface MessageDataPoint {
  /** UNIX seconds: [startTime, endTime). */
  startTime: number;
  endTime: number;
  messagesSent: number;
  deliveryReceipts: number;
  readReceipts: number;
}

/** A receiver of a conversation and how far the conversation has reached them. */
interface Receiver {
  user: number;
  read: number;
  delivered: number;
}

/** Who receives the conversation's messages (every member of its group, or the two users), each with their positions. */
function receiversOf(app: App, conversation: Conversation): Receiver[] {
  const users = conversation.group >= 0 ? membersOf(app, app.groups[conversation.group]!).map((m) => m.userIndex) : [conversation.userA, conversation.userB];
  return users.map((user) => ({ user, read: lastReadIndex(app, conversation, user), delivered: lastDeliveredIndex(app, conversation, user) }));
}

/** The first message sent at or after `time`: sentAt never decreases along the store (seeded or posted). */
function firstAtOrAfter(sentAt: Float64Array, count: number, time: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sentAt[mid]! < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The intervals up to `now` (UNIX seconds): every message the store holds counts where it was sent
 * (deleted ones too: they were sent), and each of its receivers but the sender gives a delivery
 * receipt when it reached them and a read receipt when they read it (data/reads.ts).
 */
export function messageDataPoints(app: App, now: number): MessageDataPoint[] {
  const store = app.messages;
  const end = Math.ceil(now / INTERVAL_SECONDS) * INTERVAL_SECONDS;
  const points = Array.from({ length: INTERVALS }, (_, k): MessageDataPoint => {
    const startTime = end - (INTERVALS - k) * INTERVAL_SECONDS;
    return { startTime, endTime: startTime + INTERVAL_SECONDS, messagesSent: 0, deliveryReceipts: 0, readReceipts: 0 };
  });
  const start = points[0]!.startTime;
  const receivers = new Map<number, Receiver[]>();
  for (let i = firstAtOrAfter(store.sentAt, store.count, start); i < store.count && store.sentAt[i]! < end; i++) {
    const point = points[Math.floor((store.sentAt[i]! - start) / INTERVAL_SECONDS)]!;
    point.messagesSent++;
    const c = store.conversation[i]!;
    let those = receivers.get(c);
    if (!those) receivers.set(c, (those = receiversOf(app, store.conversations[c]!)));
    for (const r of those) {
      if (r.user === store.sender[i]) continue;
      if (i <= r.delivered) point.deliveryReceipts++;
      if (i <= r.read) point.readReceipts++;
    }
  }
  return points;
}
