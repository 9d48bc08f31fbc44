import { type ExplorerStore, currentRoute } from "../store/explorer-store.js";

/** The command bar (`:`): `:groups`, `:calls`, `:call <sessionId>`, `:page <n>`, `:apps`, `:app <appId>`, `:region <r>`, `:user <uid>`, `:log`, `:help`, `:q`. */
export function runCommand(line: string, store: ExplorerStore, quit: () => void): void {
  const [name = "", ...rest] = line.replace(/^:/, "").trim().split(/\s+/);
  const arg = rest.join(" ");
  const state = store.getState();
  switch (name) {
    case "":
      return;
    case "groups":
    case "calls":
      return state.openRoot(name);
    case "call":
      if (!arg) return state.notify("usage: :call <sessionId>");
      return state.openCall(arg);
    case "page": {
      const route = currentRoute(state);
      const page = Number(arg);
      if (route.view !== "groups" && route.view !== "calls") return state.notify(":page works in the groups and calls lists");
      if (!Number.isInteger(page) || page < 1) return state.notify("usage: :page <n>, from 1");
      return state.goToPage(route.view, page);
    }
    case "apps":
      return state.navigate({ view: "apps" });
    case "app": {
      const app = state.apps.find((a) => a.appId === arg || a.label === arg || a.key === arg);
      if (!app) return state.notify(`no known app "${arg}" (ctrl-p lists them)`);
      return state.switchApp(app.key);
    }
    case "region":
      if (!["us", "eu", "in"].includes(arg)) return state.notify("usage: :region us|eu|in");
      return state.switchRegion(arg);
    case "user":
      return state.setUser(arg || undefined);
    case "log":
      return state.navigate({ view: "log" });
    case "help":
      return state.navigate({ view: "help" });
    case "q":
    case "quit":
      return quit();
    default:
      return state.notify(`unknown command :${name} (? lists them)`);
  }
}
