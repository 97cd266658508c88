import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { readHistory } from "../../lib/store/history.js";
import { CLI, makeWorld, type World } from "../support/fixture.js";

// `memctl init` offers, on a terminal, to import this project's Claude Code memory; yes wrote it as `system`
// (memctl's importer, which the store-wide limits do not bind) whoever ran it. An agent gets a terminal with
// `script`, so an opted-in host's yes went past the file limit that binds its saves, attributed to memctl. The offer
// is now attributed and bound as `memctl import` is (test/cli/import-host.test.ts), and a host not opted in is not
// asked. Each run here is the built CLI on a real pseudo-terminal (util-linux `script`).

const skip = fs.existsSync("/usr/bin/script") || fs.existsSync("/bin/script") ? false : "script (util-linux) is missing: no terminal";

function world(t: TestContext, cards: number, config: string): World {
  const w = makeWorld({ createMemory: false });
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const dir = path.join(w.home, ".claude", "projects", w.repo.replace(/[^A-Za-z0-9]/g, "-"), "memory");
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < cards; i++)
    fs.writeFileSync(path.join(dir, `project_note-${i}.md`), `---\nname: note-${i}\ndescription: note ${i} from Claude\ntype: project\n---\nbody ${i}\n`);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, config);
  return w;
}

/** `memctl init` on a terminal, answering `answer` to its question if it asks; the screen and exit code. */
async function initOnTerminal(w: World, mark: Record<string, string>, answer = "y"): Promise<{ code: number | null; screen: string }> {
  const env = { PATH: process.env.PATH ?? "", HOME: w.home, TERM: "dumb", ...w.env, ...mark };
  const child = spawn("script", ["-qfec", `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} init`, "/dev/null"], { cwd: w.repo, env });
  let screen = "";
  let answered = false;
  child.stdout.on("data", (d: Buffer) => {
    screen += d.toString("utf8");
    if (!answered && /\[y\/N\]/.test(screen)) {
      answered = true;
      child.stdin.write(`${answer}\n`);
    }
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  return { code, screen };
}

const imported = (w: World) => (fs.existsSync(w.mem) ? fs.readdirSync(w.mem).filter((f) => f.startsWith("project_")) : []);

test("an opted-in host's yes to init's import offer is the host's: bound by the store's file limit", { skip }, async (t) => {
  const w = world(t, 12, "[hosts.claude]\nwrite = true\n\n[guardrails]\nmax_files = 8\n");
  const r = await initOnTerminal(w, { CLAUDECODE: "1" });
  assert.match(r.screen, /Import 12 cards of Claude Code memory/);
  assert.match(r.screen, /not imported: .*E_GUARDRAIL|not imported: .*limit/s);
  assert.equal(r.code, 0, r.screen);
  assert.ok(fs.existsSync(path.join(w.mem, "MEMORY.md")), "the store was still made");
  assert.deepEqual(imported(w), [], "nothing imported past the limit");
});

test("an opted-in host's import from init is attributed to the host; the owner's stays system's", { skip }, async (t) => {
  const w = world(t, 3, "[hosts.claude]\nwrite = true\n");
  const r = await initOnTerminal(w, { CLAUDECODE: "1" });
  assert.equal(r.code, 0, r.screen);
  assert.match(r.screen, /imported 3 cards of Claude Code memory \(attributed to host:claude/);
  assert.deepEqual([...new Set(readHistory(w.mem).entries.map((e) => e.actor))], ["host:claude"]);

  const owner = world(t, 12, "[guardrails]\nmax_files = 8\n");
  const o = await initOnTerminal(owner, {});
  assert.equal(o.code, 0, o.screen);
  assert.match(o.screen, /imported 12 cards .*attributed to system/);
  assert.deepEqual([...new Set(readHistory(owner.mem).entries.map((e) => e.actor))], ["system"]);
});

test("a host not opted in is not asked: init prints why and how the owner imports", { skip }, async (t) => {
  const w = world(t, 3, "");
  const r = await initOnTerminal(w, { CLAUDECODE: "1" });
  assert.equal(r.code, 0, r.screen);
  assert.doesNotMatch(r.screen, /\[y\/N\]/);
  assert.match(r.screen, /host:claude may not import memory.*memctl import claude --yes/s);
  assert.deepEqual(imported(w), []);
});
