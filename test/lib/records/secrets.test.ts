import assert from "node:assert/strict";
import { test } from "node:test";
import { GATED_RULES, redactSecretLike } from "../../../lib/core/secret-patterns.js";
import { findSecrets, maskSecret, redactBytes, redactSecrets } from "../../../lib/records/secrets.js";

// The write-path scan (secretlint) and the hook's redactor (its high-confidence shapes) agree on what a secret
// is and what it is called. Every token below is a fake in the real format.

const FAKES: [kind: string, line: string][] = [
  ["aws-access-key-id", "staging uses AKIAZ7Q3XK4M2RTV9PLD for uploads"],
  ["aws-access-key-id", "session ASIAQ2W3E4R5T6Y7U8I9 expires hourly"],
  ["aws-secret-access-key", "aws_secret_access_key = Zq8vN3kR7tY2pL5mX9wB4cH6jD1fG0sA8eK3uT7y"],
  ["github-token", "bot token ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5 (rotate monthly)"],
  ["github-token", `fine-grained github_pat_${"11ABCDEFG0123456789abc"}_${"a1B2c3D4e5".repeat(5)}abcdefghi for CI`],
  ["slack-token", "alerts post with xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"],
  ["npm-access-token", "publish with npm_abcdefghijklmnopqrstuvwxyz0123456789 from CI"],
  ["basic-auth", "mirror at https://deploy:Sup3rS3cretPass@git.example.com/app.git"],
];

test("the hook's redactor names every fake the way the secretlint scan does", async () => {
  for (const [kind, line] of FAKES) {
    const found = await findSecrets(line);
    assert.deepEqual(
      found.map((f) => f.kind),
      [kind],
      `secretlint on ${line}`,
    );
    const redacted = redactSecretLike(line);
    assert.ok(redacted.includes(`[REDACTED:${kind}]`), `${line} → ${redacted}`);
    assert.ok(!redacted.includes(line.slice(found[0]!.start, found[0]!.end)), redacted);
  }
});

test("ordinary index lines pass both untouched (secret, token and key as words are not secrets)", async () => {
  const lines = [
    "- [Deploy](project_deploy.md) — argo syncs staging; the secret key lives in Vault, path kv/app/aws",
    "- [Auth](reference_auth.md) — tokens rotate hourly; see https://example.com/docs/auth and the disk-cache task-runner",
    "- [Docs](reference_docs.md) — AWS's documentation example key AKIAIOSFODNN7EXAMPLE is not a key",
  ];
  for (const line of lines) {
    assert.equal(redactSecretLike(line), line);
    assert.deepEqual(await findSecrets(line), []);
  }
});

test("masks keep only the ends; redaction and byte redaction keep everything else", async () => {
  assert.equal(maskSecret("AKIAZ7Q3XK4M2RTV9PLD"), "AKIA************9PLD");
  assert.equal(maskSecret("hunter2!"), "********");
  const { text, redactions } = await redactSecrets("a\nkey AKIAZ7Q3XK4M2RTV9PLD\n", undefined);
  assert.equal(text, "a\nkey [REDACTED:aws-access-key-id]\n");
  assert.deepEqual(
    redactions.map((r) => [r.line, r.masked]),
    [[2, "AKIA************9PLD"]],
  );
  const latin1 = Buffer.concat([Buffer.from("caf"), Buffer.from([0xe9]), Buffer.from(" AKIAZ7Q3XK4M2RTV9PLD\n")]);
  assert.deepEqual((await redactBytes(latin1, undefined)).bytes, Buffer.concat([Buffer.from("caf"), Buffer.from([0xe9]), Buffer.from(" [REDACTED:aws-access-key-id]\n")]));
});

test("a secretlint-disable comment in the text does not switch the scan off", async () => {
  const found = await findSecrets("ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5 // secretlint-disable-line");
  assert.deepEqual(
    found.map((f) => f.kind),
    ["github-token"],
  );
});

test("the allow-list lets exact strings and /regex/ entries through, and nothing else", async () => {
  const text = "ids AKIAQ2W3E4R5T6Y7U8I9 and AKIAZ7Q3XK4M2RTV9PLD and ASIA0000000000000000";
  const found = await findSecrets(text, { allow: ["AKIAQ2W3E4R5T6Y7U8I9", "/^ASIA0+$/"] });
  assert.deepEqual(
    found.map((f) => f.masked),
    ["AKIA************9PLD"],
  );
});

test("the gate that spares ordinary writes the secretlint load was reviewed against every rule of the preset", async () => {
  const { creator } = await import("@secretlint/secretlint-rule-preset-recommend");
  const ids = (creator as unknown as { rules: { meta: { id: string } }[] }).rules.map((r) => r.meta.id).sort();
  assert.deepEqual(ids, [...GATED_RULES].sort(), "a rule was added or removed: check mayHoldSecret's gate in lib/core/secret-patterns.ts covers what it can find");
  // The forms the gate adds to the hook's triggers are still found.
  assert.deepEqual(
    (await findSecrets("aws_account_id = 1234-5678-9012")).map((f) => f.kind),
    ["aws-account-id"],
  );
});
