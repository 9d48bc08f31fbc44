import { KIND } from "./message-store.js";
import type { App } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * Moderation as the service keeps it for an app: its rules (the defaults the
 * dashboard starts with), the keyword lists rules match, the messages a rule
 * blocked (each naming a rule that exists and the word it matched), the
 * messages users flagged, those reviewed, and the reasons to flag. Derived
 * from the seed: a seeded text message is blocked or flagged by its index.
 */

export interface KeywordList {
  id: string;
  name: string;
  description: string;
  searchTerms: string[];
}

/**
 * A rule's one condition, as the exports' rules carry theirs: on a message's `operand` (text, custom,
 * image, video), matching a keyword list (`isKeywordsReferencePresent`, `value` its id), a pattern
 * (`category: "pattern"`, `value` the regex) or a media model's verdict (`isMediaPresent`).
 */
export interface RuleCondition {
  operand: "text" | "custom" | "image" | "video";
  category: "word" | "pattern";
  /** A keyword list's id, a regex, or a model's threshold (`AnyOf_greaterThan_30`). */
  value: string;
  keywords: boolean;
  media: boolean;
}

export interface ModerationRule {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  /** The keyword list it matches, when it is a keyword rule (the condition's value). */
  keywordList?: string;
  condition: RuleCondition;
  /** What it does to a message it matches, as the exports name it. */
  action: "blockMessage" | "dropMessage";
  default: boolean;
}

/** The keyword lists: the words are those the emulator's messages are made of, so rules do match. */
export const KEYWORD_LISTS: readonly KeywordList[] = [
  { id: "profanity-en", name: "Profanity (English)", description: "Profane words", searchTerms: ["darn", "heck", "blast"] },
  { id: "competitors", name: "Competitor names", description: "Names of competitors", searchTerms: ["acme", "globex", "initech"] },
  { id: "contact-sharing", name: "Contact sharing", description: "Words that share contact details", searchTerms: ["phone", "email", "call me"] },
];

const words = (operand: RuleCondition["operand"], list: string): RuleCondition => ({ operand, category: "word", value: list, keywords: true, media: false });
const pattern = (regex: string): RuleCondition => ({ operand: "text", category: "pattern", value: regex, keywords: false, media: false });
const model = (operand: "image" | "video"): RuleCondition => ({ operand, category: "word", value: "AnyOf_greaterThan_30", keywords: false, media: true });

export const MODERATION_RULES: readonly ModerationRule[] = [
  { id: "rule-profanity", name: "Block profanity", description: "Blocks messages with words from the profanity list", enabled: true, keywordList: "profanity-en", condition: words("text", "profanity-en"), action: "blockMessage", default: true },
  { id: "rule-competitors", name: "Block competitor names", description: "Blocks messages naming a competitor", enabled: true, keywordList: "competitors", condition: words("text", "competitors"), action: "blockMessage", default: false },
  { id: "rule-contact", name: "Block contact sharing", description: "Blocks messages that share a phone number or an email address", enabled: true, keywordList: "contact-sharing", condition: words("text", "contact-sharing"), action: "blockMessage", default: true },
  { id: "rule-links", name: "Block unknown links", description: "Blocks links to domains not allowed", enabled: false, condition: pattern("https?://(?!example\\.com)\\S+"), action: "blockMessage", default: false },
  { id: "rule-images", name: "Block explicit images", description: "Blocks images the image model flags", enabled: true, condition: model("image"), action: "blockMessage", default: true },
  { id: "rule-videos", name: "Drop unsafe videos", description: "Drops videos the video model flags", enabled: true, condition: model("video"), action: "dropMessage", default: true },
  { id: "rule-custom-profanity", name: "Drop profane custom messages", description: "Drops custom messages with words from the profanity list", enabled: false, condition: words("custom", "profanity-en"), action: "dropMessage", default: true },
  { id: "rule-pii", name: "Block card numbers", description: "Blocks messages holding a card number", enabled: true, condition: pattern("\\b(?:\\d[ -]?){13,16}\\b"), action: "blockMessage", default: true },
];

export const FLAG_REASONS = [
  { id: "spam", name: "Spam", description: "Unwanted or repeated content" },
  { id: "harassment", name: "Harassment", description: "Bullying, threats or abuse" },
  { id: "hate", name: "Hate speech", description: "Attacks on a group of people" },
  { id: "nudity", name: "Nudity", description: "Sexual or explicit content" },
  { id: "other", name: "Other", description: "Anything else the reporter describes" },
] as const;

const MODERATE = 0x6d6f64;
const KEYWORD_RULES = MODERATION_RULES.filter((r) => r.enabled && r.keywordList);

export interface Blocked {
  index: number;
  rule: ModerationRule;
  /** The word of the keyword list it matched. */
  matched: string;
}

export interface Flagged {
  index: number;
  /** Who flagged it (a user's index), and why (an id of FLAG_REASONS). */
  reporter: number;
  reason: string;
  /** Reviewed: approved (kept) or disapproved (hidden); pending otherwise. */
  review?: "approved" | "disapproved";
  /** When a moderator reviewed it through the API (a seeded review's time is derived). */
  reviewedAt?: number;
  /** When it was flagged through the API (a seeded flag's time is derived), and the reporter's remark. */
  flaggedAt?: number;
  remark?: string;
}

interface Verdicts {
  blocked: Blocked[];
  blockedByIndex: Map<number, Blocked>;
  flagged: Flagged[];
}

const verdictsByApp = new WeakMap<App, Verdicts>();

/** Every seeded message's verdict, worked out once per app (the seeded messages never change). */
function verdictsOf(app: App): Verdicts {
  const known = verdictsByApp.get(app);
  if (known) return known;
  const store = app.messages;
  const verdicts: Verdicts = { blocked: [], blockedByIndex: new Map(), flagged: [] };
  const salt = mix32(hash32(app.appId), app.seed, MODERATE);
  for (let i = 0; i < store.count; i++) {
    if (store.kind[i] !== KIND.text || store.deletedAt[i]! > 0) continue;
    const roll = mix32(salt, i);
    if (roll % 61 === 0) {
      const rule = KEYWORD_RULES[(roll >>> 8) % KEYWORD_RULES.length]!;
      const terms = KEYWORD_LISTS.find((k) => k.id === rule.keywordList)!.searchTerms;
      const blocked = { index: i, rule, matched: terms[(roll >>> 12) % terms.length]! };
      verdicts.blocked.push(blocked);
      verdicts.blockedByIndex.set(i, blocked);
    } else if (roll % 89 === 1) {
      const reporter = (store.sender[i]! + 1 + ((roll >>> 4) % Math.max(1, app.seededUsers - 1))) % Math.max(1, app.seededUsers);
      const reviewed = (roll >>> 9) % 3;
      verdicts.flagged.push({
        index: i, reporter, reason: FLAG_REASONS[(roll >>> 6) % FLAG_REASONS.length]!.id,
        ...(reviewed === 0 ? {} : { review: reviewed === 1 ? "approved" : "disapproved" }),
      });
    }
  }
  verdictsByApp.set(app, verdicts);
  return verdicts;
}

/** The messages a rule blocked, oldest first. */
export const blockedMessages = (app: App): readonly Blocked[] => verdictsOf(app).blocked;

/** What blocked message `i`, if a rule did. */
export const blockedMessage = (app: App, i: number): Blocked | undefined => verdictsOf(app).blockedByIndex.get(i);

/** A flagged message as it stands: a review made through the API (`App.changes.reviews`) laid over the seed's. */
function asReviewed(app: App, flagged: Flagged): Flagged {
  const change = app.changes.reviews.get(flagged.index);
  return change ? { ...flagged, review: change.status as Flagged["review"], reviewedAt: change.reviewedAt } : flagged;
}

/** The seeded flags and those users made through the API (`App.changes.flags`: the latest flag of a message wins), oldest message first. */
function allFlagged(app: App): Flagged[] {
  const made = app.changes.flags;
  const seeded = verdictsOf(app).flagged.filter((f) => !made.has(f.index));
  const flagged = [...made].map(([index, f]) => ({ index, reporter: f.reporter, reason: f.reason, flaggedAt: f.flaggedAt, ...(f.remark === undefined ? {} : { remark: f.remark }) }));
  return [...seeded, ...flagged].sort((a, b) => a.index - b.index);
}

/** The messages flagged and not yet reviewed, and those reviewed. */
export const flaggedMessages = (app: App, reviewed: boolean): Flagged[] =>
  allFlagged(app).map((f) => asReviewed(app, f)).filter((f) => (f.review !== undefined) === reviewed);

/** Flagged message `i`, reviewed or not, if users flagged it. */
export function flaggedMessage(app: App, i: number): Flagged | undefined {
  const flagged = allFlagged(app).find((f) => f.index === i);
  return flagged && asReviewed(app, flagged);
}

/** A blocked message's moderation status (message `i`): disapproved until a moderator approves or rejects it. */
export const blockedStatus = (app: App, i: number): string => app.changes.reviews.get(i)?.status ?? "disapproved";

/** Whether a rule blocked message `i`: a seeded one, or one sent through the API (`App.changes.heldAtSend`), whatever its review since. */
export const ruleBlocked = (app: App, i: number): boolean => blockedMessage(app, i) !== undefined || app.changes.heldAtSend.has(i);

/** Whether message `i` is held back by moderation now: a rule blocked it and no moderator approved it (approval delivers it). */
export const heldByModeration = (app: App, i: number): boolean => ruleBlocked(app, i) && blockedStatus(app, i) !== "approved";

/** A rule's revision: one per rule, from when the app was made, named as the exports name theirs (`<appId>_<ruleId>_<n>`). */
export const revisionOf = (app: App, rule: ModerationRule): string => `${app.appId}_${rule.id}_${(mix32(hash32(app.appId), hash32(rule.id)) % 9) + 1}`;
