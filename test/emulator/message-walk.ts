import { expect } from "vitest";
import type { EmulatorFixture } from "../support/emulator.js";

/** Helpers shared by the chat suites: a message as sent, and a walk over a list by id. */

export interface WireMessage {
  id: string; conversationId: string; sender: string; receiver: string; receiverType: string; category: string; type: string;
  data: { text?: string; attachments?: Array<Record<string, unknown>>; entities: Record<string, { entity: Record<string, unknown>; entityType: string }> } & Record<string, unknown>;
  sentAt: number; updatedAt: number; editedAt?: number | null; editedBy?: string | null; deletedAt?: number | null; deletedBy?: string | null;
  parentId?: string; replyCount?: number; mentionedUsers?: Array<{ uid: string }>; reactions?: unknown[]; tags?: string[];
}
export type Params = Record<string, string | number | boolean>;

/** Every message a query lists, oldest first, walking back from the newest with the cursor a client derives (the oldest id seen). */
export async function walkMessages(fx: EmulatorFixture, path: string, params: Params = {}, headers: Record<string, string> = {}, limit = 1000): Promise<WireMessage[]> {
  const pages: WireMessage[][] = [];
  let cursor: Params = {};
  for (;;) {
    const reply = await fx.chat(path, { ...params, limit, ...cursor }, headers);
    expect(reply.status, reply.text).toBe(200);
    const data = reply.body.data as WireMessage[];
    if (data.length > 0) pages.unshift(data);
    if (data.length < limit) return pages.flat();
    cursor = { id: Number(data[0]!.id), affix: "prepend" };
  }
}

export const ids = (ms: WireMessage[]) => ms.map((m) => m.id);
