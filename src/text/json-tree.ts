/**
 * An answer as a tree of lines (the explorer's `:api`): one line a node, an
 * object or array folded to one line (`▸ data [25]`) or open (`▾`) with its
 * children below, indented. Nodes are named by their path from the root
 * (`data[0].name`); a fold is kept by path, so that it survives a reload.
 * Containers deeper than DEFAULT_OPEN_DEPTH start folded: the shape of an
 * answer shows first, its items one Enter away.
 */

export interface TreeLine {
  /** The node's path from the root: "" for the root, `data`, `data[0]`, `data[0].name`. */
  path: string;
  depth: number;
  /** Its key in its parent: a field name, or `[i]`; none for the root. */
  key?: string;
  /** An object or an array (Enter folds and unfolds it). */
  container: boolean;
  /** Folded: its children are not shown. */
  folded: boolean;
  value: unknown;
}

/** Containers at this depth and deeper start folded (the root is depth 0). */
export const DEFAULT_OPEN_DEPTH = 3;

const isContainer = (value: unknown): value is object => value !== null && typeof value === "object";
const childPath = (parent: string, key: string, array: boolean) => (array ? `${parent}[${key}]` : parent === "" ? key : `${parent}.${key}`);

/** Whether the node at `path` and `depth` is folded: its default, flipped when `toggled` holds it. */
export const isFolded = (path: string, depth: number, toggled: ReadonlySet<string>): boolean => (depth >= DEFAULT_OPEN_DEPTH) !== toggled.has(path);

/** Every node, in document order; under folded containers too when `all`. */
export function treeLines(root: unknown, toggled: ReadonlySet<string>, all = false): TreeLine[] {
  const lines: TreeLine[] = [];
  const walk = (value: unknown, path: string, depth: number, key: string | undefined) => {
    const container = isContainer(value);
    const folded = container && isFolded(path, depth, toggled);
    lines.push({ path, depth, key, container, folded, value });
    if (!container || (folded && !all)) return;
    const array = Array.isArray(value);
    for (const [k, child] of Object.entries(value)) walk(child, childPath(path, k, array), depth + 1, array ? `[${k}]` : k);
  };
  walk(root, "", 0, undefined);
  return lines;
}

/** A scalar as JSON writes it; a container as its size: `{3}`, `[25]`. */
export function valueText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (isContainer(value)) return `{${Object.keys(value).length}}`;
  return value === undefined ? "undefined" : JSON.stringify(value);
}

/** One line as drawn: indent, fold mark, key, value. */
export function lineText(line: TreeLine): string {
  const mark = line.container ? (line.folded ? "▸ " : "▾ ") : "  ";
  const key = line.key === undefined ? (line.container ? "(answer) " : "") : line.container ? `${line.key} ` : `${line.key}: `;
  return `${"  ".repeat(Math.max(0, line.depth - 1))}${mark}${key}${valueText(line.value)}`;
}

/** What y copies of a node: a string as itself, anything else as JSON. */
export function copyText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2) ?? String(value);
}

/**
 * The next node after `fromPath` (in document order, round to the top) whose
 * key or scalar value holds `text`, case aside; with the folds to flip so that
 * it shows (its folded ancestors).
 */
export function findInTree(root: unknown, toggled: ReadonlySet<string>, text: string, fromPath: string | undefined): { path: string; unfold: string[] } | undefined {
  const needle = text.trim().toLowerCase();
  if (!needle) return undefined;
  // Every node with its folded ancestors, kept by the walk (a key may hold "." or "[": paths are not parsed back).
  const nodes: Array<{ line: TreeLine; folded: string[] }> = [];
  const walk = (value: unknown, path: string, depth: number, key: string | undefined, above: string[]) => {
    const container = isContainer(value);
    const folded = container && isFolded(path, depth, toggled);
    nodes.push({ line: { path, depth, key, container, folded, value }, folded: above });
    if (!container) return;
    const array = Array.isArray(value);
    const below = folded ? [...above, path] : above;
    for (const [k, child] of Object.entries(value)) walk(child, childPath(path, k, array), depth + 1, array ? `[${k}]` : k, below);
  };
  walk(root, "", 0, undefined, []);
  const start = fromPath === undefined ? -1 : nodes.findIndex((n) => n.line.path === fromPath);
  const hit = ({ line }: { line: TreeLine }) => (line.key ?? "").toLowerCase().includes(needle) || (!line.container && valueText(line.value).toLowerCase().includes(needle));
  const found = [...nodes.slice(start + 1), ...nodes.slice(0, start + 1)].find(hit);
  return found && { path: found.line.path, unfold: found.folded };
}
