import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { readHistory } from "../../lib/store/history.js";
import { REPO_ROOT } from "../helpers.js";
import { makeWorld, spawnEnv, type World } from "../support/fixture.js";

// Claude Code's MEMORY.md keeps facts as prose beside its card links: `memctl import claude` carries each run of
// non-link lines under a heading as a card (its text byte for byte), and doctor says when some is not carried.
// The built CLI and the built hook, on real files in a temp world.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

const PREAMBLE = "Notes kept by the assistant while working on the ledger service.\n";
const LAYOUT = "- `api/` serves HTTP on port 8420\n- `worker/` drains the reconciliation queue\n\n  Both share `common/` for money types.\n";
const HABITS = "- Never run the migration script against the shared staging database; it drops the audit tables\n";
const FENCED = "```sh\n# not a heading: a shell comment\n- [not a link line](feedback_rounding.md) inside a fence\n```\n";
const AFTER = "Rounding happens once, at the ledger boundary.\n";
const DANGLING = "- [Old deploy notes](project_gone.md) — the canary host was retired in March\n";

function memoryMd(): string {
  return [
    "# Ledger Memory\n",
    PREAMBLE,
    "## Repository layout\n",
    LAYOUT,
    "\n",
    "## Preferences\n",
    "- [Rounding rule](feedback_rounding.md) — round half to even\n",
    HABITS,
    "### Snippets\n",
    FENCED,
    "## Money\n",
    "- [Rounding rule again](feedback_rounding.md)\n",
    AFTER,
    "## Links only\n",
    "- [Rounding](feedback_rounding.md) — linked twice\n",
    "## History\n",
    DANGLING,
  ].join("");
}

function world(t: { after: (fn: () => void) => void }): World & { claude: string } {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  execFileSync("git", ["-C", w.repo, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"]);
  const claude = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  fs.mkdirSync(claude, { recursive: true });
  fs.writeFileSync(path.join(claude, "feedback_rounding.md"), "---\nname: rounding\ndescription: round half to even\ntype: feedback\n---\nBanker's rounding everywhere.\n");
  fs.writeFileSync(path.join(claude, "MEMORY.md"), memoryMd());
  return { ...w, claude };
}

function cli(w: World, ...args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env: spawnEnv(w), encoding: "utf8" });
}

interface Item {
  file: string;
  kind: string;
  title?: string;
  action: string;
  line?: number;
}

function cardBody(text: string): string {
  return text.replace(/^---\n[\s\S]*?\n---\n/, "");
}

test("import claude carries MEMORY.md's prose as notes: text byte for byte, titled by heading, typed, system, idempotent", (t) => {
  const w = world(t);
  const preview = cli(w, "import", "claude");
  assert.equal(preview.status, 0, preview.stderr);
  assert.match(preview.stdout, /would import 1 card and 6 notes from MEMORY\.md:/);
  assert.match(preview.stdout, /"Repository layout", .*MEMORY\.md line 4\)/);
  assert.deepEqual(fs.readdirSync(w.mem), ["MEMORY.md"], "a preview writes nothing");

  const json = cli(w, "import", "claude", "--json");
  const items = (JSON.parse(json.stdout).items as Item[]).filter((i) => i.kind === "note");
  const byTitle = new Map(items.map((i) => [i.title, i]));
  assert.deepEqual([...byTitle.keys()].sort(), ["History", "Ledger Memory", "Money", "Preferences", "Preferences: Snippets", "Repository layout"]);

  const run = cli(w, "import", "claude", "--yes");
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /imported 1 card and 6 notes from MEMORY\.md/);
  const text = (title: string) => fs.readFileSync(path.join(w.mem, byTitle.get(title)!.file), "utf8");
  assert.equal(cardBody(text("Ledger Memory")), PREAMBLE, "text under the document's title has a card of its own");
  assert.equal(cardBody(text("Repository layout")), LAYOUT, "byte for byte, blank lines inside a run kept");
  assert.equal(cardBody(text("Preferences")), HABITS, "the link line is not in the note");
  assert.equal(cardBody(text("Preferences: Snippets")), FENCED, "a fenced block is prose, whatever it holds");
  assert.equal(cardBody(text("Money")), AFTER);
  assert.equal(cardBody(text("History")), DANGLING, "a link to no card is prose: its words are not lost");
  assert.match(byTitle.get("Preferences")!.file, /^feedback_preferences_[0-9a-f]{8}\.md$/, "typed as its section's cards are");
  assert.match(byTitle.get("Repository layout")!.file, /^project_repository_layout_[0-9a-f]{8}\.md$/);
  assert.match(text("Repository layout"), /^description: .*api\/.*8420/m, "a one-line description from the text");

  const index = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  assert.ok(index.includes(`- [Repository layout](${byTitle.get("Repository layout")!.file}) — `), index);
  assert.equal(index.split("\n").filter((l) => l.includes("feedback_rounding.md")).length, 1, "the card's own link once");
  const history = readHistory(w.mem).entries;
  assert.equal(history.length, 7);
  assert.ok(history.every((e) => e.actor === "system" && e.op === "import"));

  const lint = cli(w, "doctor", "--json");
  assert.deepEqual(JSON.parse(lint.stdout).unimported_claude_memory, [], "doctor: nothing left to import");

  const again = cli(w, "import", "claude", "--yes", "--json");
  assert.equal(again.status, 0, again.stderr);
  assert.deepEqual(JSON.parse(again.stdout).imported, [], "a second run imports nothing");
  const save = cli(w, "save", byTitle.get("Money")!.file.replace(/^[a-z]+_|\.md$/g, ""), "-d", "edited after import");
  assert.equal(save.status, 0, save.stderr);
  const removed = cli(w, "rm", byTitle.get("History")!.file.replace(/^[a-z]+_|\.md$/g, ""));
  assert.equal(removed.status, 0, removed.stderr);
  const third = JSON.parse(cli(w, "import", "claude", "--yes", "--json").stdout);
  assert.deepEqual(third.imported, [], "an edited note is not clobbered, a removed one not revived");
});

test("a note never takes an existing card's name or file; prose changed after its import is its earlier note, never a second one", (t) => {
  const w = world(t);
  fs.writeFileSync(path.join(w.claude, "MEMORY.md"), `## Repository layout\n${LAYOUT}## Habits\n${HABITS}- [Rounding rule](feedback_rounding.md)\n${AFTER}`);
  const mine = "---\nname: repository_layout\ndescription: my own card\nmetadata:\n  type: project\n---\nhand written\n";
  fs.writeFileSync(path.join(w.mem, "project_repository_layout.md"), mine);
  assert.equal(cli(w, "import", "claude", "--yes").status, 0);
  assert.equal(fs.readFileSync(path.join(w.mem, "project_repository_layout.md"), "utf8"), mine);
  const notes = () =>
    fs
      .readdirSync(w.mem)
      .filter((f) => /_[0-9a-f]{8}\.md$/.test(f))
      .sort();
  const first = notes();
  assert.equal(first.length, 3, first.join());
  const memBefore = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  // Claude keeps writing: a line added to one section, the second run of another section edited.
  fs.writeFileSync(
    path.join(w.claude, "MEMORY.md"),
    `## Repository layout\n${LAYOUT}- \`docs/\` is generated\n## Habits\n${HABITS}- [Rounding rule](feedback_rounding.md)\nRounding happens twice now.\n`,
  );
  const r = cli(w, "import", "claude", "--yes", "--json");
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.imported, [], "a changed section is not imported again as a second note");
  assert.deepEqual(notes(), first);
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), memBefore);
  const changed = out.items.filter((i: Item) => i.action === "changed");
  assert.deepEqual(changed.map((i: Item) => i.title).sort(), ["Habits (2)", "Repository layout"], "reported, not dropped without a word");
  assert.ok(
    changed.every((i: Item) => first.includes(i.file)),
    "named by the note it already is",
  );
  const text = cli(w, "import", "claude");
  assert.match(text.stdout, /would import 0 cards and 0 notes/);
  assert.match(text.stdout, /= project_repository_layout_[0-9a-f]{8}\.md {2}skipped: .*changed since/);
  assert.deepEqual(JSON.parse(cli(w, "doctor", "--json").stdout).unimported_claude_memory, [], "doctor agrees: nothing to import");
  // A note the owner removed stays removed when its section changes later.
  const layout = first.find((f) => f.startsWith("project_repository_layout_"))!;
  assert.equal(cli(w, "rm", layout.replace(/^[a-z]+_|\.md$/g, "")).status, 0);
  fs.writeFileSync(path.join(w.claude, "MEMORY.md"), `## Repository layout\n${LAYOUT}- \`docs/\` is generated, twice\n`);
  const again = JSON.parse(cli(w, "import", "claude", "--yes", "--json").stdout);
  assert.deepEqual(again.imported, [], "a removed note is not revived by an edit of its section");
});

test("a secret in MEMORY.md's prose never enters the store: redacted and reported, as in a card", (t) => {
  const w = world(t);
  const token = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5";
  fs.writeFileSync(path.join(w.claude, "MEMORY.md"), `## CI\n- the bot pushes with ${token}\n`);
  const r = cli(w, "import", "claude", "--yes", "--json");
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(
    out.redacted.map((x: { kind: string }) => x.kind),
    ["github-token", "github-token"],
    "in the body and in the description",
  );
  for (const f of fs.readdirSync(w.mem)) if (f.endsWith(".md")) assert.ok(!fs.readFileSync(path.join(w.mem, f), "utf8").includes(token), f);
});

test("doctor names MEMORY.md prose with no counterpart and the command; the hook then finds a fact that lived only in prose", (t) => {
  const w = world(t);
  const doctor = cli(w, "doctor");
  assert.match(doctor.stdout, /1 Claude Code card\(s\) and 6 MEMORY\.md note\(s\) in .* with no memctl counterpart[\s\S]*memctl import claude/);
  const report = JSON.parse(cli(w, "doctor", "--json").stdout);
  assert.deepEqual(report.unimported_claude_memory.map((x: { kind: string }) => x.kind).sort(), ["card", "note", "note", "note", "note", "note", "note"]);
  assert.equal(cli(w, "import", "claude", "--yes").status, 0);
  const hook = spawnSync(process.execPath, [HOOK, "--host", "claude"], {
    cwd: w.repo,
    env: spawnEnv(w),
    encoding: "utf8",
    input: JSON.stringify({ session_id: "s-prose", cwd: w.repo, hook_event_name: "UserPromptSubmit", prompt: "which port does the api listen on?" }),
  });
  assert.equal(hook.status, 0, hook.stderr);
  assert.match(hook.stdout, /Repository layout\]\(project_repository_layout_[0-9a-f]{8}\.md\)/);
});

test("a card file in a subfolder of Claude's memory is named as not read, never dropped without a word; its link line is carried as prose", (t) => {
  const w = world(t);
  fs.mkdirSync(path.join(w.claude, "conventions"));
  fs.writeFileSync(path.join(w.claude, "conventions", "core-pure.md"), "---\nname: core-pure\ndescription: no IO in core\n---\nbody\n");
  fs.writeFileSync(path.join(w.claude, "MEMORY.md"), "## Conventions\n- [Core stays pure](conventions/core-pure.md) — no clock or IO in core\n");
  const r = JSON.parse(cli(w, "import", "claude", "--json").stdout);
  assert.deepEqual(
    r.skipped.map((s: { source: string; reason: string }) => [path.relative(w.claude, s.source), /subfolder/.test(s.reason)]),
    [["conventions/core-pure.md", true]],
  );
  assert.deepEqual(
    r.items.filter((i: Item) => i.kind === "note").map((i: Item) => i.title),
    ["Conventions"],
  );
  assert.match(cli(w, "import", "claude").stdout, /! .*conventions\/core-pure\.md {2}not read: .*subfolder/);
});
