import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { BLOCK_CLOSE, BLOCK_OPEN } from "../../lib/core/block.js";
import { claudeSlug } from "../../lib/config/project.js";
import { configure, handWrittenCards, script } from "../support/compact-fixture.js";
import { CLI, makeWorld, memctl, spawnEnv } from "../support/fixture.js";
import { removeScratch } from "../support/scratch.js";

// `memctl hook session-start` through the built CLI, as hosts run it: the compact plus what changed since it,
// or the pinned cards and the index in order, fenced and complete: over [doctor] warn_bytes one line says so and points at doctor.

function sessionStart(w: ReturnType<typeof makeWorld>, host: string, payload: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, "hook", "session-start", "--host", host], {
    input: JSON.stringify({ cwd: w.repo, session_id: "s-1", source: "startup", ...payload }),
    env: { ...spawnEnv(w), ...env },
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

const SUMMARIZE = `titles=$(sed -n 's/^- \\[\\([^]]*\\)\\].*/\\1/p' | tr '\\n' ' ')\necho "Decisions per topic, each with its reason: $titles"`;

/** What a host delivers, as the text the model reads: Claude and Codex wrap it in SessionStart JSON, the others print it. */
function delivered(host: string, out: string): string {
  if (host !== "claude" && host !== "codex") return out;
  const json = JSON.parse(out);
  assert.equal(json.hookSpecificOutput.hookEventName, "SessionStart");
  return json.hookSpecificOutput.additionalContext;
}

const HOSTS = ["claude", "codex", "opencode", "grok", "generic"] as const;
const WARNING = /^This overview is over the advisory size threshold \(\[doctor\] warn_bytes\); nothing was cut for size\. Run `memctl doctor` for the diagnosis and remedy\.$/;

function hookLog(w: ReturnType<typeof makeWorld>): string[] {
  const file = path.join(w.home, ".local", "state", "memctl", "hook.log");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
}

/** The lines of a block that mention a card name as a whole word (so topic-4 is not topic-40). */
function mentioning(text: string, name: string): string[] {
  return text.split("\n").filter((l) => new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(l));
}

/** Seed 000, rule 2 and 4: a current compact over warn_bytes, one card saved and one removed after it. */
async function compactedStoreWithChanges(w: ReturnType<typeof makeWorld>) {
  handWrittenCards(w, 70);
  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 0);
  await memctl(w, ["save", "late", "-t", "feedback", "-d", "written after the compact"]);
  assert.equal((await memctl(w, ["rm", "topic-4"])).code, 0);
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout).injection;
  assert.equal(doctor.over_warn, true, `the compact's injected body (${doctor.injected_bytes} B) is over warn_bytes`);
  assert.equal(doctor.compact.current, false);
}

for (const host of HOSTS) {
  test(`${host}: with a compact over warn_bytes, the overview is complete — the new card, the removed one marked, one warning line, nothing cut`, async (t) => {
    const w = makeWorld();
    t.after(() => removeScratch(w.root));
    await compactedStoreWithChanges(w);
    const text = delivered(host, sessionStart(w, host));
    const lines = text.trimEnd().split("\n");
    assert.equal(lines[0], BLOCK_OPEN);
    assert.equal(lines.at(-1), BLOCK_CLOSE);
    assert.doesNotMatch(text, /more lines? not shown/, "nothing is truncated");
    assert.match(text, /Written or updated since that summary \(these lines supersede it\):\n- \[late\]\(feedback_late\.md\) — written after the compact/);
    assert.match(text, /Removed since that summary \(disregard what it says about them\): topic-4 \(project_topic-4\.md\)/);
    for (const l of mentioning(text, "topic-4")) assert.match(l, /removed since (this|that) summary/i, `topic-4 is never shown as current: ${l}`);
    assert.ok(mentioning(text, "topic-70").length > 0, "the summary's last card arrives");
    assert.equal(lines.filter((l) => WARNING.test(l)).length, 1, "one warning line pointing at doctor");
    assert.equal(lines.filter((l) => /memctl doctor/.test(l)).length, 1);
    assert.match(lines[3]!, WARNING, "the warning comes right after the heading, before anything a host could cut");
    const logged = hookLog(w).filter((l) => /advisory size threshold/.test(l));
    assert.equal(logged.length, 1, "one line in the hook log");
    assert.match(logged[0]!, /Injected memory context is over the advisory size threshold\. Run memctl doctor for details\./);
  });
}

test("without a compact: pinned cards first, then the whole index in order — nothing cut, one warning line when over warn_bytes", async (t) => {
  const w = makeWorld();
  t.after(() => removeScratch(w.root));
  handWrittenCards(w, 60);
  await memctl(w, ["save", "owner", "-t", "user", "-d", "the owner wants short answers", "--priority", "always"]);
  const out = sessionStart(w, "generic");
  const lines = out.trimEnd().split("\n");
  assert.equal(lines[0], BLOCK_OPEN);
  assert.equal(lines.at(-1), BLOCK_CLOSE);
  assert.match(lines[2]!, /^Session start: an overview/);
  assert.match(lines[3]!, WARNING, "over the default warn_bytes: said once, first");
  assert.match(lines[4]!, /record one with memctl log before finishing/, "the once-per-session episode reminder");
  assert.match(lines[5]!, /\[owner\]\(user_owner\.md\)/, "the pinned card comes first although it is last in the index");
  assert.match(lines[6]!, /\[topic-1\]/);
  assert.match(lines.at(-2)!, /\[topic-60\]/, "the whole index, to its last line");
  assert.equal(lines.filter((l) => /^- \[/.test(l)).length, 61);
  assert.doesNotMatch(out, /not shown/);
  assert.equal(hookLog(w).filter((l) => /advisory size threshold/.test(l)).length, 1);
  // Raised past the store's size: the same lines, no warning, nothing logged.
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[doctor]\nwarn_bytes = 20000\n");
  const whole = sessionStart(w, "generic");
  assert.doesNotMatch(whole, /advisory size threshold|memctl doctor/);
  assert.deepEqual(
    whole.split("\n").filter((l) => /^- \[/.test(l)),
    lines.filter((l) => /^- \[/.test(l)),
  );
  assert.equal(hookLog(w).filter((l) => /advisory size threshold/.test(l)).length, 1);
});

test("every host prints the same overview from the card cache's escaped lines as from MEMORY.md: quotes, backslashes, controls, CJK, a pinned card", async (t) => {
  // A warm start copies the lines kept escaped for JSON (issue 32); the first start, with no cache, renders them.
  const w = makeWorld();
  t.after(() => removeScratch(w.root));
  handWrittenCards(w, 8);
  await memctl(w, ["save", "pinned", "-t", "user", "-d", 'pinned "first" \\ always', "--priority", "always"]);
  const index = path.join(w.mem, "MEMORY.md");
  const odd = ['say "hi" and \\"bye\\"', "a\\", "tab\there bell\u0007 esc\u001b[31m del\u007f c1\u0085 bidi\u202e lsep\u2028", "部署の手順 🚀 \\u0041 \\n"];
  fs.appendFileSync(index, odd.map((d, i) => `- [odd ${i}](project_topic-${i + 1}.md) — ${d}\n`).join(""));
  const texts = new Map<string, string>();
  for (const round of ["first", "warm"]) {
    if (round === "first") fs.rmSync(path.join(w.mem, ".memctl", "card-cache"), { force: true });
    for (const host of HOSTS) {
      const text = delivered(host, sessionStart(w, host, { session_id: `${round}-${host}` }));
      if (round === "warm") assert.equal(text, texts.get(host), `${host}: the same text from the cache's lines`);
      texts.set(host, text);
    }
    await new Promise((r) => setTimeout(r, 150)); // past the cache's racy window: the next round reads the kept view
  }
  // The hosts differ only in the episode reminder's command.
  const withoutReminder = new Set([...texts.values()].map((t) => t.replace(/^.*memctl log.*$/m, "")));
  assert.equal(withoutReminder.size, 1, "one text whatever the host's shape");
  const text = texts.get("codex");
  assert.ok(
    text!
      .split("\n")
      .find((l) => l.startsWith("- ["))!
      .startsWith("- [pinned]"),
    "the pinned card first",
  );
  assert.match(text!, /- \[odd 0\]\(project_topic-1\.md\) — say "hi" and \\"bye\\"\n/);
  assert.match(text!, /部署の手順 🚀/);
});

test("the warning follows doctor's number: a store exactly at warn_bytes gets none, one byte over gets it", async (t) => {
  const w = makeWorld();
  t.after(() => removeScratch(w.root));
  handWrittenCards(w, 30);
  const injected = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout).injection.injected_bytes as number;
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, `[doctor]\nwarn_bytes = ${injected}\n`);
  assert.doesNotMatch(sessionStart(w, "generic"), /advisory size threshold/, "at the threshold is not over it");
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, `[doctor]\nwarn_bytes = ${injected - 1}\n`);
  assert.match(sessionStart(w, "generic"), /advisory size threshold/);
});

test("with a compact: its summary plus every card written and removed since, as JSON additionalContext for Codex", async (t) => {
  const w = makeWorld();
  t.after(() => removeScratch(w.root));
  handWrittenCards(w, 60);
  configure(w, [script(w, "summarize.sh", SUMMARIZE)]);
  assert.equal((await memctl(w, ["compact"])).code, 0);
  await memctl(w, ["save", "late", "-t", "feedback", "-d", "written after the compact"]);
  await memctl(w, ["rm", "topic-4"]);
  const out = JSON.parse(sessionStart(w, "codex"));
  assert.equal(out.hookSpecificOutput.hookEventName, "SessionStart");
  const text: string = out.hookSpecificOutput.additionalContext;
  assert.match(text, /^<memctl-memory kind="recalled-data">\n/);
  assert.match(text, /Session start: the compact summary/);
  assert.match(text, /Decisions per topic, each with its reason: topic-1 topic-2/);
  assert.match(text, /Written or updated since that summary \(these lines supersede it\):\n- \[late\]\(feedback_late\.md\) — written after the compact/);
  assert.match(text, /Removed since that summary \(disregard what it says about them\): topic-4 \(project_topic-4\.md\)/);
  // The model's line names many cards: kept whole (other cards live in it), with the removed one called out.
  const line = mentioning(text, "topic-4").find((l) => l.startsWith("Decisions per topic"));
  assert.match(line ?? "", /topic-1 topic-2 .*\[removed since this summary: topic-4 — not current\]$/);
});

test("claude: only the auto-memory note when the store is Claude's own auto-memory dir for the project; the overview otherwise", async (t) => {
  const w = makeWorld({ explicit: false });
  t.after(() => removeScratch(w.root));
  const auto = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  fs.mkdirSync(auto, { recursive: true });
  fs.writeFileSync(path.join(auto, "MEMORY.md"), "# Memory\n\n- [a](feedback_a.md) — a note\n");
  fs.writeFileSync(path.join(auto, "feedback_a.md"), "---\nname: a\ndescription: a note\n---\nA.\n");
  const native = JSON.parse(sessionStart(w, "claude"));
  assert.doesNotMatch(native.hookSpecificOutput.additionalContext, /a note/, "Claude loads this MEMORY.md natively: no second copy");
  assert.match(native.hookSpecificOutput.additionalContext, /auto memory is on .* never edit these files directly/s);
  assert.match(native.systemMessage, /"autoMemoryEnabled": false/, "the user is told the fix");
  assert.match(sessionStart(w, "codex"), /a note/, "other hosts still get it");
  // Another session (the same one within seconds would be a second wiring of the hook, which prints nothing).
  assert.match(sessionStart(w, "claude", { session_id: "s-2" }, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" }), /a note/);
});

test("no store, a bad payload: nothing printed, exit 0", async (t) => {
  const w = makeWorld({ createMemory: false });
  t.after(() => removeScratch(w.root));
  assert.equal(sessionStart(w, "claude"), "");
  const r = spawnSync(process.execPath, [CLI, "hook", "session-start"], { input: "not json", env: spawnEnv(w), encoding: "utf8" });
  assert.deepEqual([r.status, r.stdout], [0, ""]);
});
