import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { sha256Hex } from "../../lib/store/history.js";
import { claudeSlug } from "../../lib/config/project.js";
import { card, index, makeProject, snapshotTree, writeCleanStore } from "../lib/reports/fixture.js";

const ISSUE_LISTS = [
  "dead_links",
  "orphan_cards",
  "duplicate_hooks",
  "stale_repo_refs",
  "cards_missing_fields",
  "cards_bad_fields",
  "unparsed_index_entries",
  "unreadable_cards",
  "expired_cards",
  "resolution_issues",
  "cards_with_secrets",
  "dead_card_links",
  "stuck_jobs",
  "failed_jobs",
];

test("a clean store is healthy: exit 0, issues_count 0, the seed's fields in order", async () => {
  const p = makeProject();
  writeCleanStore(p);
  p.write("episodes.jsonl", '{"ts":"2026-12-01T00:00:00Z","summary":"s"}\n');
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 0);
  assert.equal(report.issues_count, 0);
  assert.equal(report.schema_version, 1);
  assert.deepEqual(Object.keys(report).slice(0, 11), [
    "schema_version",
    "memory_dir",
    "entry_count",
    "memory_bytes",
    "episodes_bytes",
    "shard_count",
    "dead_links",
    "orphan_cards",
    "duplicate_hooks",
    "stale_repo_refs",
    "cards_missing_fields",
  ]);
  assert.deepEqual(Object.keys(report).slice(11), [
    "cards_bad_fields",
    "unparsed_index_entries",
    "unreadable_cards",
    "expired_cards",
    "resolution_issues",
    "issues_count",
    "injection",
    "hand_edited_cards",
    "history_status",
    "history_malformed",
    "unimported_claude_memory",
    "config_warnings",
    "pending_proposals",
    "limits_exceeded",
    "refused_intents",
    "warnings_count",
    "cards_with_secrets",
    "dead_card_links",
    "stuck_jobs",
    "failed_jobs",
    "unmatched_scopes",
    "scopes_checked_in",
  ]);
  assert.equal(report.memory_dir, p.memory);
  assert.equal(report.entry_count, 3);
  assert.equal(report.memory_bytes, fs.statSync(path.join(p.memory, "MEMORY.md")).size);
  assert.equal(report.episodes_bytes, fs.statSync(path.join(p.memory, "episodes.jsonl")).size);
  for (const list of ISSUE_LISTS) assert.deepEqual(report[list], [], list);
  assert.equal(report.warnings_count, 0);
  const human = await p.run(["doctor"]);
  assert.equal(human.code, 0);
  assert.match(human.stdout, /✓ healthy — 0 issues/);
});

test("a store with every store-level issue kind once reports each once, with a fix line each, and exits 1", async () => {
  const p = makeProject();
  p.write("feedback_dup1.md", card("dup1"));
  p.write("feedback_dup2.md", card("dup2"));
  p.write("project_orphan.md", card("orphan"));
  p.write("project_stale.md", card("stale", { repo_refs: "[path:lib/gone.ts]" }));
  p.write("project_missing.md", card("missing", { status: "" }));
  p.write("project_badvalue.md", card("bad value", { priority: "urgent" }));
  p.write("project_broken.md", "---\nname: [unclosed\n---\nbody\n");
  p.write("project_expired.md", card("expired", { expires_at: '"2026-01-01"' }));
  p.write("project_shard_linked.md", card("linked from a shard"));
  p.write("MEMORY.work.md", index(["- [Shard card](project_shard_linked.md) — only the shard links me"]));
  p.write(
    "MEMORY.md",
    index([
      "- [Dup one](feedback_dup1.md) — same hook",
      "- [Dup two](feedback_dup2.md) — same hook",
      "- [Gone](gone.md) — this card was deleted",
      "- [Stale](project_stale.md) — points at code",
      "- [Missing](project_missing.md) — lacks status",
      "- [Bad value](project_badvalue.md) — an unknown priority",
      "- [Broken](project_broken.md) — bad yaml",
      "- [Expired](project_expired.md) — past its date",
      "- a bullet without any link",
    ]),
  );
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 1);
  assert.deepEqual(report.dead_links, [{ line: 5, title: "Gone", target: "gone.md", reason: "file does not exist" }]);
  assert.deepEqual(report.orphan_cards, ["project_orphan.md"]);
  assert.deepEqual(report.duplicate_hooks, [{ hook: "same hook", lines: [3, 4], cards: ["feedback_dup1.md", "feedback_dup2.md"] }]);
  assert.deepEqual(report.stale_repo_refs, [{ card: "project_stale.md", ref: "path:lib/gone.ts", reason: "lib/gone.ts does not exist in the repository" }]);
  assert.deepEqual(report.cards_missing_fields, [{ card: "project_missing.md", missing: ["status"] }]);
  assert.deepEqual(report.cards_bad_fields, [{ card: "project_badvalue.md", problems: ["priority should be one of always, normal, low"] }]);
  assert.equal(report.unparsed_index_entries.length, 1);
  assert.equal(report.unparsed_index_entries[0].line, 11);
  assert.equal(report.unreadable_cards.length, 1);
  assert.equal(report.unreadable_cards[0].card, "project_broken.md");
  assert.deepEqual(report.expired_cards, [{ card: "project_expired.md", expires_at: "2026-01-01" }]);
  assert.deepEqual(report.resolution_issues, []);
  assert.equal(report.shard_count, 1);
  assert.equal(report.issues_count, 9);

  const human = await p.run(["doctor"]);
  assert.equal(human.code, 1);
  assert.match(human.stdout, /Issues \(9\)/);
  const problems = human.stdout.split("\n").filter((l) => /^\s+✗ /.test(l));
  const fixes = human.stdout.split("\n").filter((l) => /^\s+fix: \S/.test(l));
  assert.equal(problems.length, 9);
  assert.equal(fixes.length, 9, "every problem has its one-line fix");
  assert.match(human.stdout, /✗ 9 issues/);
});

test("an invalid explicit selection is one resolution issue; the legacy store is never inspected instead", async () => {
  const p = makeProject();
  const legacy = path.join(p.home, ".claude", "projects", claudeSlug(p.repo), "memory");
  fs.mkdirSync(legacy, { recursive: true });
  fs.writeFileSync(path.join(legacy, "MEMORY.md"), index(["- [Gone](gone.md) — would be a dead link"]));
  const missing = path.join(p.root, "no-such-dir");
  const before = snapshotTree(p.root);
  const { code, report } = await p.json(["doctor"], { MEMCTL_MEMORY_DIR: missing });
  assert.equal(code, 1);
  assert.equal(report.memory_dir, null);
  assert.equal(report.resolution_issues.length, 1);
  assert.equal(report.resolution_issues[0].source, "env");
  assert.equal(report.resolution_issues[0].memory_dir, missing);
  assert.match(report.resolution_issues[0].reason, /does not exist/);
  assert.deepEqual(report.dead_links, [], "the legacy store's dead link must not be reported");
  assert.equal(report.entry_count, 0);
  assert.equal(report.issues_count, 1);
  assert.deepEqual(snapshotTree(p.root), before, "nothing was written");
  assert.equal(fs.existsSync(missing), false);
});

test("a usage error exits 2", async () => {
  const p = makeProject();
  writeCleanStore(p);
  assert.equal((await p.run(["doctor", "--host", "vim"])).code, 2);
  assert.equal((await p.run(["doctor", "--bogus"])).code, 2);
});

test("injected size over warn_bytes is a warning with a curate remedy, never an error and never 'recompact'", async () => {
  const p = makeProject();
  writeCleanStore(p, 3);
  fs.writeFileSync(p.configFile, "[doctor]\nwarn_bytes = 100\n");
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 0, "size is a warning, not an issue");
  assert.equal(report.injection.warn_bytes, 100);
  assert.equal(report.injection.warn_bytes_source, "config");
  assert.equal(report.injection.over_warn, true);
  assert.equal(report.injection.cause, "index-over-warn");
  assert.match(report.injection.remedy, /curate/);
  assert.match(report.injection.remedy, /warn_bytes/);
  assert.doesNotMatch(report.injection.remedy, /compact/);
  assert.equal(report.warnings_count, 1);

  p.write(".memctl/compact.json", "{}");
  const withCompact = (await p.json(["doctor"])).report;
  assert.equal(withCompact.injection.compact.present, true);
  assert.equal(withCompact.injection.compact.current, null);
  assert.doesNotMatch(withCompact.injection.remedy, /memctl compact/, "an unknown-state compact is not called behind");

  const human = await p.run(["doctor"]);
  assert.match(human.stdout, /! injected size .*over warn_bytes 100/);
  assert.match(human.stdout, /fix: the index would inject/);
});

test("default warn_bytes is 4096; a bad config value is reported and the default used", async () => {
  const p = makeProject();
  writeCleanStore(p);
  assert.equal((await p.json(["doctor"])).report.injection.warn_bytes, 4096);
  fs.writeFileSync(p.configFile, '[doctor]\nwarn_bytes = "big"\n');
  const { report } = await p.json(["doctor"]);
  assert.equal(report.injection.warn_bytes, 4096);
  assert.match(report.config_warnings[0], /warn_bytes must be a non-negative integer/);
});

test("pinned cards over the host budget get a demote remedy; Claude's budget is the one its hook uses for this store", async () => {
  const p = makeProject();
  const lines: string[] = [];
  for (let i = 0; i < 12; i++) {
    p.write(`feedback_pin${i}.md`, card(`pin${i}`, { priority: "always" }));
    lines.push(`- [Pinned card ${i}](feedback_pin${i}.md) — ${"a long pinned hook that costs bytes on every single prompt ".repeat(2)}${i}`);
  }
  p.write("MEMORY.md", index(lines));
  // Claude Code's auto memory is another directory: Claude does not load this store itself, so its hook runs
  // with the shared 3000-byte budget, which these pinned lines fit.
  const elsewhere = (await p.json(["doctor", "--host", "claude"])).report;
  assert.equal(elsewhere.injection.host, "claude");
  assert.deepEqual([elsewhere.injection.inject_budget_bytes, elsewhere.injection.inject_budget_entries], [3000, 20]);
  assert.equal(elsewhere.injection.pinned_over_budget, false);
  // The store is Claude's auto-memory directory: Claude loads MEMORY.md itself and the hook uses 1500 / 10.
  const auto = path.join(p.home, ".claude", "projects", claudeSlug(p.repo), "memory");
  fs.cpSync(p.memory, auto, { recursive: true });
  const { report } = await p.json(["doctor", "--host", "claude"], { MEMCTL_MEMORY_DIR: auto });
  assert.deepEqual([report.injection.inject_budget_bytes, report.injection.inject_budget_entries], [1500, 10]);
  assert.equal(report.injection.pinned_cards, 12);
  assert.equal(report.injection.pinned_over_budget, true);
  assert.equal(report.injection.cause, "pinned-over-budget");
  assert.match(report.injection.remedy, /priority: normal/);
});

test("hand edits since memctl last recorded a card are warnings: modified, removed, revived", async () => {
  const p = makeProject();
  const files = writeCleanStore(p, 4);
  const text = (f: string) => fs.readFileSync(path.join(p.memory, f));
  const rec = (rev: number, cardName: string, op: string, sha: string | null) =>
    JSON.stringify({ rev, card: cardName, op, actor: "human", at: "2026-12-01T00:00:00.000Z", sha256: sha, bytes: 1 });
  p.write(
    ".memctl/history.jsonl",
    [
      rec(1, files[0]!, "create", sha256Hex(text(files[0]!))), // unchanged
      rec(1, files[1]!, "create", sha256Hex("older content")), // modified by hand
      rec(1, files[2]!, "create", sha256Hex(text(files[2]!))),
      rec(2, files[2]!, "delete", null), // deleted, yet on disk again
      rec(1, "feedback_vanished.md", "create", sha256Hex("x")), // removed by hand
      "not json",
    ].join("\n") + "\n",
  );
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 0);
  assert.deepEqual(
    report.hand_edited_cards.map((h: { card: string; change: string }) => [h.card, h.change]),
    [
      [files[1], "modified"],
      [files[2], "revived"],
      ["feedback_vanished.md", "removed"],
    ],
  );
  assert.equal(report.history_status, "ok");
  assert.equal(report.history_malformed, 1);
  const human = await p.run(["doctor"]);
  assert.match(human.stdout, /fix: memctl adopt feedback_card1\.md/);
  assert.match(human.stdout, /fix: memctl adopt feedback_vanished\.md records the deletion/);
});

test("Claude Code memory with no memctl counterpart is reported with the import command", async () => {
  const p = makeProject();
  writeCleanStore(p, 2);
  const legacy = path.join(p.home, ".claude", "projects", claudeSlug(p.repo), "memory");
  fs.mkdirSync(legacy, { recursive: true });
  fs.writeFileSync(path.join(legacy, "MEMORY.md"), "# Memory\n");
  fs.writeFileSync(path.join(legacy, "feedback_native.md"), "---\nname: native only\ntype: feedback\n---\nx\n");
  fs.writeFileSync(path.join(legacy, "feedback_card0.md"), "---\nname: card0\n---\nalready imported\n");
  const other = path.join(p.home, ".claude", "projects", "-some-other-project", "memory");
  fs.mkdirSync(other, { recursive: true });
  fs.writeFileSync(path.join(other, "feedback_elsewhere.md"), "---\nname: elsewhere\n---\n");
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 0);
  assert.deepEqual(report.unimported_claude_memory, [{ dir: legacy, file: "feedback_native.md", name: "native only", kind: "card" }]);
  const human = await p.run(["doctor"]);
  assert.match(human.stdout, /1 Claude Code card\(s\) in .* with no memctl counterpart: feedback_native\.md/);
  assert.match(human.stdout, /fix: memctl import claude/);
});

test("doctor writes nothing: the store, usage sidecar and history are byte-identical afterwards", async () => {
  const p = makeProject();
  writeCleanStore(p);
  p.write(".memctl/history.jsonl", "garbage\n");
  p.write("episodes.jsonl", "{bad\n");
  const before = snapshotTree(p.memory);
  await p.run(["doctor"]);
  await p.run(["doctor", "--json"]);
  assert.deepEqual(snapshotTree(p.memory), before);
});

test("a selected directory without MEMORY.md is a resolution issue for doctor and a failed selection for stats", async () => {
  const p = makeProject();
  p.write("feedback_loose.md", card("loose"));
  const doctor = await p.json(["doctor"]);
  assert.equal(doctor.code, 1);
  assert.match(doctor.report.resolution_issues[0].reason, /MEMORY\.md does not exist/);
  assert.equal(doctor.report.orphan_cards.length, 0, "no store view without an index");
  const stats = await p.json(["stats"]);
  assert.equal(stats.code, 1);
  assert.match(stats.report.resolution_issues[0].reason, /MEMORY\.md does not exist/);
});

test("refs in block-style and flow-style lists are both checked; cards linked only from a shard are not orphans", async () => {
  const p = makeProject();
  p.writeRepo("lib/present.ts", "export const here = 1;\n");
  p.write("project_block.md", card("block", { repo_refs: "\n  - path:lib/present.ts\n  - path:lib/block-gone.ts" }));
  p.write("project_flow.md", card("flow", { repo_refs: "[fn:lib/present.ts#here, fn:lib/present.ts#gone]" }));
  p.write("project_sharded.md", card("sharded"));
  p.write("MEMORY.topics.md", index(["- [Sharded](project_sharded.md) — in the shard"]));
  p.write("MEMORY.md", index(["- [Block](project_block.md) — block refs", "- [Flow](project_flow.md) — flow refs"]));
  const { report } = await p.json(["doctor"]);
  assert.deepEqual(
    report.stale_repo_refs.map((s: { card: string; ref: string }) => [s.card, s.ref]),
    [
      ["project_block.md", "path:lib/block-gone.ts"],
      ["project_flow.md", "fn:lib/present.ts#gone"],
    ],
  );
  assert.deepEqual(report.orphan_cards, []);
  assert.equal(report.shard_count, 1);
});

test("an unreadable history is a warning with its reason, never mistaken for 'no hand edits'", async () => {
  const p = makeProject();
  writeCleanStore(p);
  fs.mkdirSync(path.join(p.memory, ".memctl", "history.jsonl"), { recursive: true });
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 0);
  assert.equal(report.history_status, "error");
  assert.match(report.history_error, /history\.jsonl/);
  assert.equal(report.warnings_count, 1);
  assert.match((await p.run(["doctor"])).stdout, /! history .*fix: check its permissions/s);
});

test("the verdict's counts agree with the sections: warnings over budget twice and grouped Claude cards count as printed", async (t) => {
  const p = makeProject();
  t.after(() => fs.rmSync(p.root, { recursive: true, force: true }));
  // Both injection warnings at once (whole index over warn_bytes and pinned cards over the budget), and two
  // Claude Code cards from one folder: each is one printed warning.
  const lines: string[] = [];
  for (let i = 0; i < 12; i++) {
    p.write(`feedback_pin${i}.md`, card(`pin${i}`, { priority: "always" }));
    lines.push(`- [Pinned card ${i}](feedback_pin${i}.md) — ${"a long pinned hook that costs bytes on every single prompt ".repeat(4)}${i}`);
  }
  p.write("MEMORY.md", index(lines));
  fs.writeFileSync(p.configFile, "[doctor]\nwarn_bytes = 100\n");
  const legacy = path.join(p.home, ".claude", "projects", claudeSlug(p.repo), "memory");
  fs.mkdirSync(legacy, { recursive: true });
  fs.writeFileSync(path.join(legacy, "feedback_one.md"), "---\nname: one\n---\nx\n");
  fs.writeFileSync(path.join(legacy, "feedback_two.md"), "---\nname: two\n---\ny\n");

  const { report } = await p.json(["doctor", "--host", "claude"]);
  assert.deepEqual([report.injection.over_warn, report.injection.pinned_over_budget, report.unimported_claude_memory.length], [true, true, 2]);
  const human = (await p.run(["doctor", "--host", "claude"])).stdout;
  const header = Number(/^Warnings \((\d+)\)$/m.exec(human)?.[1]);
  const printed = human.split("\n").filter((l) => /^ {2}! /.test(l)).length;
  const verdicts = [...human.matchAll(/— 0 issues, (\d+) warnings?/g)].map((m) => Number(m[1]));
  assert.equal(printed, header, human);
  assert.deepEqual(verdicts, [header, header], human);
  assert.equal(report.warnings_count, header);
  assert.equal(header, 2);
});

test("a card that is a FIFO: doctor reports it as not a regular file, and its fix does not send the user to the YAML", async (t) => {
  const p = makeProject();
  t.after(() => fs.rmSync(p.root, { recursive: true, force: true }));
  const [first] = writeCleanStore(p);
  fs.rmSync(path.join(p.memory, first!));
  assert.equal(spawnSync("mkfifo", [path.join(p.memory, first!)]).status, 0);
  const human = await p.run(["doctor"]);
  assert.equal(human.code, 1);
  const at = human.stdout.split("\n").findIndex((l) => l.includes(`${first}: cannot read: not a regular file (it is a FIFO)`));
  assert.ok(at >= 0, human.stdout);
  const fix = human.stdout.split("\n")[at + 1]!;
  assert.match(fix, /fix: .*regular file/, fix);
});

// Claude's auto memory on, with the store its auto-memory folder: Claude's system prompt tells the model to write
// cards and index lines there itself, past review. doctor says so with the fix; turned off, it does not.
test("doctor warns when Claude's auto memory is on and the store is its auto-memory folder, with the fix", async () => {
  const p = makeProject();
  const legacy = path.join(p.home, ".claude", "projects", claudeSlug(p.repo), "memory");
  fs.mkdirSync(legacy, { recursive: true });
  fs.writeFileSync(path.join(legacy, "MEMORY.md"), "# Memory\n");
  const asLegacy = { MEMCTL_MEMORY_DIR: "" };
  assert.equal((await p.json(["doctor"], asLegacy)).report.claude_auto_memory, undefined, "no Claude Code here (no ~/.claude.json): nothing to say");
  fs.writeFileSync(path.join(p.home, ".claude.json"), "{}\n");
  const { report } = await p.json(["doctor"], asLegacy);
  assert.equal(report.memory_dir, legacy);
  assert.match(report.claude_auto_memory.fix, /"autoMemoryEnabled": false/);
  const text = (await p.run(["doctor"], asLegacy)).stdout;
  assert.match(text, /auto memory is on and this store is its auto-memory folder/);
  fs.writeFileSync(path.join(p.home, ".claude", "settings.json"), '{ "autoMemoryEnabled": false }\n');
  assert.equal((await p.json(["doctor"], asLegacy)).report.claude_auto_memory, undefined);
  assert.equal((await p.json(["doctor"])).report.claude_auto_memory, undefined, "another store is not Claude's folder");
});
