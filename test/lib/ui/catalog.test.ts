import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { Catalog } from "../../../lib/ui/catalog.js";
import { cardPage, cardsPage } from "../../../lib/ui/page-cards.js";
import { cardDocs, search } from "../../../lib/records/search.js";
import { searchStore } from "../../../lib/records/search-store.js";
import { readStore } from "../../../lib/store/read.js";
import { commitFile } from "../../../lib/store/write.js";
import { REPO_ROOT, tempDir } from "../../helpers.js";

// The web view's card catalogue: the same ranking as memctl search, pages, and a refresh that sees writes.

function store(): string {
  const dir = path.join(tempDir("memctl-ui-cat-"), "memory");
  fs.cpSync(path.join(REPO_ROOT, "sample-store"), dir, { recursive: true });
  return dir;
}

test("a catalogue search ranks exactly as memctl search does over the same cards", async () => {
  const dir = store();
  const catalog = new Catalog(dir);
  await catalog.refresh(true);
  const docs = cardDocs(await readStore(dir));
  for (const q of ["database migrations", "deploy", "token rotation vault", "日志", "nothing-matches-this"]) {
    const expected = search(q, docs, 0);
    const got = catalog.query({ q, perPage: 200 }).cards;
    assert.deepEqual(
      got.map((c) => [c.file, c.match!.score, c.match!.line, c.match!.match]),
      expected.map((h) => [h.id, h.score, h.line, h.match]),
      q,
    );
  }
});

test("cards come a page at a time; a page past the end is the last one", async () => {
  const dir = store();
  const catalog = new Catalog(dir);
  await catalog.refresh(true);
  const first = catalog.query({ perPage: 10 });
  assert.equal(first.total, 32);
  assert.equal(first.pages, 4);
  assert.equal(first.cards.length, 10);
  const last = catalog.query({ perPage: 10, page: 99 });
  assert.equal(last.page, 4);
  assert.equal(last.cards.length, 2);
  assert.equal(new Set([...first.cards, ...last.cards].map((c) => c.file)).size, 12);
});

test("a write through the atomic writer is seen on the next request; an in-place edit after the TTL", async () => {
  const dir = store();
  let now = 0;
  const catalog = new Catalog(dir, 2000, () => now);
  await catalog.refresh();
  const file = "project_deploy.md";
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  await commitFile(path.join(dir, file), text.replace(/^description: .*$/m, 'description: "renamed by the writer"'));
  await catalog.refresh();
  assert.equal(catalog.card(file)!.description, "renamed by the writer");
  // In place: the directory does not change, so the request after the TTL starts a scan behind it.
  const inPlace = fs.readFileSync(path.join(dir, file), "utf8").replace("renamed by the writer", "edited in place, longer");
  fs.writeFileSync(path.join(dir, file), inPlace);
  now = 1000;
  await catalog.refresh();
  await catalog.settled();
  assert.notEqual(catalog.card(file)!.description, "edited in place, longer", "within the TTL the catalogue stands");
  now = 2500;
  await catalog.refresh();
  await catalog.settled();
  assert.equal(catalog.card(file)!.description, "edited in place, longer");
});

test("an in-place edit that keeps the size and puts the mtime back is seen after the TTL (ctime tells)", async () => {
  const dir = store();
  let now = 0;
  const catalog = new Catalog(dir, 2000, () => now);
  const file = path.join(dir, "project_deploy.md");
  const whole = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000); // a time utimes sets back exactly
  fs.utimesSync(file, whole, whole);
  await catalog.refresh(true);
  const before = catalog.card("project_deploy.md")!.description;
  const text = fs.readFileSync(file, "utf8");
  const edited = text.replace(before, before.toUpperCase() === before ? before.toLowerCase() : before.toUpperCase());
  assert.notEqual(edited, text);
  assert.equal(Buffer.byteLength(edited), Buffer.byteLength(text));
  await new Promise((resolve) => setTimeout(resolve, 20));
  fs.writeFileSync(file, edited);
  fs.utimesSync(file, whole, whole);
  now = 2500;
  await catalog.refresh();
  await catalog.settled();
  assert.notEqual(catalog.card("project_deploy.md")!.description, before);
});

test("on the server's day a catalogue search lists cards no longer true after every live match, as memctl search does", async () => {
  const dir = store();
  const catalog = new Catalog(dir);
  await catalog.refresh(true);
  const today = "2026-12-02"; // project_old_orm.md is superseded; project_v1_api_sunset.md expired 2026-06-30
  for (const q of ["orm entities repository database", "api v1 sunset deprecation", "database migrations", "deploy"]) {
    const expected = (await searchStore(dir, q, "cards", 0, { today })).hits;
    const got = catalog.query({ q, perPage: 200 }, today).cards;
    assert.deepEqual(
      got.map((c) => [c.file, c.match!.score]),
      expected.map((h) => [h.id, h.score]),
      q,
    );
  }
  const orm = catalog.query({ q: "orm entities repository database", perPage: 200 }, today).cards.map((c) => c.file);
  const unsunk = catalog.query({ q: "orm entities repository database", perPage: 200 }).cards.map((c) => c.file);
  assert.ok(unsunk.indexOf("project_old_orm.md") < unsunk.length - 1, "by score alone the superseded card is not last");
  assert.equal(orm.at(-1), "project_old_orm.md");
});

test("the cards page and a card's page name a superseded card's successor, as search and show do", async () => {
  const dir = store();
  const file = "project_old_orm.md";
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  await commitFile(path.join(dir, file), text.replace(/^status: superseded$/m, "status: superseded\nsuperseded_by: project_orm_v2"));
  const catalog = new Catalog(dir);
  await catalog.refresh(true);
  const ctx = { base: "/s/t", readOnly: true, memoryDir: dir };
  const today = "2026-12-02";
  const page = cardsPage(ctx, { q: "orm" }, catalog.query({ q: "orm", perPage: 200 }, today), 1, today);
  const row = page.split("<tr>").find((r) => r.includes(`file=${file}`)) ?? "";
  assert.match(row, /<td>superseded by project_orm_v2 — not injected<\/td>/);
  const one = cardPage(ctx, { card: catalog.card(file)!, history: [], injected: [], sha256: "" }, today);
  assert.match(one, / · superseded by project_orm_v2 — not injected · updated /);
});
