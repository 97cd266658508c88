// The keeper's watch (lib/store/card-watch.ts) end to end: a real keeper process on a store above the lowered
// full-check size, left long enough at rest that its rounds read no card (the watch vouches for every one), then
// each kind of hand edit. Whatever the edit, `memctl list` and a prompt through the real hook 2 s after it show it:
// a keeper that missed the edit would go on recording checks that every command trusts. No keeper is left running.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { VERIFIED_FOR_MS } from "../../lib/store/full-check.js";
import { CARD_CHECK } from "../../lib/store/full-check.js";
import { processAlive } from "../../lib/store/lock.js";
import { ageStore, cardText, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { keeperHolder, keeperPids, stopKeepers, waitFor } from "../support/keepers.js";
import { editInPlace, sleep } from "../support/card-cache-fixture.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const cards = Array.from({ length: 40 }, (_, i) => {
  const n = String(i).padStart(3, "0");
  return { file: `feedback_k${n}.md`, title: `Card k${n}`, hook: `note number k${n} about the build`, topics: ["build"] };
});
const inSub = [0, 1].map((i) => ({ file: `sub/feedback_s${i}.md`, title: `Sub card ${i}`, hook: `sub note ${i} about the build`, topics: ["build"] }));

test("at rest the keeper reads no card, yet every kind of hand edit is in the next list and prompt 2 s later", { skip: process.platform !== "linux" }, async (t) => {
  const s = sandbox(cards);
  fs.mkdirSync(path.join(s.memory, "sub"));
  for (const c of inSub) fs.writeFileSync(path.join(s.memory, c.file), cardText(c));
  fs.appendFileSync(path.join(s.memory, "MEMORY.md"), inSub.map((c) => `- [${c.title}](${c.file}) — ${c.hook}\n`).join(""));
  ageStore(s.memory);
  await sleep(250); // past the caches' racy window of ageStore's utimes
  t.after(async () => {
    await stopKeepers(s.home);
    s.cleanup();
  });
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"), MEMCTL_FULL_CHECK_MAX: "10" };
  const run = async (argv: string[], input = "") => {
    const r = await runBounded(argv, input, env, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    return r.stdout;
  };
  let session = 0;
  const prompt = (text: string) => run([HOOK, "--host", "generic"], JSON.stringify({ session_id: `w-${session++}`, cwd: s.repo, prompt: text }));
  const list = async () =>
    Object.fromEntries((JSON.parse(await run([CLI, "list", "--json"])) as { cards: { file: string; description: string }[] }).cards.map((c) => [c.file, c.description]));
  const checkAt = () => {
    try {
      return (JSON.parse(fs.readFileSync(path.join(s.memory, ".memctl", CARD_CHECK), "utf8")) as { at: number }).at;
    } catch {
      return Number.NEGATIVE_INFINITY;
    }
  };
  /** The keeper recording checks of the cache as it is now, three rounds in a row: the last ones read no card. */
  const atRest = async () => {
    for (let i = 0; i < 3; i++) {
      const from = Math.max(checkAt(), Date.now() - 5);
      await waitFor(() => checkAt() > from, 8_000, `a recorded check (${i + 1} of 3)`);
    }
  };

  await run([CLI, "hook", "session-start", "--host", "generic"], JSON.stringify({ session_id: "w-start", cwd: s.repo }));
  await waitFor(() => keeperHolder(s.memory) !== undefined && processAlive(keeperHolder(s.memory)!), 10_000, "a keeper");
  await prompt("the build"); // the rank cache
  await list(); // the card cache
  await atRest();

  const edits: [string, () => void, (listed: Record<string, string>) => void, [string, RegExp]?][] = [
    [
      "in place, size kept and mtime put back",
      () => {
        const file = path.join(s.memory, "feedback_k007.md");
        editInPlace(file, "about the build", "about the WOMBA");
        editInPlace(file, '- "build"', '- "zorro"');
      },
      (l) => assert.equal(l["feedback_k007.md"], "note number k007 about the WOMBA"),
      ["zorro", /feedback_k007\.md/],
    ],
    [
      "written to a temp file and renamed over the card",
      () => {
        const tmp = path.join(s.memory, ".feedback_k011.md.swp");
        fs.writeFileSync(tmp, cardText({ ...cards[11]!, hook: "renamed over by an editor", topics: ["quokka"] }));
        fs.renameSync(tmp, path.join(s.memory, cards[11]!.file));
      },
      (l) => assert.equal(l["feedback_k011.md"], "renamed over by an editor"),
      ["quokka", /feedback_k011\.md/],
    ],
    [
      "a new card",
      () => fs.writeFileSync(path.join(s.memory, "project_newt.md"), cardText({ file: "project_newt.md", title: "Newt", hook: "a card made by hand" })),
      (l) => assert.equal(l["project_newt.md"], "a card made by hand"),
    ],
    ["a card deleted", () => fs.rmSync(path.join(s.memory, "feedback_k020.md")), (l) => assert.equal("feedback_k020.md" in l, false)],
    [
      "its directory replaced by another",
      () => {
        fs.renameSync(path.join(s.memory, "sub"), path.join(s.root, "sub-old"));
        fs.mkdirSync(path.join(s.memory, "sub"));
        fs.writeFileSync(path.join(s.memory, inSub[0]!.file), cardText({ ...inSub[0]!, hook: "from the other directory", topics: ["ibex"] }));
        fs.copyFileSync(path.join(s.root, "sub-old", "feedback_s1.md"), path.join(s.memory, inSub[1]!.file));
      },
      (l) => assert.equal(l["sub/feedback_s0.md"], "from the other directory"),
      ["ibex", /sub\/feedback_s0\.md/],
    ],
  ];
  const keeper = keeperHolder(s.memory);
  for (const [what, edit, listed, prompted] of edits) {
    const editedAt = Date.now();
    edit();
    await sleep(editedAt + VERIFIED_FOR_MS + 100 - Date.now());
    if (prompted) assert.match(await prompt(prompted[0]), prompted[1], what);
    listed(await list());
    await atRest(); // the list rewrote the card cache: the keeper checks it, and rests again
  }
  assert.equal(keeperHolder(s.memory), keeper, "the same keeper throughout");
  assert.deepEqual(keeperPids(s.home).filter(processAlive), [keeper]);
  await stopKeepers(s.home);
  assert.deepEqual(keeperPids(s.home).filter(processAlive), [], "no keeper left running");
});
