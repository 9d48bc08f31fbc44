/**
 * The pictures of the explorer in docs/pictures/, made by `npm run docs` (alone: `npm run docs --
 * --pictures`): the real program (`node bin/ccx.js`, the bundles in dist/) in a real terminal (tmux)
 * on the emulator, each screen reached by keys as a person would press them, captured with its
 * colours and written as SVG. Made from the program, they show it as it is, and making them again
 * after a change to a screen shows the change.
 *
 * Stable as far as they can be: the emulator's data is a function of its seed and clock (the clock
 * anchored to today, as the demo's, so that relative filters find data; not live, so that nothing
 * starts or ends while the keys are pressed), the terminal has a fixed size, and a screen is taken
 * once it has stopped changing. What still changes from one day to the next is what the screens say
 * relative to now ("3h ago"). No test makes them (tmux and a second process per picture are slow);
 * `npm run docs -- --check` leaves them alone.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { EmulatorLine } from "../src/cli/emulator-process.js";
import { demoWorld } from "../src/cli/run/demo.js";
import { type TmuxSession, plain, startTmux, tmuxMissing } from "../test/support/tmux.js";
import { screenToSvg } from "./terminal-svg.js";

const ROOT = join(import.meta.dirname, "..");
const CCX = join(ROOT, "bin", "ccx.js");
const PICTURES_DIR = "docs/pictures";
/** The seed the end-to-end tests use: its data has private groups, calls of many participants with recordings, group messages. */
const SEED = 7;
/** The emulator's port while it is free (any other port when it is not). */
const PORT = 47_129;

interface Scene {
  /** The file's name in docs/pictures/, without .svg. */
  name: string;
  /** What the picture shows: its title, read out by screen readers. */
  title: string;
  width: number;
  height: number;
  /** Presses the keys that lead to the screen, and waits for it. */
  reach(s: TmuxSession): Promise<void>;
}

/** The body's lines show a list with its summary (`12 of 250`, `50 loaded`) and nothing in flight (⟳). */
const listSettled = (lines: string[]) => lines.some((l) => /\d+ (of \d+|loaded)\b/.test(l)) && !lines.some((l) => l.includes("⟳"));

/** SGR that turns reverse video on (tmux combines it: ESC[7m, ESC[0;7m, ESC[1;7m). */
const REVERSE = /\u001b\[(?:\d*;)*7(?:;\d*)*m/;

/** The filter line has closed (its footer offers `enter apply` while it is open). */
const filterClosed = (lines: string[]) => !lines.some((l) => l.includes("enter apply"));

async function waitFor(s: TmuxSession, what: string, predicate: (lines: string[]) => boolean): Promise<void> {
  await s.waitFor((lines) => predicate(lines), { what, timeoutMs: 20_000 });
}

/** Opens the command line, types a command and runs it. */
async function command(s: TmuxSession, text: string): Promise<void> {
  await s.keys(":");
  await s.type(text);
  await waitFor(s, `:${text} typed`, (lines) => lines.some((l) => l.startsWith(`:${text}`)));
  await s.keys("Enter");
}

/** A filter typed in the list's line, waited for until the request it sent (`sent`) has its rows on screen. */
async function filterBy(s: TmuxSession, filter: string, what: string, sent: RegExp): Promise<void> {
  await s.keys("/");
  await s.type(filter);
  await waitFor(s, what, (lines) => lines.some((l) => sent.test(l)) && listSettled(lines));
}

/** The filter line closed with Enter, the filter kept. */
async function applyFilter(s: TmuxSession): Promise<void> {
  await s.keys("Enter");
  await waitFor(s, "the filter applied", (lines) => filterClosed(lines) && listSettled(lines));
}

const SCENES: readonly Scene[] = [
  {
    name: "groups-filter",
    title: "ccx: the groups, narrowed as a filter is typed; under the filter line, the request it sent",
    width: 120,
    height: 30,
    async reach(s) {
      await waitFor(s, "the groups", listSettled);
      await filterBy(s, "type:private members:>=10", "the private groups of ten members or more", /→ GET \/groups\?.*type=private/);
    },
  },
  {
    name: "call-timeline",
    title: "ccx: a call, its participants on a timeline of the call and its recordings",
    width: 120,
    height: 28,
    async reach(s) {
      await waitFor(s, "the groups", listSettled);
      await command(s, "calls");
      await filterBy(s, "participants:>=4 rec:yes", "calls of four or more with a recording", /→ GET \/calls\?.*hasRecording=true/);
      await applyFilter(s);
      await s.keys("Enter");
      await waitFor(s, "the call's timeline", (lines) => lines.some((l) => /^Participants \(\d+\)/.test(l)) && lines.some((l) => /^\s+0:00─/.test(l)) && lines.some((l) => /^Recordings \(\d+\)/.test(l)));
    },
  },
  {
    name: "panes",
    title: "ccx at 170 columns: the apps by region on the left, the groups, and the selected group's preview on the right",
    width: 170,
    height: 40,
    async reach(s) {
      await waitFor(s, "the groups beside both panes", (lines) => listSettled(lines) && lines.some((l) => l.startsWith("apps (") && l.includes("preview (] hides)")));
      await s.keys("j", "j");
      // The selection drawn in reverse video on the third row (its preview follows it).
      await s.waitFor((raw) => {
        const header = raw.findIndex((l) => /NAME\s+GUID/.test(plain(l)));
        return header > 0 && REVERSE.test(raw[header + 3] ?? "");
      }, { what: "the third group selected", escapes: true, timeoutMs: 20_000 });
    },
  },
  {
    name: "trace",
    title: "ccx: a message traced: who it reached, what moderation did, and the webhooks its events fired",
    width: 120,
    height: 30,
    async reach(s) {
      await waitFor(s, "the groups", listSettled);
      await command(s, "msgs");
      await waitFor(s, "the app's messages", (lines) => /the app's messages$/.test(lines[1] ?? "") && listSettled(lines));
      // A group's message: its recipients are the group's members.
      await filterBy(s, "receiver:group", "the messages to groups", /→ GET \/messages\?.*receiverType=group/);
      await applyFilter(s);
      await s.keys("T");
      await waitFor(s, "the trace", (lines) => lines.some((l) => l.startsWith("webhooks for its events")) && !lines.some((l) => l.includes("⟳")));
    },
  },
];

/**
 * `ccx emulator` on the seed, its clock held at today's start; resolves once it prints its line. On a
 * port of its own when that is free, so that the URLs the screens show (a recording's) stay the same.
 */
async function startEmulator(): Promise<{ line: EmulatorLine; stop(): void }> {
  for (const port of [PORT, 0]) {
    const child = spawn(process.execPath, [CCX, "emulator", "--seed", String(SEED), "--now", String(demoWorld(SEED).now), "--port", String(port)], { stdio: ["ignore", "pipe", "inherit"] });
    const first = await new Promise<string | undefined>((resolve) => {
      createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", () => resolve(undefined));
    });
    if (first !== undefined) return { line: JSON.parse(first) as EmulatorLine, stop: () => void child.kill("SIGTERM") };
  }
  throw new Error("the emulator stopped before it was ready");
}

/**
 * The screen with its colours (`-e`) and its trailing blanks (`-N`: tmux leaves them out otherwise,
 * a cursor drawn in reverse video at a line's end too), once the same frame has been captured three
 * times running, 100 ms apart (10 s at most).
 */
async function settledCapture(s: TmuxSession): Promise<string> {
  let last = "";
  for (let same = 0, tries = 0; tries < 100; tries++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await s.tmux("capture-pane", "-p", "-e", "-N", "-t", "e2e");
    same = now === last ? same + 1 : 0;
    last = now;
    if (same === 2) return now;
  }
  throw new Error("the screen kept changing for 10 s");
}

/**
 * Makes every picture into docs/pictures/ and resolves with the files written; without tmux, with
 * why there are none.
 */
export async function makePictures(): Promise<{ written: string[] } | { skipped: string }> {
  if (tmuxMissing) return { skipped: tmuxMissing };
  const build = spawnSync(process.execPath, [join(ROOT, "scripts", "build.mjs"), "--if-needed"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed: the pictures are made from dist/");
  const scratch = mkdtempSync(join(tmpdir(), "ccx-pictures-"));
  const emulator = await startEmulator();
  try {
    const { line } = emulator;
    const app = line.apps[0]!;
    // As `source …/env` points ccx at the demo; empty config and state, so that nothing of the user's shows.
    const env = {
      CCX_CHAT_URL: line.chatUrl, CCX_CALLS_URL: line.callsUrl, CCX_MANAGEMENT_URL: line.managementUrl,
      CCX_MANAGEMENT_KEY: line.management.key, CCX_MANAGEMENT_SECRET: line.management.secret, CCX_CA_FILE: line.caFile,
      CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey,
      XDG_CONFIG_HOME: join(scratch, "config"), XDG_STATE_HOME: join(scratch, "state"), CCX_JOURNAL: join(scratch, "journal.ndjson"),
    };
    mkdirSync(join(ROOT, PICTURES_DIR), { recursive: true });
    const written: string[] = [];
    for (const scene of SCENES) {
      const s = await startTmux({ command: `node '${CCX}'`, width: scene.width, height: scene.height, cwd: ROOT, env });
      try {
        await scene.reach(s);
        const capture = await settledCapture(s);
        const file = join(PICTURES_DIR, `${scene.name}.svg`);
        writeFileSync(join(ROOT, file), screenToSvg(capture, { columns: scene.width, rows: scene.height, title: scene.title }));
        written.push(file);
      } catch (error) {
        throw new Error(`the picture ${scene.name}: ${(error as Error).message}`);
      } finally {
        await s.kill();
      }
    }
    return { written };
  } finally {
    emulator.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
