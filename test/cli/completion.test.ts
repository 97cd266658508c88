import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { HOST_NAMES } from "../../hosts/index.js";
import { REPO_ROOT, runCli, sandbox, tempDir, testIo } from "../helpers.js";

// Each shell's script is run by the real shell. CI may lack zsh or fish: those tests skip, saying so.
const has = (shell: string) => spawnSync("sh", ["-c", `command -v ${shell}`]).status === 0;
const skipWithout = (shell: string) => (has(shell) ? false : `${shell} is not installed on this machine (apt-get install ${shell}): its completion is untested here`);
const HOSTS = [...HOST_NAMES].sort();

/** The script for a shell, written to a temp file, plus a PATH holding a `memctl` that runs this build (for card names). */
async function setup(shell: string, t: { after(fn: () => void): void }) {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const r = await runCli(["completion", shell], testIo({ cwd: dir, home: dir }));
  assert.equal(r.code, 0, r.stderr);
  const script = path.join(dir, `memctl.${shell}`);
  fs.writeFileSync(script, r.stdout);
  const bin = path.join(dir, "bin");
  fs.mkdirSync(bin);
  fs.symlinkSync(path.join(REPO_ROOT, "dist", "cli.js"), path.join(bin, "memctl"));
  return { dir, script, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
}

/** Calls the bash completion function as readline would, with the words typed so far; returns the candidates. */
function bashComplete(script: string, words: string[], env: NodeJS.ProcessEnv, cwd: string): string[] {
  const quoted = words.map((w) => `'${w}'`).join(" ");
  const out = execFileSync(
    "bash",
    ["--norc", "--noprofile", "-c", `source '${script}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _memctl_completion; printf '%s\\n' "\${COMPREPLY[@]}"`],
    {
      env,
      cwd,
      encoding: "utf8",
    },
  );
  return out.split("\n").filter(Boolean).sort();
}

test("bash: memctl insta<TAB> completes install, memctl install <TAB> the host names, flags and card names too", async (t) => {
  const { dir, script, PATH } = await setup("bash", t);
  const env = { PATH, HOME: dir };
  assert.deepEqual(bashComplete(script, ["memctl", "ins"], env, dir), ["install", "instructions"]);
  assert.deepEqual(bashComplete(script, ["memctl", "insta"], env, dir), ["install"]);
  assert.deepEqual(bashComplete(script, ["memctl", "install", ""], env, dir), HOSTS);
  assert.deepEqual(bashComplete(script, ["memctl", "install", "--scope", "project", ""], env, dir), HOSTS, "a flag's value is not the host");
  assert.deepEqual(bashComplete(script, ["memctl", "install", "claude", ""], env, dir), [], "one host only");
  assert.ok(bashComplete(script, ["memctl", "install", "--sc"], env, dir).includes("--scope"));
  const box = sandbox([{ file: "project_deploy.md", title: "Deploy", hook: "how we deploy" }]);
  t.after(box.cleanup);
  const cards = bashComplete(script, ["memctl", "show", "dep"], { ...env, MEMCTL_MEMORY_DIR: box.memory, HOME: box.home }, box.repo);
  assert.deepEqual(cards, ["deploy"]);
});

test("fish: memctl insta<TAB> completes install, memctl install <TAB> the host names, card names after show", { skip: skipWithout("fish") }, async (t) => {
  const { dir, script, PATH } = await setup("fish", t);
  const complete = (line: string) =>
    execFileSync("fish", ["--no-config", "-c", `source '${script}'; complete -C '${line}'`], { env: { PATH, HOME: dir }, cwd: dir, encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split("\t")[0]!)
      .sort();
  assert.deepEqual(complete("memctl ins"), ["install", "instructions"]);
  assert.deepEqual(complete("memctl insta"), ["install"]);
  assert.deepEqual(complete("memctl install "), HOSTS);
  assert.ok(complete("memctl install --sc").includes("--scope"));
  const box = sandbox([{ file: "project_deploy.md", title: "Deploy", hook: "how we deploy" }]);
  t.after(box.cleanup);
  const cards = execFileSync("fish", ["--no-config", "-c", `source '${script}'; complete -C 'memctl show dep'`], {
    env: { PATH, HOME: box.home, MEMCTL_MEMORY_DIR: box.memory },
    cwd: box.repo,
    encoding: "utf8",
  });
  assert.deepEqual(cards.split("\n").filter(Boolean), ["deploy"]);
});

const zshSkip = skipWithout("zsh") || (has("script") ? false : "script (util-linux) is missing: no terminal for zsh");

for (const mode of ["sourced after compinit", "saved as _memctl in $fpath"] as const) {
  test(`zsh (${mode}): memctl insta<TAB> completes install, memctl install <TAB> lists the host names (interactive zsh on a terminal)`, { skip: zshSkip }, async (t) => {
    const { dir, script, PATH } = await setup("zsh", t);
    const zfunc = path.join(dir, "zfunc");
    fs.mkdirSync(zfunc);
    fs.copyFileSync(script, path.join(zfunc, "_memctl"));
    const load = mode === "sourced after compinit" ? `autoload -U compinit; compinit -u -D; source '${script}'` : `fpath=('${zfunc}' $fpath); autoload -U compinit; compinit -u -D`;
    // zsh completes only in its line editor, which needs a terminal: `script` gives it one.
    const child = spawn("script", ["-qfc", "zsh -f -i", "/dev/null"], { cwd: dir, env: { PATH, HOME: dir, TERM: "dumb" } });
    t.after(() => child.kill("SIGKILL"));
    let screen = "";
    child.stdout.on("data", (d: Buffer) => (screen += d.toString("utf8")));
    const waitFor = async (pattern: RegExp, from: number) => {
      for (const started = Date.now(); !pattern.test(screen.slice(from)); ) {
        if (Date.now() - started > 10_000) assert.fail(`zsh never showed ${pattern}; screen:\n${screen}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await waitFor(/#|%/, 0);
    child.stdin.write(`unset zle_bracketed_paste; ${load}; PS1='ZP> '\n`);
    await waitFor(/ZP> /, 0);
    let mark = screen.length;
    child.stdin.write("memctl insta\t");
    await waitFor(/memctl install/, mark);
    child.stdin.write("\x15"); // kill the line
    mark = screen.length;
    child.stdin.write("memctl install \t");
    await waitFor(new RegExp(HOSTS.join("\\s+")), mark);
    child.stdin.write("\x15exit\n");
  });
}

test("completion without a known shell is a usage error naming the shells", async () => {
  const dir = tempDir();
  try {
    const r = await runCli(["completion", "tcsh"], testIo({ cwd: dir, home: dir }));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /memctl completion bash\|zsh\|fish/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
