import assert from "node:assert/strict";
import { test } from "node:test";
import { renderEntryLine } from "../../../lib/core/block.js";
import { mayHoldSecret, redactSecretLines } from "../../../lib/core/secret-patterns.js";
import { findSecrets, redactSecrets } from "../../../lib/records/secrets.js";
import { summaryLines } from "../../../lib/compact/assemble.js";
import { benignCorpus, secretCorpus, type SecretItem } from "../../fixtures/secrets/corpus.js";

// The shared scanner over the whole generated corpus (test/fixtures/secrets/corpus.ts): what every write path
// refuses or redacts, and what the hook prints. The paths themselves are proven wired in test/cli/secret-paths.test.ts.

/** True when nothing of the secret survives in `out` (a long one: no 24-character piece of it either). */
export function leaks(out: string, item: SecretItem): boolean {
  if (out.includes(item.secret)) return true;
  for (let i = 0; i + 24 <= item.secret.length; i += 12) if (out.includes(item.secret.slice(i, i + 24))) return true;
  return false;
}

const corpus = secretCorpus();
const benign = benignCorpus();

test("the scanner finds ≥95 % of the corpus, and redaction leaves nothing of what it finds", async () => {
  const missed: string[] = [];
  for (const item of corpus) {
    const found = await findSecrets(item.text);
    const { text } = await redactSecrets(item.text, undefined);
    if (found.length === 0 || leaks(text, item)) missed.push(item.label);
    assert.ok(found.length === 0 || mayHoldSecret(item.text), `${item.label}: found but the gate would skip it`);
  }
  assert.ok(missed.length <= corpus.length * 0.05, `missed ${missed.length}/${corpus.length}: ${missed.join(", ")}`);
});

test("≤2 % of ordinary engineering text is refused (hashes, ids, public keys, certificates, templates, placeholders, the docs' allow example)", async () => {
  const refused: string[] = [];
  for (const text of benign) if ((await findSecrets(text)).length > 0) refused.push(text.slice(0, 80));
  assert.ok(refused.length <= benign.length * 0.02, `refused ${refused.length}/${benign.length}:\n${refused.join("\n")}`);
});

test("the hook's redactor (one pattern, no secretlint) takes ≥95 % of the corpus out of what it prints, keys whole", () => {
  const missed: string[] = [];
  for (const item of corpus) {
    const lines = redactSecretLines(item.text.split("\n")).join("\n");
    // An index line is the text on one line (the hook collapses whitespace), the key body with it.
    const entry = renderEntryLine({ title: "t", file: "t.md", hook: item.text.replace(/\s+/g, " ") });
    const compact = summaryLines(`Decisions:\n${item.text}\nmore`).join("\n");
    if (leaks(lines, item) || leaks(entry, item) || leaks(compact, item)) missed.push(item.label);
  }
  assert.ok(missed.length <= corpus.length * 0.05, `missed ${missed.length}/${corpus.length}: ${missed.join(", ")}`);
});

test("a private key is redacted from BEGIN to END, never the header alone: on one line, over many lines, cut short", () => {
  const key = corpus.find((i) => i.label === "ec-private-key-sec1")!;
  const lines = key.text.split("\n");
  assert.deepEqual(redactSecretLines(["before", ...lines, "after"]), ["before", "[REDACTED:private-key]", "after"]);
  const oneLine = renderEntryLine({ title: "k", file: "k.md", hook: `key ${lines.join(" ")} rotated` });
  assert.equal(oneLine, "- [k](k.md) — key [REDACTED:private-key] rotated");
  // A header whose body follows on lines the printer never sees: the header goes, the words stay.
  assert.equal(renderEntryLine({ title: "k", file: "k.md", hook: `${lines[0]} see below` }), "- [k](k.md) — [REDACTED:private-key] see below");
  // Cut short (no END): every base64 line after the header is dropped.
  assert.deepEqual(redactSecretLines([lines[0]!, lines[1]!, lines[2]!]), ["[REDACTED:private-key]"]);
});
