// A relative CLAUDE_CONFIG_DIR or CODEX_HOME was read three ways: store resolution resolved it against the working
// directory (the project), capture joined it unresolved (the same, by the process's cwd), the instruction layer
// ignored it. So a folder inside the project could be the place capture accepted transcripts from while the
// instructions came from home. Now every caller ignores a relative value (lib/core/host-dirs.ts) and doctor warns.
// Real processes: the built CLI, run in the project with the variable set relative.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { LINT, endSession, pending, run, transcript, world, type World } from "../support/capture-world.js";

function plantedAndHome(w: World, rel: string, sub: string) {
  const planted = path.join(w.proj, rel, sub);
  fs.mkdirSync(planted, { recursive: true });
  return planted;
}

test("a relative CLAUDE_CONFIG_DIR is ignored alike by resolution, capture and the instruction layer, and doctor warns", () => {
  const w = world();
  try {
    w.env.CLAUDE_CONFIG_DIR = "cfg";
    const slug = claudeSlug(fs.realpathSync(w.proj));
    const planted = plantedAndHome(w, "cfg", path.join("projects", slug));
    fs.writeFileSync(path.join(w.proj, "cfg", "CLAUDE.md"), "planted rules\n");
    fs.mkdirSync(path.join(w.home, ".claude"), { recursive: true });
    fs.writeFileSync(path.join(w.home, ".claude", "CLAUDE.md"), "home rules\n");
    const home = fs.realpathSync(path.join(w.home, ".claude"));

    // Resolution: the legacy store is looked for under home, not under the project.
    const { MEMCTL_MEMORY_DIR: _, ...noStore } = w.env;
    const resolved = JSON.parse(run({ ...w, env: noStore }, ["resolve", "--json"]).stdout);
    assert.equal(resolved.legacy_dir, path.join(home, "projects", slug, "memory"));

    // Capture: a transcript under the project's cfg/ is outside the host's transcript root; home's is read.
    const r = endSession(w, transcript(w, [LINT], "s1", planted));
    assert.match(r.stdout, /refused/, r.stdout + r.stderr);
    assert.deepEqual(pending(w), []);
    assert.equal(endSession(w, transcript(w, [LINT], "s2"), "s2").code, 0);
    assert.equal(pending(w).length, 1);

    // The instruction layer: the host loads home's CLAUDE.md.
    const ins = JSON.parse(run(w, ["instructions", "--host", "claude", "--json"]).stdout);
    const loaded = ins.parts.filter((p: { loaded_by_host: boolean }) => p.loaded_by_host).map((p: { text: string }) => p.text);
    assert.deepEqual(loaded, ["home rules\n"]);

    const doctor = JSON.parse(run(w, ["doctor", "--json"]).stdout);
    assert.deepEqual(
      doctor.ignored_env.map((v: { name: string; value: string }) => [v.name, v.value]),
      [["CLAUDE_CONFIG_DIR", "cfg"]],
    );
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("a relative CODEX_HOME is ignored by capture and the instruction layer, and doctor warns", () => {
  const w = world();
  try {
    w.env.CODEX_HOME = "cx";
    const planted = plantedAndHome(w, "cx", path.join("sessions", "2026", "12", "07"));
    fs.writeFileSync(path.join(w.proj, "cx", "AGENTS.md"), "planted rules\n");
    fs.mkdirSync(path.join(w.home, ".codex"), { recursive: true });
    fs.writeFileSync(path.join(w.home, ".codex", "AGENTS.md"), "home rules\n");
    const file = path.join(planted, "rollout-2026-12-07T10-00-00-c1.jsonl");
    const lines = [
      { timestamp: "2026-12-07T10:00:00Z", type: "session_meta", payload: { id: "c1", cwd: w.proj } },
      { timestamp: "2026-12-07T10:00:01Z", type: "event_msg", payload: { type: "user_message", message: LINT } },
    ];
    fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const r = run(w, ["hook", "session-end", "--host", "codex", "--foreground"], JSON.stringify({ cwd: w.proj, session_id: "c1", transcript_path: file }));
    assert.match(r.stdout, /refused/, r.stdout + r.stderr);
    assert.deepEqual(pending(w), []);

    // Codex's own user file is composed when it is the configured user folder: the host loads it (home's, not cx/'s).
    fs.writeFileSync(w.config, `[instructions]\nuser_dir = ${JSON.stringify(path.join(w.home, ".codex"))}\n`);
    const ins = JSON.parse(run(w, ["instructions", "--host", "codex", "--json"]).stdout);
    const loaded = ins.parts.filter((p: { loaded_by_host: boolean }) => p.loaded_by_host).map((p: { text: string }) => p.text);
    assert.deepEqual(loaded, ["home rules\n"]);

    const doctor = JSON.parse(run(w, ["doctor", "--json"]).stdout);
    assert.deepEqual(
      doctor.ignored_env.map((v: { name: string }) => v.name),
      ["CODEX_HOME"],
    );
    assert.match(run(w, ["doctor"]).stdout, /CODEX_HOME=.*relative/);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("a relative XDG_CONFIG_HOME is ignored by install opencode as by the config file: nothing is written under the project", () => {
  const w = world();
  try {
    const { MEMCTL_CONFIG_FILE: _, ...env } = w.env;
    const r = run({ ...w, env: { ...env, XDG_CONFIG_HOME: "rel" } }, ["install", "opencode"]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!fs.existsSync(path.join(w.proj, "rel")), "a folder was made under the project");
    assert.ok(fs.existsSync(path.join(w.home, ".config", "opencode", "opencode.json")), r.stdout);
    const doctor = JSON.parse(run({ ...w, env: { ...w.env, XDG_CONFIG_HOME: "rel" } }, ["doctor", "--json"]).stdout);
    assert.deepEqual(
      doctor.ignored_env.map((v: { name: string }) => v.name),
      ["XDG_CONFIG_HOME"],
    );
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
