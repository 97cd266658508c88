import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";
import { compactFile, configure, handWrittenCards, readCompactJson, script } from "../support/compact-fixture.js";

// The LLM generator with a real configured command: small executable scripts that read the prompt on stdin.

// Prints one theme line naming every card title it was given (a real, shorter summary of its input).
const SUMMARIZE = `titles=$(sed -n 's/^- \\[\\([^]]*\\)\\].*/\\1/p' | tr '\\n' ' ')\necho "Decisions per topic, each with its reason: $titles"`;

test("auto with a configured command: prints the plan first, feeds the prompt on stdin, stores the model's summary", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  const cmd = script(w, "summarize.sh", `tee "${path.join(w.root, "prompt.txt")}" | { ${SUMMARIZE}; }`);
  configure(w, [cmd, "--fast"]);
  const r = await memctl(w, ["compact", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`^memctl compact: compacting 60 records; no compact yet; LLM via \`${cmd} --fast\`, mechanical fallback\\n`));
  const prompt = fs.readFileSync(path.join(w.root, "prompt.txt"), "utf8");
  assert.match(prompt, /Mention every card by its title/);
  assert.match(prompt, /- \[topic-42\]\(project_topic-42\.md\) — what the team decided about topic-42/);
  const out = JSON.parse(r.stdout);
  assert.deepEqual([out.generator, out.model, out.fallback_reason, out.repaired], ["llm", `${cmd} --fast`, null, []]);
  assert.ok(out.bytes_with < out.bytes_without / 2, `${out.bytes_with} vs ${out.bytes_without}`);
  const slot = readCompactJson(w);
  assert.match(slot.summary, /^Decisions per topic, each with its reason: topic-1 topic-2 .* topic-59 topic-60$/);
  const shown = (await memctl(w, ["compact", "--show"])).stdout;
  assert.match(shown, new RegExp(`generator  llm \\(${cmd} --fast\\)`));
});

test("a name is mentioned only as a whole name: topic-1 left out is repaired although topic-10 … topic-19 are in the summary", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 60);
  configure(w, [script(w, "forgetful.sh", `grep -v 'topic-1\\]' | { ${SUMMARIZE}; }`)]);
  const r = await memctl(w, ["compact", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const slot = readCompactJson(w);
  assert.match(slot.summary, /topic-10 topic-11 /);
  assert.deepEqual(slot.repaired, ["topic-1"]);
  assert.ok(slot.summary.endsWith("\n- [topic-1](project_topic-1.md) — what the team decided about topic-1, with the reason it matters"));
});

test("a summary that omits a name is repaired: the card's index line appended verbatim and reported", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  configure(w, [script(w, "forgetful.sh", `grep -v 'topic-17\\]' | { ${SUMMARIZE}; }`)]);
  const r = await memctl(w, ["compact"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /the summary left out 1 card\(s\); appended verbatim as index lines: topic-17/);
  assert.match(r.stdout, /repaired: appended 1 omitted card\(s\) verbatim: topic-17/);
  const slot = readCompactJson(w);
  assert.deepEqual(slot.repaired, ["topic-17"]);
  assert.ok(slot.summary.endsWith("\n- [topic-17](project_topic-17.md) — what the team decided about topic-17, with the reason it matters"));
});

test("a command that exits non-zero: auto falls back to mechanical and says why; --llm fails loudly and writes nothing", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  configure(w, [script(w, "broken.sh", "cat >/dev/null; echo 'not logged in' >&2; exit 3")]);
  const strict = await memctl(w, ["compact", "--llm", "--json"]);
  assert.equal(strict.code, 1);
  const err = JSON.parse(strict.stdout).error;
  assert.equal(err.code, "E_COMPACT_LLM");
  assert.match(err.message, /exited with status 3: not logged in; nothing was written/);
  assert.equal(fs.existsSync(compactFile(w)), false);

  const auto = await memctl(w, ["compact"]);
  assert.equal(auto.code, 0, auto.stderr);
  assert.match(auto.stderr, /falling back to the mechanical generator: .*broken\.sh exited with status 3: not logged in/);
  assert.match(auto.stdout, /wrote \.memctl\/compact\.json \(mechanical, 60 records\)/);
  assert.match(auto.stdout, /fallback: .*exited with status 3/);
  assert.equal(readCompactJson(w).generator, "mechanical");
});

test("a command that hangs past timeout_seconds is killed (its whole process group) and auto falls back", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  const pidFile = path.join(w.root, "sleeper.pid");
  configure(w, [script(w, "hang.sh", `sleep 30 &\necho $! > "${pidFile}"\nwait`)], 0.5);
  const started = Date.now();
  const r = await memctl(w, ["compact"]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(Date.now() - started < 10_000, "did not wait for the sleeper");
  assert.match(r.stderr, /falling back to the mechanical generator: .*hang\.sh did not finish within 0\.5s \(killed\)/);
  assert.equal(readCompactJson(w).generator, "mechanical");
  const pid = Number(fs.readFileSync(pidFile, "utf8"));
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(alive(pid), false, "the command's child was killed with it");
});

test("no command configured: auto says so and uses mechanical; --llm refuses with the config line to add", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  const auto = await memctl(w, ["compact"]);
  assert.equal(auto.code, 0);
  assert.match(auto.stderr, /falling back to the mechanical generator: no \[compact\] llm_command is configured/);
  fs.unlinkSync(compactFile(w));
  const strict = await memctl(w, ["compact", "--llm"]);
  assert.equal(strict.code, 1);
  assert.match(strict.stderr, /llm_command = \["claude", "-p"\]/);
  assert.equal(fs.existsSync(compactFile(w)), false);
});

test("an LLM summary that would grow the body: auto discards it for mechanical; --llm rejects it and the old compact stays intact", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  await memctl(w, ["compact", "--mechanical"]);
  const old = fs.readFileSync(compactFile(w), "utf8");
  configure(w, [
    script(
      w,
      "verbose.sh",
      "cat; cat /dev/null; sed -n 1,400p /dev/null; i=0; while [ $i -lt 200 ]; do echo 'padding line that makes the summary longer than the index'; i=$((i+1)); done",
    ),
  ]);
  const strict = await memctl(w, ["compact", "--llm"]);
  assert.equal(strict.code, 1);
  assert.match(strict.stderr, /a llm compact would not shrink the injected memory: \d+ bytes without it, \d+ bytes with it/);
  assert.match(strict.stderr, /the existing compact \(mechanical, 2026-12-02T09:40:00\.000Z\) stays in place/);
  assert.equal(fs.readFileSync(compactFile(w), "utf8"), old, "the old compact is byte-identical");

  const auto = await memctl(w, ["compact", "--json"], { now: new Date("2026-12-02T10:40:00.000Z") });
  assert.equal(auto.code, 0, auto.stderr);
  assert.match(auto.stderr, /last compact 1h ago \(mechanical, by human\)/);
  assert.match(JSON.parse(auto.stdout).fallback_reason, /^the LLM summary would not shrink the injected body \(\d+ → \d+ bytes\)$/);
  assert.equal(readCompactJson(w).generator, "mechanical");
});

test("[compact] config is validated: a bad llm_command or timeout is a config error naming the fix", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, '[compact]\nllm_command = "claude -p"\ntimeout_seconds = -1\n');
  const lint = await memctl(w, ["config", "lint", "--json"]);
  assert.notEqual(lint.code, 0);
  assert.match(lint.stdout, /compact\.llm_command must be a non-empty list of strings/);
  assert.match(lint.stdout, /compact\.timeout_seconds must be a positive number/);
});

/** True while a process runs; a killed child whose reaper has not collected it yet (a zombie) is not running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return true;
  }
}

test("the model command runs in a fresh empty directory, never the store: a synced .claude/settings.json there cannot configure it", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  // What a teammate can push into a synced store: settings `claude -p` would load (and run the hooks of) from its cwd.
  fs.mkdirSync(path.join(w.mem, ".claude"));
  fs.writeFileSync(path.join(w.mem, ".claude", "settings.json"), '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch pwned"}]}]}}\n');
  const seen = path.join(w.root, "seen.txt");
  configure(w, [script(w, "where.sh", `pwd -P > "${seen}"; ls -A >> "${seen}"; ${SUMMARIZE}`)]);
  const r = await memctl(w, ["compact", "--llm"]);
  assert.equal(r.code, 0, r.stderr);
  const [cwd, ...listing] = fs.readFileSync(seen, "utf8").trim().split("\n");
  const mem = fs.realpathSync(w.mem);
  assert.ok(cwd !== mem && !cwd!.startsWith(`${mem}${path.sep}`), `the model ran in ${cwd}`);
  assert.deepEqual(listing, [], "its directory holds nothing");
  assert.equal(fs.existsSync(cwd!), false, "and is removed when it finishes");
});
