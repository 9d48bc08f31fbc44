import { describe, expect, it } from "vitest";
import { clipboardWrite, osc52 } from "../../src/tui/clipboard.js";

/**
 * What y writes so that the copy arrives: OSC 52 as it is in a terminal and
 * in tmux with set-clipboard on (tmux 3.3 drops a passthrough-wrapped one by
 * default), wrapped only where that is what gets through.
 */
describe("copying through OSC 52", () => {
  const id = "v1.us.app.123";
  const plain = `\u001b]52;c;${Buffer.from(id).toString("base64")}\u0007`;
  const wrapped = `\u001bPtmux;\u001b${plain}\u001b\\`;

  it("is the plain sequence in a terminal; wrapped for GNU screen", () => {
    expect(osc52(id)).toBe(plain);
    expect(clipboardWrite(id, { TERM: "xterm-256color" })).toEqual({ bytes: plain });
    expect(clipboardWrite(id, { TERM: "screen.xterm-256color" })).toEqual({ bytes: `\u001bP${plain}\u001b\\` });
  });

  it("in tmux: plain with set-clipboard on, wrapped when only passthrough lets it out, and said when tmux drops both", () => {
    const tmux = { TMUX: "/tmp/tmux-1000/default,1,0", TERM: "screen" };
    expect(clipboardWrite(id, tmux, { setClipboard: "on", passthrough: false })).toEqual({ bytes: plain });
    expect(clipboardWrite(id, tmux, { setClipboard: "on", passthrough: true })).toEqual({ bytes: plain });
    expect(clipboardWrite(id, tmux, { setClipboard: "external", passthrough: true })).toEqual({ bytes: wrapped });
    expect(clipboardWrite(id, tmux, { setClipboard: "external", passthrough: false })).toEqual({ bytes: plain, problem: "tmux drops it unless set -g set-clipboard on" });
    // tmux could not be asked: both, so that whichever tmux allows gets through.
    expect(clipboardWrite(id, tmux)).toEqual({ bytes: `${plain}${wrapped}` });
  });
});
