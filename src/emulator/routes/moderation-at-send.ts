import type { RequestContext } from "../context.js";
import { moderationList } from "./moderation.js";

/**
 * The app's moderation rules applied to a message as it is sent (POST
 * /messages, a thread reply, a bot's message), as the service applies them:
 * the first enabled rule whose action blocks and one of whose conditions
 * matches holds the message back (`App.changes.heldAtSend`): listed blocked,
 * not pushed until a moderator approves it. The rules and keyword lists are
 * read as they stand, the seeded ones and the writes'. How a condition is
 * read (the exports give the records, not their semantics) is in
 * docs/emulator.md, "Moderation at send".
 */

type Json = Record<string, unknown>;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string" && v !== "");
const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What `pattern` matched in `text` (its first match, the regex as written), or undefined; a pattern that is not a regex matches nothing. */
function patternMatch(pattern: string, text: string): string | undefined {
  try {
    return new RegExp(pattern).exec(text)?.[0];
  } catch {
    return undefined;
  }
}
/** A word matches whole (not inside another word), in any case. */
const wordMatch = (word: string, text: string) => (new RegExp(`(?<![\\p{L}\\p{N}_])${escaped(word)}(?![\\p{L}\\p{N}_])`, "iu").test(text) ? word : undefined);

/** What the condition matched in the message's content, and the line the blocked list says it with. */
function conditionMatch(ctx: RequestContext, condition: Json, content: { operand: string; text: string }): { matched: string; said: string } | undefined {
  if (condition.isMediaPresent === true || String(condition.operand ?? "text") !== content.operand) return undefined;
  const pattern = condition.category === "pattern";
  for (const value of strings(condition.value)) {
    if (condition.isKeywordsReferencePresent === true) {
      const list = moderationList(ctx, "keywords").find((k) => String(k.id) === value);
      const byPattern = list?.category === "pattern";
      for (const term of strings(list?.searchTerms)) {
        const matched = byPattern ? patternMatch(term, content.text) : wordMatch(term, content.text);
        if (matched !== undefined) return { matched, said: `${content.operand} contains "${matched}" from ${value}` };
      }
      continue;
    }
    const matched = pattern ? patternMatch(value, content.text) : wordMatch(value, content.text);
    if (matched !== undefined) return { matched, said: `${content.operand} ${pattern ? "matches" : "contains"} "${matched}"` };
  }
  return undefined;
}

/** Holds message `i` back when a rule blocks it (`App.changes.heldAtSend`); what it carries is as it was sent. */
export function moderateAtSend(ctx: RequestContext, i: number, sent: { category: string; type: string; data: Json }): void {
  const content = sent.category === "custom" ? { operand: "custom", text: JSON.stringify(sent.data) }
    : typeof sent.data.text === "string" ? { operand: "text", text: sent.data.text } : undefined;
  if (!content) return;
  for (const rule of moderationList(ctx, "rules")) {
    if (rule.enabled === false || rule.active === false || !strings(rule.action).includes("blockMessage")) continue;
    for (const condition of Array.isArray(rule.conditions) ? rule.conditions : []) {
      if (typeof condition !== "object" || condition === null) continue;
      const found = conditionMatch(ctx, condition as Json, content);
      if (!found) continue;
      ctx.app.changes.heldAtSend.set(i, {
        ruleId: String(rule.id), ...(typeof rule.name === "string" ? { ruleName: rule.name } : {}), ...(typeof rule.revisionId === "string" ? { revisionId: rule.revisionId } : {}),
        condition: { ...(condition as Json), message: [found.said], weight: 1 }, action: strings(rule.action), matched: found.matched, at: ctx.now,
      });
      return;
    }
  }
}
