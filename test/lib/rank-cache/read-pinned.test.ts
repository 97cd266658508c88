// The rank cache's header names the pinned cards' paths (lib/rank-cache/read.ts pinnedFiles), served as the cards'
// files without the view's checks: a cache planted with a path that is no card's (outside the store, absolute)
// must mean "rebuild" to the real prompt hook, never a line naming that path.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { cardText, initRepo, REPO_ROOT } from "../../helpers.js";
import { scratchDir } from "../../support/scratch.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
/** Eleven bytes, as each planted path is: the cache is edited in place, its length and mtime kept, so still trusted. */
const PINNED = "fb_pin_a.md";

type Run = () => { status: number | null; stdout: string; stderr: string };

async function store(t: TestContext): Promise<{ memory: string; run: Run; why: Run }> {
  const root = fs.realpathSync(scratchDir("memctl-pinned-"));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const [home, repo, memory] = ["home", "repo", "memory"].map((d) => path.join(root, d)) as [string, string, string];
  fs.mkdirSync(home);
  fs.mkdirSync(memory);
  initRepo(repo);
  const cards = [
    { file: PINNED, title: "Always squash", hook: "squash merge every branch", priority: "always" },
    ...Array.from({ length: 4 }, (_, i) => ({ file: `feedback_k${i}.md`, title: `kiwi ${i}`, hook: `kiwi note ${i} about the build` })),
  ];
  fs.writeFileSync(path.join(memory, "MEMORY.md"), `# Memory\n\n${cards.map((c) => `- [${c.title}](${c.file}) — ${c.hook}\n`).join("")}`);
  for (const c of cards) fs.writeFileSync(path.join(memory, c.file), cardText(c));
  const past = new Date(Date.now() - 3_600_000);
  for (const f of fs.readdirSync(memory)) fs.utimesSync(path.join(memory, f), past, past);
  fs.utimesSync(memory, past, past);
  await new Promise((r) => setTimeout(r, 250));
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(home, "c.toml") };
  const spawn = (args: string[], input: string) => spawnSync(process.execPath, args, { input, env, cwd: repo, encoding: "utf8", timeout: 20_000 });
  const run = () => spawn([HOOK, "--host", "generic"], JSON.stringify({ cwd: repo, prompt: "kiwi build note 2" }));
  // `why` lists each injected line's card: the paths the load served, not the printed lines' text.
  const why = () => spawn([CLI, "why", "--json", "--last", "1"], "");
  return { memory, run, why };
}

for (const planted of ["../x/out.md", "/etc/passwd"]) {
  test(`a rank cache whose pinned path was edited to ${planted}: the hook rebuilds and prints the card's own path`, async (t) => {
    const { memory, run, why } = await store(t);
    const clean = run();
    assert.equal(clean.status, 0, clean.stderr);
    assert.match(clean.stdout, /fb_pin_a\.md/);
    const cache = path.join(memory, ".memctl", "rank-cache.bin");
    const from = `"pinnedFiles":["${PINNED}"]`;
    const bytes = fs.readFileSync(cache);
    assert.equal(bytes.toString("latin1").split(from).length, 2, "the header names the pinned path once");
    const st = fs.statSync(cache);
    const edited = Buffer.from(bytes.toString("latin1").replace(from, `"pinnedFiles":["${planted}"]`), "latin1");
    assert.equal(edited.length, bytes.length);
    const fd = fs.openSync(cache, "r+");
    fs.writeSync(fd, edited, 0, edited.length, 0);
    fs.closeSync(fd);
    fs.utimesSync(cache, st.atime, st.mtime);
    for (let i = 0; i < 2; i++) {
      const r = run();
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /fb_pin_a\.md/);
      assert.ok(!r.stdout.includes(planted), r.stdout);
      const w = why();
      assert.equal(w.status, 0, w.stderr);
      assert.match(w.stdout, /fb_pin_a\.md/);
      assert.ok(!w.stdout.includes(planted), w.stdout);
    }
  });
}
