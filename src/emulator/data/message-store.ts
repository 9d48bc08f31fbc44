/**
 * An app's messages, stored column-wise: one typed array per field, indexed by
 * message index (the message's id is its index + 1). A hundred thousand
 * messages would otherwise be a hundred thousand nested objects; here they are
 * a few megabytes of numbers, and each message becomes JSON only when sent.
 */

/** What a seeded message is, as one small number: [category, type]. */
export const KINDS = [
  ["message", "text"], ["message", "image"], ["message", "file"], ["message", "audio"], ["message", "video"],
  ["action", "groupMember"], ["call", "audio"], ["call", "video"],
  ["custom", "location"], ["custom", "poll"], ["custom", "meeting"],
] as const;

export const KIND = {
  text: 0, image: 1, file: 2, audio: 3, video: 4, groupMember: 5, audioCall: 6, videoCall: 7,
  location: 8, poll: 9, meeting: 10,
  /** Sent through POST /messages: category, type and data are kept as sent (`MessageStore.posted`). */
  posted: 255,
} as const;

/** The kinds that carry an attachment: the attachment's type is the message's type. */
export const isMediaKind = (kind: number): boolean => kind >= KIND.image && kind <= KIND.video;

/** Bits of `MessageStore.flags`. */
export const FLAG = { link: 1, reactions: 2, attachment: 4 } as const;

/** Tags seeded messages may carry, as bits of `MessageStore.tags`. */
export const MESSAGE_TAGS = ["important", "pinned", "follow-up", "faq", "todo"] as const;

export interface PostedMessage {
  category: string;
  type: string;
  data: Record<string, unknown>;
  tags?: string[];
  /** A live call's action message (live/call-messages.ts): its entities name the call at send time. */
  call?: { sessionId: string; action: string };
}

export interface Conversation {
  index: number;
  /** The group's index, or -1 for a conversation between two users. */
  group: number;
  /** The two users of a 1:1 conversation, lower index first (-1 for a group). */
  userA: number;
  userB: number;
  /** Message indexes, oldest first. */
  messages: number[];
  /** How many of `messages` were generated: seeded read positions count from these. */
  seeded: number;
}

export interface NewMessage {
  sentAt: number;
  sender: number;
  conversation: number;
  kind: number;
  parent?: number;
  editedAt?: number;
  deletedAt?: number;
  deletedBy?: number;
  /** The user mentioned, if any. */
  mention?: number;
  flags?: number;
  tags?: number;
  /** A random word that the message's details (file names, call status, …) are drawn from when sent. */
  detail?: number;
  text?: string;
}

function grown<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(column: T, capacity: number): T {
  const bigger = new (column.constructor as new (n: number) => T)(capacity);
  bigger.set(column);
  return bigger;
}

export class MessageStore {
  count = 0;
  sentAt: Float64Array;
  sender: Int32Array;
  conversation: Int32Array;
  kind: Uint8Array;
  /** The thread's parent message index, or -1. */
  parent: Int32Array;
  replyCount: Int32Array;
  /** 0 when never edited (or deleted). */
  editedAt: Float64Array;
  deletedAt: Float64Array;
  deletedBy: Int32Array;
  mention: Int32Array;
  flags: Uint8Array;
  tags: Uint8Array;
  detail: Uint32Array;
  /** The text of text messages ("" for the others). */
  text: string[] = [];
  posted = new Map<number, PostedMessage>();
  conversations: Conversation[] = [];
  private readonly conversationByKey = new Map<string, number>();

  constructor(capacity: number) {
    const n = Math.max(16, capacity);
    this.sentAt = new Float64Array(n);
    this.sender = new Int32Array(n);
    this.conversation = new Int32Array(n);
    this.kind = new Uint8Array(n);
    this.parent = new Int32Array(n);
    this.replyCount = new Int32Array(n);
    this.editedAt = new Float64Array(n);
    this.deletedAt = new Float64Array(n);
    this.deletedBy = new Int32Array(n);
    this.mention = new Int32Array(n);
    this.flags = new Uint8Array(n);
    this.tags = new Uint8Array(n);
    this.detail = new Uint32Array(n);
  }

  /** The conversation of a group, created on first use. */
  groupConversation(groupIndex: number): Conversation {
    return this.find(`g${groupIndex}`) ?? this.create(`g${groupIndex}`, groupIndex, -1, -1);
  }

  /** The conversation between two users, created on first use. */
  userConversation(a: number, b: number): Conversation {
    const [low, high] = a < b ? [a, b] : [b, a];
    return this.find(`u${low}:${high}`) ?? this.create(`u${low}:${high}`, -1, low, high);
  }

  /** The group's conversation, if anyone ever wrote to it. */
  findGroupConversation(groupIndex: number): Conversation | undefined {
    return this.find(`g${groupIndex}`);
  }

  /** The conversation between two users, if they ever wrote. */
  findUserConversation(a: number, b: number): Conversation | undefined {
    return this.find(a < b ? `u${a}:${b}` : `u${b}:${a}`);
  }

  private find(key: string): Conversation | undefined {
    const index = this.conversationByKey.get(key);
    return index === undefined ? undefined : this.conversations[index];
  }

  private create(key: string, group: number, userA: number, userB: number): Conversation {
    const conversation: Conversation = { index: this.conversations.length, group, userA, userB, messages: [], seeded: 0 };
    this.conversations.push(conversation);
    this.conversationByKey.set(key, conversation.index);
    return conversation;
  }

  /** Appends a message to the store and to its conversation; returns its index. */
  add(m: NewMessage): number {
    if (this.count === this.sentAt.length) this.grow(this.count * 2);
    const i = this.count++;
    this.sentAt[i] = m.sentAt;
    this.sender[i] = m.sender;
    this.conversation[i] = m.conversation;
    this.kind[i] = m.kind;
    this.parent[i] = m.parent ?? -1;
    this.editedAt[i] = m.editedAt ?? 0;
    this.deletedAt[i] = m.deletedAt ?? 0;
    this.deletedBy[i] = m.deletedBy ?? -1;
    this.mention[i] = m.mention ?? -1;
    this.flags[i] = m.flags ?? 0;
    this.tags[i] = m.tags ?? 0;
    this.detail[i] = m.detail ?? 0;
    this.text[i] = m.text ?? "";
    if (m.parent !== undefined && m.parent >= 0) this.replyCount[m.parent]!++;
    this.conversations[m.conversation]!.messages.push(i);
    return i;
  }

  private grow(capacity: number): void {
    this.sentAt = grown(this.sentAt, capacity);
    this.sender = grown(this.sender, capacity);
    this.conversation = grown(this.conversation, capacity);
    this.kind = grown(this.kind, capacity);
    this.parent = grown(this.parent, capacity);
    this.replyCount = grown(this.replyCount, capacity);
    this.editedAt = grown(this.editedAt, capacity);
    this.deletedAt = grown(this.deletedAt, capacity);
    this.deletedBy = grown(this.deletedBy, capacity);
    this.mention = grown(this.mention, capacity);
    this.flags = grown(this.flags, capacity);
    this.tags = grown(this.tags, capacity);
    this.detail = grown(this.detail, capacity);
  }

  categoryOf(i: number): string {
    const kind = this.kind[i]!;
    return kind === KIND.posted ? this.posted.get(i)!.category : KINDS[kind]![0];
  }

  typeOf(i: number): string {
    const kind = this.kind[i]!;
    return kind === KIND.posted ? this.posted.get(i)!.type : KINDS[kind]![1];
  }

  /** The latest of sent, edited and deleted. */
  updatedAt(i: number): number {
    return Math.max(this.sentAt[i]!, this.editedAt[i]!, this.deletedAt[i]!);
  }

  tagsOf(i: number): string[] {
    if (this.kind[i] === KIND.posted) return this.posted.get(i)!.tags ?? [];
    const bits = this.tags[i]!;
    return MESSAGE_TAGS.filter((_, b) => bits & (1 << b));
  }
}
