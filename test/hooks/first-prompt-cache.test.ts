// On a store's very first prompt the hook creates .memctl/ (session state) before it ranks, which moves the
// memory directory's mtime to "just now". That change is the hook's own: the cold build must still be saved, so
// the second prompt reads the cache instead of building again (37 s at 100,000 cards).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { generateStore } from "../../bench/gen-store.js";
import { RANK_CACHE } from "../../lib/rank-cache/load.js";
import { REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

/** Every file and directory of the store set 60 s back: nothing in it is too recent to trust to a cache. */
function atRest(dir: string) {
  const past = new Date(Date.now() - 60_000);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) fs.utimesSync(path.join(entry.parentPath, entry.name), past, past);
  fs.utimesSync(dir, past, past);
}

for (const host of ["claude", "generic"]) {
  test(`${host}: the first prompt on a store without .memctl/ saves the rank cache, so the second prompt reuses it`, (t) => {
    const s = sandbox([]);
    t.after(() => s.cleanup());
    generateStore({ cards: 200, dir: s.memory, usageCalls: 0 });
    assert.equal(fs.existsSync(path.join(s.memory, ".memctl")), false);
    atRest(s.memory);
    const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    const prompt = (n: number) => {
      const payload = JSON.stringify({ session_id: "s-first", cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: `quokka marimba ${n}` });
      const r = spawnSync(process.execPath, [HOOK, "--host", host], { env, cwd: s.repo, input: payload, encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
    };
    const cache = path.join(s.memory, ".memctl", RANK_CACHE);
    prompt(1);
    assert.ok(fs.existsSync(cache), "the first prompt's build is saved");
    const built = fs.statSync(cache);
    prompt(2);
    const after = fs.statSync(cache);
    assert.equal(after.ino, built.ino, "the second prompt reads the cache, it does not build it again");
  });
}
