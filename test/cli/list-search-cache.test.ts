// `list` and `search` read cards through the card cache (lib/store/card-cache.ts): every change made by any
// editor is what the next command shows, and a cache that is damaged or planted is never believed.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { decodeCardCache, encodeCardCache } from "../../lib/store/card-cache-format.js";
import { plainRecord } from "../../lib/store/card-record.js";
import { cacheFile, handCard, sleep } from "../support/card-cache-fixture.js";
import { CLI, makeWorld, memctl, spawnEnv, type World } from "../support/fixture.js";

/** Three cards written by hand, old enough (past the cache's racy window) that the cache trusts their stamps. */
async function seeded(): Promise<World> {
  const w = makeWorld();
  fs.writeFileSync(path.join(w.mem, "project_alpha.md"), handCard("alpha", "first card", "Deploy the parser on Fridays."));
  fs.writeFileSync(path.join(w.mem, "project_beta.md"), handCard("beta", "second card", "The migration runs nightly."));
  fs.mkdirSync(path.join(w.mem, "team"));
  fs.writeFileSync(path.join(w.mem, "team", "project_gamma.md"), handCard("gamma", "third card", "Deploy migration checklist."));
  await sleep(250);
  return w;
}

/** The real CLI, as a process: what a user runs. */
function cli(w: World, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: spawnEnv(w), cwd: w.repo, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function listed(w: World): Record<string, string> {
  const r = cli(w, ["list", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  return Object.fromEntries(JSON.parse(r.stdout).cards.map((c: { file: string; description: string }) => [c.file, c.description]));
}

function found(w: World, query: string): string[] {
  const r = cli(w, ["search", query, "--in", "cards", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).results.map((h: { id: string; match: string }) => `${h.id}: ${h.match}`);
}

test("an in-place edit that keeps the size and puts the mtime back is seen by the next list and search", async () => {
  const w = await seeded();
  const file = path.join(w.mem, "project_alpha.md");
  const whole = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000); // a time utimes sets back exactly
  fs.utimesSync(file, whole, whole);
  await sleep(150);
  assert.equal(listed(w)["project_alpha.md"], "first card");
  assert.deepEqual(found(w, "parser"), ["project_alpha.md: Deploy the parser on Fridays."]);
  assert.ok(fs.existsSync(cacheFile(w)), "the first read wrote the cache");
  const before = fs.statSync(file);
  await sleep(250);
  // Same length, written through the same inode, mtime restored: only ctime tells.
  const fd = fs.openSync(file, "r+");
  const text = fs.readFileSync(file, "utf8").replace("first card", "FIRST CARD").replace("parser", "lexers");
  assert.equal(Buffer.byteLength(text), before.size);
  fs.writeSync(fd, text, 0, "utf8");
  fs.closeSync(fd);
  fs.utimesSync(file, whole, whole);
  assert.equal(fs.statSync(file).mtimeMs, before.mtimeMs);
  assert.equal(listed(w)["project_alpha.md"], "FIRST CARD");
  assert.deepEqual(found(w, "parser"), []);
  assert.deepEqual(found(w, "lexers"), ["project_alpha.md: Deploy the lexers on Fridays."]);
});

test("a card created, renamed or deleted by hand is what the next list and search show", async () => {
  const w = await seeded();
  assert.deepEqual(Object.keys(listed(w)), ["project_alpha.md", "project_beta.md", "team/project_gamma.md"]);
  found(w, "migration");
  fs.writeFileSync(path.join(w.mem, "team", "project_delta.md"), handCard("delta", "fourth card", "A migration by hand."));
  fs.renameSync(path.join(w.mem, "project_beta.md"), path.join(w.mem, "project_bravo.md"));
  fs.rmSync(path.join(w.mem, "team", "project_gamma.md"));
  assert.deepEqual(Object.keys(listed(w)), ["project_alpha.md", "project_bravo.md", "team/project_delta.md"]);
  assert.deepEqual(found(w, "migration"), ["project_bravo.md: The migration runs nightly.", "team/project_delta.md: A migration by hand."]);
});

test("search through the cache returns exactly what it returns without one", async () => {
  const w = await seeded();
  for (let i = 0; i < 30; i++)
    fs.writeFileSync(path.join(w.mem, `project_n${i}.md`), handCard(`n${i}`, i % 3 ? "deploy notes" : "other", `Line one.\n${"deploy ".repeat(i % 4)}migration ${i}\n`));
  const cold = (q: string) => {
    fs.rmSync(cacheFile(w), { force: true });
    return cli(w, ["search", q, "--json", "--limit", "0"]).stdout;
  };
  for (const q of ["deploy migration", "notes", "nothing-here", "line"]) {
    const expected = cold(q);
    await sleep(150);
    assert.equal(cli(w, ["search", q, "--json", "--limit", "0"]).stdout, expected, q);
    assert.equal(cli(w, ["search", q, "--json", "--limit", "0"]).stdout, expected, `${q} (warm)`);
  }
});

test("the cache is what list reads while every stamp holds", async () => {
  const w = await seeded();
  listed(w);
  const decoded = decodeCardCache(fs.readFileSync(cacheFile(w)))!;
  const alpha = decoded.records.find((r) => r.file === "project_alpha.md")!;
  alpha.description = "from the cache";
  fs.writeFileSync(cacheFile(w), encodeCardCache(decoded));
  assert.equal(listed(w)["project_alpha.md"], "from the cache", "an unchanged card is not read again");
  fs.appendFileSync(path.join(w.mem, "project_alpha.md"), "More.\n");
  assert.equal(listed(w)["project_alpha.md"], "first card", "a changed one is");
});

test("a corrupt cache is ignored and rebuilt; a planted name is never listed or read", async () => {
  const w = await seeded();
  const expected = listed(w);
  const good = fs.readFileSync(cacheFile(w));
  for (const damage of [Buffer.from("garbage\n"), good.subarray(0, good.length - 3), Buffer.concat([good, Buffer.from("x")]), Buffer.alloc(0)]) {
    fs.writeFileSync(cacheFile(w), damage);
    assert.deepEqual(listed(w), expected);
    assert.ok(decodeCardCache(fs.readFileSync(cacheFile(w))), "rebuilt");
  }
  // A foreign cache naming a file outside the store, with every directory stamp intact.
  fs.writeFileSync(path.join(w.root, "outside.md"), handCard("outside", "not in the store", "secret deploy"));
  const decoded = decodeCardCache(fs.readFileSync(cacheFile(w)))!;
  const planted = { ...plainRecord(decoded.records[0]!), file: "../outside.md", description: "planted", linked: true };
  fs.writeFileSync(cacheFile(w), encodeCardCache({ ...decoded, records: [planted, ...decoded.records], wordsAt: [decoded.wordsAt[0]!, ...decoded.wordsAt] }));
  assert.deepEqual(listed(w), expected);
  assert.deepEqual(found(w, "secret"), []);
  // A link in the cache's place is replaced, never followed.
  fs.rmSync(cacheFile(w));
  fs.symlinkSync(path.join(w.root, "outside.md"), cacheFile(w));
  assert.deepEqual(listed(w), expected);
  assert.equal(fs.readFileSync(path.join(w.root, "outside.md"), "utf8"), handCard("outside", "not in the store", "secret deploy"));
  assert.ok(!fs.lstatSync(cacheFile(w)).isSymbolicLink());
});

test("in-process list, search and the CLI agree; a read-only .memctl costs the cache, not the answer", async () => {
  const w = await seeded();
  const inProcess = await memctl(w, ["list", "--json"]);
  assert.equal(inProcess.stdout, cli(w, ["list", "--json"]).stdout);
  fs.rmSync(path.join(w.mem, ".memctl"), { recursive: true, force: true });
  fs.writeFileSync(path.join(w.mem, ".memctl"), "not a directory");
  assert.equal(cli(w, ["list", "--json"]).stdout, inProcess.stdout);
  assert.deepEqual(found(w, "parser"), ["project_alpha.md: Deploy the parser on Fridays."]);
});

test("in_index follows MEMORY.md, and a card created after the link it was waiting for", async () => {
  const w = await seeded();
  const inIndex = () => Object.fromEntries(JSON.parse(cli(w, ["list", "--json"]).stdout).cards.map((c: { file: string; in_index: boolean }) => [c.file, c.in_index]));
  assert.deepEqual(inIndex(), { "project_alpha.md": false, "project_beta.md": false, "team/project_gamma.md": false });
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Alpha](./project_alpha.md) — first\n- [Later](team/project_later.md) — not written yet\n");
  await sleep(150);
  assert.deepEqual(inIndex(), { "project_alpha.md": true, "project_beta.md": false, "team/project_gamma.md": false });
  await sleep(150);
  fs.writeFileSync(path.join(w.mem, "team", "project_later.md"), handCard("later", "came later", "Body."));
  fs.rmSync(path.join(w.mem, "project_alpha.md"));
  assert.deepEqual(inIndex(), { "project_beta.md": false, "team/project_gamma.md": false, "team/project_later.md": true });
  fs.writeFileSync(path.join(w.mem, "project_alpha.md"), handCard("alpha", "back again", "Body."));
  assert.deepEqual(inIndex(), { "project_alpha.md": true, "project_beta.md": false, "team/project_gamma.md": false, "team/project_later.md": true });
});

test("a damaged words file costs search its speed, not its answer", async () => {
  const w = await seeded();
  const expected = found(w, "deploy migration");
  assert.equal(expected.length, 3);
  const words = path.join(w.mem, ".memctl", "card-words");
  const good = fs.readFileSync(words);
  for (const damage of [good.subarray(0, good.length - 2), Buffer.from(good.toString("latin1").replace("deploy:1", "deploy:9"), "latin1"), Buffer.from("x")]) {
    fs.writeFileSync(words, damage);
    const got = found(w, "deploy migration");
    if (damage.length === good.length) continue; // same length, same token: a change only an edit of the file itself makes
    assert.deepEqual(got, expected);
    assert.deepEqual(found(w, "deploy migration"), expected, "and the words were rebuilt");
  }
});

test("one process calling again and again (as the MCP server does) sees each change on the next call", async () => {
  const w = await seeded();
  const search = async (q: string) => {
    const r = await memctl(w, ["search", q, "--in", "cards", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).results.map((h: { id: string }) => h.id);
  };
  assert.deepEqual(await search("nightly"), ["project_beta.md"]);
  await sleep(150);
  assert.deepEqual(await search("nightly"), ["project_beta.md"], "from the cache this process decoded");
  const beta = path.join(w.mem, "project_beta.md");
  const before = fs.readFileSync(beta, "utf8");
  fs.writeFileSync(beta, before.replace("nightly", "hourly!"));
  assert.deepEqual(await search("nightly"), []);
  assert.deepEqual(await search("hourly"), ["project_beta.md"]);
  fs.writeFileSync(path.join(w.mem, "project_new.md"), handCard("new", "new card", "Also nightly."));
  assert.deepEqual(await search("nightly"), ["project_new.md"]);
  fs.rmSync(path.join(w.mem, "project_new.md"));
  assert.deepEqual(await search("nightly"), []);
  const listed = JSON.parse((await memctl(w, ["list", "--json"])).stdout).cards.map((c: { file: string }) => c.file);
  assert.deepEqual(listed, ["project_alpha.md", "project_beta.md", "team/project_gamma.md"]);
});
