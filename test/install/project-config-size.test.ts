// `memctl install codex --scope project` edits the project's own .codex/config.toml, which a cloned repository
// brings. TOML parses into an object per table: 10.7 MB of 400,000 small tables took install (even --dry-run) to
// 1.4 GB and 14 s of CPU, and the read cap (64 MiB) allowed six times that. memctl edits a TOML file of at most
// 2 MiB (a host's config is a few KB): a larger one is refused before it is parsed, untouched. The built CLI.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { initRepo, REPO_ROOT, tempDir } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

test("install codex --scope project over a 10 MB .codex/config.toml: refused before parsing, the file untouched", async (t) => {
  const root = tempDir();
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const repo = initRepo(path.join(root, "repo"));
  fs.mkdirSync(path.join(repo, ".codex"));
  const config = path.join(repo, ".codex", "config.toml");
  fs.writeFileSync(config, Array.from({ length: 400_000 }, (_, i) => `[t${i}]\nk = "xxxxxxxxxx"\n`).join(""));
  const before = fs.readFileSync(config);
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), XDG_STATE_HOME: path.join(home, "state") };
  for (const args of [["--dry-run"], []]) {
    const r = await runBounded([CLI, "install", "codex", "--scope", "project", ...args], "", env, repo, 30_000, 300 * 1024);
    assert.equal(r.signal, null, `install ${args.join(" ")} killed: peak ${r.peakKiB} KiB, ${r.cpuMs} ms CPU`);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /config\.toml.*2 MiB|2 MiB.*config\.toml/s);
    assert.ok(r.cpuMs < 3000, `${r.cpuMs} ms CPU`);
  }
  assert.ok(fs.readFileSync(config).equals(before), "the project's config.toml changed");
});
