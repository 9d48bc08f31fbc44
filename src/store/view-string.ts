import { REGIONS, REGION_WORDS } from "../api/regions.js";

/**
 * A view to share: which app (its id and region), which list (a resource and its path's parameters,
 * the user it is asked as), the filter line as typed, and the row under the cursor (its id). No
 * profile, key or secret: a teammate opens it with their own (`ccx open '<string>'`, a paste into
 * the explorer). Written as a readable URL, versioned, that a shell (in single quotes) and a chat
 * keep whole:
 *
 *   ccx://v1/us/<appId>/groups?q=type:public+members:>=10&at=grp-7
 *
 * `q` is the filter line, `at` the row's id, `as` the user a list of their own is asked as; spaces
 * are `+`, and `%`, `&`, `#`, `+`, `'`, quotes and anything unprintable are %-escaped.
 */
export interface SharedView {
  region: string;
  appId: string;
  /** The resource's name, as its list command and `:` command name it (groups, calls, members). */
  resource: string;
  /** The list's path parameters (a group's guid for its members). */
  params: string[];
  filter: string;
  /** The id of the row the cursor was on. */
  at?: string;
  /** The user the list is asked as (a 1:1's messages). */
  as?: string;
}

/** A string that is not a view this ccx reads: says what is wrong with it, for a person (exit 2 on the command line). */
export class ViewStringError extends Error {}

export const VIEW_PREFIX = "ccx://";
const VERSION = "v1";
/** What a view string looks like, for the messages. */
export const VIEW_SHAPE = `${VIEW_PREFIX}${VERSION}/<region>/<appId>/<list>[/<param>…][?q=<filter>&at=<row id>]`;

/** Kept as they are: readable in a filter line (`members:>=10`), and harmless in single quotes and in a chat. */
const KEPT = /%(3A|2C|40|3C|3E|3D|2F|5B|5D)/g;

/** Half of a surrogate pair alone (server text may hold one): no URL can carry it, so it goes as U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function encodePart(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, "\ufffd")).replace(KEPT, (escaped) => decodeURIComponent(escaped)).replace(/%20/g, "+").replace(/['()*!~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A part of the path: as a value, and its `/` escaped, since `/` parts the path. */
const encodeSegment = (text: string): string => encodePart(text).replace(/\//g, "%2F");

function decodePart(text: string, what: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw new ViewStringError(`the view string's ${what} has a broken %-escape: ${JSON.stringify(text)}`);
  }
}

export function encodeView(view: SharedView): string {
  const path = [VERSION, view.region, view.appId, view.resource, ...view.params].map(encodeSegment).join("/");
  const query = [["q", view.filter], ["at", view.at], ["as", view.as]].filter((pair): pair is [string, string] => Boolean(pair[1])).map(([k, v]) => `${k}=${encodePart(v)}`);
  return `${VIEW_PREFIX}${path}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}

/** Whether a text is meant as a view string (and so read as one, or refused with why): it starts with the scheme. */
export const looksLikeView = (text: string): boolean => text.trim().toLowerCase().startsWith(VIEW_PREFIX);

/** The view a string names; a ViewStringError saying what is wrong when it names none. */
export function decodeView(text: string): SharedView {
  const trimmed = text.trim();
  if (!looksLikeView(trimmed)) throw new ViewStringError(`not a view string: one starts ${VIEW_PREFIX} (${VIEW_SHAPE})`);
  const rest = trimmed.slice(VIEW_PREFIX.length);
  const mark = rest.indexOf("?");
  const [path, search] = mark < 0 ? [rest, ""] : [rest.slice(0, mark), rest.slice(mark + 1)];
  const parts = path.split("/").map((p, i) => decodePart(p, `part ${i + 1}`));
  const [version, region, appId, resource, ...params] = parts;
  if (version !== VERSION) throw new ViewStringError(`the view string is of version ${JSON.stringify(version ?? "")}; this ccx reads ${VERSION} (a newer ccx may have made it)`);
  if (!region || !(REGIONS as readonly string[]).includes(region)) throw new ViewStringError(`the view string names no region ccx knows (${JSON.stringify(region ?? "")}: ${REGION_WORDS}): ${VIEW_SHAPE}`);
  if (!appId) throw new ViewStringError(`the view string names no app: ${VIEW_SHAPE}`);
  if (!resource || !/^[a-z][a-z-]*$/.test(resource)) throw new ViewStringError(`the view string names no list (${JSON.stringify(resource ?? "")}): ${VIEW_SHAPE}`);
  if (params.some((p) => p === "")) throw new ViewStringError(`the view string has an empty part in its path: ${VIEW_SHAPE}`);
  const view: SharedView = { region, appId, resource, params, filter: "" };
  for (const pair of search ? search.split("&") : []) {
    const eq = pair.indexOf("=");
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = decodePart(eq < 0 ? "" : pair.slice(eq + 1), key);
    if (key === "q") view.filter = value;
    else if (key === "at" && value) view.at = value;
    else if (key === "as" && value) view.as = value;
    else throw new ViewStringError(`the view string has a part ccx does not read: ${JSON.stringify(key)} (it reads q, at and as)`);
  }
  return view;
}
