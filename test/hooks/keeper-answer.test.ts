// A prompt that asks its store's keeper which cards changed (lib/rank-cache/keeper-ask.ts) instead of stat-ing
// every card, end to end: the real compiled hook and a real keeper process on a store below the full-check size.
// Every change made right before a prompt is in that prompt's block, whatever the keeper's state: at rest, SIGKILLed
// (its question directory left behind), SIGSTOPped (questions made, never answered), or replaced by something
// planted at its directory's path. No keeper is left running.
import assert from "node:assert/strict";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { test } from "node:test";
import { processAlive, tryStoreLock } from "../../lib/store/lock.js";
import { KEEPER_LOCK, KEEPER_LOCK_STALE_MS } from "../../lib/rank-cache/keeper-lock.js";
import { askKeeper, encodeAnswer, keeperAskDir, serveAnswers } from "../../lib/rank-cache/keeper-ask.js";
import { openCache } from "../../lib/rank-cache/read.js";
import { checkedText, openDelta } from "../../lib/rank-cache/delta.js";
import { ageStore, cardText, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { keeperHolder, questionsLeft, stopKeepers, waitFor } from "../support/keepers.js";
import { editInPlace, sleep } from "../support/card-cache-fixture.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const cards = Array.from({ length: 40 }, (_, i) => {
  const n = String(i).padStart(3, "0");
  return { file: `feedback_k${n}.md`, title: `Card k${n}`, hook: `note number k${n} about the build`, topics: ["build"] };
});

/** The identity of the rank cache (and delta) on disk, as a keeper names the one it last found true. */
function identityNow(memory: string): string | undefined {
  const base = openCache(memory);
  return base && checkedText(base, openDelta(memory, base)?.text);
}

function keptStore(t: { after: (fn: () => Promise<void>) => void }, extraEnv: Record<string, string> = {}) {
  const s = sandbox(cards);
  ageStore(s.memory);
  t.after(async () => {
    await stopKeepers(s.home);
    s.cleanup();
  });
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"), MEMCTL_KEEPER_MIN: "10", ...extraEnv };
  let session = 0;
  const prompt = async (text: string, more: Record<string, string> = {}) => {
    const r = await runBounded([HOOK, "--host", "generic"], JSON.stringify({ session_id: `a-${session++}`, cwd: s.repo, prompt: text }), { ...env, ...more }, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    return r;
  };
  /** A live keeper whose answer names the cache on disk and no card: every card as that cache recorded it. */
  const atRest = async () => {
    await waitFor(() => keeperHolder(s.memory) !== undefined && processAlive(keeperHolder(s.memory)!), 10_000, "a keeper");
    for (const deadline = Date.now() + 15_000; ; ) {
      const answer = await askKeeper(s.memory, 2_000);
      // The asker reads an answer before the keeper removes its name: a signal sent in between would leave it there.
      if (answer && answer.cards.size === 0 && answer.checked === identityNow(s.memory)) {
        await waitFor(() => questionsLeft(s.memory).length === 0, 10_000, "the answered question's name removed");
        return keeperHolder(s.memory)!;
      }
      if (Date.now() > deadline) assert.fail(`no keeper at rest: ${JSON.stringify(answer && { ...answer, cards: [...answer.cards] })}`);
      await sleep(50);
    }
  };
  return { s, prompt, atRest };
}

test("with a keeper at rest, an in-place edit, a new card, a removed card and a MEMORY.md edit are each in the very next prompt", {
  skip: process.platform !== "linux",
}, async (t) => {
  const { s, prompt, atRest } = keptStore(t);
  assert.match((await prompt("the build")).stdout, /feedback_k001\.md/);
  const keeper = await atRest();

  // In place, size kept and mtime put back: no directory moves, only the keeper's watch sees it.
  editInPlace(path.join(s.memory, "feedback_k007.md"), '- "build"', '- "zorro"');
  const answer = await askKeeper(s.memory, 5_000);
  assert.ok(answer?.cards.has("feedback_k007.md"), "the keeper settles its watch before it answers: the edit just made is named");
  const asked = await prompt("zorro", { NODE_DEBUG: "net" });
  assert.match(asked.stdout, /feedback_k007\.md/);
  assert.doesNotMatch(asked.stderr, /^NET \d+:/m, "asking opened no socket (node:net and its streams cost ~4 ms of CPU)");
  await atRest();

  // A new card with its index line.
  fs.writeFileSync(path.join(s.memory, "project_newt.md"), cardText({ file: "project_newt.md", title: "Newt", hook: "a newt made by hand", topics: ["newt"] }));
  fs.appendFileSync(path.join(s.memory, "MEMORY.md"), "- [Newt](project_newt.md) — a newt made by hand\n");
  assert.match((await prompt("newt")).stdout, /project_newt\.md/);
  await atRest();

  // A card and its line removed.
  assert.match((await prompt("k020 build")).stdout, /feedback_k020\.md/);
  await atRest();
  fs.rmSync(path.join(s.memory, "feedback_k020.md"));
  const index = path.join(s.memory, "MEMORY.md");
  fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace(/^.*feedback_k020\.md.*\n/m, ""));
  assert.doesNotMatch((await prompt("k020 build")).stdout, /feedback_k020\.md/);
  await atRest();

  // MEMORY.md rewritten in place (the same inode), its size kept.
  fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("note number k012 about the build", "note number k012 about the ibex!"));
  assert.match((await prompt("ibex")).stdout, /feedback_k012\.md/);
  await atRest();
  assert.equal(keeperHolder(s.memory), keeper, "the same keeper answered throughout");
});

test("a SIGKILLed keeper's directory, a SIGSTOPped keeper and a symlink to a directory that answers each leave the prompt to stat every card", {
  skip: process.platform !== "linux",
}, async (t) => {
  const { s, prompt, atRest } = keptStore(t);
  await prompt("the build");
  const dir = keeperAskDir(s.memory);

  // SIGKILL: the question directory stays, nothing answers; the prompt waits its timeout, then stats every card.
  process.kill(await atRest(), "SIGKILL");
  await waitFor(() => !processAlive(keeperHolder(s.memory)!), 20_000, "the keeper gone");
  assert.ok(fs.lstatSync(dir).isDirectory(), "its directory is left behind");
  editInPlace(path.join(s.memory, "feedback_k003.md"), '- "build"', '- "okapi"');
  assert.match((await prompt("okapi")).stdout, /feedback_k003\.md/);
  assert.deepEqual(questionsLeft(s.memory), [], "the unanswered question removed");

  // SIGSTOP: the question is made and never answered.
  const stopped = await atRest(); // the prompt above started a new keeper
  process.kill(stopped, "SIGSTOP");
  t.after(() => {
    if (processAlive(stopped)) process.kill(stopped, "SIGKILL");
  });
  editInPlace(path.join(s.memory, "feedback_k004.md"), '- "build"', '- "gecko"');
  const late = await prompt("gecko");
  assert.match(late.stdout, /feedback_k004\.md/);
  assert.ok(late.ms < 10_000, `answered in ${late.ms} ms`);
  process.kill(stopped, "SIGKILL");
  await waitFor(() => !processAlive(stopped), 20_000, "the stopped keeper gone");

  // A symlink at the directory's path, to a directory whose server answers "nothing changed" for the cache on disk.
  await prompt("the build"); // a keeper again, so that nothing at rest is left to chance below
  process.kill(await atRest(), "SIGKILL");
  await waitFor(() => !processAlive(keeperHolder(s.memory)!), 20_000, "the keeper gone");
  const elsewhere = path.join(s.root, "elsewhere");
  fs.mkdirSync(path.join(elsewhere, ".memctl"), { recursive: true });
  const liar = await serveAnswers(
    elsewhere,
    async () => encodeAnswer({ checked: identityNow(s.memory)!, cards: new Set() }),
    () => {},
  );
  assert.ok(liar);
  t.after(() => liar.close());
  fs.rmSync(dir, { recursive: true, force: true });
  fs.symlinkSync(keeperAskDir(elsewhere), dir);
  editInPlace(path.join(s.memory, "feedback_k005.md"), '- "build"', '- "tapir"');
  assert.match((await prompt("tapir")).stdout, /feedback_k005\.md/);
});

test("an answer is what narrows the check: a server at the path that names no card for the cache on disk hides an in-place edit", {
  skip: process.platform !== "linux",
}, async (t) => {
  // Why only the keeper, which settles its watch first, may answer there (and the prompt trusts only a directory of
  // its own uid): the prompt stats the cards an answer names and no other.
  // The prompts wait as long as it takes for the answer: a loaded machine must not turn this into a fallback.
  const { s, prompt, atRest } = keptStore(t, { MEMCTL_KEEPER_ANSWER_MS: "10000" });
  await prompt("the build");
  process.kill(await atRest(), "SIGKILL");
  await waitFor(() => !processAlive(keeperHolder(s.memory)!), 20_000, "the keeper gone");
  const named = new Set<string>();
  const server = await serveAnswers(
    s.memory,
    async () => encodeAnswer({ checked: identityNow(s.memory)!, cards: named }),
    () => {},
  );
  assert.ok(server);
  t.after(() => server.close());
  // The keeper's lock held by this test: the prompts renew it instead of starting a keeper that would take the path.
  const lock = tryStoreLock(s.memory, { name: KEEPER_LOCK, staleMs: KEEPER_LOCK_STALE_MS });
  assert.ok(lock);
  t.after(() => lock.release());

  editInPlace(path.join(s.memory, "feedback_k009.md"), '- "build"', '- "dingo"');
  assert.doesNotMatch((await prompt("dingo")).stdout, /feedback_k009\.md/, "told nothing changed, the prompt stats no card");
  named.add("feedback_k009.md");
  assert.match((await prompt("dingo")).stdout, /feedback_k009\.md/, "told the card changed, it stats it");
});

test("with a card cache (the keeper's stamps come from its pass), an in-place edit is named and in the very next prompt", { skip: process.platform !== "linux" }, async (t) => {
  const { s, prompt, atRest } = keptStore(t);
  await prompt("the build");
  const list = await runBounded(
    [path.join(REPO_ROOT, "dist", "cli.js"), "list", "--json"],
    "",
    { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") },
    s.repo,
    30_000,
  );
  assert.equal(list.code, 0);
  assert.ok(fs.existsSync(path.join(s.memory, ".memctl", "card-cache")));
  await atRest();
  await sleep(1_500); // a few rounds with the card cache's pass
  await atRest();
  editInPlace(path.join(s.memory, "feedback_k017.md"), '- "build"', '- "hyrax"');
  assert.ok((await askKeeper(s.memory, 5_000))?.cards.has("feedback_k017.md"));
  assert.match((await prompt("hyrax")).stdout, /feedback_k017\.md/);
});

test("a MEMORY.md line linking a card that does not exist leaves the keeper answering; the card made by hand, then removed, is in the next prompt", {
  skip: process.platform !== "linux",
}, async (t) => {
  // A dead link is common in a hand-kept store (doctor's dead_links): the keeper's watch holds it as absent, so an
  // answer still vouches for every card, and creating that file is an event like any new card's.
  const { s, prompt, atRest } = keptStore(t);
  const index = path.join(s.memory, "MEMORY.md");
  fs.appendFileSync(index, "- [Wombat](project_wombat.md) — a wombat kept by hand\n");
  assert.doesNotMatch((await prompt("quokka")).stdout, /project_wombat\.md/);
  const keeper = await atRest();

  fs.writeFileSync(path.join(s.memory, "project_wombat.md"), cardText({ file: "project_wombat.md", title: "Wombat", hook: "a wombat kept by hand", topics: ["quokka"] }));
  assert.ok((await askKeeper(s.memory, 5_000))?.cards.has("project_wombat.md"), "its creation is named");
  assert.match((await prompt("quokka")).stdout, /project_wombat\.md/, "the card's own words are read");
  await atRest();

  fs.rmSync(path.join(s.memory, "project_wombat.md"));
  assert.doesNotMatch((await prompt("quokka")).stdout, /project_wombat\.md/);
  await atRest();
  assert.equal(keeperHolder(s.memory), keeper, "the same keeper answered throughout");
});

test("a keeper of an older build that answered through .memctl/keeper.sock is not kept alive: it goes idle and the next prompt's keeper answers", {
  skip: process.platform !== "linux",
}, async (t) => {
  // Such a keeper answers no question file, so renewing it would leave every prompt to stat every card for as long
  // as prompts come. Its socket (a real one listening here) marks it; the keeper that replaces it removes a stale one.
  const { s, prompt, atRest } = keptStore(t, { MEMCTL_KEEPER_IDLE_MS: "3000" });
  await prompt("the build");
  const first = await atRest();
  const sock = path.join(s.memory, ".memctl", "keeper.sock");
  const server = net.createServer().listen(sock);
  await once(server, "listening");
  t.after(() => server.close());
  // Nor has it a question directory: this build's keeper, playing the old one, answers no prompt from now on (a
  // question answered counts as a prompt, and would keep it alive).
  fs.rmSync(path.join(s.memory, ".memctl", "keeper-ask"), { recursive: true, force: true });
  const deadline = Date.now() + 30_000;
  while (keeperHolder(s.memory) === first || !processAlive(keeperHolder(s.memory) ?? 0)) {
    if (Date.now() > deadline) assert.fail("the keeper holding the lock beside keeper.sock was renewed by every prompt");
    await prompt("the build");
    await sleep(200);
  }
  await prompt("the build"); // renews the new keeper, so its idle time is not what this test waits on
  assert.notEqual(await atRest(), first, "a new keeper answers");
  assert.equal(fs.existsSync(sock), false, "the stale socket removed by the keeper that took the lock");
});
