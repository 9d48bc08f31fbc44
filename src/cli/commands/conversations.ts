import type { Command } from "commander";
import { keyToken, quote } from "../../query/tokenize.js";
import { type FilterFlag, registerListCommand } from "../list-command.js";

const FLAGS: FilterFlag[] = [
  { flag: "search", description: "keyword in the other side's name (searchKey)", token: (v) => quote(v) },
  { flag: "type", description: "user or group (conversationType)", token: (v) => keyToken("type", v) },
  { flag: "unread", description: "only conversations with unread messages", token: () => "unread:true", boolean: true },
  { flag: "tags", description: "conversations with any of these tags, comma-separated", token: (v) => keyToken("tag", v) },
  { flag: "with-tags", description: "include each conversation's tags (withTags)", token: () => "withtags:true", boolean: true },
  { flag: "with-user-and-group-tags", description: "include the tags of the user or group each is with (withUserAndGroupTags)", token: () => "withuserandgrouptags:true", boolean: true },
  { flag: "user-tags", description: "1:1 conversations with users having any of these tags (userTags)", token: (v) => keyToken("usertag", v) },
  { flag: "group-tags", description: "group conversations of groups having any of these tags (groupTags)", token: (v) => keyToken("grouptag", v) },
];

/** `ccx conversations`: the conversations of the user given with --as. */
export function registerConversations(program: Command): void {
  registerListCommand<"conversations">(program, {
    name: "conversations",
    description: "list the conversations of the user given with --as (GET /conversations) once and exit",
    filterFlags: FLAGS,
    endpoint: "GET /conversations",
  });
}
