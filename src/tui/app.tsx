import { Box, Text, useApp, useStdin, useStdout } from "ink";
import { useEffect, useMemo, useState } from "react";
import { useStore } from "zustand";
import type { Call, Group } from "../api/schemas.js";
import { CALL_FILTER_KEYS, GROUP_FILTER_KEYS } from "../query/index.js";
import { fieldText, withField } from "../query/line-edit.js";
import { type ExplorerStore, activeApp, activeView, currentRoute } from "../store/explorer-store.js";
import { curlCommand } from "../store/request-log.js";
import type { ListState, Route } from "../store/types.js";
import { sanitize } from "../text/sanitize.js";
import { truncate } from "../text/width.js";
import { runCommand } from "./commands.js";
import { type KeyContext, type Mode, bindingFor, footerHints } from "./keymap.js";
import { LineInput } from "./components/line-input.js";
import { osc52, openUrl } from "./terminal.js";
import { useKeyQueue } from "./use-key-queue.js";
import type { Theme } from "./theme.js";
import { CallView, RecordingView } from "./views/call-view.js";
import { CLEAR_CHOICE, type FieldEdit, FilterForm, TYPE_CHOICE } from "./views/filter-form.js";
import { GroupView } from "./views/group-view.js";
import { HelpView, helpLineCount } from "./views/help-view.js";
import { ListView, callColumns, groupColumns } from "./views/list-view.js";
import { AppsView, LogView } from "./views/pickers.js";

export interface AppProps {
  store: ExplorerStore;
  theme: Theme;
  caFile?: string;
  /** Where copies go (OSC 52 is written to the terminal). */
  write?: (text: string) => void;
}

function crumb(route: Route): string {
  switch (route.view) {
    case "call":
      return `call ${sanitize(route.sessionId)}`;
    case "group":
      return `group ${sanitize(route.guid)}`;
    case "recording":
      return `recording ${sanitize(route.rid)}`;
    default:
      return route.view;
  }
}

/**
 * Follows the terminal's size, so that a resize redraws to fit. The last
 * column stays empty: where a terminal measures a character wider than
 * ccx does (some scripts' vowel signs), a full row would wrap and push the
 * frame past the bottom.
 */
function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const measure = () => ({ columns: Math.max(20, (stdout.columns || 80) - 1), rows: stdout.rows || 24 });
  const [size, setSize] = useState(measure);
  useEffect(() => {
    const onResize = () => setSize(measure());
    stdout.on("resize", onResize);
    return () => void stdout.off("resize", onResize);
  }, [stdout]);
  return size;
}

export function App({ store, theme, caFile, write }: AppProps) {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const state = useStore(store);
  const { columns, rows } = useTerminalSize();
  const [mode, setMode] = useState<Mode>("normal");
  const [input, setInput] = useState("");
  const [pickIndex, setPickIndex] = useState<Record<string, number>>({});
  const [fieldEdit, setFieldEdit] = useState<FieldEdit | undefined>();
  // Bumped when keys are typed into a text input from outside: it remounts with its cursor at the end.
  const [inputEpoch, setInputEpoch] = useState(0);
  const route = currentRoute(state);
  const view = activeView(state);
  const app = activeApp(state);
  const bodyHeight = Math.max(3, rows - 3);
  const listKind = route.view === "groups" || route.view === "calls" ? route.view : undefined;
  const formFields = listKind === "calls" ? CALL_FILTER_KEYS : GROUP_FILTER_KEYS;
  const formKey = `form:${listKind}`;
  const formField = formFields[pickIndex[formKey] ?? 0] ?? formFields[0]!;
  const withUser = Boolean(state.user);
  const groupCols = useMemo(() => groupColumns(withUser, columns), [withUser, columns]);
  const callCols = useMemo(() => callColumns(columns), [columns]);

  // The filter line and the form belong to a list: leaving it (help, a call, :app) closes them.
  useEffect(() => {
    if (!listKind && (mode === "filter" || mode === "form")) {
      setMode("normal");
      setFieldEdit(undefined);
    }
  }, [listKind, mode]);

  const copy = (text: string, what: string) => {
    (write ?? ((t: string) => process.stdout.write(t)))(osc52(text));
    state.notify(`copied the ${what} (OSC 52)`);
  };

  const cursor = useMemo((): KeyContext["cursor"] => {
    const pick = (name: string, count: number, fallback = 0) => ({
      index: pickIndex[name] ?? fallback,
      count,
      set: (i: number) => setPickIndex((p) => ({ ...p, [name]: i })),
    });
    if (mode === "form") return pick(formKey, formFields.length);
    switch (route.view) {
      case "groups":
      case "calls": {
        const list = view[route.view];
        return { index: list.selected, count: list.items.length, set: (i) => store.getState().select(route.view as "groups", i) };
      }
      case "call": {
        const d = view.callDetails[route.sessionId];
        const count = (d?.call?.participants?.length ?? 0) + (d?.call?.recordings?.length ?? 0);
        return { index: d?.selected ?? 0, count, set: (i) => store.getState().selectInCall(route.sessionId, i) };
      }
      case "group": {
        const d = view.groupDetails[route.guid];
        return { index: d?.selected ?? 0, count: d?.members.length ?? 0, set: (i) => store.getState().selectInGroup(route.guid, i) };
      }
      case "apps":
        return pick("apps", state.apps.length, state.apps.findIndex((a) => a.key === state.activeKey));
      case "log":
        return pick("log", state.log.length, state.log.length - 1);
      case "help":
        return pick("help", helpLineCount(columns));
      default:
        return pick("none", 0);
    }
  }, [route, view, state.apps, state.activeKey, state.log.length, pickIndex, store, mode, formKey, formFields, columns]);

  const selection: KeyContext["selection"] = () => {
    switch (route.view) {
      case "groups": {
        const g = view.groups.items[view.groups.selected] as Group | undefined;
        return g && { id: g.guid, json: g };
      }
      case "calls": {
        const c = view.calls.items[view.calls.selected] as Call | undefined;
        return c && { id: c.sessionId, json: c };
      }
      case "call": {
        const d = view.callDetails[route.sessionId];
        if (!d?.call) return undefined;
        const participants = d.call.participants ?? [];
        const p = participants[d.selected];
        if (p) return { id: p.uid, json: p, open: () => { state.openRoot("calls"); state.setFilter("calls", `uid:${p.uid}`); } };
        const r = (d.call.recordings ?? [])[d.selected - participants.length];
        if (r) return { id: r.rid, url: r.recording_url, json: r, open: () => state.navigate({ view: "recording", sessionId: route.sessionId, rid: r.rid }) };
        return { id: route.sessionId, json: d.raw };
      }
      case "recording": {
        const r = view.callDetails[route.sessionId]?.call?.recordings?.find((x) => x.rid === route.rid);
        return r && { id: r.rid, url: r.recording_url, json: r };
      }
      case "group": {
        const d = view.groupDetails[route.guid];
        const m = d?.members[d.selected];
        return m ? { id: m.uid, json: m } : d && { id: route.guid, json: d.raw };
      }
      case "apps": {
        const a = state.apps[cursor.index];
        return a && { id: a.appId, open: () => { state.back(); state.switchApp(a.key); } };
      }
      case "log": {
        const e = state.log[cursor.index];
        return e && { id: curlCommand(e, caFile), json: e };
      }
      default:
        return undefined;
    }
  };

  const quit = () => {
    store.getState().dispose();
    exit();
  };

  // The form edits the filter line: each change of a field is a new line for the store.
  const setLine = (line: string) => listKind && store.getState().setFilter(listKind, line);
  const filterLine = () => (listKind ? activeView(store.getState())[listKind].filter : "");
  const form: KeyContext["form"] = {
    edit: (how) => {
      const original = filterLine();
      setFieldEdit({ how: how === "choose" && formField.choices ? "choose" : "text", original, draft: fieldText(original, formField.key) });
    },
    clear: () => setLine(withField(filterLine(), formField.key, "")),
  };
  const editDraft = (draft: string) => {
    if (!fieldEdit) return;
    setFieldEdit({ ...fieldEdit, draft });
    setLine(withField(fieldEdit.original, formField.key, draft));
  };
  const chooseValue = (value: string) => {
    if (!fieldEdit) return;
    if (value === TYPE_CHOICE) return setFieldEdit({ ...fieldEdit, how: "text" });
    setLine(withField(fieldEdit.original, formField.key, value === CLEAR_CHOICE ? "" : value));
    setFieldEdit(undefined);
  };

  const submitPrompt = (submitted = input) => {
    const value = submitted.trim();
    setMode("normal");
    setInput("");
    if (mode === "user") return state.setUser(value || undefined);
    if (mode === "command") runCommand(value, store, quit);
  };

  // A key that came with earlier ones in one event, after a text input opened: typed into it.
  const typeInto = (name: string) => {
    const typed = (text: string) => (name === "backspace" ? text.slice(0, -1) : text + name);
    if (name !== "backspace" && [...name].length !== 1) return;
    setInputEpoch((n) => n + 1);
    if (mode === "form" && fieldEdit?.how === "text") return editDraft(typed(fieldEdit.draft));
    if (mode === "filter") return setLine(typed(filterLine()));
    if (mode === "command" || mode === "user") setInput(typed);
  };

  const handleKey = (name: string, queued: boolean): boolean => {
    if (mode === "form" && fieldEdit) {
      // The field's own input has the keys; Esc puts the line back as it was.
      if (name === "escape") {
        setLine(fieldEdit.original);
        setFieldEdit(undefined);
      } else if (queued && name === "enter") {
        setFieldEdit(undefined);
      } else if (queued) {
        typeInto(name);
      }
      return queued;
    }
    if (mode !== "normal" && mode !== "form") {
      if (name === "escape") {
        setMode("normal");
        setInput("");
      } else if (queued && name === "enter" && mode === "filter") {
        setMode("normal");
        if (listKind) state.submitFilter(listKind);
      } else if (queued && name === "enter") {
        submitPrompt();
      } else if (queued) {
        typeInto(name);
      }
      return queued;
    }
    if (state.notice) state.notify(undefined);
    const binding = bindingFor(name, route, mode);
    binding?.run({
      store, state, route, cursor, pageRows: Math.max(1, bodyHeight - 4), setMode: (m) => {
        setInput(m === "user" ? state.user ?? "" : "");
        setMode(m);
      },
      quit, copy, selection,
      // Why sanitized: with no browser the URL (server text) is copied instead, as y copies it.
      open: (url) => (openUrl(url) ? state.notify("opened in the browser") : copy(sanitize(url), "URL (no browser here)")),
      form,
    });
    return true;
  };
  useKeyQueue(handleKey, isRawModeSupported !== false);


  let body;
  switch (route.view) {
    case "groups":
    case "calls": {
      const kind = route.view;
      const props = {
        editing: mode === "filter", inputKey: inputEpoch, height: bodyHeight, width: columns, theme,
        onFilterChange: (line: string) => state.setFilter(kind, line),
        onFilterSubmit: () => {
          setMode("normal");
          state.submitFilter(kind);
        },
      };
      if (mode === "form") {
        body = <FilterForm kind={kind} fields={formFields} list={view[kind] as ListState<unknown>} focus={cursor.index} edit={fieldEdit} inputKey={inputEpoch}
          onDraftChange={editDraft} onDraftSubmit={() => setFieldEdit(undefined)} onChoose={chooseValue}
          height={bodyHeight} width={columns} theme={theme} />;
        break;
      }
      body = kind === "groups"
        ? <ListView kind="groups" list={view.groups} columns={groupCols} {...props} />
        : <ListView kind="calls" list={view.calls} columns={callCols} {...props} />;
      break;
    }
    case "call":
      body = <CallView sessionId={route.sessionId} detail={view.callDetails[route.sessionId]} height={bodyHeight} width={columns} theme={theme} />;
      break;
    case "recording":
      body = <RecordingView recording={view.callDetails[route.sessionId]?.call?.recordings?.find((r) => r.rid === route.rid)} theme={theme} />;
      break;
    case "group":
      body = <GroupView guid={route.guid} detail={view.groupDetails[route.guid]} height={bodyHeight} width={columns} theme={theme} />;
      break;
    case "apps":
      body = <AppsView apps={state.apps} activeKey={state.activeKey} selected={cursor.index} height={bodyHeight} width={columns} theme={theme} />;
      break;
    case "log":
      body = <LogView log={state.log} selected={cursor.index} height={bodyHeight} width={columns} theme={theme} />;
      break;
    default:
      body = <HelpView height={bodyHeight} scroll={cursor.index} width={columns} theme={theme} />;
  }

  const error = state.lastError;
  return (
    <Box flexDirection="column" width={columns} height={rows}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>ccx</Text>
        {/* Why: the app id and region come from the management API too; names are cut so that a long one leaves the ✗ in view. */}
        {` · ${truncate(sanitize(app?.label ?? "no app"), 32)} ${truncate(sanitize(app?.appId ?? ""), 24)} · ${sanitize(app?.region ?? "—")} · as ${truncate(sanitize(state.user ?? "nobody"), 24)}`}
        {state.inflight > 0 ? ` · ⟳ ${state.inflight}` : ""}
        {error ? <Text color={theme.error}>{` · ✗ ${sanitize(error.code)}`}</Text> : null}
      </Text>
      <Text color={theme.muted} wrap="truncate-end">{view.nav.map(crumb).join(" › ")}</Text>
      <Box height={bodyHeight} flexDirection="column" overflow="hidden">{body}</Box>
      {mode === "command" || mode === "user" ? (
        <Box>
          <Text color={theme.accent}>{mode === "command" ? ":" : "act as user (empty: nobody): "}</Text>
          <LineInput key={inputEpoch} value={input} onChange={setInput} onSubmit={submitPrompt} />
        </Box>
      ) : (
        <Text color={state.notice ? theme.warning : theme.muted} wrap="truncate-end">
          {state.notice ?? (error?.hint ? `${sanitize(error.code)}: ${error.hint}` : footerHints(route, mode).join(" · "))}
        </Text>
      )}
    </Box>
  );
}
