import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { configure, handWrittenCards, readCompactJson, script } from "../support/compact-fixture.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// Secrets never enter memory: every authored write path refuses them (E_SECRET, the span masked), imports
// store them redacted and say so, and a configured false positive (only it) goes through.
// The keys are fakes in the real formats. AWS's documentation example (AKIAIOSFODNN7EXAMPLE) is ignored by
// secretlint on purpose, so it cannot stand in for a key here.

export const AWS_ID = "AKIAZ7Q3XK4M2RTV9PLD";
export const AWS_ID_MASKED = "AKIA************9PLD";
export const AWS_SECRET = "Zq8vN3kR7tY2pL5mX9wB4cH6jD1fG0sA8eK3uT7y";
export const GH_TOKEN = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5";
export const GH_MASKED = "ghp_********************************3kM5";

function world(): World {
  return makeWorld();
}

function cleanup(t: { after: (fn: () => void) => void }, w: World): void {
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
}

/** Every byte under the store (the lock and history aside), to show that a refusal wrote nothing. */
function storeBytes(w: World): string {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(w.mem, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else out.push(`${p}\n${fs.readFileSync(path.join(w.mem, p), "latin1")}`);
    }
  };
  walk("");
  return out.sort().join("\n");
}

function assertNoSecretOnDisk(w: World, ...secrets: string[]): void {
  const all = storeBytes(w);
  for (const s of secrets) assert.ok(!all.includes(s), `${s} reached the store`);
}

function assertRefused(r: { code: number; stdout: string; stderr: string }, masked: string): void {
  assert.equal(r.code, 1, r.stderr + r.stdout);
  const error = JSON.parse(r.stdout).error;
  assert.equal(error.code, "E_SECRET");
  assert.ok(error.message.includes(masked), error.message);
  assert.ok(
    error.secrets.some((s: { masked: string }) => s.masked === masked),
    JSON.stringify(error),
  );
}

test("save refuses an AWS key pair in the body: E_SECRET, the spans masked, nothing written", async (t) => {
  const w = world();
  cleanup(t, w);
  const before = storeBytes(w);
  const body = `aws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}\n`;
  const r = await memctl(w, ["save", "aws", "-t", "reference", "-d", "staging credentials", "-", "--json"], { stdin: body });
  assertRefused(r, AWS_ID_MASKED);
  const error = JSON.parse(r.stdout).error;
  const [id, key] = error.secrets as { kind: string; line: number }[];
  assert.deepEqual([id!.kind, key!.kind, key!.line - id!.line], ["aws-access-key-id", "aws-secret-access-key", 1]);
  assert.ok(!r.stdout.includes(AWS_ID) && !r.stdout.includes(AWS_SECRET), "the secret itself is never printed");
  assert.equal(storeBytes(w), before);
  // The human form names the masked span and the escape.
  const human = await memctl(w, ["save", "aws", "-t", "reference", "-d", `key ${AWS_ID}`]);
  assert.equal(human.code, 1);
  assert.ok(human.stderr.includes(AWS_ID_MASKED) && !human.stderr.includes(AWS_ID), human.stderr);
  assert.match(human.stderr, /\[secrets\] allow/);
});

test("log refuses a GitHub token in the summary", async (t) => {
  const w = world();
  cleanup(t, w);
  const r = await memctl(w, ["log", "--host", "claude", "--summary", `pushed with ${GH_TOKEN}; next: rotate it`, "--json"]);
  assertRefused(r, GH_MASKED);
  assert.equal(fs.existsSync(path.join(w.mem, "episodes.jsonl")), false);
});

test("manage create and str_replace refuse a secret; the file is left as it was", async (t) => {
  const w = world();
  cleanup(t, w);
  const created = await memctl(w, ["manage", "create", "notes/ci.md", "--text", `token: ${GH_TOKEN}\n`, "--json"]);
  assertRefused(created, GH_MASKED);
  assert.equal(fs.existsSync(path.join(w.mem, "notes", "ci.md")), false);

  assert.equal((await memctl(w, ["manage", "create", "notes/ci.md", "--text", "token: see the vault\n"])).code, 0);
  const replaced = await memctl(w, ["manage", "str_replace", "notes/ci.md", "--old", "see the vault", "--new", GH_TOKEN, "--json"]);
  assertRefused(replaced, GH_MASKED);
  const inserted = await memctl(w, ["manage", "insert", "notes/ci.md", "--line", "0", "--text", `aws ${AWS_ID}`, "--json"]);
  assertRefused(inserted, AWS_ID_MASKED);
  assert.equal(fs.readFileSync(path.join(w.mem, "notes", "ci.md"), "utf8"), "token: see the vault\n");
  assertNoSecretOnDisk(w, GH_TOKEN, AWS_ID);
});

test("propose refuses a secret before anything is staged", async (t) => {
  const w = world();
  cleanup(t, w);
  const r = await memctl(w, ["propose", "ci-token", "-t", "reference", "-d", "the CI token", "--source", "ci.yml", "--task-id", "t-1", "--json", "-"], {
    stdin: `use ${GH_TOKEN}\n`,
  });
  assertRefused(r, GH_MASKED);
  assertNoSecretOnDisk(w, GH_TOKEN);
});

test("accept of a proposal file that holds a secret (written by hand) is refused and the proposal stays pending", async (t) => {
  const w = world();
  cleanup(t, w);
  const staged = await memctl(w, ["propose", "ci-token", "-t", "reference", "-d", "the CI token", "--source", "ci.yml", "--json", "-"], { stdin: "use the vault\n" });
  assert.equal(staged.code, 0, staged.stderr);
  const id = JSON.parse(staged.stdout).proposal.id as string;
  const file = path.join(w.mem, ".memctl", "proposals", `${id}.json`);
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("use the vault", `use ${GH_TOKEN}`));
  const r = await memctl(w, ["accept", id, "--json"]);
  assertRefused(r, GH_MASKED);
  assert.equal(fs.existsSync(path.join(w.mem, "reference_ci-token.md")), false);
  assert.ok(fs.existsSync(file), "the proposal is still pending");
});

test("import claude stores a card with its secret redacted and reports the redaction", async (t) => {
  const w = world();
  cleanup(t, w);
  execFileSync("git", ["-C", w.repo, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"]);
  const dir = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "reference_aws.md"), `---\nname: aws\ndescription: staging key ${AWS_ID}\ntype: reference\n---\naws_secret_access_key = ${AWS_SECRET}\n`);
  fs.writeFileSync(path.join(dir, "feedback_plain.md"), "---\nname: plain\ndescription: nothing secret\ntype: feedback\n---\nbody\n");
  const r = await memctl(w, ["import", "claude", "--yes", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const card = fs.readFileSync(path.join(w.mem, "reference_aws.md"), "utf8");
  assert.equal(card, "---\nname: aws\ndescription: staging key [REDACTED:aws-access-key-id]\ntype: reference\n---\naws_secret_access_key = [REDACTED:aws-secret-access-key]\n");
  assert.equal(
    fs.readFileSync(path.join(w.mem, "feedback_plain.md"), "utf8"),
    fs.readFileSync(path.join(dir, "feedback_plain.md"), "utf8"),
    "cards without secrets stay byte for byte",
  );
  assertNoSecretOnDisk(w, AWS_ID, AWS_SECRET);
  const out = JSON.parse(r.stdout);
  const reported = out.redacted as { file: string; kind: string; masked: string }[];
  assert.deepEqual(
    reported.map((x) => [x.file, x.kind, x.masked]),
    [
      ["reference_aws.md", "aws-access-key-id", AWS_ID_MASKED],
      ["reference_aws.md", "aws-secret-access-key", "Zq8v********************************uT7y"],
    ],
  );
});

test("import claude (human output) says what it redacted", async (t) => {
  const w = world();
  cleanup(t, w);
  execFileSync("git", ["-C", w.repo, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"]);
  const dir = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "reference_gh.md"), `---\nname: gh\ndescription: the bot token\ntype: reference\n---\n${GH_TOKEN}\n`);
  const r = await memctl(w, ["import", "claude", "--yes"]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.stdout.includes(`redacted ${GH_MASKED} (github-token) in reference_gh.md`), r.stdout);
});

test("compact --llm refuses a summary that holds a secret; no compact is written", async (t) => {
  const w = world();
  cleanup(t, w);
  handWrittenCards(w, 60);
  // Names every card title it was given (a real, shorter summary), with a token slipped in.
  const summarize = (extra: string) => `titles=$(sed -n 's/^- \\[\\([^]]*\\)\\].*/\\1/p' | tr '\\n' ' ')\necho "Decisions per topic: $titles${extra}"`;
  configure(w, [script(w, "leaky.sh", summarize(`; deploy token ${GH_TOKEN}`))]);
  const r = await memctl(w, ["compact", "--llm", "--json"]);
  assertRefused(r, GH_MASKED);
  assert.equal(fs.existsSync(path.join(w.mem, ".memctl", "compact.json")), false);
  // The same command without the token compacts (the refusal is about the secret, nothing else).
  configure(w, [script(w, "clean.sh", summarize(""))]);
  const ok = await memctl(w, ["compact", "--llm", "--json"]);
  assert.equal(ok.code, 0, ok.stderr + ok.stdout);
  assert.equal(readCompactJson(w).generator, "llm");
});

test("[secrets] allow lets the configured false positive through, and only it", async (t) => {
  const w = world();
  cleanup(t, w);
  const allowed = "AKIAQ2W3E4R5T6Y7U8I9";
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, `[secrets]\nallow = ["${allowed}", "/^ghp_0{36}$/"]\n`);
  const ok = await memctl(w, ["save", "fixture", "-t", "reference", "-d", `test fixture id ${allowed} and ghp_${"0".repeat(36)}`, "--json"]);
  assert.equal(ok.code, 0, ok.stderr + ok.stdout);
  assert.ok(fs.readFileSync(path.join(w.mem, "reference_fixture.md"), "utf8").includes(allowed));
  const other = await memctl(w, ["save", "other", "-t", "reference", "-d", `real id ${AWS_ID} beside ${allowed}`, "--json"]);
  assertRefused(other, AWS_ID_MASKED);
  assert.deepEqual(
    JSON.parse(other.stdout).error.secrets.map((s: { masked: string }) => s.masked),
    [AWS_ID_MASKED],
  );
});

test("[secrets] allow is validated: a bad regex is a config error naming it", async (t) => {
  const w = world();
  cleanup(t, w);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, '[secrets]\nallow = ["/([a-z/"]\n');
  const r = await memctl(w, ["config", "lint", "--json"]);
  assert.notEqual(r.code, 0);
  assert.match(r.stdout, /secrets\.allow entry/);
});
