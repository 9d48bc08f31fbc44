import { REGIONS } from "../api/regions.js";
import { type ExplorerState, type ExplorerStore, activeView, currentRoute } from "../store/explorer-store.js";
import { listInView } from "../store/list-actions.js";
import { childrenOf, listRefOf } from "../store/item-children.js";
import type { Completion } from "../store/types.js";
import { LIVE } from "../store/live-actions.js";
import { LISTEN_DEFAULT_PORT } from "../store/listen-actions.js";
import { SESSION_ID, sessionIdIn } from "../api/session-id.js";
import { RESOURCE_LIST, HOME_LISTS, RESOURCES } from "../resources/index.js";
import { type AnyResource, colonCommands, erased } from "../resources/resource.js";
import { openAppMessages, openGroupThread, openOneToOne } from "./screens/chat.js";
import { type IdKind, oneToOneOf } from "../resources/id-kinds.js";

/**
 * The command bar (`:`): one table, which runs the commands, completes them
 * (tab), and lists them in help and in the bar's binding.
 */
export interface Command {
  name: string;
  /** Its argument, as help shows it: "<sessionId>". */
  args?: string;
  description: string;
  aliases?: string[];
  /** Values the argument completes to. */
  complete?: (state: ExplorerState) => string[];
  run(arg: string, store: ExplorerStore, quit: () => void): void;
}

/** The uids of the users list as loaded, for tab. */
const loadedUids = (state: ExplorerState) => (activeView(state).lists.users?.items ?? []).map((u) => String(u.uid));

/** An id as pasted: quotes around it are not part of it. */
const unquoted = (arg: string) => arg.trim().replace(/^["'`]+|["'`]+$/g, "");

/**
 * `:msgs`: of the id given (a group's, else the 1:1 of the user acted for with a user's: looked up when the
 * app has not shown it; a conversation's id), else of the group or user in view, else the app's.
 */
function openMessages(id: string, state: ExplorerState): void {
  const route = currentRoute(state);
  // A conversation id of a group (group_<guid>) names its group.
  if (id.startsWith("group_")) return openGroupThread(state, id.slice("group_".length));
  // A 1:1's (<uidA>_user_<uidB>) names its two: asked as the one acted for if it is one of them, else as the first.
  const pair = oneToOneOf(id);
  if (pair) {
    const [as, other] = pair[1] === state.user ? [pair[1], pair[0]] : pair;
    return state.openResource(RESOURCES["user-messages"].name, [other], as);
  }
  if (id) {
    return state.openFirstFound(id, [
      { name: RESOURCES.groups.name, open: () => openGroupThread(state, id) },
      { name: RESOURCES.users.name, open: () => openOneToOne(state, id) },
    ]);
  }
  if (route.view === "resource-item" && route.name === RESOURCES.groups.name) return openGroupThread(state, route.params.at(-1) ?? "");
  if (route.view === "resource-item" && route.name === RESOURCES.users.name) return openOneToOne(state, route.params.at(-1) ?? "");
  openAppMessages(state);
}

/** The ids of the rows of the list in view, for tab after a command that takes one (`:group gr⇥`). */
function idsOnScreen(state: ExplorerState): string[] {
  const key = listInView(state);
  const ref = key === undefined ? undefined : listRefOf(key);
  // An id sent as a number is typed as one; an object where an id belongs is none to complete.
  const ids = ref ? (activeView(state).lists[key!]?.items ?? []).map((row) => row[ref.resource.idField]) : [];
  return ids.filter((id): id is string | number => (typeof id === "string" && id !== "") || typeof id === "number").map(String);
}

/** `:<name> <params>` opens a resource's list, `:<singular> <params> <id>` one item: made from the definitions. */
function resourceCommands(resource: AnyResource): Command[] {
  const command = ({ name, params: wanted }: { name: string; params: string[] }, description: string, aliases: readonly string[] | undefined, open: (store: ExplorerStore, params: string[]) => void): Command => {
    const args = wanted.map((p) => `<${p}>`).join(" ");
    return {
      name, ...(aliases?.length ? { aliases: [...aliases] } : {}), ...(args ? { args } : {}), description,
      ...(args ? { complete: idsOnScreen } : {}),
      run: (arg, store) => {
        const params = arg.trim() ? arg.trim().split(/\s+/).map(unquoted) : [];
        if (params.length !== wanted.length) return store.getState().notify(`usage: :${name}${args ? ` ${args}` : ""}`);
        open(store, params);
      },
    };
  };
  const { list, item } = colonCommands(resource);
  return [
    // A list tab goes through is a root: its command replaces the stack, as tab does; any other stacks on the screen it is opened from.
    ...(list ? [command(list, resource.description, resource.aliases, (store, params) => (HOME_LISTS.includes(resource.name) ? store.getState().openRoot(resource.name) : store.getState().openResource(resource.name, params)))] : []),
    ...(item ? [command(item, `one of ${resource.name}: every field, and what it holds`, undefined, (store, params) => store.getState().openResourceItem(resource.name, params))] : []),
  ];
}

/** The commands written here: the lists' and items' commands made from the definitions follow, less any name taken here (`:call` finds a call in every app). */
const OWN_COMMANDS: Command[] = [
  {
    name: "call", args: "<sessionId>", description: "find a call by its session id in every known app (a pasted log line will do)",
    run: (arg, store) => {
      const id = sessionIdIn(arg);
      if (!id) return store.getState().notify("usage: :call <sessionId>");
      store.getState().openResourceItem(RESOURCES.calls.name, [id]);
    },
  },
  {
    name: "page", args: "<n>", description: "go to page n of the list",
    run: (arg, store) => {
      const state = store.getState();
      const list = listInView(state);
      const page = Number(arg);
      if (list === undefined) return state.notify(":page works in a list");
      if (!Number.isInteger(page) || page < 1) return state.notify("usage: :page <n>, from 1");
      state.goToPage(list, page);
    },
  },
  {
    name: "interval", args: "<seconds>", description: `how often live lists ask again (w; at least ${LIVE.floorSeconds} s)`,
    run: (arg, store) => {
      const seconds = Number(arg);
      if (!arg.trim() || !Number.isFinite(seconds)) return store.getState().notify(`usage: :interval <seconds>, at least ${LIVE.floorSeconds}`);
      store.getState().setLiveInterval(seconds);
    },
  },
  { name: "apps", description: "the known apps", run: (_, store) => store.getState().navigate({ view: "apps" }) },
  {
    name: "app", args: "<appId|name>", description: "switch to an app",
    complete: (state) => state.apps.flatMap((a) => [a.appId, a.label]),
    run: (arg, store) => {
      const state = store.getState();
      const app = state.apps.find((a) => a.appId === arg || a.label === arg || a.key === arg);
      if (!app) return state.notify(`no known app "${arg}" (ctrl-p lists them)`);
      state.switchApp(app.key);
    },
  },
  {
    name: "region", args: `<${REGIONS.join("|")}>`, description: "switch to the region",
    complete: () => [...REGIONS],
    run: (arg, store) => {
      const region = REGIONS.find((r) => r === arg);
      if (!region) return store.getState().notify(`usage: :region ${REGIONS.join("|")}`);
      store.getState().switchRegion(region);
    },
  },
  {
    name: "user", args: "<uid>", description: `open a user by uid: their fields, then ${childrenOf(erased(RESOURCES.users)).map((c) => c.title).join(", ")}`,
    complete: loadedUids,
    run: (arg, store) => {
      const uid = unquoted(arg);
      if (!uid) return store.getState().notify("usage: :user <uid> (acting as a user is :as <uid>)");
      store.getState().openResourceItem(RESOURCES.users.name, [uid]);
    },
  },
  { name: "as", args: "<uid>", description: "act on behalf of a user (empty: nobody)", complete: loadedUids, run: (arg, store) => store.getState().setUser(unquoted(arg) || undefined) },
  {
    name: "msgs", args: "[<guid>|<uid>|<conversationId>]", aliases: ["messages"],
    description: "messages: of the group or user in view, of a group (guid), of your 1:1 with a user (uid), of a conversation (group_<guid>, <uidA>_user_<uidB>), or of the app",
    run: (arg, store) => openMessages(unquoted(arg), store.getState()),
  },
  {
    name: "trace", args: "<messageId>", description: "what happened to a message and why (as ccx trace): moderation, recipients' mutes, blocks, push tokens, notifications, webhooks",
    run: (arg, store) => {
      const id = unquoted(arg);
      if (!id) return store.getState().notify("usage: :trace <messageId>");
      store.getState().openTrace(id);
    },
  },
  { name: "stats", description: "call analytics over the calls filter (default: the last 30 days), then the service's message metrics; r recomputes", run: (_, store) => store.getState().openStats() },
  {
    name: "health", args: "[since]", description: "what is failing now (as ccx health), over the last hour or since an age or date: calls by outcome, pushes held and why, moderation, webhooks, providers; enter opens the list a line counts, its filter typed",
    run: (arg, store) => store.getState().openHealth(unquoted(arg)),
  },
  {
    name: "api", args: "<path>", description: "any documented GET as a tree (/users/<uid>, /groups?perPage=5, /apps/{appId}/webhooks)",
    run: (arg, store) => {
      const path = arg.trim();
      if (!path.startsWith("/")) return store.getState().notify("usage: :api <path>, e.g. :api /users/alice");
      store.getState().openApi(path);
    },
  },
  {
    name: "listen", args: "[<port> [<cert> <key>]]",
    description: `receive the app's webhook events (as ccx webhooks listen): on port ${LISTEN_DEFAULT_PORT} unless given, HTTPS with a PEM certificate and key; Enter opens what one names`,
    run: (arg, store) => {
      const [port = String(LISTEN_DEFAULT_PORT), cert, key, ...more] = arg.trim() ? arg.trim().split(/\s+/).map(unquoted) : [];
      const number = Number(port);
      if (!Number.isInteger(number) || number < 0 || number > 65_535 || (cert !== undefined) !== (key !== undefined) || more.length > 0) {
        return store.getState().notify("usage: :listen [<port> [<cert> <key>]]");
      }
      store.getState().openListen({ port: number, ...(cert && key ? { cert, key } : {}) });
    },
  },
  { name: "journal", description: "every write ccx sent, newest first; U undoes the selected one", run: (_, store) => store.getState().openJournal() },
  { name: "resources", description: "every resource, by group, with what each answers; enter opens one", run: (_, store) => store.getState().navigate({ view: "resources" }) },
  { name: "log", description: "the request log", run: (_, store) => store.getState().navigate({ view: "log" }) },
  { name: "help", description: "every key and command", run: (_, store) => store.getState().openHelp() },
  { name: "q", aliases: ["quit"], description: "quit", run: (_, _store, quit) => quit() },
];

const ownNames = new Set(OWN_COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]));

let made: readonly Command[] | undefined;
/** Every `:` command: ccx's own, then the resources' (made when first asked for, not as the screens load: the first frame needs none). */
export function allCommands(): readonly Command[] {
  return (made ??= [...OWN_COMMANDS, ...RESOURCE_LIST.flatMap(resourceCommands).filter((c) => !ownNames.has(c.name))]);
}

const byName = (name: string) => allCommands().find((c) => c.name === name || c.aliases?.includes(name));

/** Whether a word is a command's name (pasted alone, it is that command, not an id to look up). */
export const isCommand = (word: string): boolean => byName(word) !== undefined;

/** The line of the command bar that opens what an id names, by its kind. */
export const ID_COMMANDS: Readonly<Record<IdKind["name"], (id: string) => string>> = {
  uid: (id) => `user ${id}`,
  guid: (id) => `${RESOURCES.groups.singular} ${id}`,
  messageId: (id) => `${RESOURCES.messages.singular} ${id}`,
  conversationId: (id) => `msgs ${id}`,
  sessionId: (id) => `call ${id}`,
};

/** Runs one line of the command bar. */
export function runCommand(line: string, store: ExplorerStore, quit: () => void): void {
  const [name = "", ...rest] = line.trim().replace(/^:/, "").trim().split(/\s+/);
  if (name === "") return;
  // A session id, alone or in a log line pasted after `:`, is the call to find.
  if (!byName(name) && SESSION_ID.test(line)) return byName("call")!.run(line, store, quit);
  const command = byName(name);
  if (!command) return store.getState().notify(`unknown command :${name} (? lists them)`);
  command.run(rest.join(" "), store, quit);
}

/** The longest common start of some words. */
function commonStart(words: string[]): string {
  return words.reduce((common, word) => {
    let i = 0;
    while (i < common.length && common[i] === word[i]) i++;
    return common.slice(0, i);
  });
}

/**
 * Tab in the command bar: completes the command's name, then its argument (regions, apps, the ids of the
 * rows on screen), as far as every candidate agrees; with several left, they are the lines tab goes through.
 */
export function completeCommand(line: string, state: ExplorerState): Completion {
  const match = /^(\s*:?)(\S*)(\s+)?(\S*)$/.exec(line);
  if (!match) return { line, candidates: [] };
  const [, lead = "", name = "", gap, arg = ""] = match;
  const completed = (words: string[], typed: string, lineOf: (word: string) => string): Completion => {
    const found = [...new Set(words)].filter((w) => w.startsWith(typed)).sort();
    if (found.length === 0) return { line, candidates: [] };
    const done = found.length === 1 ? found[0]! : commonStart(found);
    return { line: lineOf(done.length > typed.length ? done : typed), candidates: found.length > 1 ? found.map(lineOf) : [] };
  };
  if (gap === undefined) {
    const names = allCommands().flatMap((c) => [c.name, ...(c.aliases ?? [])]);
    const only = names.filter((n) => n.startsWith(name));
    // One command: its name and the space after it, its argument next.
    return completed(names, name, (word) => `${lead}${word}${only.length === 1 ? " " : ""}`);
  }
  return completed(byName(name)?.complete?.(state) ?? [], arg, (word) => `${lead}${name}${gap}${word}`);
}
