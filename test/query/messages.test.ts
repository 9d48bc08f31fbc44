import { describe, expect, it } from "vitest";
import { MESSAGE_FILTER_KEYS, formatMessageFilter, parseMessageFilter } from "../../src/query/index.js";

const NOW = 1_700_000_000; // 2023-11-14T22:13:20Z
const DAY = 86_400;
const JAN1 = 1_704_067_200; // 2024-01-01
const FEB1 = 1_706_745_600; // 2024-02-01
const parse = (line: string) => parseMessageFilter(line, { now: NOW });

/** line typed, the parameters it means, and the canonical line written back. */
const EXAMPLES: Array<[string, Record<string, string>, string]> = [
  ["hello", { searchKey: "hello" }, "hello"],
  ['"release  notes" v2', { searchKey: "release  notes v2" }, '"release  notes v2"'],
  ["category:message", { category: "message" }, "category:message"],
  ["category:Action,call,custom", { categories: "action,call,custom" }, "category:action,call,custom"],
  ["type:text", { type: "text" }, "type:text"],
  ["type:Image,VIDEO,audio,file", { types: "image,video,audio,file" }, "type:image,video,audio,file"],
  ["type:poll", { type: "poll" }, "type:poll"],
  ["type:Text,Poll", { types: "text,Poll" }, "type:text,Poll"],
  ["sender:alice", { sender: "alice" }, "sender:alice"],
  ['sender:"ann marie"', { sender: "ann marie" }, 'sender:"ann marie"'],
  ["receiver:group", { receiverType: "group" }, "receiver:group"],
  ["receiver:USER", { receiverType: "user" }, "receiver:user"],
  ["attachments:yes", { hasAttachments: "true" }, "attachments:yes"],
  ["attachments:false", { hasAttachments: "false" }, "attachments:no"],
  ["attachments:image", { hasAttachments: "true", attachmentTypes: "image" }, "attachments:image"],
  ["attachments:Image,video,audio,file", { hasAttachments: "true", attachmentTypes: "image,video,audio,file" }, "attachments:image,video,audio,file"],
  ["attachments:yes attachments:video", { hasAttachments: "true", attachmentTypes: "video" }, "attachments:video"],
  ["mentions:yes", { hasMentions: "true" }, "mentions:yes"],
  ["mentions:no", { hasMentions: "false" }, "mentions:no"],
  ["links:true", { hasLinks: "true" }, "links:yes"],
  ["reactions:0", { hasReactions: "false" }, "reactions:no"],
  ["sent:>=2024-01-01", { fromTimestamp: `${JAN1}` }, "sent:>=2024-01-01"],
  ["sent:>2024-01-01", { fromTimestamp: `${JAN1 + 1}` }, "sent:>=2024-01-01T00:00:01Z"],
  ["sent:<=2024-02-01", { toTimestamp: `${FEB1}` }, "sent:<=2024-02-01"],
  ["sent:<2024-02-01", { toTimestamp: `${FEB1 - 1}` }, "sent:<=2024-01-31T23:59:59Z"],
  ["sent:2024-01-01..2024-02-01", { fromTimestamp: `${JAN1}`, toTimestamp: `${FEB1}` }, "sent:2024-01-01..2024-02-01"],
  ["sent:2024-01-01", { fromTimestamp: `${JAN1}`, toTimestamp: `${JAN1 + DAY - 1}` }, "sent:2024-01-01..2024-01-01T23:59:59Z"],
  ["sent:>=7d", { fromTimestamp: `${NOW - 7 * DAY}` }, "sent:>=2023-11-07T22:13:20Z"],
  ["sent:<7d", { toTimestamp: `${NOW - 7 * DAY - 1}` }, "sent:<=2023-11-07T22:13:19Z"],
  ["sent:7d..1d", { fromTimestamp: `${NOW - 7 * DAY}`, toTimestamp: `${NOW - DAY}` }, "sent:2023-11-07T22:13:20Z..2023-11-13T22:13:20Z"],
  ["sent:1704067200..", { fromTimestamp: `${JAN1}` }, "sent:>=2024-01-01"],
  ["deleted:hide", { hideDeleted: "true" }, "deleted:hide"],
  ["deleted:Only", { onlyDeleted: "true" }, "deleted:only"],
  ["replies:hide", { hideReplies: "true" }, "replies:hide"],
  ["tag:urgent,billing", { tags: "urgent,billing" }, "tag:urgent,billing"],
  ["withtags:true", { withTags: "true" }, "withtags:true"],
  ["unread:true", { unread: "true" }, "unread:true"],
  ["unread:no", { unread: "false" }, "unread:false"],
  ["conversation:group_design", { conversationId: "group_design" }, "conversation:group_design"],
  ["conversation:alice_user_bob", { conversationId: "alice_user_bob" }, "conversation:alice_user_bob"],
  ["limit:1000", { limit: "1000" }, "limit:1000"],
  ["limit:01", { limit: "1" }, "limit:1"],
];

describe("parseMessageFilter and formatMessageFilter", () => {
  it.each(EXAMPLES)("%s", (line, params, canonical) => {
    const parsed = parse(line);
    expect(parsed.errors).toEqual([]);
    expect(parsed.params).toEqual(params);
    expect(formatMessageFilter(params)).toBe(canonical);
    expect(parse(canonical).params).toEqual(params);
  });

  it("reads a whole line and writes it back in canonical order", () => {
    const line = "limit:50 sent:>=7d deleted:hide invoice sender:alice category:message type:text,file attachments:file replies:hide unread:true";
    const parsed = parse(line);
    expect(parsed.params).toEqual({
      searchKey: "invoice",
      category: "message",
      types: "text,file",
      sender: "alice",
      hasAttachments: "true",
      attachmentTypes: "file",
      fromTimestamp: `${NOW - 7 * DAY}`,
      hideDeleted: "true",
      hideReplies: "true",
      unread: "true",
      limit: "50",
    });
    expect(formatMessageFilter(parsed.params)).toBe(
      "invoice category:message type:text,file sender:alice attachments:file sent:>=2023-11-07T22:13:20Z deleted:hide replies:hide unread:true limit:50",
    );
  });

  it("reaches every filter parameter of the messages paths", () => {
    const reached = new Set(MESSAGE_FILTER_KEYS.flatMap((k) => k.params));
    const spec = ["searchKey", "category", "categories", "type", "types", "sender", "receiverType", "hasAttachments", "attachmentTypes",
      "hasMentions", "hasLinks", "hasReactions", "hideDeleted", "onlyDeleted", "hideReplies", "unread", "conversationId", "tags", "withTags",
      "fromTimestamp", "toTimestamp", "limit", "mentionedUids", "mentionsWithBlockedInfo", "mentionsWithTagInfo", "hideMessagesFromBlockedUsers"];
    expect([...reached].sort()).toEqual([...spec].sort());
    for (const k of MESSAGE_FILTER_KEYS) {
      if (k.key === "") continue;
      expect(k.example.startsWith(`${k.key}:`)).toBe(true);
      expect(parse(k.example).errors).toEqual([]);
    }
  });

  it("offers the choices the form and completion show", () => {
    const choices = Object.fromEntries(MESSAGE_FILTER_KEYS.map((k) => [k.key, k.choices]));
    expect(choices).toMatchObject({
      category: ["message", "action", "call", "custom"],
      type: ["text", "image", "video", "audio", "file"],
      receiver: ["user", "group"],
      attachments: ["yes", "no", "image", "video", "audio", "file"],
      deleted: ["hide", "only"],
      replies: ["hide"],
      unread: ["true", "false"],
    });
    expect(choices.sender).toBeUndefined();
  });

  it("leaves out what no key writes", () => {
    expect(formatMessageFilter({ hideDeleted: "false", onlyDeleted: "0", hideReplies: "false", id: "5", affix: "append", sentAt: "1" })).toBe("");
  });

  it("writes contradictions so that the parse marks them", () => {
    const line = formatMessageFilter({ hasAttachments: "false", attachmentTypes: "image", hideDeleted: "true", onlyDeleted: "true" });
    expect(line).toBe("attachments:no attachments:image deleted:hide deleted:only");
    expect(parse(line).errors.map((t) => t.text)).toEqual(["attachments:image", "deleted:only"]);
    expect(parse(formatMessageFilter({ attachmentTypes: "image" })).params).toEqual({ hasAttachments: "true", attachmentTypes: "image" });
  });
});

/** line, the token marked (its text), and part of the message. */
const ERRORS: Array<[string, string, string]> = [
  ["foo:bar", "foo:bar", 'unknown filter "foo:"; try category:, type:, sender:, receiver:, attachments:'],
  ["foo:bar", "foo:bar", 'or quote "foo:…" to search for it'],
  ["categroy:call", "categroy:call", "did you mean category:?"],
  ["attachment:yes", "attachment:yes", "did you mean attachments:?"],
  ["per:100", "per:100", 'unknown filter "per:"; did you mean limit:?'],
  ["created:<7d", "created:<7d", 'unknown filter "created:"; did you mean sent:?'],
  ["category:", "category:", "category: needs a value, e.g. category:message,custom"],
  ["category:chat", "category:chat", 'category: "chat" is not message, action, call or custom'],
  ["type:text,", "type:text,", 'type: empty item in "text,"; remove the extra comma'],
  ["sender:", "sender:", "sender: needs a value, e.g. sender:alice"],
  ["receiver:channel", "receiver:channel", 'receiver: "channel" is not user or group'],
  ["attachments:pdf", "attachments:pdf", 'attachments: "pdf" is not yes, no, image, video, audio or file'],
  ["attachments:image,pdf", "attachments:image,pdf", 'attachments: "pdf" is not image, video, audio or file'],
  ["attachments:yes,image", "attachments:yes,image", 'attachments: "yes" is not image, video, audio or file'],
  ["attachments:image,,video", "attachments:image,,video", "attachments: empty item"],
  ["mentions:some", "mentions:some", "mentions: expected yes or no"],
  ["links:", "links:", "links: needs a value, e.g. links:yes"],
  ["reactions:many", "reactions:many", "reactions: expected yes or no"],
  ["sent:yesterday", "sent:yesterday", 'sent: "yesterday" is not a time; use 2024-01-01'],
  ["sent:>=", "sent:>=", "sent: expected sent:>=2024-01-01, sent:>=7d, sent:2024-01-01..2024-02-01 or sent:2024-01-01"],
  ["sent:2024-02-01..2024-01-01", "sent:2024-02-01..2024-01-01", "sent: 2024-02-01..2024-01-01 is backwards; write 2024-01-01..2024-02-01"],
  ["sent:<1970-01-01", "sent:<1970-01-01", "before 1970"],
  ["deleted:show", "deleted:show", 'deleted: "show" is not hide or only; leave deleted: out for the default'],
  ["replies:show", "replies:show", 'replies: "show" is not hide; leave replies: out for the default'],
  ["tag:a,,b", "tag:a,,b", "tag: empty item"],
  ["withtags:maybe", "withtags:maybe", "withtags: expected true or false"],
  ["unread:some", "unread:some", "unread: expected true or false"],
  ["conversation:", "conversation:", "conversation: needs a value, e.g. conversation:group_design"],
  ["limit:0", "limit:0", "limit: expected a number from 1 to 1000"],
  ["limit:1001", "limit:1001", "limit: expected a number from 1 to 1000"],
  ['sender:"alice', 'sender:"alice', "unterminated quote"],
  ["category:call category:custom", "category:custom", "conflicts with category:call; keep one or write category:call,custom"],
  ["type:text type:image", "type:image", "or write type:text,image"],
  ["attachments:image attachments:video", "attachments:video", "conflicts with attachments:image; keep one or write attachments:image,video"],
  ["attachments:no attachments:image", "attachments:image", "conflicts with attachments:no; keep one"],
  ["sent:>=2024-01-01 sent:2024-01-02", "sent:2024-01-02", "conflicts with sent:>=2024-01-01; keep one"],
  ["deleted:hide deleted:only", "deleted:only", "conflicts with deleted:hide; keep one"],
  ["sender:a sender:b", "sender:b", "conflicts with sender:a; keep one"],
  ["limit:10 limit:20", "limit:20", "conflicts with limit:10; keep one"],
];

describe("messages filter errors", () => {
  it.each(ERRORS)("%s marks %s", (line, marked, message) => {
    // A good token before the bad one: its parameters must not be sent either.
    const parsed = parse(`ok ${line}`);
    expect(parsed.params).toEqual({});
    expect(parsed.errors).toHaveLength(1);
    const [error] = parsed.errors;
    const start = 3 + line.lastIndexOf(marked);
    expect(error).toMatchObject({ text: marked, start, end: start + marked.length });
    expect(error!.error).toContain(message);
    expect(parsed.tokens).toContain(error);
  });

  it("offers a combined form only when it parses", () => {
    expect(parse("attachments:yes attachments:no").errors[0]!.error).toBe("conflicts with attachments:yes; keep one");
    expect(parse('tag:"on hold" tag:b').errors[0]!.error).toBe('conflicts with tag:"on hold"; keep one or write tag:"on hold,b"');
  });

  it("accepts a repeat with the same meaning", () => {
    expect(parse("deleted:hide deleted:HIDE replies:hide replies:hide").params).toEqual({ hideDeleted: "true", hideReplies: "true" });
  });

  it("marks every bad token, in order, and sends nothing", () => {
    const parsed = parse("category:chat hello sent:x limit:5 bogus:1");
    expect(parsed.params).toEqual({});
    expect(parsed.errors.map((t) => [t.start, t.end])).toEqual([[0, 13], [20, 26], [35, 42]]);
  });
});
