import { Random } from "./random.js";

/**
 * The webhook triggers the service's documentation lists (its legacy
 * webhooks): the events a webhook can be posted for. A webhook's triggers
 * are drawn from these alone.
 */
export const WEBHOOK_TRIGGERS: ReadonlyArray<{ id: string; description: string }> = [
  { id: "before_message", description: "a message is in flight, before it is processed" },
  { id: "after_message", description: "a message was sent" },
  { id: "message_delivery_receipt", description: "a message was delivered" },
  { id: "message_read_receipt", description: "a message was read" },
  { id: "message_edited", description: "a message was edited" },
  { id: "message_deleted", description: "a message was deleted" },
  { id: "message_reaction_added", description: "a reaction was added to a message" },
  { id: "message_reaction_removed", description: "a reaction was removed from a message" },
  { id: "user_blocked", description: "a user blocked another" },
  { id: "user_unblocked", description: "a user unblocked another" },
  { id: "user_connection_status_changed", description: "a user came online or went offline" },
  { id: "group_created", description: "a group was created" },
  { id: "group_updated", description: "a group was updated" },
  { id: "group_deleted", description: "a group was deleted" },
  { id: "group_member_joined", description: "a user joined a group" },
  { id: "group_member_left", description: "a member left a group" },
  { id: "group_member_added", description: "a user was added to a group" },
  { id: "group_member_kicked", description: "a member was kicked" },
  { id: "group_member_banned", description: "a member was banned" },
  { id: "group_member_unbanned", description: "a user was unbanned" },
  { id: "group_member_scope_changed", description: "a member's scope changed" },
  { id: "call_initiated", description: "a call was initiated" },
  { id: "call_started", description: "a call started" },
  { id: "call_participant_joined", description: "a participant joined a call" },
  { id: "call_participant_left", description: "a participant left a call" },
  { id: "call_ended", description: "a call ended" },
  { id: "meeting_started", description: "a meeting started" },
  { id: "meeting_ended", description: "a meeting ended" },
  { id: "recording_generated", description: "a call's recording is ready" },
];

export interface Webhook {
  id: string;
  name: string;
  webhookURL: string;
  enabled: boolean;
  useBasicAuth: boolean;
  username?: string;
  /** A secret: the service answers it in clear, ccx masks it. */
  password?: string;
  createdAt: number;
  updatedAt: number;
  /** Ids of WEBHOOK_TRIGGERS. */
  triggers: string[];
}

const PURPOSES = ["push relay", "CRM sync", "analytics", "moderation queue", "audit log"] as const;

/** An app's webhooks: two to four, each posted for a few of the documented triggers. */
export function generateWebhooks(seed: number, appId: string, createdAt: number, now: number): Webhook[] {
  const r = new Random(seed, appId, "webhooks");
  return Array.from({ length: r.int(2, 4) }, (_, i) => {
    const purpose = PURPOSES[i % PURPOSES.length]!;
    const made = r.int(createdAt, now - 86_400);
    const basic = r.chance(0.6);
    const webhook: Webhook = {
      id: `wh-${purpose.replace(/\s+/g, "-")}-${r.hex(6)}`,
      name: purpose,
      webhookURL: `https://hooks.example.com/${appId}/${purpose.replace(/\s+/g, "-")}`,
      enabled: i === 0 || r.chance(0.7),
      useBasicAuth: basic,
      createdAt: made,
      updatedAt: r.chance(0.5) ? r.int(made, now - 60) : made,
      triggers: r.sample(WEBHOOK_TRIGGERS.length, r.int(2, 6)).sort((a, b) => a - b).map((t) => WEBHOOK_TRIGGERS[t]!.id),
    };
    if (basic) Object.assign(webhook, { username: "ccx-hooks", password: `pw-${r.hex(20)}` });
    return webhook;
  });
}
