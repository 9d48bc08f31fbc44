import { useRef } from "react";

/**
 * The first of `count` lines shown in a window of `visible` lines that keeps
 * `selected` in view. The window stays where it is while the selection moves
 * inside it and follows it by as little as it must when it leaves (as less,
 * k9s and lazygit scroll): a cursor move changes two lines on the screen, and
 * a move past the edge shifts the rest by one, which the renderer sends as a
 * scroll (frame-writer.ts) rather than every line again.
 */
export function useScrollWindow(selected: number, count: number, visible: number): number {
  const top = useRef(0);
  const at = Math.max(0, selected);
  let start = Math.min(top.current, at);
  if (at >= start + visible) start = at - visible + 1;
  start = Math.max(0, Math.min(start, count - visible));
  top.current = start;
  return start;
}
