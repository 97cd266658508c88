// What the card cache does after one card changes (issue 32: work proportional to what changed): the next
// command reads that card alone, rewrites the card-cache file with the other cards' rows copied as they were,
// and leaves card-words alone until the changed cards' words outgrow their share of it. Real files, the real CLI.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { decodeCardCache, encodeCardCache } from "../../lib/store/card-cache-format.js";
import { cacheFile, handCard, sleep, wordsFile } from "../support/card-cache-fixture.js";
import { CLI, makeWorld, spawnEnv, type World } from "../support/fixture.js";

async function seeded(): Promise<World> {
  const w = makeWorld();
  fs.writeFileSync(path.join(w.mem, "project_alpha.md"), handCard("alpha", "first card", "Deploy the parser on Fridays."));
  fs.writeFileSync(path.join(w.mem, "project_beta.md"), handCard("beta", "second card", "The migration runs nightly."));
  fs.writeFileSync(path.join(w.mem, "project_gamma.md"), handCard("gamma", "third card", "Deploy migration checklist."));
  await sleep(250);
  return w;
}

function cli(w: World, args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: spawnEnv(w), cwd: w.repo, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

const described = (w: World) => Object.fromEntries(JSON.parse(cli(w, ["list", "--json"])).cards.map((c: { file: string; description: string }) => [c.file, c.description]));
const found = (w: World, q: string) => JSON.parse(cli(w, ["search", q, "--in", "cards", "--json"])).results.map((h: { id: string }) => h.id);

/** Sets a description in the cache only: a card whose row is copied, never read again, keeps showing it. */
function plantDescription(w: World, file: string, description: string): void {
  const decoded = decodeCardCache(fs.readFileSync(cacheFile(w)))!;
  decoded.records.find((r) => r.file === file)!.description = description;
  fs.writeFileSync(cacheFile(w), encodeCardCache(decoded));
}

test("after an edit only that card is read: the others' rows are copied into the rewritten cache, card-words is left as it was", async () => {
  const w = await seeded();
  assert.deepEqual(found(w, "migration"), ["project_beta.md", "project_gamma.md"]);
  plantDescription(w, "project_beta.md", "from the cache");
  const words = fs.statSync(wordsFile(w));
  fs.appendFileSync(path.join(w.mem, "project_alpha.md"), "A quokka migration too.\n");
  assert.deepEqual(described(w), { "project_alpha.md": "first card", "project_beta.md": "from the cache", "project_gamma.md": "third card" });
  assert.deepEqual(found(w, "quokka"), ["project_alpha.md"], "the edited card's words are searched");
  assert.deepEqual(found(w, "migration"), ["project_alpha.md", "project_beta.md", "project_gamma.md"]);
  assert.deepEqual(found(w, "fridays"), ["project_alpha.md"]);
  const after = fs.statSync(wordsFile(w));
  assert.equal(after.ino, words.ino, "card-words is not rewritten for one edit");
  assert.equal(after.mtimeMs, words.mtimeMs);
  // Its old line for alpha is still in card-words; the new one is in the cache file's own section.
  assert.ok(fs.readFileSync(wordsFile(w), "utf8").includes(" fridays:1"));
  fs.writeFileSync(path.join(w.mem, "project_alpha.md"), handCard("alpha", "first card", "Nothing to see."));
  assert.deepEqual(found(w, "fridays"), [], "a word an edit removed is not found in card-words' old line");
  assert.deepEqual(found(w, "quokka"), []);
  assert.equal(described(w)["project_beta.md"], "from the cache", "still never read again");
});

test("changed cards' words past their share of card-words are laid out again into a new card-words", async () => {
  const w = await seeded();
  found(w, "migration");
  // Held open while compared: a file replaced by rename can get the freed inode number back.
  const wordsFd = fs.openSync(wordsFile(w), "r");
  const words = fs.fstatSync(wordsFd);
  // One card whose words alone outgrow card-words' own size and the 64 KiB floor.
  const many = Array.from({ length: 9000 }, (_, i) => `w${i}x`).join(" ");
  fs.writeFileSync(path.join(w.mem, "project_gamma.md"), handCard("gamma", "third card", `Deploy migration checklist. ${many}`));
  assert.deepEqual(found(w, "w8999x"), ["project_gamma.md"]);
  assert.notEqual(fs.statSync(wordsFile(w)).ino, words.ino, "card-words was written again");
  fs.closeSync(wordsFd);
  assert.ok(fs.readFileSync(wordsFile(w), "utf8").includes(" w8999x:1"));
  assert.ok(fs.statSync(cacheFile(w)).size < 16 * 1024, "and the cache file no longer carries those words");
  assert.deepEqual(found(w, "migration"), ["project_beta.md", "project_gamma.md"]);
  assert.deepEqual(found(w, "fridays"), ["project_alpha.md"]);
});

test("a damaged row is not believed: the card is read again", async () => {
  const w = await seeded();
  const expected = described(w);
  const bytes = fs.readFileSync(cacheFile(w));
  const at = bytes.indexOf('"second card"');
  assert.ok(at > 0);
  bytes.write("{", at, "latin1"); // same length: the file still decodes, the row does not parse
  fs.writeFileSync(cacheFile(w), bytes);
  assert.ok(decodeCardCache(fs.readFileSync(cacheFile(w))), "the file itself decodes");
  assert.deepEqual(described(w), expected);
  assert.deepEqual(found(w, "nightly"), ["project_beta.md"]);
});

test("a first build by list or session start makes no words; the first search makes them from the cards and finds what it finds without a cache", async () => {
  const w = await seeded();
  const cold = found(w, "migration");
  fs.rmSync(path.join(w.mem, ".memctl"), { recursive: true, force: true });
  described(w);
  assert.ok(fs.existsSync(cacheFile(w)), "list wrote the cache");
  assert.ok(!fs.existsSync(wordsFile(w)), "but made no words: no search asked for them");
  // A card edited after the build and before the first search: its words are the edit's.
  fs.appendFileSync(path.join(w.mem, "project_alpha.md"), "One more migration.\n");
  assert.deepEqual(found(w, "migration"), ["project_alpha.md", ...cold]);
  assert.ok(fs.existsSync(wordsFile(w)), "the first search made them");
  const words = fs.statSync(wordsFile(w));
  assert.deepEqual(found(w, "migration"), ["project_alpha.md", ...cold]);
  assert.equal(fs.statSync(wordsFile(w)).ino, words.ino, "and the next one reads them");
});

test("search --in all reads the episode shards the card listing found, and a shard written since is listed again", async () => {
  const w = await seeded();
  const episode = (ts: string, summary: string) => `${JSON.stringify({ ts, host: "claude", summary, project_key: "k", repo: "/r", actor: "host:claude" })}\n`;
  fs.writeFileSync(path.join(w.mem, "episodes.2026-10.jsonl"), episode("2026-10-02T10:00:00Z", "Migrated the quokka cluster"));
  await sleep(250);
  const hits = () => JSON.parse(cli(w, ["search", "quokka", "--json"])).results.map((h: { id: string }) => h.id);
  assert.deepEqual(hits(), ["episodes.2026-10.jsonl:1"]);
  await sleep(250); // the first search made .memctl/, which moved the store directory's mtime: the next lists it again
  assert.deepEqual(hits(), ["episodes.2026-10.jsonl:1"]);
  assert.deepEqual(decodeCardCache(fs.readFileSync(cacheFile(w)))!.head.shards, ["episodes.2026-10.jsonl"]);
  // While the store's directory holds still, the cache's list is the one read: planted empty, the shard is not read.
  const decoded = decodeCardCache(fs.readFileSync(cacheFile(w)))!;
  fs.writeFileSync(cacheFile(w), encodeCardCache({ ...decoded, head: { ...decoded.head, shards: [] } }));
  assert.deepEqual(hits(), []);
  // A new shard changes the directory: listed again, both found.
  fs.writeFileSync(path.join(w.mem, "episodes.2026-11.jsonl"), episode("2026-11-03T10:00:00Z", "The quokka cluster again"));
  assert.deepEqual(hits().sort(), ["episodes.2026-10.jsonl:1", "episodes.2026-11.jsonl:1"]);
  // A planted name that is not a shard's is not believed: the cache is rebuilt.
  const again = decodeCardCache(fs.readFileSync(cacheFile(w)))!;
  fs.writeFileSync(cacheFile(w), encodeCardCache({ ...again, head: { ...again.head, shards: ["../outside.jsonl"] } }));
  assert.equal(decodeCardCache(fs.readFileSync(cacheFile(w))), undefined);
  assert.deepEqual(hits().sort(), ["episodes.2026-10.jsonl:1", "episodes.2026-11.jsonl:1"]);
});
