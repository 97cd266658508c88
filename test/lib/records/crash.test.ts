import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readHistory, sha256Hex } from "../../../lib/store/history.js";
import { propose, readArchived, readPending } from "../../../lib/proposals/propose.js";
import { REPO_ROOT, runCli, sandbox, testIo } from "../../helpers.js";

// A SIGKILL of a real `memctl` process between the renames of one write (card, then MEMORY.md, then history,
// then a proposal's archive) must not leave a card without its history entry: doctor says a write was
// interrupted, and the next write completes it (card, index line, history). The pause point
// (MEMCTL_PAUSE_BEFORE_COMMIT_MS) holds each rename long enough to kill the writer right after the card's.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

function world(t: { after: (fn: () => void) => void }) {
  const s = sandbox([{ file: "feedback_a.md", title: "A", hook: "hook a" }]);
  t.after(() => s.cleanup());
  const env = { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  const io = testIo({ cwd: s.repo, home: s.home, env, now: new Date() });
  const file = (rel: string) => path.join(s.memory, rel);
  const read = (rel: string) => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), "utf8") : "");
  /** Starts the real CLI with a pause before each rename; resolves once `ready()` holds, then SIGKILLs it. */
  const killWhen = async (argv: string[], ready: () => boolean): Promise<void> => {
    const child = spawn(process.execPath, [CLI, ...argv], { cwd: s.repo, env: { PATH: process.env.PATH, ...env, MEMCTL_PAUSE_BEFORE_COMMIT_MS: "400" }, stdio: "ignore" });
    const exited = new Promise((r) => child.once("exit", r));
    const deadline = Date.now() + 20_000;
    while (!ready()) {
      assert.ok(Date.now() < deadline, `never reached the kill point: ${argv.join(" ")}`);
      await new Promise((r) => setTimeout(r, 2));
    }
    child.kill("SIGKILL");
    await exited;
  };
  const doctor = async () => JSON.parse((await runCli(["doctor", "--json"], io)).stdout) as { issues_count: number; hand_edited_cards: { card: string; change: string }[] };
  const recorded = (rel: string) =>
    readHistory(s.memory)
      .entries.filter((e) => e.card === rel)
      .at(-1)?.sha256 === sha256Hex(fs.readFileSync(file(rel)));
  return { s, io, read, killWhen, doctor, recorded };
}

test("a new card's save killed between card and index rename: doctor says so, re-running the save records it", async (t) => {
  const w = world(t);
  const argv = ["save", "kiwi", "-t", "project", "-d", "kiwi is green"];
  await w.killWhen(argv, () => w.read("project_kiwi.md") !== "");
  assert.doesNotMatch(w.read("MEMORY.md"), /project_kiwi/, "killed before the index rename");
  assert.ok(
    (await w.doctor()).hand_edited_cards.some((h) => h.card === "project_kiwi.md"),
    "doctor reports the unrecorded card",
  );
  const again = await runCli(argv, w.io);
  assert.equal(again.code, 0, again.stderr);
  assert.ok(w.recorded("project_kiwi.md"), "the card has its history entry");
  assert.match(w.read("MEMORY.md"), /^- \[kiwi\]\(project_kiwi\.md\) — kiwi is green$/m);
  const report = await w.doctor();
  assert.deepEqual([report.issues_count, report.hand_edited_cards.filter((h) => h.card === "project_kiwi.md")], [0, []]);
});

// A new card's index line is appended in place (lib/store/index-stream.ts), so a writer killed inside that one
// write (SIGKILL can cut a write at a page boundary) leaves the start of the line. The kill is real, at the pause
// before the append; the cut part is then written as such a write would leave it. The next write finishes the line.
test("a new card's save killed in its index append: the next write finishes the cut line once, no fragment left", async (t) => {
  const w = world(t);
  const argv = ["save", "kiwi", "-t", "project", "-d", "kiwi is green"];
  await w.killWhen(argv, () => w.read("project_kiwi.md") !== "");
  const index = path.join(w.s.memory, "MEMORY.md");
  fs.appendFileSync(index, "- [kiwi](project_ki");
  const next = await runCli(["save", "other", "-t", "user", "-d", "an unrelated write"], w.io);
  assert.equal(next.code, 0, next.stderr);
  const text = w.read("MEMORY.md");
  assert.match(text, /\n- \[kiwi\]\(project_kiwi\.md\) — kiwi is green\n- \[other\]\(user_other\.md\) — an unrelated write\n$/);
  assert.equal(text.split("project_ki").length - 1, 1, "one kiwi line, no fragment");
  assert.ok(w.recorded("project_kiwi.md"));
  assert.equal((await w.doctor()).issues_count, 0);
});

test("an update killed after its card rename: the next write replaces the old hook in MEMORY.md and records history", async (t) => {
  const w = world(t);
  await w.killWhen(["save", "a", "-d", "hook a, revised"], () => w.read("feedback_a.md").includes("revised"));
  assert.match(w.read("MEMORY.md"), /— hook a$/m, "the index still has the old hook");
  assert.ok((await w.doctor()).hand_edited_cards.some((h) => h.card === "feedback_a.md"));
  const next = await runCli(["save", "other", "-t", "user", "-d", "an unrelated write"], w.io);
  assert.equal(next.code, 0, next.stderr);
  assert.match(w.read("MEMORY.md"), /— hook a, revised$/m);
  assert.ok(w.recorded("feedback_a.md"));
  assert.deepEqual(
    (await w.doctor()).hand_edited_cards.filter((h) => h.card === "feedback_a.md"),
    [],
  );
});

test("a consolidate --accept-facts killed mid-accept: the retry takes over the dead holder's lease at once and finishes the accept", async (t) => {
  const w = world(t);
  const p = await propose(
    { memoryDir: w.s.memory, actor: "host:claude", now: new Date() },
    { card: { name: "ci-cache", type: "reference", description: "CI caches node_modules by lockfile hash" }, source: "ci.yml line 40", kind: "fact", confidence: 0.9 },
  );
  fs.writeFileSync(path.join(w.s.repo, "ci.yml"), "steps: []\n"); // a source memctl can check: --accept-facts may promote a host's fact
  await w.killWhen(["consolidate", "--accept-facts"], () => w.read("reference_ci-cache.md") !== "");
  assert.equal(readPending(w.s.memory).proposals.length, 1, "killed before the archive");
  const retry = await runCli(["consolidate", "--accept-facts", "--json"], w.io);
  assert.equal(retry.code, 0, retry.stderr);
  const report = JSON.parse(retry.stdout) as { retried: boolean; job: { status: string }; held: unknown[] };
  assert.deepEqual([report.retried, report.job.status, report.held], [true, "done", []]);
  assert.deepEqual(
    readArchived(w.s.memory).proposals.map((x) => [x.id, x.status]),
    [[p.id, "accepted"]],
  );
  assert.equal(readPending(w.s.memory).proposals.length, 0);
  assert.ok(w.recorded("reference_ci-cache.md"));
  assert.match(w.read("MEMORY.md"), /\(reference_ci-cache\.md\) — CI caches node_modules by lockfile hash$/m);
});
