import { keyToken } from "../../query/tokenize.js";
import { calls } from "../../resources/calls.js";
import type { ExplorerState } from "../../store/explorer-store.js";

/** From a user (a participant, a member, a user's screen) to the calls list, filtered to their calls. */
export function callsOf(state: ExplorerState, uid: string): void {
  state.openRoot(calls.name);
  state.setFilter(calls.name, keyToken("uid", uid));
}
