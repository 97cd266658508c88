// The rank cache serves each entry's card path as the card's file (lib/rank-cache/entry-path.ts): every path a
// build writes must be served as it is, with no rebuild (a refused one would rebuild the cache on every prompt), and
// a path no build writes, planted in the paths table, must mean "rebuild" to the real prompt hook and never reach
// `memctl why`.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ageStore, cardText, REPO_ROOT, writeStore } from "../../helpers.js";
import { editBytesInPlace, hookDirs, runHook, runIn, type HookDirs } from "../../support/hook-process.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const cacheFile = (dirs: HookDirs) => path.join(dirs.memory, ".memctl", "rank-cache.bin");
/** The id a build gives its cache (read.ts Header.id): a new one for every build. */
const buildId = (dirs: HookDirs) => /"id":"([^"]+)"/.exec(fs.readFileSync(cacheFile(dirs), "latin1"))?.[1];
/** The card paths `memctl why` lists for the last prompt's lines. */
function whyFiles(dirs: HookDirs): string[] {
  const w = runIn(dirs, "", [CLI, "why", "--json", "--last", "1"]);
  assert.equal(w.status, 0, w.stderr);
  const runs = (JSON.parse(w.stdout) as { runs: { lines: { file: string }[] }[] }).runs;
  return runs.at(-1)?.lines.map((l) => l.file) ?? [];
}

test("every path a build writes is served without a rebuild: subfolders, dots in names, a hidden folder, a control character, links out of the store", async (t) => {
  const dirs = hookDirs(t, "memctl-paths-");
  const m = dirs.memory;
  const cards: [file: string, link: string, priority: string][] = [
    ["feedback_root.md", "feedback_root.md", "normal"],
    ["project_v1.2.notes.md", "./project_v1.2.notes.md", "normal"],
    ["team/feedback_sub.md", "team/feedback_sub.md", "normal"],
    ["sub.dir/reference_dotted.md", "sub.dir/reference_dotted.md", "always"],
    [".private/user_hidden.md", ".private/user_hidden.md", "always"],
    ["user_tab\tname.md", "user_tab%09name.md", "always"],
  ];
  const lines = cards.map(([file, link, priority], i) => {
    fs.mkdirSync(path.dirname(path.join(m, file)), { recursive: true });
    fs.writeFileSync(path.join(m, file), cardText({ file: path.basename(file), title: `kiwi ${i}`, hook: `kiwi note ${i}`, priority: priority as "normal" }));
    return `- [kiwi ${i}](${link}) — kiwi note ${i} about the build`;
  });
  // Links no listing gives: out of the store, absolute. Never read; ranked on their lines.
  lines.push("- [kiwi out](../outside.md) — kiwi note out about the build", `- [kiwi abs](${path.join(dirs.root, "abs.md")}) — kiwi note abs about the build`);
  fs.writeFileSync(path.join(m, "MEMORY.md"), `# Memory\n\n${lines.join("\n")}\n`);
  for (const sub of ["team", "sub.dir", ".private"]) ageStore(path.join(m, sub));
  ageStore(m);
  await new Promise((r) => setTimeout(r, 250));
  for (let i = 0; i < 2; i++) assert.equal(runHook(dirs, "kiwi build note").status, 0);
  const id = buildId(dirs);
  assert.ok(id, "the rank cache was written");
  for (let i = 0; i < 3; i++) {
    const r = runHook(dirs, "kiwi build note");
    assert.equal(r.status, 0, r.stderr);
    for (const pinned of [3, 4, 5]) assert.match(r.stdout, new RegExp(`kiwi ${pinned}\\b`));
    assert.equal(buildId(dirs), id, `prompt ${i + 3} rebuilt the rank cache`);
  }
  const served = whyFiles(dirs);
  for (const file of ["sub.dir/reference_dotted.md", ".private/user_hidden.md", "user_tab\tname.md"]) assert.ok(served.includes(file), `${file} in ${served.join(", ")}`);
});

/** Eleven bytes, as each planted path is: the cache is edited in place, its length and mtime kept, so still trusted. */
const KIWI = "fb_kiwi2.md";

for (const planted of ["../x/out.md", "/etc/passwd"]) {
  test(`a rank cache whose paths table names ${planted} for a line: the hook rebuilds and why shows the line's own link`, async (t) => {
    const dirs = hookDirs(t, "memctl-paths-");
    writeStore(dirs.memory, [
      { file: "fb_pin_a.md", title: "Always squash", hook: "squash merge every branch", priority: "always" },
      ...Array.from({ length: 4 }, (_, i) => ({ file: `fb_kiwi${i}.md`, title: `kiwi ${i}`, hook: `kiwi note ${i} about the build` })),
    ]);
    // Its card missing, the line is ranked on its own, and any path out of the store stats as missing too: the
    // card check cannot tell the planted path from the real one, only the path's own check can.
    fs.rmSync(path.join(dirs.memory, KIWI));
    ageStore(dirs.memory);
    await new Promise((r) => setTimeout(r, 250));
    const run = () => runHook(dirs, "kiwi build note 2");
    const clean = run();
    assert.equal(clean.status, 0, clean.stderr);
    assert.match(clean.stdout, /kiwi 2/);
    assert.ok(whyFiles(dirs).includes(KIWI));
    // The paths table is the first place the name appears (the header names only the pinned card's): only it is edited.
    const bytes = fs.readFileSync(cacheFile(dirs), "latin1");
    const at = bytes.indexOf(KIWI);
    assert.ok(at > 0 && at < bytes.indexOf("kiwi note 2"), "the path comes before the entries and printed lines");
    editBytesInPlace(cacheFile(dirs), KIWI, planted, at);
    for (let i = 0; i < 2; i++) {
      const r = run();
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /kiwi 2/);
      assert.ok(!r.stdout.includes(planted), r.stdout);
      const files = whyFiles(dirs);
      assert.ok(files.includes(KIWI), files.join(", "));
      assert.ok(!files.includes(planted), files.join(", "));
    }
  });
}
