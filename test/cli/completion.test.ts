import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Completion, complete } from "../../src/cli/completion/engine.js";
import { buildProgram } from "../../src/cli/program.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";

/**
 * Shell completion: the engine behind `ccx __complete` read directly, then the
 * scripts of `ccx completion <shell>` run in their shells against the built ccx.
 */

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
let dir: string;
let env: Record<string, string>;
let otherConfig: string;

beforeAll(() => {
  dir = scratchDir("ccx-completion-");
  mkdirSync(join(dir, "xdg", "ccx"), { recursive: true });
  writeFileSync(join(dir, "xdg", "ccx", "config.json"), JSON.stringify({
    defaultProfile: "prod-us",
    profiles: { "prod-us": { appId: "app1", region: "us" }, "staging-eu": { appId: "app2", region: "eu" }, "two words": { appId: "app3", region: "in" } },
  }));
  otherConfig = join(dir, "other.json");
  writeFileSync(otherConfig, JSON.stringify({ profiles: { other: { appId: "app4", region: "in" } } }));
  // The scripts call `ccx` by name: a shim on PATH runs this checkout's build.
  mkdirSync(join(dir, "bin"));
  writeFileSync(join(dir, "bin", "ccx"), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(dir, "bin", "ccx"), 0o755);
  env = { PATH: `${join(dir, "bin")}:${process.env.PATH ?? ""}`, HOME: dir, XDG_CONFIG_HOME: join(dir, "xdg") };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function candidates(words: string[], withEnv: NodeJS.ProcessEnv = env): Promise<string[]> {
  const result: Completion = await complete(await buildProgram(), words, withEnv);
  if ("paths" in result) throw new Error(`expected candidates, got paths (${result.paths})`);
  return result.candidates.map((c) => c.value);
}

describe("the engine", () => {
  it("completes commands, hiding the hidden one, and help's topic", async () => {
    expect(await candidates(["gr"])).toEqual(["groups", "group"]);
    const all = await candidates([""]);
    expect(all).toEqual(expect.arrayContaining(["groups", "calls", "stats", "download", "completion", "help"]));
    expect(all).not.toContain("__complete");
    expect(await candidates(["help", "st"])).toEqual(["stats"]);
    expect(await candidates(["groups", ""])).toEqual([]);
  });

  it("completes each command's flags, long and short, and the global ones", async () => {
    const groups = await candidates(["groups", "-"]);
    expect(groups).toEqual(expect.arrayContaining(["--query", "-q", "--type", "--sort", "--all", "--help", "-h", "--profile", "--region", "--config"]));
    expect(groups).not.toContain("--watch");
    expect(await candidates(["calls", "--wa"])).toEqual(["--watch"]);
    expect(await candidates(["--reg"])).toEqual(["--region"]);
    // Words already on the line are read as commander reads them: a value is no flag, --help stays a word.
    expect(await candidates(["--profile", "x", "groups", "--help", "--q"])).toEqual(["--query"]);
  });

  it("completes --region's choices, also as --region=", async () => {
    expect(await candidates(["--region", ""])).toEqual(["us", "eu", "in"]);
    expect(await candidates(["groups", "--region", "e"])).toEqual(["eu"]);
    expect(await candidates(["--region=e"])).toEqual(["--region=eu"]);
  });

  it("completes --profile from the config file: the default one, CCX_CONFIG, or --config on the line", async () => {
    // A name a shell word cannot carry as typed is left out.
    expect(await candidates(["--profile", ""])).toEqual(["prod-us", "staging-eu"]);
    expect(await candidates(["calls", "--profile", "st"])).toEqual(["staging-eu"]);
    expect(await candidates(["--profile", ""], { ...env, CCX_CONFIG: otherConfig })).toEqual(["other"]);
    expect(await candidates(["--config", otherConfig, "groups", "--profile", ""])).toEqual(["other"]);
    expect(await candidates([`--config=${otherConfig}`, "--profile="])).toEqual(["--profile=other"]);
    expect(await candidates(["config", "use", ""])).toEqual(["prod-us", "staging-eu"]);
    const described = await complete(await buildProgram(), ["--profile", "p"], env);
    expect(described).toEqual({ candidates: [{ value: "prod-us", description: "app1 us" }] });
  });

  it("gives no profile, and prints nothing, when the config file is missing or not JSON", async () => {
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ not json");
    expect(await candidates(["--profile", ""], { ...env, CCX_CONFIG: broken })).toEqual([]);
    expect(await candidates(["--config", join(dir, "missing.json"), "--profile", ""])).toEqual([]);
  });

  it("completes the filter keys inside --query by the command's grammar, then a key's choices", async () => {
    expect(await candidates(["groups", "--query", "ty"])).toEqual(["type:"]);
    expect(await candidates(["groups", "-q", "type:pr"])).toEqual(["type:private", "type:protected"]);
    expect(await candidates(["groups", "--query", "type:public,p"])).toEqual(["type:public,private", "type:public,protected", "type:public,password"]);
    expect(await candidates(["calls", "--query", "type:"])).toEqual(["type:audio", "type:video"]);
    expect(await candidates(["calls", "--query", "rec:"])).toEqual(["rec:yes", "rec:no"]);
    expect(await candidates(["users", "--query", "st"])).toEqual(["status:"]);
    expect(await candidates(["users", "--query", "deactivated:"])).toEqual(["deactivated:only", "deactivated:with"]);
    expect(await candidates(["messages", "--query", "cat"])).toEqual(["category:"]);
    // A list made from a definition: the grammar derived from its documented parameters.
    expect(await candidates(["notifications", "logs", "--query", "chan"])).toEqual(["channel:"]);
    expect(await candidates(["notifications", "logs", "--query", "channel:"])).toEqual(["channel:push", "channel:email", "channel:sms"]);
    expect(await candidates(["conversations", "--query", "type:"])).toEqual(["type:user", "type:group"]);
    // stats and download filter calls.
    expect(await candidates(["stats", "--query", "status:end"])).toEqual(["status:ended"]);
    expect(await candidates(["download", "--query", "mo"])).toEqual(["mode:"]);
    // The tokens before the last are kept; the word is the shell's, quotes included.
    expect(await candidates(["groups", "--query", "'tag:vip ty"])).toEqual(["tag:vip type:"]);
    expect(await candidates(["groups", "--query=ty"])).toEqual(["--query=type:"]);
    // A key without a closed set has nothing to offer.
    expect(await candidates(["groups", "--query", "tag:"])).toEqual([]);
  });

  it("completes the closed sets of the filter flags, found in the command's grammar", async () => {
    expect(await candidates(["calls", "--receiver-type", ""])).toEqual(["user", "group"]);
    expect(await candidates(["users", "--search-in", "n"])).toEqual(["name", "name,uid"]);
    expect(await candidates(["messages", "--deleted", ""])).toEqual(["hide", "only"]);
    expect(await candidates(["groups", "--sort", "-"])).toEqual(["-name", "-guid", "-createdAt"]);
  });

  it("leaves files and directories to the shell", async () => {
    expect(await complete(await buildProgram(), ["--config", "~/x"], env)).toEqual({ paths: "file" });
    expect(await complete(await buildProgram(), ["download", "--dir", ""], env)).toEqual({ paths: "dir" });
  });

  it("completes an argument's choices: completion <shell>", async () => {
    expect(await candidates(["completion", ""])).toEqual(["bash", "zsh", "fish"]);
  });
});

describe("ccx api's paths and query parameters, from the endpoint catalogue", () => {
  it("completes the documented paths as typed, an id pasted keeping its place", async () => {
    expect(await candidates(["api", "/gr"])).toEqual(expect.arrayContaining(["/groups", "/groups/{guid}", "/groups/{guid}/members", "/groups/{guid}/messages"]));
    expect((await candidates(["api", "/groups/team-red/m"])).sort()).toEqual(["/groups/team-red/members", "/groups/team-red/members/{uid}", "/groups/team-red/messages"]);
    expect(await candidates(["api", "/apps/{appId}/webhooks/"])).toEqual(["/apps/{appId}/webhooks/{webhookId}", "/apps/{appId}/webhooks/{webhookId}/triggers"]);
    expect(await candidates(["api", "/nope"])).toEqual([]);
  });

  it("completes -f with the query parameters of the path on the line", async () => {
    expect(await candidates(["api", "/users", "-f", "with"])).toEqual(["withTags=", "withDeactivated="]);
    expect(await candidates(["api", "/notifications/v1/logs", "--field", "re"])).toEqual(["reactionId=", "reactionSender=", "receiver=", "receiverType=", "reactionReceiver=", "reason="]);
    expect(await candidates(["api", "/users", "-f", "perPage=1"])).toEqual([]);
  });
});

describe("ccx completion and ccx __complete", () => {
  it("prints a script for each shell, refuses another, and keeps __complete out of --help", async () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      const run = await runCcx(["completion", shell], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("ccx __complete --");
    }
    expect((await runCcx(["completion", "ksh"], env)).code).toBe(2);
    const help = await runCcx(["--help"], env);
    expect(help.stdout).toContain("completion");
    expect(help.stdout).not.toContain("__complete");
  });

  it("prints one candidate a line with its description, and a path directive", async () => {
    const run = await runCcx(["__complete", "--", "ccx", "groups", "--query", "ty"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^type:\t.+\n$/);
    expect((await runCcx(["__complete", "--", "ccx", "--ca", ""], env)).stdout).toBe(":file\n");
  });
});

const has = (shell: string) => spawnSync("sh", ["-c", `command -v ${shell}`]).status === 0;
const script = (shell: string) => execFileSync(process.execPath, [BIN, "completion", shell], { encoding: "utf8" });

describe("bash, running the script", () => {
  let rc: string;
  beforeAll(() => {
    rc = join(dir, "bashrc");
    writeFileSync(rc, script("bash"));
  });

  /** COMPREPLY for a line with the cursor at its end, split into COMP_WORDS as bash does (`words`). */
  function bash(line: string, words: string[]): string[] {
    const body = [
      `source ${JSON.stringify(rc)}`,
      `COMP_LINE=${shellQuote(line)}; COMP_POINT=${line.length}`,
      `COMP_WORDS=(${words.map(shellQuote).join(" ")}); COMP_CWORD=${words.length - 1}`,
      "_ccx_complete",
      `printf '%s\\n' "\${COMPREPLY[@]}"`,
    ].join("\n");
    const run = spawnSync("bash", ["--norc", "--noprofile", "-c", body], { env, encoding: "utf8" });
    expect(run.stderr).toBe("");
    return run.stdout.split("\n").filter(Boolean);
  }

  it("completes commands, profiles and filter keys", () => {
    expect(bash("ccx gr", ["ccx", "gr"])).toEqual(["groups", "group"]);
    expect(bash("ccx --profile ", ["ccx", "--profile", ""])).toEqual(["prod-us", "staging-eu"]);
    expect(bash("ccx groups --query ty", ["ccx", "groups", "--query", "ty"])).toEqual(["type:"]);
  });

  it("answers for the piece after a ':' or '=' that COMP_WORDBREAKS split off", () => {
    expect(bash("ccx groups --query type:pu", ["ccx", "groups", "--query", "type", ":", "pu"])).toEqual(["public"]);
    expect(bash("ccx groups --query type:", ["ccx", "groups", "--query", "type", ":"])).toEqual(["public", "private", "protected", "password"]);
    expect(bash("ccx --region=e", ["ccx", "--region", "=", "e"])).toEqual(["eu"]);
    expect(bash("ccx --config=/x --profile=", ["ccx", "--config", "=", "/x", "--profile", "="])).toEqual([]);
    expect(bash(`ccx --config=${otherConfig} --profile=`, ["ccx", "--config", "=", otherConfig, "--profile", "="])).toEqual(["other"]);
  });

  it("completes inside an open quote as typed, and escapes outside one", () => {
    expect(bash("ccx groups --query 'tag:vip ty", ["ccx", "groups", "--query", "'tag:vip ty"])).toEqual(["tag:vip type:"]);
    // Readline closes the quote after a unique match: the next word replaces it whole.
    expect(bash("ccx groups --query 'tag:vip type:'pu", ["ccx", "groups", "--query", "'tag:vip type:'pu"])).toEqual(["tag:vip\\ type:public"]);
  });
});

describe.skipIf(!has("zsh"))("zsh, running the script (its completion builtins stubbed: zsh has no completion outside a terminal)", () => {
  /** What _ccx hands to _describe (value:description, the value's colons escaped), or FILES for _files. */
  function zsh(words: string[]): string[] {
    const body = [
      "compdef() { :; }",
      "_files() { print -r -- FILES $@; }",
      // Prints every array named among its arguments (the candidates), as the real one would offer them.
      '_describe() { local arg; for arg in "$@"; do [[ ${(tP)arg} == array* ]] && print -rl -- "${(@P)arg}"; done; return 0; }',
      script("zsh"),
      `words=(${words.map(shellQuote).join(" ")}); CURRENT=${words.length}; PREFIX=${shellQuote(words.at(-1)!)}`,
      "_ccx",
    ].join("\n");
    const run = spawnSync("zsh", ["-f", "-c", body], { env, encoding: "utf8" });
    expect(run.stderr).toBe("");
    return run.stdout.split("\n").filter(Boolean);
  }

  it("completes commands, profiles and filter keys", () => {
    expect(zsh(["ccx", "gr"])).toEqual(["groups:list the groups of the app", "group:print one group, every field"]);
    expect(zsh(["ccx", "--profile", ""])).toEqual(["prod-us:app1 us", "staging-eu:app2 eu"]);
    expect(zsh(["ccx", "groups", "--query", "'ty"])[0]).toMatch(/^type\\::group type/);
    expect(zsh(["ccx", "download", "--dir", "/t"])).toEqual(["FILES -/"]);
  });
});

describe.skipIf(!has("fish"))("fish, running the script (complete -C)", () => {
  function fish(line: string): string[] {
    const run = spawnSync("fish", ["--no-config", "-c", `${script("fish")}\ncomplete -C ${shellQuote(line)}`], { env, encoding: "utf8" });
    expect(run.stderr).toBe("");
    return run.stdout.split("\n").filter(Boolean);
  }

  it("completes commands, profiles and filter keys", () => {
    expect(fish("ccx gr")).toEqual(["group\tprint one group, every field", "groups\tlist the groups of the app"]);
    expect(fish("ccx --profile ")).toEqual(["prod-us\tapp1 us", "staging-eu\tapp2 eu"]);
    expect(fish("ccx groups --query 'tag:vip ty")[0]).toMatch(/^tag:vip type:\t/);
    expect(fish("ccx calls --query type:")).toEqual(["type:audio", "type:video"]);
  });
});

/** A word for a shell: single-quoted. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}
