import assert from "node:assert/strict";
import { test } from "node:test";
import type { IndexRecord } from "../../../lib/compact/assemble.js";
import { omittedRecords } from "../../../lib/compact/generate.js";

const record = (name: string, title = name, card = `project_${name}.md`): IndexRecord => ({
  card,
  name,
  type: "project",
  entry: { title, file: card, hook: `about ${name}` } as IndexRecord["entry"],
  rev: 1,
});
const omitted = (summary: string, records: IndexRecord[]) => omittedRecords(summary, records).map((r) => r.name);

test("a name counts as mentioned only whole: dec-1 is not mentioned by dec-10, dec-1b or dec-1_x", () => {
  const records = [record("dec-1"), record("dec-10"), record("dec-2")];
  assert.deepEqual(omitted("Decisions: dec-10 and dec-2.", records), ["dec-1"]);
  assert.deepEqual(omitted("See dec-1b, dec-1_x, xdec-1 and dec-10.", records), ["dec-1", "dec-2"]);
});

test("punctuation, brackets, links, file names and line ends still count as a mention", () => {
  const records = [record("dec-1"), record("db"), record("alice")];
  assert.deepEqual(omitted("(dec-1) [db](project_db.md)\nalice.", records), []);
  assert.deepEqual(omitted("dec-1, DB: Alice", records), [], "case-insensitive");
  assert.deepEqual(omitted("only project_dec-1.md is named", [record("dec-1", "Decision one")]), [], "by file stem");
});

test("titles with spaces and CJK titles match whole; CJK runs into the next word without a space", () => {
  const records = [record("pg-choice", "Tests use a real Postgres"), record("cjk", "記憶の設計", "project_cjk-design.md")];
  assert.deepEqual(omitted("Tests use a real Postgres; 記憶の設計について", records), []);
  assert.deepEqual(omitted("Tests use a real Postgresql", records), ["pg-choice", "cjk"]);
});
