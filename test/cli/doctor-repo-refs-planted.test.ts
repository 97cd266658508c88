// doctor checks each card's repo_refs against the project checkout, and the project is not trusted: a repository the
// owner just cloned brings links. Its `scripts` linked to /proc/self made doctor read /proc/self/pagemap whole (a
// file stat calls 0 bytes, read until its end: gigabytes, killed by bad_alloc); a `fn:` ref through a link read it
// too; and a link to a folder outside let refs be "fresh" from the owner's other files. The built CLI, a real repo.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runBounded } from "../support/bounded-run.js";
import { CLI, makeWorld, spawnEnv } from "../support/fixture.js";

const card = (refs: string[]) =>
  `---\nname: refs\ndescription: where the deploy flags live\ntopics: [deploy]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: ${JSON.stringify(refs)}\n---\nbody\n`;

interface Stale {
  ref: string;
  reason: string;
}

async function doctor(w: ReturnType<typeof makeWorld>): Promise<Stale[]> {
  const r = await runBounded(["--max-old-space-size=256", CLI, "doctor", "--json"], "", spawnEnv(w), w.repo, 20_000);
  assert.equal(r.signal, null, `doctor killed (peak ${r.peakKiB} KiB, ${r.cpuMs} ms CPU): ${r.stderr.slice(0, 300)}`);
  assert.ok(r.peakKiB < 300 * 1024, `doctor peaked at ${r.peakKiB} KiB`);
  return (JSON.parse(r.stdout) as { stale_repo_refs: Stale[] }).stale_repo_refs;
}

test("doctor's repo_refs never read through a project's link to /proc/self or out of the project", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  // Outside the project: a folder of the owner's holding the flag, and a file defining the function.
  const outside = path.join(w.root, "elsewhere");
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, "run.sh"), "deploy --outside-flag\nmain() { :; }\n");
  fs.mkdirSync(path.join(w.repo, "tools"));
  fs.symlinkSync("/proc/self/pagemap", path.join(w.repo, "tools", "pm"));
  fs.symlinkSync(path.join(outside, "run.sh"), path.join(w.repo, "tools", "out.sh"));
  fs.writeFileSync(path.join(w.repo, "tools", "own.sh"), "build() { :; }\n");
  fs.writeFileSync(path.join(w.mem, "project_refs.md"), card(["fn: tools/pm#main", "fn: tools/out.sh#main", "fn: tools/own.sh#build", "flag: deploy --not-anywhere"]));
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Refs](project_refs.md) — where the deploy flags live\n");

  fs.symlinkSync("/proc/self", path.join(w.repo, "scripts"));
  const stale = await doctor(w);
  const refs = stale.map((s) => s.ref).sort();
  assert.deepEqual(refs, ["flag: deploy --not-anywhere", "fn: tools/out.sh#main", "fn: tools/pm#main"], JSON.stringify(stale));

  // A scripts/ that leads out of the project is not where the project's flags are.
  fs.rmSync(path.join(w.repo, "scripts"));
  fs.symlinkSync(outside, path.join(w.repo, "scripts"));
  fs.writeFileSync(path.join(w.mem, "project_refs.md"), card(["flag: deploy --outside-flag"]));
  assert.deepEqual(
    (await doctor(w)).map((s) => s.ref),
    ["flag: deploy --outside-flag"],
  );
});
