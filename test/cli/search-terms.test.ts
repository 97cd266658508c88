// `memctl search` reads each query word's card-words lines from .memctl/card-terms (lib/store/card-terms.ts):
// its results must be exactly those of a search that reads every card, after saves, removals, hand edits, hand
// deletes, creations and renames, with and without the journal's trust above the full-check size; card-terms is
// not rewritten for an edit, and one that is missing, damaged, planted as a link or for another card-words only
// costs the search its speed. The real CLI, as processes, on real files.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { encodeCardTerms } from "../../lib/store/card-terms-build.js";
import { editInPlace, handCard, sleep, wordsFile } from "../support/card-cache-fixture.js";
import { CLI, makeWorld, memctl, spawnEnv, type World } from "../support/fixture.js";

const termsFile = (w: World) => path.join(w.mem, ".memctl", "card-terms");
const QUERIES = ["deploy migration", "parser", "nightly quokka", "card", "w7 w13", "zebra", "日本"];

async function seeded(): Promise<World> {
  const w = makeWorld();
  const words = ["deploy", "migration", "parser", "nightly", "staging", "日本語", "rollback"];
  for (let i = 0; i < 40; i++) {
    const body = `Line one of ${i}.\n${words[i % words.length]} w${i % 17} ${words[(i * 3) % words.length]}\nw${i % 5} again w${i % 5}\n`;
    const dir = i % 4 === 0 ? path.join(w.mem, "team") : w.mem;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `project_c${i}.md`), handCard(`c${i}`, `card ${i % 3 ? "deploy" : "other"} ${i}`, body));
  }
  // Whole seconds an hour back (editInPlace puts the mtime back exactly); ctimes move now: wait past the racy window.
  const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
  for (const dir of [w.mem, path.join(w.mem, "team")]) for (const name of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, name), past, past);
  await sleep(250);
  return w;
}

function cli(w: World, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: { ...spawnEnv(w), ...env }, cwd: w.repo, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

const results = (w: World, q: string, env: NodeJS.ProcessEnv = {}) => JSON.parse(cli(w, ["search", q, "--json", "--limit", "0"], env)).results;

/** The same search on a copy of the store's cards and MEMORY.md with no .memctl/: every card read and tokenized. */
function fullScan(w: World, q: string): unknown {
  const copy = fs.mkdtempSync(path.join(w.root, "scan-"));
  fs.cpSync(w.mem, copy, { recursive: true, filter: (src) => path.basename(src) !== ".memctl" });
  try {
    return results(w, q, { MEMCTL_MEMORY_DIR: copy });
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

function sameAsFullScan(w: World, step: string, env: NodeJS.ProcessEnv = {}): void {
  for (const q of QUERIES) assert.deepEqual(results(w, q, env), fullScan(w, q), `${step}: ${q}`);
}

const firstLine = (file: string) => fs.readFileSync(file, "latin1").split("\n")[0]!;
const wordsToken = (w: World) => firstLine(wordsFile(w)).split(" ").at(-1);

test("search through card-terms finds what a search reading every card finds, through edits of every kind", async (t) => {
  const w = await seeded();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  sameAsFullScan(w, "first");
  assert.equal(firstLine(termsFile(w)).split(" ").at(-1), wordsToken(w), "the first search wrote card-terms for its card-words");
  const terms = fs.statSync(termsFile(w));
  const words = fs.statSync(wordsFile(w));

  // memctl's own writes: a body replaced by save, a new card, a removal.
  let r = await memctl(w, ["save", "c3", "-"], { stdin: "Now a nightly quokka parser.\n" });
  assert.equal(r.code, 0, r.stderr);
  r = await memctl(w, ["save", "fresh", "-t", "project", "-d", "a deploy card", "-"], { stdin: "Zebra migration, 日本 too.\n" });
  assert.equal(r.code, 0, r.stderr);
  r = await memctl(w, ["rm", "c5"]);
  assert.equal(r.code, 0, r.stderr);
  sameAsFullScan(w, "after save and rm");

  // By hand: an edit in place that keeps size and mtime, a delete, a new card, a rename, an edit that drops a word.
  editInPlace(path.join(w.mem, "project_c1.md"), "migration", "zebrazebr");
  fs.rmSync(path.join(w.mem, "project_c2.md"));
  fs.writeFileSync(path.join(w.mem, "team", "project_hand.md"), handCard("hand", "by hand", "Deploy a quokka."));
  fs.renameSync(path.join(w.mem, "project_c6.md"), path.join(w.mem, "team", "project_c6b.md"));
  fs.writeFileSync(path.join(w.mem, "project_c7.md"), handCard("c7", "card 7", "Nothing searched for."));
  sameAsFullScan(w, "after hand edits");

  assert.equal(fs.statSync(termsFile(w)).ino, terms.ino, "card-terms is not rewritten for an edit");
  assert.equal(fs.statSync(wordsFile(w)).ino, words.ino, "nor card-words");

  // Above the full-check size the card cache trusts its recent check and the write journal names what changed.
  const trust = { MEMCTL_FULL_CHECK_MAX: "5" };
  results(w, "parser", trust); // a full check, recorded
  r = await memctl(w, ["save", "c9", "-"], { stdin: "A quokka rollback.\n" });
  assert.equal(r.code, 0, r.stderr);
  r = await memctl(w, ["rm", "c11"]);
  assert.equal(r.code, 0, r.stderr);
  for (const q of ["nightly quokka", "rollback", "w11"]) assert.deepEqual(results(w, q, trust), fullScan(w, q), `journaled: ${q}`);
  assert.equal(fs.statSync(termsFile(w)).ino, terms.ino);
});

test("above the full-check size, a search within the check's trust reads the card cache undecoded and answers the same", async (t) => {
  const w = await seeded();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const trust = { MEMCTL_FULL_CHECK_MAX: "5" };
  results(w, "parser", trust); // words laid out, card-terms written
  await sleep(250);
  results(w, "parser", trust); // a full check, recorded: the next searches within 2 s take the trusted path
  sameAsFullScan(w, "trusted", trust);
  // lib/records/search-store-trusted.test.ts holds each call to the trusted path with its start given; here a loaded
  // machine may let the check age past 2 s, and then the catalog answers: the same results either way.
  const r = await memctl(w, ["save", "c5", "-"], { stdin: "A parser for the rollback.\n" });
  assert.equal(r.code, 0, r.stderr);
  await sleep(250);
  results(w, "parser", trust);
  sameAsFullScan(w, "trusted after a save", trust);
});

test("once the changed cards' words outgrow their share, card-words and card-terms are made again, and still agree", async (t) => {
  const w = await seeded();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  results(w, "parser");
  const token = wordsToken(w);
  const many = Array.from({ length: 9000 }, (_, i) => `w${i}x`).join(" ");
  fs.writeFileSync(path.join(w.mem, "team", "project_c8.md"), handCard("c8", "card 8", `Deploy migration. ${many}`));
  assert.deepEqual(
    results(w, "w8999x").map((h: { id: string }) => h.id),
    ["team/project_c8.md"],
  );
  assert.notEqual(wordsToken(w), token, "card-words was laid out again");
  assert.equal(firstLine(termsFile(w)).split(" ").at(-1), wordsToken(w), "and card-terms made for it");
  sameAsFullScan(w, "after the lay-out");
});

test("card-terms is what search reads while it fits: a planted one is believed, a damaged one is not", async (t) => {
  const w = await seeded();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const expected = results(w, "nightly quokka");
  const good = fs.readFileSync(termsFile(w));
  // The same card-words with one word renamed to another of its length: only card-terms says so.
  const bytes = fs.readFileSync(wordsFile(w));
  const body = bytes.subarray(bytes.indexOf(10) + 1);
  const planted = encodeCardTerms(Buffer.from(body.toString("latin1").replaceAll(" nightly:", " quokkas:"), "latin1"), wordsToken(w)!)!;
  fs.writeFileSync(termsFile(w), planted);
  assert.ok(results(w, "quokkas").length > 0, "the planted card-terms was read, not card-words");
  assert.deepEqual(results(w, "nightly"), []);
  // Damaged, for another card-words, or a link: the search scans card-words, answers as before and writes a good one.
  const outside = path.join(w.root, "outside");
  fs.writeFileSync(outside, good);
  const other = Buffer.from(good.toString("latin1").replace(wordsToken(w)!, "someoneelse"), "latin1");
  for (const [what, damage] of [
    ["cut short", good.subarray(0, good.length - 5)],
    ["garbage", Buffer.from("memctl-card-cache 6 terms 1 x\n{}\n")],
    ["empty", Buffer.alloc(0)],
    ["another card-words'", other],
    ["a link", undefined],
  ] as const) {
    fs.rmSync(termsFile(w), { force: true });
    if (damage) fs.writeFileSync(termsFile(w), damage);
    else fs.symlinkSync(outside, termsFile(w));
    assert.deepEqual(results(w, "nightly quokka"), expected, what);
    assert.ok(!fs.lstatSync(termsFile(w)).isSymbolicLink(), `${what}: replaced, never followed`);
    assert.deepEqual(fs.readFileSync(termsFile(w)), good, `${what}: written again`);
  }
  assert.deepEqual(fs.readFileSync(outside), good, "the link's target is untouched");
});
