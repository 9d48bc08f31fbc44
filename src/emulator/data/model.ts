import type { MessageStore } from "./message-store.js";
import type { Webhook } from "./webhooks.js";

/** The emulator's in-memory world: what it generates and serves. */

export const REGIONS = ["us", "eu", "in"] as const;
export type Region = (typeof REGIONS)[number];

export type GroupType = "public" | "private" | "protected";
export type MemberScope = "admin" | "moderator" | "participant";
export type CallStatus = "initiated" | "ongoing" | "ended" | "unanswered" | "rejected" | "canceled";
export type ParticipantState = "ongoing" | "ended" | "unanswered" | "rejected";

export interface User {
  uid: string;
  name: string;
  avatar?: string;
  /** Their profile page. */
  link?: string;
  status: "available" | "offline";
  role: string;
  createdAt: number;
  updatedAt: number;
  lastActiveAt?: number;
  tags?: string[];
  metadata?: Record<string, unknown>;
  /** Set for a deactivated user: hidden from GET /users unless asked for. */
  deactivatedAt?: number;
  /** Set for a user deleted for good: gone from every list, their uid free again. */
  deletedAt?: number;
}

export interface Group {
  index: number;
  guid: string;
  name: string;
  description?: string;
  icon?: string;
  type: GroupType;
  /** How many members it has now: the seeded ones, changed by the writes since (`App.changes`). */
  membersCount: number;
  /** How many members it was generated with: membership is derived from these (members.ts). */
  seededMembers: number;
  createdAt: number;
  /** Equal to createdAt for a group that was never updated. */
  updatedAt: number;
  updatedBy?: string;
  /** -1 for a group created through the API without an owner. */
  ownerIndex: number;
  /** The affine order of users that membership is derived from (members.ts). */
  memberStep: number;
  stepInverse: number;
  tags?: string[];
  metadata?: Record<string, unknown>;
  /** Set for a group deleted through the API: gone from every read, its guid free again. */
  deletedAt?: number;
  /** Lower-cased name and guid, for searchKey. */
  nameKey: string;
  guidKey: string;
}

export interface Member {
  userIndex: number;
  scope: MemberScope;
  joinedAt: number;
}

/** A participant entry as the service sends it; one per device. */
export interface Participant {
  uid: string;
  deviceId?: string;
  isJoined: boolean;
  joinedAt?: number;
  leftAt?: number;
  mid?: string;
  state: ParticipantState;
  totalAudioMinutes: number;
  totalVideoMinutes: number;
  totalDurationInMinutes: number;
}

export interface Recording {
  rid: string;
  recording_url: string;
  startTime: number;
  endTime: number;
  duration: number;
}

export interface Transcription {
  tid: string;
  mid: string;
  roomName: string;
  startTime: number;
  endTime: number;
  transcriptDate: number;
  transcriptUrl: string;
}

export interface Call {
  sessionId: string;
  type: "audio" | "video";
  mode: "call" | "meet" | "presenter";
  receiverType: "user" | "group";
  status: CallStatus;
  initiator: string;
  receiver: string;
  mid: string;
  initiatedAt: number;
  startedAt: number;
  endedAt?: number;
  totalAudioMinutes: number;
  totalVideoMinutes: number;
  totalDurationInMinutes: number;
  totalDuration: string;
  totalParticipants: number;
  hasRecording: boolean;
  hasTranscription: boolean;
  participants: Participant[];
  recordings: Recording[];
  transcriptions: Transcription[];
  /** Only on GET /calls/{sessionId}. */
  metaData?: Record<string, unknown>;
  tags?: string[];
  /** Every uid on the call (initiator, user receiver, participants), for `uid=` and onBehalfOf. */
  uids: Set<string>;
}

export interface App {
  seed: number;
  appId: string;
  region: Region;
  name: string;
  plan: string;
  state: string;
  createdAt: number;
  fullAccessKey: string;
  authOnlyKey: string;
  users: User[];
  /**
   * The first users, generated active at start: memberships, messages and blocks sample from these.
   * Deactivated users follow them, then users created through the API, so neither reshuffles them.
   */
  seededUsers: number;
  userIndexByUid: Map<string, number>;
  groups: Group[];
  groupIndexByGuid: Map<string, number>;
  /** Newest first. */
  calls: Call[];
  callBySessionId: Map<string, Call>;
  /** Every message of the app and the conversations they make up. */
  messages: MessageStore;
  /** The app's legacy webhooks (the management API's, without `X-Webhook-Version`), with their triggers. */
  webhooks: Webhook[];
  /** Its current webhooks, apart from the legacy ones: those a request with `X-Webhook-Version: 2` reaches. */
  currentWebhooks: Webhook[];
  /** The push extension's APNs certificates uploaded since start (multipart), by kind. */
  pushCertificates: Partial<Record<"p12" | "p8", UploadedCertificate>>;
  /** The auth tokens issued through the API since start, by uid (the seeded ones are derived: auth-tokens.ts). */
  issuedTokens: Map<string, Array<{ uid: string; authToken: string; createdAt: number }>>;
  /** What the writes changed of what is otherwise derived from the seed (members, bans, blocks). */
  changes: WorldChanges;
}

/** A certificate file as the emulator keeps it: its name, size and digest (the bytes themselves are not kept). */
export interface UploadedCertificate {
  fileName: string;
  bytes: number;
  sha256: string;
  uploadedAt: number;
}

/**
 * The writes' changes to derived relations, by the indexes they relate: a value sets the relation
 * (a membership with its scope, the time of a ban or a block), null undoes a seeded one.
 */
export interface WorldChanges {
  /** By group index, then user index. */
  members: Map<number, Map<number, Member | null>>;
  /** By group index, then user index: banned at, or null for unbanned. */
  bans: Map<number, Map<number, number | null>>;
  /** By blocker's index, then the blocked user's: blocked at, or null for unblocked. */
  blocks: Map<number, Map<number, number | null>>;
  /** By message index: a moderator's review of a blocked or flagged message, and when. */
  reviews: Map<number, { status: "approved" | "rejected" | "disapproved"; reviewedAt: number }>;  /** By user index, then the friend's (kept both ways): befriended at, or null for a friendship ended. */
  friends: Map<number, Map<number, number | null>>;
  /** By message index, then `<user index> <reaction>`: reacted at, or null for a reaction taken back. */
  reactions: Map<number, Map<string, number | null>>;
  /** By user index, then conversation index: the last message read (-1: none), as marked read or unread. */
  reads: Map<number, Map<number, number>>;
  /** By user index, then conversation index: the last message marked delivered. */
  delivered: Map<number, Map<number, number>>;
  /** The messages deleted for good: gone from every read. */
  purged: Set<number>;
  /** The auth tokens revoked (seeded or issued): gone from their user's list. */
  revokedTokens: Set<string>;
  /** The moderation rules, keyword lists and reasons written, by id: fields over a seeded one's, or null for one deleted (moderation-lists.ts). */
  moderationLists: Record<"rules" | "keywords" | "reasons", Map<string, Record<string, unknown> | null>>;
  /** By message index: a user's flag of it (reporter's index, the reason's id, their remark), and when. */
  flags: Map<number, { reporter: number; reason: string; remark?: string; flaggedAt: number }>;
  /** By user index, then conversation index: the user's own tags on it, as set through the API (over the derived ones). */
  conversationTags: Map<number, Map<number, string[]>>;
  /** By user index, then conversation index: the last message when they deleted it (it is back with a later one). */
  conversationsDeleted: Map<number, Map<number, number>>;
  /** By auth token: where it is used, as an update said (platform, userAgent, appInfo). */
  tokenDetails: Map<string, { platform?: string; userAgent?: string; appInfo?: Record<string, unknown> }>;
  /** By message index: the rule that blocked a message sent through the API, as it stood then (routes/moderation-at-send.ts). */
  heldAtSend: Map<number, HeldAtSend>;
}

/** A message a moderation rule blocked as it was sent: the rule's record then, the condition that matched, and what it matched. */
export interface HeldAtSend {
  ruleId: string;
  ruleName?: string;
  revisionId?: string;
  condition: Record<string, unknown>;
  action: unknown[];
  /** The keyword or the text a pattern matched. */
  matched: string;
  at: number;
}

/** The changes of one relation's owner (a group's members, a user's blocks), made on first write. */
export function changesOf<K, V>(map: Map<number, Map<K, V>>, owner: number): Map<K, V> {
  let changes = map.get(owner);
  if (!changes) map.set(owner, (changes = new Map()));
  return changes;
}

export interface World {
  seed: number;
  now: number;
  apps: App[];
  management: { key: string; secret: string };
  /** The tenants added since start (`POST /tenants`), each with the app made for it (not served: the apps are the seed's). */
  tenants: Tenant[];
}

export interface Tenant {
  name: string;
  email: string;
  contactNumber?: string;
  createdAt: number;
  app: { name: string; appId: string; region: "us" | "eu" | "in"; createdAt: number; plan: string };
}

export interface Sizes {
  apps: number;
  groups: number;
  calls: number;
  users: number;
  messages: number;
}
