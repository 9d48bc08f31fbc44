import { FLAG, KIND, type Conversation, MESSAGE_TAGS, MessageStore, isMediaKind } from "./message-store.js";
import type { App, Group } from "./model.js";
import { Random } from "./random.js";
import { MESSAGE_LINKS, MESSAGE_TEXTS } from "./vocabulary.js";

const DAY = 86_400;
/** Seeded messages span the 120 days before the world's clock. */
const SPAN = 120 * DAY;

/** Kinds by weight; a conversation between two users has no group actions. */
const GROUP_KINDS: ReadonlyArray<readonly [number, number]> = [
  [KIND.text, 70], [KIND.image, 6], [KIND.file, 3], [KIND.audio, 2], [KIND.video, 2], [KIND.groupMember, 7],
  [KIND.audioCall, 3], [KIND.videoCall, 3], [KIND.location, 1.5], [KIND.poll, 1.5], [KIND.meeting, 1],
];
const PAIR_KINDS = GROUP_KINDS.filter(([kind]) => kind !== KIND.groupMember);

/** The k-th member of a group, in the order membership is derived from (members.ts). */
function memberAt(app: App, group: Group, k: number): number {
  return (group.memberStep * k + group.ownerIndex) % app.seededUsers;
}

/** Groups that talk: those created before the messages begin, when there are enough of them. */
function groupPool(r: Random, app: App, count: number, start: number): Group[] {
  const wanted = Math.min(app.groups.length, Math.max(4, Math.round(count / 60)));
  const older = app.groups.filter((g) => g.createdAt <= start);
  const pool = older.length >= wanted ? older : app.groups;
  return r.sample(pool.length, wanted).map((k) => pool[k]!);
}

/** Pairs of users that talk. The first user talks to the next few, so that a demo's first user has chats. */
function pairPool(r: Random, app: App, count: number): Array<[number, number]> {
  const users = app.seededUsers;
  if (users < 2) return [];
  const wanted = Math.min((users * (users - 1)) / 2, Math.max(4, Math.round(count / 80)));
  const pairs: Array<[number, number]> = [];
  const seen = new Set<number>();
  const add = (a: number, b: number) => {
    const [low, high] = a < b ? [a, b] : [b, a];
    if (low === high || seen.has(low * users + high)) return;
    seen.add(low * users + high);
    pairs.push([low, high]);
  };
  for (let b = 1; b < users && pairs.length < Math.min(wanted, 6); b++) add(0, b);
  for (let tries = 0; pairs.length < wanted && tries < wanted * 20; tries++) add(r.int(0, users - 1), r.int(0, users - 1));
  return pairs;
}

/** A moment after `sentAt`, at most `delay` later, never past the clock (sentAt is before it). */
const later = (r: Random, sentAt: number, now: number, delay: number) => sentAt + r.int(1, Math.max(1, Math.min(delay, now - sentAt)));

/** An index skewed towards the start, so that a few conversations are long and most are short. */
const skewed = (r: Random, n: number) => Math.floor(n * r.next() ** 2);

/**
 * The app's messages as a pure function of the seed: 60% in groups (senders
 * drawn from the members), the rest between pairs of users. `sentAt` strictly
 * increases with the id, spread over the 120 days before `now`, as long as there
 * are fewer messages than seconds in that span.
 */
export function generateMessages(seed: number, app: App, count: number, now: number): MessageStore {
  const store = new MessageStore(count + 64);
  if (count === 0) return store;
  const r = new Random(seed, app.appId, "messages");
  const start = now - SPAN;
  const groups = groupPool(r, app, count, start);
  const pairs = pairPool(r, app, count);
  if (groups.length + pairs.length === 0) return store;
  // Conversations are made on first use, so that none is left empty.
  const groupConversations: Array<Conversation | undefined> = [];
  const pairConversations: Array<Conversation | undefined> = [];
  const spare = SPAN - count;

  for (let i = 0; i < count; i++) {
    const sentAt = spare >= 0 ? start + i + Math.floor((spare * (i + r.next())) / count) : start + Math.floor((SPAN * i) / count);
    const toGroup = groups.length > 0 && (pairs.length === 0 || r.chance(0.6));
    let conversation: Conversation;
    let sender: number;
    let other: number;
    let group: Group | undefined;
    if (toGroup) {
      const slot = skewed(r, groups.length);
      group = groups[slot]!;
      conversation = groupConversations[slot] ??= store.groupConversation(group.index);
      sender = memberAt(app, group, Math.floor(group.seededMembers * r.next() ** 1.5));
      other = memberAt(app, group, r.int(0, group.seededMembers - 1));
    } else {
      const slot = skewed(r, pairs.length);
      const [a, b] = pairs[slot]!;
      conversation = pairConversations[slot] ??= store.userConversation(a, b);
      [sender, other] = r.chance(0.5) ? [a, b] : [b, a];
    }

    let kind = r.weighted(toGroup ? GROUP_KINDS : PAIR_KINDS);
    let parent = -1;
    const recent = conversation.messages;
    if (recent.length > 0 && r.chance(0.06)) {
      const candidate = recent[recent.length - 1 - r.int(0, Math.min(recent.length, 12) - 1)]!;
      if (store.kind[candidate]! <= KIND.video && store.parent[candidate] === -1 && store.deletedAt[candidate] === 0) {
        parent = candidate;
        kind = KIND.text;
      }
    }

    let text = "";
    let flags = isMediaKind(kind) ? FLAG.attachment : 0;
    let mention = -1;
    let editedAt = 0;
    if (kind === KIND.text) {
      text = r.pick(MESSAGE_TEXTS);
      if (other !== sender && r.chance(0.08)) {
        mention = other;
        text = `<@uid:${app.users[other]!.uid}> ${text}`;
      }
      if (r.chance(0.07)) {
        text = `${text} ${r.pick(MESSAGE_LINKS)}`;
        flags |= FLAG.link;
      }
      if (r.chance(0.06)) editedAt = later(r, sentAt, now, 7200);
    }
    let deletedAt = 0;
    let deletedBy = -1;
    if (kind <= KIND.video) {
      if (r.chance(0.12)) flags |= FLAG.reactions;
      if (r.chance(0.03)) {
        deletedAt = Math.max(editedAt, later(r, sentAt, now, 2 * DAY));
        deletedBy = group && r.chance(0.2) ? group.ownerIndex : sender;
      }
    }
    store.add({
      sentAt, sender, conversation: conversation.index, kind, parent, editedAt, deletedAt, deletedBy, mention, flags, text,
      tags: r.chance(0.05) ? 1 << r.int(0, MESSAGE_TAGS.length - 1) : 0,
      detail: Math.floor(r.next() * 2 ** 32),
    });
  }
  for (const conversation of store.conversations) conversation.seeded = conversation.messages.length;
  return store;
}
