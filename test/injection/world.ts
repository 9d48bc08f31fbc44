import { KIND, type PostedMessage } from "../../src/emulator/data/message-store.js";
import type { App, Call, Group, User } from "../../src/emulator/data/model.js";
import { PAYLOADS, type Payload } from "./payloads.js";

/**
 * Puts the payloads into the emulator's world, in place, before any request
 * (the emulator sorts groups once, on the first query). Every string field a
 * view or a printout shows gets one: names and guids, descriptions, tags,
 * metadata keys and values, owners and members (users), the calls' ids,
 * initiators and receivers, participants and their devices, recordings; and
 * (injectChat) the chat side: users, every message, the acting user's
 * conversations.
 */

/** The word every injected group's name starts with: `/zqinj` lists them all, and only them. */
export const MARK = "zqinj";

export interface Injected {
  groups: Array<{ group: Group; payload: Payload }>;
  calls: Array<{ call: Call; payload: Payload; originalId: string }>;
  users: Array<{ user: User; payload: Payload }>;
}

const at = (i: number) => PAYLOADS[i % PAYLOADS.length]!;

/** A user (member, owner) per payload, round the seeded users; their uids change, their memberships do not. */
function injectUsers(app: App): Injected["users"] {
  const users: Injected["users"] = [];
  app.users.slice(0, app.seededUsers).forEach((user, i) => {
    const p = at(i);
    app.userIndexByUid.delete(user.uid);
    user.uid = `u${i}-${p.text}`;
    user.name = `${p.name} ${p.text} name`;
    app.userIndexByUid.set(user.uid, i);
    users.push({ user, payload: p });
  });
  return users;
}

/** One group per payload, every field carrying it. */
function injectGroups(app: App): Injected["groups"] {
  return PAYLOADS.map((p, i) => {
    const group = app.groups[i]!;
    app.groupIndexByGuid.delete(group.guid);
    group.guid = `${MARK}-${p.name}-${p.text}`;
    group.name = `${MARK} ${p.name} ${p.text} end`;
    group.description = `about ${p.text} this`;
    group.tags = [`tag-${p.text}`, "plain"];
    group.metadata = { [`key-${p.text}`]: `value-${p.text}`, nested: { [p.text]: [p.text] } };
    group.nameKey = group.name.toLowerCase();
    group.guidKey = group.guid.toLowerCase();
    app.groupIndexByGuid.set(group.guid, i);
    return { group, payload: p };
  });
}

/**
 * The newest calls, one per payload: the session id it sends back (the one
 * asked for still finds it), the initiator and receiver, every participant's
 * uid and device, and a recording's id and URL.
 */
function injectCalls(app: App): Injected["calls"] {
  return PAYLOADS.map((p, i) => {
    const call = app.calls[i]!;
    const originalId = call.sessionId;
    call.sessionId = `${originalId}-${p.text}`;
    app.callBySessionId.set(call.sessionId, call);
    call.initiator = `init-${p.text}`;
    call.receiver = `recv-${p.text}`;
    call.receiverType = "user";
    call.participants.forEach((part, k) => {
      part.uid = `part${k}-${p.text}`;
      part.deviceId = `dev${k}-${p.text}`;
    });
    const start = call.startedAt;
    if (call.recordings.length === 0) call.recordings.push({ rid: "", recording_url: "", startTime: start, endTime: start + 60, duration: 1 });
    call.recordings.forEach((r, k) => {
      r.rid = `rec${k}-${p.text}`;
      r.recording_url = `https://recordings.example/${p.name}/${p.text}/${k}.mp4`;
    });
    call.hasRecording = true;
    call.tags = [`tag-${p.text}`];
    call.metaData = { [`key-${p.text}`]: p.text };
    return { call, payload: p, originalId };
  });
}

/** Every payload, in every field, of app `index`. */
export function inject(app: App): Injected {
  return { users: injectUsers(app), groups: injectGroups(app), calls: injectCalls(app) };
}

/** One call carrying every payload: a participant and a recording for each. */
export function injectCrowdedCall(app: App, index: number): Call {
  const call = app.calls[index]!;
  const template = call.participants[0]!;
  call.participants = PAYLOADS.map((p, k) => ({ ...template, uid: `crowd${k}-${p.text}`, deviceId: `cdev${k}-${p.text}` }));
  call.totalParticipants = call.participants.length;
  call.recordings = PAYLOADS.map((p, k) => ({
    rid: `crec${k}-${p.text}`, recording_url: `https://recordings.example/crowd/${p.name}/${p.text}.mp4`,
    startTime: call.startedAt, endTime: call.startedAt + 60, duration: 1,
  }));
  call.hasRecording = true;
  return call;
}

// ---- the chat side ---------------------------------------------------------------

/**
 * The user ccx acts for (--as, onBehalfOf): its uid goes in a request header,
 * where no control character can go, so it is plain; every other field of it
 * carries a payload.
 */
export const ACTING_UID = "zqinj-acting";

/** How a planted message carries its payload; message `i` takes form `i % 5` and payload `i % 21`, so any 105 in a row hold every pair. */
const MESSAGE_FORMS = ["text", "named-attachment", "odd-kind", "custom", "action"] as const;
type MessageForm = (typeof MESSAGE_FORMS)[number];

export interface InjectedChat {
  /** Seeded user 0: a plain uid, a payload in every other field. */
  acting: User;
  /** Every seeded user but the acting one: a payload in the uid, name, avatar, role, tags and metadata. */
  users: Injected["users"];
  groups: Injected["groups"];
  /** The acting user's 1:1 with every other seeded user, the newest message of each from that user, in the user's payload. */
  conversations: Array<{ user: User; payload: Payload; last: number }>;
}

/** A message as POST /messages would keep it, in one of the forms. */
function postedMessage(p: Payload, form: MessageForm): PostedMessage {
  const tags = [`tag-${p.text}`];
  switch (form) {
    case "text":
      return { category: "message", type: "text", data: { text: `${p.name} said ${p.text} end` }, tags };
    case "named-attachment":
      return {
        category: "message", type: "image", tags,
        data: { text: `look ${p.text}`, attachments: [{ name: `photo-${p.text}.png`, extension: "png", mimeType: "image/png", size: 1, url: "https://files.example/photo.png" }] },
      };
    case "odd-kind":
      // No name: the attachment is known by its URL's last part. A category and a type no SDK sends.
      return { category: `cat-${p.text}`, type: `type-${p.text}`, data: { attachments: [{ url: `https://files.example/${p.name}/file-${p.text}` }] }, tags };
    case "custom":
      return { category: "custom", type: `poll-${p.text}`, data: { customData: { question: `ask ${p.text}`, [`key-${p.text}`]: [p.text] } }, tags };
    case "action":
      return { category: "action", type: "groupMember", data: { action: `did-${p.text}`, text: `acted ${p.text}` }, tags };
  }
}

/** Makes message `i` a posted one, carrying `p` in `form` (it keeps its sender, conversation and time). */
function plantMessage(app: App, i: number, p: Payload, form: MessageForm): void {
  const store = app.messages;
  const posted = postedMessage(p, form);
  store.kind[i] = KIND.posted;
  store.posted.set(i, posted);
  store.text[i] = typeof posted.data.text === "string" ? posted.data.text : "";
}

/**
 * The chat side of `app`, with a payload everywhere a person wrote or
 * named something: users (uid, name, avatar, role, tags, metadata), groups
 * (as `inject` does), every message (its text, an attachment's name or URL, a
 * custom type and data, an action, an odd category and type, its tags; the
 * entities of its sender and receiver are the users'), and one conversation
 * of the acting user with every other seeded user. Before any request, as
 * `inject`; what a test reads back of a message is in `app.messages.posted`.
 */
export function injectChat(app: App): InjectedChat {
  const all = injectUsers(app);
  for (const { user, payload: p } of all) {
    user.avatar = `https://avatars.example/${p.name}/${p.text}.png`;
    user.role = `role-${p.text}`;
    user.tags = [`tag-${p.text}`, "plain"];
    user.metadata = { [`key-${p.text}`]: `value-${p.text}`, nested: { [p.text]: [p.text] } };
  }
  const acting = all[0]!.user;
  app.userIndexByUid.delete(acting.uid);
  acting.uid = ACTING_UID;
  app.userIndexByUid.set(acting.uid, 0);
  const groups = injectGroups(app);

  const store = app.messages;
  for (let i = 0; i < store.count; i++) plantMessage(app, i, at(i), MESSAGE_FORMS[i % MESSAGE_FORMS.length]!);
  // The acting user's 1:1 with each other user, newest of all: the conversations list shows each.
  const conversations: InjectedChat["conversations"] = [];
  for (const { user, payload } of all.slice(1)) {
    const k = app.userIndexByUid.get(user.uid)!;
    const conversation = store.userConversation(0, k);
    const sentAt = store.sentAt[store.count - 1]! + 1;
    const i = store.add({ sentAt, sender: k, conversation: conversation.index, kind: KIND.posted });
    plantMessage(app, i, payload, MESSAGE_FORMS[k % MESSAGE_FORMS.length]!);
    conversations.push({ user, payload, last: i });
  }
  return { acting, users: all.slice(1), groups, conversations };
}

/**
 * Appends one text message per text, each the newest of all, from `from` to
 * the acting user in their 1:1 (before or after requests: the store only
 * grows, in time order). Returns their ids.
 */
export function injectTexts(app: App, from: User, texts: readonly string[]): string[] {
  const store = app.messages;
  const k = app.userIndexByUid.get(from.uid)!;
  const conversation = store.userConversation(0, k);
  return texts.map((text) => {
    const i = store.add({ sentAt: store.sentAt[store.count - 1]! + 1, sender: k, conversation: conversation.index, kind: KIND.posted, text });
    store.posted.set(i, { category: "message", type: "text", data: { text } });
    return String(i + 1);
  });
}
