import { randomBytes } from "node:crypto";
import { type RecordingUrl, cdnRecordingUrl } from "../recordings/url.js";
import { generateCalls } from "./calls.js";
import { memberStep } from "./members.js";
import { generateMessages } from "./messages.js";
import { MessageStore } from "./message-store.js";
import { REGIONS, type App, type Group, type GroupType, type Sizes, type User, type World } from "./model.js";
import { generateWebhooks } from "./webhooks.js";
import { Random, hash32, mix32 } from "./random.js";
import {
  APP_NAMES, DESCRIPTIONS, FIRST_NAMES, GROUP_ADJECTIVES, GROUP_NOUNS, HOSTILE_GROUP_NAMES,
  LAST_NAMES, TAGS, UNICODE_GROUP_NAMES, UNICODE_NAMES, USER_ROLES,
} from "./vocabulary.js";

const DAY = 86_400;

/**
 * The whole world as a pure function of the seed, the sizes and the clock
 * anchor; recordings point where `recordingUrl` says (the emulator passes its own origin).
 */
export function generateWorld(seed: number, sizes: Sizes, now: number, recordingUrl: RecordingUrl = cdnRecordingUrl): World {
  const master = new Random(seed, "world");
  const apps: App[] = [];
  const usedAppIds = new Set<string>();
  for (let i = 0; i < sizes.apps; i++) {
    let appId = master.hex(14);
    while (usedAppIds.has(appId)) appId = master.hex(14);
    usedAppIds.add(appId);
    const region = REGIONS[i % REGIONS.length]!;
    const suffix = i < APP_NAMES.length ? "" : ` ${i + 1}`;
    apps.push(generateApp(seed, sizes, now, recordingUrl, {
      appId,
      region,
      name: `${APP_NAMES[i % APP_NAMES.length]}${suffix} (${region.toUpperCase()})`,
      fullAccessKey: master.hex(40),
      authOnlyKey: master.hex(40),
      createdAt: now - master.int(400, 900) * DAY,
    }));
  }
  return { seed, now, apps, management: { key: `mgmt_${master.hex(24)}`, secret: master.hex(48) }, tenants: [] };
}

/**
 * An app made by `POST /apps` at `now`: its keys at random (the service makes them), its users,
 * groups, calls and messages a few (or, skipping the sample data, one user and nothing else).
 */
export function createdApp(world: World, identity: Omit<AppIdentity, "fullAccessKey" | "authOnlyKey" | "createdAt">, now: number, sample: boolean): App {
  const sizes = sample ? { apps: 1, groups: 3, calls: 0, users: 10, messages: 30 } : { apps: 1, groups: 0, calls: 0, users: 0, messages: 0 };
  const app = generateApp(world.seed, sizes, now, cdnRecordingUrl, { ...identity, fullAccessKey: randomBytes(20).toString("hex"), authOnlyKey: randomBytes(20).toString("hex"), createdAt: now });
  app.plan = "Build";
  return app;
}

interface AppIdentity {
  appId: string;
  region: App["region"];
  name: string;
  fullAccessKey: string;
  authOnlyKey: string;
  createdAt: number;
}

/** A few deactivated users besides the active ones (docs/service.md: hidden from GET /users unless asked for). */
const deactivatedFor = (active: number) => Math.max(1, Math.round(active * 0.03));

function generateApp(seed: number, sizes: Sizes, now: number, recordingUrl: RecordingUrl, identity: AppIdentity): App {
  const active = Math.max(1, sizes.users);
  const users = generateUsers(seed, identity.appId, active + deactivatedFor(active), now, identity.createdAt);
  for (let i = active; i < users.length; i++) {
    const r = new Random(seed, identity.appId, "deactivated", i);
    const user = users[i]!;
    user.deactivatedAt = r.int(user.updatedAt, now - 60);
    user.status = "offline";
    if (user.lastActiveAt !== undefined) user.lastActiveAt = Math.min(user.lastActiveAt, user.deactivatedAt);
  }
  // Owners and members are drawn from the active users only.
  const groups = generateGroups(seed, identity.appId, sizes.groups, users.slice(0, active), now, identity.createdAt);
  const app: App = {
    ...identity,
    seed,
    plan: new Random(seed, identity.appId, "plan").pick(["Free", "Essentials", "Professional", "Enterprise"]),
    state: "active",
    users,
    seededUsers: active,
    userIndexByUid: new Map(users.map((u, i) => [u.uid, i])),
    groups,
    groupIndexByGuid: new Map(groups.map((g, i) => [g.guid, i])),
    calls: [],
    callBySessionId: new Map(),
    messages: new MessageStore(0),
    webhooks: generateWebhooks(seed, identity.appId, identity.createdAt, now),
    currentWebhooks: [],
    pushCertificates: {},
    issuedTokens: new Map(),
    changes: { members: new Map(), bans: new Map(), blocks: new Map(), reviews: new Map(), friends: new Map(), reactions: new Map(), reads: new Map(), delivered: new Map(), purged: new Set(), revokedTokens: new Set(),
      moderationLists: { rules: new Map(), keywords: new Map(), reasons: new Map() }, flags: new Map(),
      conversationTags: new Map(), conversationsDeleted: new Map(), tokenDetails: new Map(), heldAtSend: new Map() },
  };
  app.calls = generateCalls(seed, app, sizes.calls, now, recordingUrl);
  app.callBySessionId = new Map(app.calls.map((c) => [c.sessionId, c]));
  app.messages = generateMessages(seed, app, sizes.messages, now);
  return app;
}

function slug(text: string): string {
  return text.normalize("NFKD").replace(/[^\w\s-]/g, "").trim().toLowerCase().replace(/[\s_]+/g, "-");
}

function generateUsers(seed: number, appId: string, count: number, now: number, since: number): User[] {
  const users: User[] = [];
  for (let i = 0; i < count; i++) {
    const r = new Random(seed, appId, "user", i);
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const unicode = i >= FIRST_NAMES.length && r.chance(0.2);
    const name = unicode ? r.pick(UNICODE_NAMES) : `${first} ${r.pick(LAST_NAMES)}`;
    // The first users get the short uids people type (alice, bob, …); the rest are numbered.
    const uid = unicode ? `user${i}` : `${slug(first)}${i < FIRST_NAMES.length ? "" : i}`;
    const createdAt = r.int(since, now - DAY);
    const user: User = {
      uid,
      name,
      status: r.chance(0.3) ? "available" : "offline",
      role: r.pick(USER_ROLES),
      createdAt,
      updatedAt: r.chance(0.5) ? r.int(createdAt, now - 60) : createdAt,
    };
    if (r.chance(0.7)) user.avatar = `https://avatars.example.com/${uid}.png`;
    if (r.chance(0.9)) user.lastActiveAt = r.int(createdAt, now - 60);
    if (r.chance(0.2)) user.tags = [r.pick(TAGS)];
    // Drawn from the uid, not the stream: the users after it stay as they were before links were added.
    if (mix32(hash32(uid), 0x6c696e6b) % 5 < 2) user.link = `https://people.example.com/${uid}`;
    if (r.chance(0.15)) user.metadata = { "@private": { email: `${uid}@example.com` }, timezone: r.pick(["UTC", "Asia/Tokyo", "Europe/Berlin"]) };
    users.push(user);
  }
  return users;
}

function groupName(r: Random, index: number): string {
  // Hostile names sit at fixed places so that every app, however small, has them.
  const hostile = (index - 3) / 13;
  if (Number.isInteger(hostile) && hostile >= 0 && hostile < HOSTILE_GROUP_NAMES.length) {
    return HOSTILE_GROUP_NAMES[hostile]!;
  }
  if (r.chance(0.22)) return r.pick(UNICODE_GROUP_NAMES);
  const base = `${r.pick(GROUP_ADJECTIVES)} ${r.pick(GROUP_NOUNS)}`;
  return r.chance(0.4) ? `${base} ${r.int(1, 99)}` : base;
}

/** A group's count of members as generated: the count shown, and the one membership is derived from. */
const seeded = (count: number) => ({ membersCount: count, seededMembers: count });

function membersCountFor(r: Random, users: number): number {
  const bucket = r.weighted([[10, 6], [60, 3], [Math.max(60, users), 1]] as const);
  return Math.min(users, r.int(1, bucket));
}

function generateGroups(seed: number, appId: string, count: number, users: User[], now: number, since: number): Group[] {
  const groups: Group[] = [];
  const usedCreated = new Set<number>();
  for (let i = 0; i < count; i++) {
    const r = new Random(seed, appId, "group", i);
    const name = groupName(r, i);
    const asciiName = slug(name).replace(/-+/g, "-").replace(/^-|-$/g, "");
    const guid = `${asciiName && /^[a-z]/.test(asciiName) ? asciiName.slice(0, 24) : "grp"}-${i.toString(36)}`;
    let createdAt = r.int(since, now - 3600);
    while (usedCreated.has(createdAt)) createdAt = createdAt > since ? createdAt - 1 : createdAt + 1;
    usedCreated.add(createdAt);
    const type = r.weighted<GroupType>([["public", 5], ["private", 3], ["protected", 2]]);
    const ownerIndex = r.int(0, users.length - 1);
    // Every field is set, even when undefined, so that all groups share one
    // object shape and the query loop over 100,000 of them stays fast.
    groups.push({
      index: i,
      guid,
      name,
      description: r.chance(0.8) ? r.pick(DESCRIPTIONS) : undefined,
      icon: r.chance(0.6) ? `https://assets.example.com/groups/${guid}.png` : undefined,
      type,
      ...seeded(membersCountFor(r, users.length)),
      createdAt,
      updatedAt: createdAt,
      updatedBy: undefined,
      ownerIndex,
      ...memberStep(users.length, r.int(0, 2 ** 31)),
      tags: r.chance(0.45) ? r.sample(TAGS.length, r.int(1, 3)).map((t) => TAGS[t]!) : undefined,
      metadata: r.chance(0.25) ? { department: r.pick(GROUP_ADJECTIVES), priority: r.int(1, 5), archived: r.chance(0.1) } : undefined,
      nameKey: name.toLowerCase(),
      guidKey: guid.toLowerCase(),
    });
  }
  assignUpdates(seed, appId, groups, users, now);
  return groups;
}

/**
 * About 70% of groups were updated after creation. updatedAt values are unique
 * within an app, so that the updatedAt cursor orders groups without ties.
 */
function assignUpdates(seed: number, appId: string, groups: Group[], users: User[], now: number): void {
  const r = new Random(seed, appId, "updates");
  const updated = groups.map(() => r.chance(0.7));
  const used = new Set<number>();
  groups.forEach((g, i) => { if (!updated[i]) used.add(g.createdAt); });
  groups.forEach((g, i) => {
    if (!updated[i] || g.createdAt >= now - 1) return;
    let at = r.int(g.createdAt + 1, now - 1);
    while (used.has(at)) at = at < now - 1 ? at + 1 : g.createdAt + 1 + r.int(0, now - g.createdAt - 2);
    used.add(at);
    g.updatedAt = at;
    g.updatedBy = r.chance(0.7) ? users[g.ownerIndex]!.uid : r.pick(users).uid;
  });
}
