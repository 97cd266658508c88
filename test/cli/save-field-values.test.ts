import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

// Audit finding 4: --expires and --status were checked by pattern only, so `--expires 2026-13-45` and
// `--status gone` were stored. A save refuses them naming what is allowed; doctor names such values a hand edit left.

test("save refuses an impossible date and a status outside the vocabulary, writing nothing", async () => {
  const w = makeWorld();
  for (const [flag, value, says] of [
    ["--expires", "2026-13-45", /--expires 2026-13-45 must be a real date, YYYY-MM-DD/],
    ["--expires", "2026-02-30", /--expires 2026-02-30 must be a real date/],
    ["--status", "gone", /--status gone must be one of active, stale, superseded/],
    ["--status", "stael", /--status stael must be one of active, stale, superseded/],
  ] as const) {
    const r = await memctl(w, ["save", "foo", "-t", "project", "-d", "A foo", flag, value, "--json"]);
    assert.equal(r.code, 2, `${flag} ${value}`);
    assert.match(r.stderr, says);
    assert.equal(JSON.parse(r.stdout).error.code, "E_USAGE");
  }
  assert.deepEqual(fs.readdirSync(w.mem), ["MEMORY.md"], "nothing written");
  const good = await memctl(w, ["save", "foo", "-t", "project", "-d", "A foo", "--expires", "2028-02-29", "--status", "stale"]);
  assert.equal(good.code, 0, good.stderr);
});

test("doctor names a status or date a hand edit left that a save would refuse", async () => {
  const w = makeWorld();
  assert.equal((await memctl(w, ["save", "foo", "-t", "project", "-d", "A foo"])).code, 0);
  const file = path.join(w.mem, "project_foo.md");
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("status: active", "status: gone").replace("repo_refs:", 'expires_at: "2026-13-45"\nrepo_refs:'));
  const r = await memctl(w, ["doctor", "--json"]);
  const bad = JSON.parse(r.stdout).cards_bad_fields as { card: string; problems: string[] }[];
  assert.deepEqual(bad, [{ card: "project_foo.md", problems: ["status should be one of active, stale, superseded", "expires_at should be a real date, YYYY-MM-DD"] }]);
});
