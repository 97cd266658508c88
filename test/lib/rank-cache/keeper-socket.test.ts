// A prompt's question to its keeper (lib/rank-cache/keeper-socket.ts) over real Unix sockets: what the prompt takes
// as an answer, and everything it does not (each of which makes it stat every card).
import assert from "node:assert/strict";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { test } from "node:test";
import { askKeeper, encodeAnswer, KEEPER_SOCKET, keeperSocketPath, parseAnswer, serveAnswers, SOCKET_PATH_MAX, ANSWER_MAX_CARDS } from "../../../lib/rank-cache/keeper-socket.js";
import { sandbox } from "../../helpers.js";

const linux = { skip: process.platform !== "linux" };

function store(t: { after: (fn: () => void) => void }) {
  const s = sandbox();
  fs.mkdirSync(path.join(s.memory, ".memctl"));
  t.after(() => s.cleanup());
  return s;
}

/** A server at `file` that answers each connection with `reply` (undefined: never answers). */
async function listen(t: { after: (fn: () => void) => void }, file: string, reply: string | undefined): Promise<void> {
  const held: net.Socket[] = [];
  const server = net.createServer((socket) => {
    socket.on("error", () => {}); // the asking side may hang up first (its timeout)
    held.push(socket);
    if (reply !== undefined) socket.end(reply);
  });
  await new Promise<void>((resolve) => server.listen(file, resolve));
  t.after(() => {
    for (const s of held) s.destroy();
    server.close();
  });
}

test("an answer round-trips: its identity and every card it names", () => {
  const cards = new Set(["feedback_a.md", "sub/project_b.md"]);
  assert.deepEqual(parseAnswer(encodeAnswer({ checked: "id/0123/9", cards })), { checked: "id/0123/9", cards });
  assert.equal(parseAnswer(encodeAnswer(undefined)), undefined, "unsure");
  const many = new Set(Array.from({ length: ANSWER_MAX_CARDS + 1 }, (_, i) => `feedback_${i}.md`));
  assert.equal(parseAnswer(encodeAnswer({ checked: "id", cards: many })), undefined, "changed too much is said as unsure");
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

test("a live server's answer is taken; a stale socket file, a server that never answers and an oversized answer are not", linux, async (t) => {
  const s = store(t);
  const file = keeperSocketPath(s.memory)!;
  assert.equal(path.basename(file), KEEPER_SOCKET);
  assert.equal(askKeeper(s.memory, 200), undefined, "no socket: not asked, no node:net");

  await listen(t, file, encodeAnswer({ checked: "abc", cards: new Set(["feedback_x.md"]) }));
  assert.deepEqual(await askKeeper(s.memory, 2_000), { checked: "abc", cards: new Set(["feedback_x.md"]) });

  const quiet = store(t);
  await listen(t, keeperSocketPath(quiet.memory)!, undefined);
  const started = Date.now();
  assert.equal(await askKeeper(quiet.memory, 100), undefined, "a stopped keeper: nothing within the timeout");
  assert.ok(Date.now() - started < 2_000);

  const big = store(t);
  await listen(t, keeperSocketPath(big.memory)!, `{"v":1,"checked":"x","cards":[${'"a.md",'.repeat(200_000)}"b.md"]}`);
  assert.equal(await askKeeper(big.memory, 2_000), undefined, "past the size bound");

  // A socket file nobody listens on (a SIGKILLed keeper's): the connection is refused.
  const stale = store(t);
  const staleFile = keeperSocketPath(stale.memory)!;
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(staleFile, resolve));
  const { ino } = fs.lstatSync(staleFile);
  fs.renameSync(staleFile, `${staleFile}.kept`);
  server.close();
  fs.renameSync(`${staleFile}.kept`, staleFile);
  assert.equal(fs.lstatSync(staleFile).ino, ino);
  assert.equal(await askKeeper(stale.memory, 2_000), undefined, "refused");
});

test("a regular file or a symlink at the socket path is never asked, even one leading to a server that answers", linux, async (t) => {
  const s = store(t);
  const file = keeperSocketPath(s.memory)!;
  fs.writeFileSync(file, encodeAnswer({ checked: "abc", cards: new Set() }));
  assert.equal(askKeeper(s.memory, 200), undefined, "a regular file");
  fs.rmSync(file);
  const elsewhere = path.join(s.root, "liar.sock");
  await listen(t, elsewhere, encodeAnswer({ checked: "abc", cards: new Set() }));
  fs.symlinkSync(elsewhere, file);
  assert.equal(askKeeper(s.memory, 200), undefined, "a symlink");
});

test("a store path too long for a socket is never listened on nor asked", linux, async () => {
  const deep = `/${"d".repeat(SOCKET_PATH_MAX)}/memory`;
  assert.equal(keeperSocketPath(deep), undefined);
  assert.equal(askKeeper(deep, 200), undefined);
  assert.equal(
    await serveAnswers(
      deep,
      async () => encodeAnswer(undefined),
      () => {},
    ),
    undefined,
  );
});

test("the keeper's server replaces whatever is at its path, answers this uid only, and removes its socket on close", linux, async (t) => {
  const s = store(t);
  const file = keeperSocketPath(s.memory)!;
  fs.writeFileSync(file, "planted");
  let asked = 0;
  const server = await serveAnswers(
    s.memory,
    async () => encodeAnswer({ checked: `n${++asked}`, cards: new Set() }),
    (err) => assert.fail(String(err)),
  );
  assert.ok(server);
  const st = fs.lstatSync(file);
  assert.ok(st.isSocket());
  assert.equal(st.mode & 0o777, 0o600);
  assert.equal((await askKeeper(s.memory, 2_000))?.checked, "n1");
  assert.equal((await askKeeper(s.memory, 2_000))?.checked, "n2", "each connection asks anew");
  server.close();
  assert.equal(fs.existsSync(file), false);
  assert.equal(askKeeper(s.memory, 200), undefined);
});

test("a socket owned by another uid is never asked, even one that answers", {
  skip: process.platform !== "linux" || process.getuid?.() !== 0 ? "needs root to give a socket away" : false,
}, async (t) => {
  const s = store(t);
  const file = keeperSocketPath(s.memory)!;
  await listen(t, file, encodeAnswer({ checked: "abc", cards: new Set() }));
  assert.ok(await askKeeper(s.memory, 2_000), "answers while it is this uid's");
  fs.chownSync(file, 65534, 65534);
  assert.equal(askKeeper(s.memory, 200), undefined);
});
