import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { generateStore } from "../../bench/gen-store.js";
import { parseIndex } from "../../lib/core/index-file.js";
import { missingFields, parseCard } from "../../lib/core/card.js";
import { readUsage } from "../../lib/usage/usage.js";
import { scratchDir } from "../support/scratch.js";

function tempDir(): string {
  return scratchDir("memctl-gen-test-");
}

test("generates a parseable store of the requested size with full frontmatter and a usage sidecar", () => {
  const dir = tempDir();
  try {
    const store = generateStore({ cards: 120, seed: 3, dir });
    const index = parseIndex(fs.readFileSync(path.join(dir, "MEMORY.md"), "utf8"));
    assert.equal(index.entries.length, 120);
    assert.equal(index.unparsed.length, 0);
    for (const entry of index.entries) {
      const card = parseCard(fs.readFileSync(path.join(dir, entry.file), "utf8"));
      assert.deepEqual(card.errors, [], entry.file);
      assert.deepEqual(missingFields(card), [], entry.file);
      assert.ok(card.meta.topics.length > 0, entry.file);
      const hookChars = [...entry.hook].length;
      assert.ok(hookChars >= 60 && hookChars <= 160, `${entry.file}: hook of ${hookChars} chars`);
    }
    const cjk = store.cards.filter((c) => c.cjk).length;
    assert.ok(cjk > 5 && cjk < 40, `CJK share ${cjk}/120`);
    const usage = readUsage(dir, "2026-12-02");
    assert.equal(usage.store, "tsv");
    assert.ok(usage.cards.size > 10);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the same seed gives the same store, another seed a different one", () => {
  const [a, b, c] = [tempDir(), tempDir(), tempDir()];
  try {
    generateStore({ cards: 40, seed: 9, dir: a, usageCalls: 0 });
    generateStore({ cards: 40, seed: 9, dir: b, usageCalls: 0 });
    generateStore({ cards: 40, seed: 10, dir: c, usageCalls: 0 });
    const read = (d: string) => fs.readFileSync(path.join(d, "MEMORY.md"), "utf8");
    assert.equal(read(a), read(b));
    assert.notEqual(read(a), read(c));
    assert.equal(fs.existsSync(path.join(a, ".memctl")), false);
  } finally {
    for (const d of [a, b, c]) fs.rmSync(d, { recursive: true, force: true });
  }
});
