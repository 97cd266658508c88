// A prompt's question to its keeper (lib/rank-cache/keeper-ask.ts) through real files and a real inotify watch: what
// the prompt takes as an answer, and everything it does not (each of which makes it stat every card).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ANSWER_MAX_CARDS, askKeeper, encodeAnswer, KEEPER_ASK, keeperAskDir, parseAnswer, serveAnswers } from "../../../lib/rank-cache/keeper-ask.js";
import { sandbox } from "../../helpers.js";

const linux = { skip: process.platform !== "linux" };

function store(t: { after: (fn: () => void) => void }) {
  const s = sandbox();
  fs.mkdirSync(path.join(s.memory, ".memctl"));
  t.after(() => s.cleanup());
  return s;
}

/** Something at `dir` that writes `reply` into every question made there (a liar, or a keeper sending junk). */
function answerer(t: { after: (fn: () => void) => void }, dir: string, reply: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const w = fs.watch(dir, (_e, name) => {
    try {
      const file = path.join(dir, String(name));
      if (fs.statSync(file).size === 0) fs.writeFileSync(file, reply);
    } catch {
      // answered and gone
    }
  });
  t.after(() => w.close());
}

test("an answer round-trips: its identity and every card it names", () => {
  const cards = new Set(["feedback_a.md", "sub/project_b.md"]);
  assert.deepEqual(parseAnswer(encodeAnswer({ checked: "id/0123/9", cards })), { checked: "id/0123/9", cards });
  assert.equal(parseAnswer(encodeAnswer(undefined)), undefined, "unsure");
  const many = new Set(Array.from({ length: ANSWER_MAX_CARDS + 1 }, (_, i) => `feedback_${i}.md`));
  assert.equal(parseAnswer(encodeAnswer({ checked: "id", cards: many })), undefined, "changed too much is said as unsure");
  const text = encodeAnswer({ checked: "a\nb", cards: new Set(["c\nd.md"]) });
  assert.equal(text.indexOf("\n"), text.length - 1, "one line break, the last byte: a reader knows a whole answer");
});

test("junk is no answer: another version, a missing identity, a non-string name, a name outside the store", () => {
  for (const text of [
    "",
    "not json",
    "null",
    "[]",
    '{"v":2,"checked":"x","cards":[]}',
    '{"v":1,"cards":[]}',
    '{"v":1,"checked":"","cards":[]}',
    '{"v":1,"checked":"x"}',
    '{"v":1,"checked":"x","cards":[1]}',
    '{"v":1,"checked":"x","cards":[""]}',
    '{"v":1,"checked":"x","cards":["../elsewhere.md"]}',
    '{"v":1,"checked":"x","cards":["/etc/passwd"]}',
    '{"v":1,"checked":"x","cards":["a\\u0000b.md"]}',
  ])
    assert.equal(parseAnswer(text), undefined, text);
});

test("the keeper's server answers each question anew, leaves no question behind, and removes its directory on close", linux, async (t) => {
  const s = store(t);
  const dir = keeperAskDir(s.memory);
  assert.equal(path.basename(dir), KEEPER_ASK);
  assert.equal(askKeeper(s.memory, 200), undefined, "no directory: not asked, nothing made");
  assert.equal(fs.existsSync(dir), false);
  fs.writeFileSync(dir, "planted");
  let asked = 0;
  const server = await serveAnswers(
    s.memory,
    async () => encodeAnswer({ checked: `n${++asked}`, cards: new Set(["feedback_x.md"]) }),
    (err) => assert.fail(String(err)),
  );
  assert.ok(server, "whatever was at the path is replaced");
  const st = fs.lstatSync(dir);
  assert.ok(st.isDirectory());
  assert.equal(st.mode & 0o777, 0o700);
  assert.deepEqual(await askKeeper(s.memory, 5_000), { checked: "n1", cards: new Set(["feedback_x.md"]) });
  const [a, b] = await Promise.all([askKeeper(s.memory, 5_000), askKeeper(s.memory, 5_000)]);
  assert.deepEqual([a?.checked, b?.checked].sort(), ["n2", "n3"], "two prompts at once: one answer each");
  assert.deepEqual(fs.readdirSync(dir), [], "every answered question's name removed");
  server.close();
  assert.equal(fs.existsSync(dir), false);
  assert.equal(askKeeper(s.memory, 200), undefined);
});

test("a question nobody answers (a killed or stopped keeper's directory) is no answer within its timeout, and is removed", linux, async (t) => {
  const s = store(t);
  fs.mkdirSync(keeperAskDir(s.memory), { mode: 0o700 });
  const started = Date.now();
  const pending = askKeeper(s.memory, 150);
  assert.ok(pending);
  assert.equal(fs.readdirSync(keeperAskDir(s.memory)).length, 1, "the question is made at once");
  assert.equal(await pending, undefined);
  assert.ok(Date.now() - started < 2_000);
  assert.deepEqual(fs.readdirSync(keeperAskDir(s.memory)), []);
});

test("junk, an oversized answer and an answer never finished are no answer", linux, async (t) => {
  for (const reply of ["not json\n", `{"v":1,"checked":"x","cards":[${'"a.md",'.repeat(200_000)}"b.md"]}\n`, '{"v":1,"checked":"x","cards":[]}']) {
    const s = store(t);
    answerer(t, keeperAskDir(s.memory), reply);
    assert.equal(await askKeeper(s.memory, 300), undefined, reply.slice(0, 40));
  }
  const s = store(t);
  answerer(t, keeperAskDir(s.memory), '{"v":1,"checked":"x","cards":[]}\n');
  assert.deepEqual(await askKeeper(s.memory, 5_000), { checked: "x", cards: new Set() }, "the same answerer, a whole answer: taken");
});

test("a file or a symlink at the directory's path is never asked, even one leading to a directory that answers", linux, async (t) => {
  const s = store(t);
  const dir = keeperAskDir(s.memory);
  fs.writeFileSync(dir, "");
  assert.equal(askKeeper(s.memory, 200), undefined, "a regular file");
  fs.rmSync(dir);
  const elsewhere = path.join(s.root, "liar");
  answerer(t, elsewhere, encodeAnswer({ checked: "abc", cards: new Set() }));
  fs.symlinkSync(elsewhere, dir);
  assert.equal(askKeeper(s.memory, 200), undefined, "a symlink");
  assert.deepEqual(fs.readdirSync(elsewhere), [], "nothing made there");
});

test("the keeper writes into no link, hard link or file of content planted among the questions", linux, async (t) => {
  const s = store(t);
  const server = await serveAnswers(
    s.memory,
    async () => encodeAnswer({ checked: "k", cards: new Set() }),
    (err) => assert.fail(String(err)),
  );
  assert.ok(server);
  t.after(() => server.close());
  const dir = keeperAskDir(s.memory);
  const target = path.join(s.memory, "feedback_target.md");
  fs.writeFileSync(target, "");
  fs.symlinkSync(target, path.join(dir, "link"));
  fs.linkSync(target, path.join(dir, "hard"));
  fs.writeFileSync(path.join(dir, "full"), "mine");
  assert.equal((await askKeeper(s.memory, 5_000))?.checked, "k", "a question after them is answered");
  assert.equal(fs.readFileSync(target, "utf8"), "", "the linked file untouched");
  assert.equal(fs.readFileSync(path.join(dir, "full"), "utf8"), "mine");
});

test("a directory owned by another uid is never asked, even one that answers", {
  skip: process.platform !== "linux" || process.getuid?.() !== 0 ? "needs root to give a directory away" : false,
}, async (t) => {
  const s = store(t);
  const dir = keeperAskDir(s.memory);
  answerer(t, dir, encodeAnswer({ checked: "abc", cards: new Set() }));
  assert.ok(await askKeeper(s.memory, 5_000), "answers while it is this uid's");
  fs.chownSync(dir, 65534, 65534);
  assert.equal(askKeeper(s.memory, 200), undefined);
});
