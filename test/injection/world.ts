import type { App, Call, Group, User } from "../../src/emulator/data/model.js";
import { PAYLOADS, type Payload } from "./payloads.js";

/**
 * Puts the payloads into the emulator's world, in place, before any request
 * (the emulator sorts groups once, on the first query). Every string field a
 * view or a printout shows gets one: names and guids, descriptions, tags,
 * metadata keys and values, owners and members (users), the calls' ids,
 * initiators and receivers, participants and their devices, recordings.
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
