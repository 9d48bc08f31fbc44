import { KIND, type Conversation } from "./data/message-store.js";
import type { App } from "./data/model.js";
import { mix32 } from "./data/random.js";
import { reactionCounts } from "./data/reactions.js";
import { ATTACHMENT_FILES, MEETING_TITLES, POLL_QUESTIONS } from "./data/vocabulary.js";
import { type EmulatorOptions, docsForm } from "./options.js";
import { groupJson, userJson } from "./serialize.js";

/**
 * A stored message as the service sends it (docs/service.md, Messages). The
 * store keeps numbers; names, files, calls and reactions are drawn here, when
 * a message is sent, from the message's random `detail` word.
 */

type Json = Record<string, unknown>;

export interface MessageView {
  withTags: boolean;
  /** The user it is shown to (onBehalfOf): their reactions are marked reactedByMe. */
  viewer?: number;
}

/** `group_<guid>`, or the two uids sorted and joined by `_user_`. */
export function conversationIdOf(app: App, conversation: Conversation): string {
  if (conversation.group >= 0) return `group_${app.groups[conversation.group]!.guid}`;
  return [app.users[conversation.userA]!.uid, app.users[conversation.userB]!.uid].sort().join("_user_");
}

const SENT_FROM = ["web", "ios", "android"] as const;
const CALL_ENDINGS = ["ended", "ended", "ended", "unanswered", "rejected", "cancelled"] as const;
const MEMBER_ACTIONS = ["joined", "joined", "added", "left", "kicked"] as const;
const SIZE_RANGES = { image: [20e3, 5e6], file: [1e3, 20e6], audio: [50e3, 10e6], video: [1e6, 200e6] } as const;

function attachment(app: App, i: number, type: keyof typeof ATTACHMENT_FILES): Json {
  const d = app.messages.detail[i]!;
  const files = ATTACHMENT_FILES[type];
  const [base, extension, mimeType] = files[d % files.length]!;
  const name = `${base}-${1000 + ((d >>> 8) % 9000)}.${extension}`;
  const [low, high] = SIZE_RANGES[type];
  return {
    name, extension, mimeType, size: low + (mix32(d) % (high - low)),
    url: `https://data-${app.region}.cometchat.io/${app.appId}/media/${i + 1}/${name}`,
  };
}

const entity = (value: Json, entityType: string) => ({ entity: value, entityType });

interface Parties {
  sender: number;
  /** A user index, or a group index when `group`. */
  receiver: number;
  group: boolean;
  receiverId: string;
  conversationId: string;
}

/** 40 hex digits drawn from a message's detail word, as a channel secret looks. */
const hex40 = (d: number, i: number) => Array.from({ length: 5 }, (_, k) => mix32(d, i, k).toString(16).padStart(8, "0")).join("");

/** `data` without its entities, and the entities a kind adds beside sender and receiver. */
function content(app: App, i: number, parties: Parties, view: MessageView, options: EmulatorOptions): { data: Json; entities?: Json } {
  const store = app.messages;
  const kind = store.kind[i]!;
  const d = store.detail[i]!;
  const sentAt = store.sentAt[i]!;
  const user = (index: number) => userJson(app.users[index]!, view.withTags);
  switch (kind) {
    case KIND.text:
      // One text in four carries the client's metadata, as the examples' do.
      return { data: { text: store.text[i], ...((d >>> 20) % 4 === 0 ? { metadata: { sentFrom: SENT_FROM[(d >>> 22) % SENT_FROM.length]! } } : {}) } };
    case KIND.image: case KIND.file: case KIND.audio: case KIND.video:
      return { data: { attachments: [attachment(app, i, store.typeOf(i) as keyof typeof ATTACHMENT_FILES)] } };
    case KIND.groupMember: {
      const group = app.groups[parties.receiver]!;
      const action = MEMBER_ACTIONS[d % MEMBER_ACTIONS.length]!;
      // Joining and leaving are done by the member; adding and kicking to another one.
      const k = (d >>> 8) % group.seededMembers;
      const target = action === "joined" || action === "left" ? parties.sender : (group.memberStep * k + group.ownerIndex) % app.seededUsers;
      return {
        data: { action },
        entities: { by: entity(user(parties.sender), "user"), on: entity(user(target), "user"), for: entity(groupJson(app, group, view, options), "group") },
      };
    }
    case KIND.audioCall: case KIND.videoCall: {
      const status = CALL_ENDINGS[d % CALL_ENDINGS.length]!;
      const duration = status === "ended" ? 20 + ((d >>> 4) % 3600) : 0;
      const sessionid = `v1.${app.region}.${app.appId}.${sentAt - duration}${d.toString(16).padStart(8, "0")}`;
      const by = entity(user(parties.sender), "user");
      const to = parties.group ? entity(groupJson(app, app.groups[parties.receiver]!, view, options), "group") : entity({ ...user(parties.receiver), conversationId: parties.conversationId }, "user");
      // The call as the export's call messages embed it: the old form (a lower-case sessionid), its own
      // data with the two parties, and the channel the call's signalling ran on.
      const call: Json = {
        data: { entities: { sender: by, receiver: to } },
        type: store.typeOf(i), sender: app.users[parties.sender]!.uid, status, receiver: parties.receiverId, sessionid,
        wsChannel: { secret: hex40(d, i), service: `${app.appId}.call`, identity: `[${app.appId}]${sessionid}` },
        initiatedAt: sentAt - duration, receiverType: parties.group ? "group" : "user", conversationId: parties.conversationId,
      };
      if (status === "ended") Object.assign(call, { joinedAt: sentAt - duration + 3, startedAt: sentAt - duration + 3, endedAt: sentAt });
      return { data: { action: status }, entities: { by, on: entity(call, "call"), for: to } };
    }
    case KIND.location:
      return { data: { customData: { latitude: (d % 18000) / 100 - 90, longitude: ((d >>> 15) % 36000) / 100 - 180 } } };
    case KIND.poll:
      return { data: { customData: { question: POLL_QUESTIONS[d % POLL_QUESTIONS.length], options: ["Yes", "No", "Maybe"] } } };
    case KIND.meeting:
      return { data: { customData: { title: MEETING_TITLES[d % MEETING_TITLES.length], startsAt: sentAt + 3600 * (1 + ((d >>> 8) % 72)) } } };
    default: {
      const posted = app.messages.posted.get(i)!;
      return posted.call ? callActionContent(app, parties, posted.call, view, options) : { data: { ...posted.data } };
    }
  }
}

/** A live call's action message: the action, who acted, the call as it stands (its log's fields), and its receiver. */
function callActionContent(app: App, parties: Parties, { sessionId, action }: { sessionId: string; action: string }, view: MessageView, options: EmulatorOptions): { data: Json; entities: Json } {
  const log = app.callBySessionId.get(sessionId)!;
  const by = entity(userJson(app.users[parties.sender]!, view.withTags), "user");
  const to = parties.group ? entity(groupJson(app, app.groups[parties.receiver]!, view, options), "group")
    : entity({ ...userJson(app.users[app.userIndexByUid.get(log.receiver) ?? parties.receiver]!, view.withTags), conversationId: parties.conversationId }, "user");
  const call: Json = {
    type: log.type, sender: log.initiator, status: action, receiver: log.receiver, sessionid: sessionId,
    initiatedAt: log.initiatedAt, receiverType: log.receiverType, conversationId: parties.conversationId,
  };
  if (action === "ongoing" || action === "ended") call.joinedAt = log.startedAt;
  if (action === "ended" && log.endedAt !== undefined) call.endedAt = log.endedAt;
  return { data: { action }, entities: { by, on: entity(call, "call"), for: to } };
}

export function messageJson(app: App, i: number, view: MessageView, options: EmulatorOptions): Json {
  const store = app.messages;
  const conversation = store.conversations[store.conversation[i]!]!;
  const sender = store.sender[i]!;
  const group = conversation.group >= 0;
  const receiver = group ? conversation.group : conversation.userA === sender ? conversation.userB : conversation.userA;
  const receiverId = group ? app.groups[receiver]!.guid : app.users[receiver]!.uid;
  const deleted = store.deletedAt[i]! > 0;
  const conversationId = conversationIdOf(app, conversation);
  const { data, entities } = content(app, i, { sender, receiver, group, receiverId, conversationId }, view, options);
  // A deleted message keeps who and when, not what.
  const shown: Json = deleted ? {} : data;
  shown.entities = {
    ...(deleted ? {} : entities),
    sender: entity(userJson(app.users[sender]!, view.withTags), "user"),
    // A user receiver's entity names the conversation, as the exports' examples do.
    receiver: group ? entity(groupJson(app, app.groups[receiver]!, view, options), "group") : entity({ ...userJson(app.users[receiver]!, view.withTags), conversationId }, "user"),
  };
  const id = String(i + 1);
  const json: Json = {
    id, conversationId, sender: app.users[sender]!.uid, receiver: receiverId,
    receiverType: group ? "group" : "user", category: store.categoryOf(i), type: store.typeOf(i), data: shown,
    sentAt: store.sentAt[i], updatedAt: store.updatedAt(i),
  };
  if (store.editedAt[i]! > 0) Object.assign(json, { editedAt: store.editedAt[i], editedBy: app.users[sender]!.uid });
  if (deleted) Object.assign(json, { deletedAt: store.deletedAt[i], deletedBy: app.users[store.deletedBy[i]!]!.uid });
  if (store.parent[i]! >= 0) json.parentId = String(store.parent[i]! + 1);
  if (store.replyCount[i]! > 0) json.replyCount = store.replyCount[i];
  if (!deleted && store.mention[i]! >= 0) json.mentionedUsers = [userJson(app.users[store.mention[i]!]!, view.withTags)];
  const reactions = deleted ? [] : reactionCounts(app, i, view.viewer);
  if (reactions.length > 0) json.reactions = reactions;
  const tags = view.withTags ? store.tagsOf(i) : [];
  if (tags.length > 0) json.tags = tags;
  // The documented examples send what a message lacks as null.
  if (docsForm(options, id, 0, 3)) for (const field of ["editedAt", "editedBy", "deletedAt", "deletedBy"]) json[field] ??= null;
  return json;
}
