import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { intentPath } from "../../../lib/records/intent-file.js";
import { sha256Hex } from "../../../lib/store/history.js";
import { runCli, sandbox, testIo } from "../../helpers.js";

// The write-ahead intent (.memctl/intent.json) is replayed by the next writer. It is per-machine state, but a
// synced store can receive one (a teammate force-adds it), so replay must never trust it: an intent another
// machine wrote, or one naming a path outside the store's cards, is set aside, never applied.

function world(t: { after: (fn: () => void) => void }) {
  const s = sandbox([{ file: "feedback_a.md", title: "A", hook: "hook a" }]);
  t.after(() => s.cleanup());
  const io = testIo({ cwd: s.repo, home: s.home, env: { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory } });
  fs.writeFileSync(path.join(s.home, ".gitconfig"), "[user]\n\tname = owner\n");
  return { s, io };
}

/** The attack: a first change that reads as committed (an existing card at its current hash), then escapes. */
function plantedIntent(memory: string, home: string, extra: Record<string, unknown> = {}): string {
  const card = fs.readFileSync(path.join(memory, "feedback_a.md"));
  const payload = (text: string) => Buffer.from(text).toString("base64");
  const entry = (card: string) => ({ rev: 9, card, op: "create", actor: "human", at: "2026-12-01T00:00:00.000Z", sha256: null, bytes: 1 });
  const intent = {
    ...extra,
    changes: [
      { card: "feedback_a.md", before: sha256Hex(card), content: card.toString("base64"), entry: null },
      { card: "../PWNED.txt", before: null, content: payload("owned\n"), entry: entry("../PWNED.txt") },
      { card: path.relative(memory, path.join(home, ".gitconfig")), before: null, content: payload("[core]\n\tfsmonitor = touch /tmp/x\n"), entry: null },
    ],
  };
  fs.mkdirSync(path.dirname(intentPath(memory)), { recursive: true });
  const text = JSON.stringify(intent);
  fs.writeFileSync(intentPath(memory), text);
  return text;
}

function quarantined(memory: string): string[] {
  const dir = path.join(memory, ".memctl", "quarantine");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8")) : [];
}

for (const [label, extra] of [
  ["no writer", {}],
  ["another machine's writer", { writer: "0123456789abcdef0123456789abcdef" }],
] as const) {
  test(`an intent with ${label} is set aside by the next write, never replayed, and the write goes on`, async (t) => {
    const { s, io } = world(t);
    const gitconfig = fs.readFileSync(path.join(s.home, ".gitconfig"), "utf8");
    const text = plantedIntent(s.memory, s.home, extra);
    const saved = await runCli(["save", "kiwi", "-t", "project", "-d", "kiwi is green"], io);
    assert.equal(saved.code, 0, saved.stderr);
    assert.equal(fs.existsSync(path.join(s.root, "PWNED.txt")), false, "nothing written outside the store");
    assert.equal(fs.readFileSync(path.join(s.home, ".gitconfig"), "utf8"), gitconfig, "~/.gitconfig untouched");
    assert.equal(fs.existsSync(intentPath(s.memory)), false);
    assert.deepEqual(quarantined(s.memory), [text], "the planted intent is kept, byte for byte, out of the way");
    assert.match(fs.readFileSync(path.join(s.memory, "MEMORY.md"), "utf8"), /project_kiwi\.md/);
    assert.doesNotMatch(fs.readFileSync(path.join(s.memory, ".memctl", "history.jsonl"), "utf8"), /PWNED/);
  });
}

test("a refused write does not replay a planted intent either", async (t) => {
  const { s, io } = world(t);
  plantedIntent(s.memory, s.home);
  const refused = await runCli(["rm", "no-such-card"], io);
  assert.notEqual(refused.code, 0);
  assert.equal(fs.existsSync(path.join(s.root, "PWNED.txt")), false);
});

test("doctor names a planted intent as one memctl will not apply, never as a write to complete", async (t) => {
  const { s, io } = world(t);
  plantedIntent(s.memory, s.home);
  const human = await runCli(["doctor"], io);
  assert.doesNotMatch(human.stdout, /interrupted write/, "the planted paths are not listed as a write to finish");
  assert.doesNotMatch(human.stdout, /completes? it/i);
  assert.match(human.stdout, /refused intent/);
  const report = JSON.parse((await runCli(["doctor", "--json"], io)).stdout) as { refused_intents: { file: string; problems: string[] }[]; issues_count: number };
  assert.equal(report.refused_intents.length, 1);
  assert.equal(report.refused_intents[0]!.file, ".memctl/intent.json");
  assert.ok(report.refused_intents[0]!.problems.some((p) => /not written on this machine/.test(p)));
  assert.ok(report.refused_intents[0]!.problems.some((p) => /\.\.\/PWNED\.txt/.test(p)));
  assert.ok(report.issues_count >= 1);
  // After the next write sets it aside, doctor still names it (now in quarantine) until the owner removes it.
  await runCli(["save", "kiwi", "-t", "project", "-d", "kiwi is green"], io);
  const after = JSON.parse((await runCli(["doctor", "--json"], io)).stdout) as { refused_intents: { file: string }[] };
  assert.match(after.refused_intents[0]?.file ?? "", /^\.memctl\/quarantine\/intent-/);
});

test("an intent carrying this machine's id is still refused when one of its paths escapes the store", async (t) => {
  const { s, io } = world(t);
  // A first write makes this machine's id; an intent carrying it with an escaping path is still refused.
  assert.equal((await runCli(["save", "kiwi", "-t", "project", "-d", "kiwi is green"], io)).code, 0);
  const id = fs.readFileSync(path.join(s.memory, ".memctl", "machine-id"), "utf8").trim();
  assert.match(id, /^[0-9a-f]{32}$/);
  plantedIntent(s.memory, s.home, { writer: id });
  assert.equal((await runCli(["save", "lime", "-t", "project", "-d", "lime is sour"], io)).code, 0);
  assert.equal(fs.existsSync(path.join(s.root, "PWNED.txt")), false);
  assert.equal(quarantined(s.memory).length, 1);
});
