import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl, type World } from "../../support/fixture.js";

// Audit finding 2: the MEMORY.md title the owner chose (`- [Feature flags](…)`) was lost when a removed card came
// back (restore, a reviving save, expire + restore), and `import claude` ignored Claude's own titles.

const CARD = "project_feature_flags.md";
const LINE = `- [Feature flags](${CARD}) — Flags live in LaunchDarkly; stale ones are removed monthly`;

function cardText(expires?: string): string {
  return [
    "---",
    "name: feature_flags",
    'description: "Flags live in LaunchDarkly; stale ones are removed monthly"',
    "metadata:",
    "  node_type: memory",
    "  type: project",
    "topics: []",
    "priority: normal",
    "status: active",
    'updated_at: "2026-10-01"',
    ...(expires ? [`expires_at: "${expires}"`] : []),
    "repo_refs: []",
    "---",
    "# Feature flags",
    "",
  ].join("\n");
}

function store(w: World, expires?: string): void {
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), `# Memory\n\n${LINE}\n- [Other](project_other.md) — x\n`);
  fs.writeFileSync(path.join(w.mem, CARD), cardText(expires));
}

async function ok(w: World, argv: string[], now?: Date): Promise<void> {
  const r = await memctl(w, argv, now ? { now } : {});
  assert.equal(r.code, 0, `${argv.join(" ")}: ${r.stderr}`);
}

function index(w: World): string {
  return fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
}

test("adopt, rm, restore: the card's index line comes back with the title it had", async () => {
  const w = makeWorld();
  store(w);
  await ok(w, ["adopt", "feature_flags"]);
  await ok(w, ["rm", "feature_flags"]);
  assert.doesNotMatch(index(w), /feature_flags/);
  await ok(w, ["restore", "feature_flags", "1"]);
  assert.ok(index(w).includes(LINE), index(w));
});

test("a save that revives a removed card keeps its title too", async () => {
  const w = makeWorld();
  store(w);
  await ok(w, ["rm", "feature_flags"]);
  await ok(w, ["save", "feature_flags", "-d", "Flags live in LaunchDarkly"]);
  assert.match(index(w), /^- \[Feature flags\]\(project_feature_flags\.md\) — Flags live in LaunchDarkly$/m);
});

test("expire --yes then restore keeps the title", async () => {
  const w = makeWorld();
  store(w, "2026-11-01");
  await ok(w, ["expire", "--yes"], new Date("2026-12-06T00:00:00Z"));
  assert.doesNotMatch(index(w), /feature_flags/);
  await ok(w, ["restore", "feature_flags", "1"]);
  assert.match(index(w), /^- \[Feature flags\]\(project_feature_flags\.md\)/m);
});

test("a damaged titles file only means the card's name is used", async () => {
  const w = makeWorld();
  store(w);
  await ok(w, ["rm", "feature_flags"]);
  fs.writeFileSync(path.join(w.mem, ".memctl", "removed-titles.json"), '{"project_feature_flags.md": "two\\nlines"}');
  await ok(w, ["restore", "feature_flags", "1"]);
  assert.match(index(w), /^- \[feature_flags\]\(project_feature_flags\.md\)/m);
});

test("import claude keeps the titles Claude's own MEMORY.md gives its cards", async () => {
  const w = makeWorld();
  const claude = path.join(w.root, "claude-memory");
  fs.mkdirSync(claude);
  fs.writeFileSync(path.join(claude, "MEMORY.md"), "# Memory\n- [Compose first](feedback_testing.md) — run compose before tests\n");
  fs.writeFileSync(path.join(claude, "feedback_testing.md"), "---\nname: testing\ndescription: run compose before tests\ntype: feedback\n---\nbody\n");
  fs.writeFileSync(path.join(claude, "feedback_unlisted.md"), "---\nname: unlisted\ndescription: not in Claude's index\ntype: feedback\n---\nbody\n");
  await ok(w, ["import", "claude", "--from", claude, "--yes"]);
  assert.match(index(w), /^- \[Compose first\]\(feedback_testing\.md\) — run compose before tests$/m);
  assert.match(index(w), /^- \[unlisted\]\(feedback_unlisted\.md\)/m);
});

test("a card whose title is its name keeps nothing (a sweep of such cards writes no titles file)", async () => {
  const w = makeWorld();
  await ok(w, ["save", "plain", "-t", "project", "-d", "A plain card"]);
  await ok(w, ["rm", "plain"]);
  assert.equal(fs.existsSync(path.join(w.mem, ".memctl", "removed-titles.json")), false);
  await ok(w, ["restore", "plain", "1"]);
  assert.match(index(w), /^- \[plain\]\(project_plain\.md\)/m);
});

// Review debt: a revived card's line went to the end of MEMORY.md, out of the section the owner had put it in.
const SECTIONED = [
  "# Memory",
  "",
  "## Deploy",
  "- [Release train](project_release.md) — weekly",
  LINE,
  "- [Rollbacks](project_rollbacks.md) — one command",
  "",
  "## People",
  "- [Alex](user_alex.md) — owns billing",
  "",
].join("\n");

test("restore and a reviving save put the card's line back where it was, not at the end", async () => {
  for (const revive of [
    ["restore", "feature_flags", "1"],
    ["save", "feature_flags", "-d", "Flags live in LaunchDarkly; stale ones are removed monthly"],
  ]) {
    const w = makeWorld();
    fs.writeFileSync(path.join(w.mem, "MEMORY.md"), SECTIONED);
    fs.writeFileSync(path.join(w.mem, CARD), cardText());
    await ok(w, ["rm", "feature_flags"]);
    await ok(w, revive);
    assert.equal(index(w), SECTIONED, revive.join(" "));
  }
});

test("the first line of a section comes back before the line that followed it; with both neighbours gone, at the end", async () => {
  const w = makeWorld();
  const first = SECTIONED.replace("- [Release train](project_release.md) — weekly\n", "");
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), first);
  fs.writeFileSync(path.join(w.mem, CARD), cardText());
  await ok(w, ["manage", "delete", CARD]);
  await ok(w, ["restore", "feature_flags", "1"]);
  assert.equal(index(w), first);

  const gone = makeWorld();
  fs.writeFileSync(path.join(gone.mem, "MEMORY.md"), SECTIONED);
  fs.writeFileSync(path.join(gone.mem, CARD), cardText());
  await ok(gone, ["rm", "feature_flags"]);
  // Both neighbours' lines removed by hand since: the place is not knowable any more.
  fs.writeFileSync(path.join(gone.mem, "MEMORY.md"), SECTIONED.replace(/- \[(Release train|Rollbacks)\].*\n/g, "").replace(`${LINE}\n`, ""));
  await ok(gone, ["restore", "feature_flags", "1"]);
  assert.ok(index(gone).endsWith(`owns billing\n${LINE}\n`), index(gone));
});
