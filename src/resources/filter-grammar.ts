/**
 * The filter grammar of a list made from a definition, derived from the query
 * parameters the catalogue documents for its GET (src/api/endpoints.ts): one
 * `key:` a parameter, named as its command-line flag when it has one
 * (`receiver:` for --receiver), the search (`searchKey`) as bare words, each
 * value read by its kind (a yes/no, one of a closed set, a time in the unit
 * the operation takes). Paging parameters are the pager's, and a list's
 * required ones its arguments': neither is a key. Loaded when first used (the
 * explorer's `/`, `--query`), so start-up does not pay for it.
 */
import { type Grammar, defineGrammar } from "../query/grammar.js";
import { type KeyRule, booleanRule, choiceRule, listRule, valueRule } from "../query/filter.js";
import { type BoundNames, parseTimeComparison } from "../query/bounds.js";
import { parseTime } from "../query/time.js";
import { type AnyResource, endpointOf, isKeyFlag } from "./resource.js";

/** What a documented parameter's value is, where it is more than text. */
type ValueKind =
  | { kind: "boolean" }
  | { kind: "choice"; choices: readonly string[] }
  | { kind: "choices"; choices: readonly string[] }
  /** A point in time, sent in ms (the notifications log documents `from`/`to` in ms). */
  | { kind: "time-ms" };

/** The kinds of the parameters the catalogue documents, by name (a name means the same on every list that takes it). */
const VALUE_KINDS: Readonly<Record<string, ValueKind>> = {
  channel: { kind: "choice", choices: ["push", "email", "sms"] },
  receiverType: { kind: "choice", choices: ["user", "group"] },
  notificationTriggered: { kind: "boolean" },
  success: { kind: "boolean" },
  from: { kind: "time-ms" },
  to: { kind: "time-ms" },
  scope: { kind: "choice", choices: ["fullAccess", "authOnly"] },
  scopes: { kind: "choices", choices: ["admin", "moderator", "participant"] },
};

/** Parameters that walk pages (the pager sets them) or ask for counts: no filter key. */
const PAGING = new Set(["perPage", "page", "limit", "affix", "id", "logId", "updatedAt", "sentAt", "count", "all"]);

const SENT: BoundNames = { gte: "from", lte: "to" };

/** Hand-written keys where they add meaning, by list path: a log line's `sent:` as one comparison over from/to. */
const EXTRA_RULES: Readonly<Record<string, readonly KeyRule[]>> = {
  "/notifications/v1/logs": [{
    key: "sent",
    params: ["from", "to"],
    example: "sent:>=1h",
    description: "when it was sent: >=1h (the last hour), <=2024-01-01, 2024-01-01..2024-02-01, or a date for that day (sent as from/to, in ms)",
    parse: (value, now) => {
      const bounds = parseTimeComparison(value, now, SENT, "sent:>=1h, sent:<=2024-01-01, sent:2024-01-01..2024-02-01 or sent:2024-01-01");
      return typeof bounds === "string" ? bounds : Object.fromEntries(Object.entries(bounds).map(([name, seconds]) => [name, String(Number(seconds) * 1000)]));
    },
  }],
};

function timeMsRule(key: string, name: string, description: string): KeyRule {
  return {
    key,
    params: [name],
    example: `${key}:2h`,
    description,
    parse: (value, now) => {
      // 13 digits: already ms, as the service writes them.
      if (/^\d{13}$/.test(value)) return { [name]: value };
      const time = parseTime(value, now);
      return typeof time === "string" ? time : { [name]: String(time.seconds * 1000) };
    },
  };
}

/** A value the help's example shows for a parameter taken as written (a uid where the parameter names a person). */
const EXAMPLE_VALUES: Readonly<Record<string, string>> = {
  messageId: "115", reactionId: "7", messageCategory: "message", messageType: "text", provider: "fcm", reason: "MUTE_PREFERENCE", status: "available",
};
const exampleOf = (name: string) => EXAMPLE_VALUES[name] ?? (/sender|receiver|member/i.test(name) ? "alice" : "value");

function ruleOf(key: string, name: string, description: string): KeyRule {
  const kind = Object.hasOwn(VALUE_KINDS, name) ? VALUE_KINDS[name] : undefined;
  if (kind?.kind === "boolean") return booleanRule(key, name, `${key}:no`, `${description} (yes or no)`, ["yes", "no"]);
  if (kind?.kind === "choice") return choiceRule(key, name, kind.choices, `${key}:${kind.choices[0]}`, description);
  if (kind?.kind === "choices") return listRule(key, name, `${key}:${kind.choices.slice(0, 2).join(",")}`, description, { choices: kind.choices });
  if (kind?.kind === "time-ms") return timeMsRule(key, name, description);
  return valueRule(key, name, `${key}:${exampleOf(name)}`, description);
}

const grammars = new Map<string, Grammar | undefined>();

/**
 * The list's filter grammar: the one its definition writes by hand (loaded now), else the one derived
 * from its documented parameters; undefined when it documents no filter (then `/` narrows the rows loaded).
 */
export async function grammarOf(resource: AnyResource): Promise<Grammar | undefined> {
  return resource.list?.grammar ? resource.list.grammar() : listGrammar(resource);
}

/** The filter grammar derived from the list's documented query parameters, or undefined when it documents none. */
export function listGrammar(resource: AnyResource): Grammar | undefined {
  if (grammars.has(resource.name)) return grammars.get(resource.name);
  const list = resource.list;
  let grammar: Grammar | undefined;
  if (list && !list.sources) {
    const path = list.path.split("?")[0]!;
    const required = new Set((list.required ?? []).map((r) => r.param));
    const flags = new Map((list.flags ?? []).flatMap((f) => (isKeyFlag(f) ? [] : [[f.param, f] as const])));
    const names = (endpointOf(list.path).query ?? []).filter((name) => !PAGING.has(name) && !required.has(name) && !path.includes(`${name}=`));
    const search = names.includes("searchKey");
    const rules = [
      ...names.filter((name) => name !== "searchKey").map((name) => {
        const flag = flags.get(name);
        return ruleOf(flag?.flag ?? name.toLowerCase(), name, flag?.description ?? `the ${name} parameter, as the service takes it`);
      }),
      ...(EXTRA_RULES[path] ?? []),
    ];
    if (search || rules.length > 0) {
      const described = flags.get("searchKey")?.description;
      grammar = defineGrammar(rules, search ? { example: '"design team"', description: `bare words and quoted phrases: the search (searchKey${described ? `: ${described}` : ""})` } : undefined);
    }
  }
  grammars.set(resource.name, grammar);
  return grammar;
}
