// Session start's kept lines (lib/hook/overview-kept.ts) through real processes: `memctl hook session-start` on a
// store above the full-check size (lowered by MEMCTL_FULL_CHECK_MAX) with the keeper the first start leaves
// running, so every later start trusts a check under 2 s old. A start that prints the kept lines prints, for every
// host, the bytes a start that checks every card prints; after a hand edit of MEMORY.md, a proposal staged and
// instructions added, the next start says so; a planted file that would close the host's JSON string is not
// printed. Each test kills and awaits its keepers before its store goes.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { OVERVIEW_LOG } from "../../lib/hook/overview-log.js";
import { runBounded } from "../support/bounded-run.js";
import { waitFor } from "../support/keepers.js";
import { sleep } from "../support/card-cache-fixture.js";
import { checkAt, CLI, freshCheck, HOSTS, keptStore, settle } from "../support/kept-store.js";

test("every host's start through the kept lines prints the bytes a start that checks every card prints", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  const inode = fs.statSync(k.kept).ino;
  const keyLine = () => fs.readFileSync(k.kept, "utf8").split("\n", 1)[0];
  const key = keyLine();
  for (const host of HOSTS) {
    const kept = await k.start(host);
    assert.equal(kept, await k.start(host, true), host);
    if (host === "claude" || host === "codex") assert.match(JSON.parse(kept).hookSpecificOutput.additionalContext, /Card s004 "quoted" \\ 東京/);
  }
  // Kept once per cache: a start re-keeps only for another cache identity (on a loaded machine the keeper may
  // settle a moved directory into a new delta between these starts, and the next trusted start keeps again).
  if (keyLine() === key) assert.equal(fs.statSync(k.kept).ino, inode, "read back by every start, not made again");
  const text = await k.start("generic");
  assert.ok(!text.includes("feedback_s007.md"), "expired: left out");
  assert.ok(text.indexOf("feedback_s004.md") < text.indexOf("feedback_s000.md"), "pinned first");

  // The file is what was printed: a line changed in it, still well formed, shows; one that would close the host's
  // JSON string does not, and every host's output is a start's that checks every card.
  // As bytes (latin1 keeps each byte): the kept file holds a binary table before its lines.
  const original = fs.readFileSync(k.kept, "latin1");
  fs.writeFileSync(k.kept, original.replace("note number s012 about", "note number MARKED about"), "latin1");
  assert.match(await k.start("generic"), /note number MARKED about/);
  for (const host of HOSTS) {
    // Planted again for each: a start that does not print it keeps its own lines in its place.
    fs.writeFileSync(k.kept, original.replace("note number s012 about", 'note number \\\\"}, "planted": "x'), "latin1");
    const out = await k.start(host);
    assert.equal(out, await k.start(host, true), host);
    assert.ok(!out.includes("planted"), host);
    if (host === "claude" || host === "codex") assert.equal("planted" in JSON.parse(out), false);
  }
});

test("a hand edit of MEMORY.md, a proposal staged and instructions added are in the next start, as in a start that checks every card", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  const index = path.join(k.s.memory, "MEMORY.md");
  fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("note number s021 about", "note number s021 EDITED BY HAND about"));
  const edited = await k.start("generic");
  assert.match(edited, /s021 EDITED BY HAND/);
  assert.equal(edited, await k.start("generic", true));

  const propose = await runBounded(
    [CLI, "propose", "wombat", "-t", "project", "-d", "the wombat migration runs at noon", "--source", "notes.md"],
    "",
    { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml") },
    k.s.repo,
    30_000,
  );
  assert.equal(propose.code, 0, propose.stdout);
  fs.writeFileSync(path.join(k.s.repo, "AGENTS.md"), "AGENTS-RULE keep PRs small\n");
  for (const host of ["codex", "generic"]) {
    const out = await k.start(host);
    assert.match(out, /1 proposal awaits the owner's review/, host);
    assert.equal(out, await k.start(host, true), host);
  }
  assert.match(await k.start("generic"), /AGENTS-RULE keep PRs small/);
});

// Each change, and a save racing a start: the first start after it and the next one (which prints the lines the
// first kept, sealed under the user's secret) print what a start that checks every card prints.
test("after a save, a card edited by hand, an rm, a pinned card edited and a save during a start, every start prints what a start checking every card prints", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  const plainEnv = { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml") };
  const cli = async (...args: string[]) => {
    const r = await runBounded([CLI, ...args], "", plainEnv, k.s.repo, 30_000);
    assert.equal(r.code, 0, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
  };
  const sealed = () => typeof (JSON.parse(fs.readFileSync(k.kept, "utf8").split("\n", 1)[0]!) as { facts: { seal?: unknown } }).facts.seal === "string";
  const startsAgree = async (what: string, expect?: RegExp) => {
    for (let i = 0; i < 3; i++) {
      const out = await k.start("codex");
      assert.equal(out, await k.start("codex", true), `${what}, start ${i}`);
      if (expect) assert.match(out, expect, what);
    }
  };
  assert.ok(sealed(), "the kept lines carry a seal");
  await cli("save", "s010", "-d", "note number s010 SAVED");
  await startsAgree("a save", /s010 SAVED/);
  const card = path.join(k.s.memory, "feedback_s011.md");
  fs.writeFileSync(card, fs.readFileSync(card, "utf8").replace("topics:", "topics:\n  - handedited"));
  await startsAgree("a card edited by hand");
  await cli("rm", "s012");
  await startsAgree("an rm");
  await cli("save", "s013", "--priority", "always");
  await startsAgree("a card pinned");
  await cli("save", "s004", "-d", "note number s004 PINNED AND EDITED");
  await startsAgree("a pinned card edited", /s004 PINNED AND EDITED/);
  const [racing] = await Promise.all([k.start("codex"), cli("save", "s020", "-d", "note number s020 DURING A START")]);
  assert.match(racing, /^\{/, "the racing start printed its block");
  await startsAgree("a save during a start", /s020 DURING A START/);
  for (let i = 0; i < 5 && !sealed(); i++) await k.start("codex");
  assert.ok(sealed(), "kept and sealed again after the changes");
});

// The first start after a change carries the kept lines forward (lib/hook/overview-patch.ts): it splices the
// change's lines into them instead of splicing the whole view (.memctl/overview-view, never written then) and making
// every line again; what it prints is what a start checking every card prints, and it keeps its lines for the next.
test("after a save, a hand edit of MEMORY.md or of a card, an rm and a new card, the first trusted start carries the kept lines forward", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  const plainEnv = { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml") };
  const cli = async (...args: string[]) => {
    const r = await runBounded([CLI, ...args], "", plainEnv, k.s.repo, 30_000);
    assert.equal(r.code, 0, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
  };
  const view = path.join(k.s.memory, ".memctl", "overview-view");
  // The caches the kept file and its log name (overview-log.ts): a carry keeps one or the other for the new cache.
  const named = (file: string) => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8").split("\n", 1)[0]!) as { cache: number[] }).cache.join(",") : "");
  const keptFor = () => `${named(k.kept)} ${named(path.join(k.s.memory, ".memctl", OVERVIEW_LOG))}`;
  const index = path.join(k.s.memory, "MEMORY.md");
  const changes: [string, () => Promise<void>, RegExp?][] = [
    ["a save", () => cli("save", "s010", "-d", "note number s010 SAVED"), /s010 SAVED/],
    [
      "a hand edit of MEMORY.md",
      async () => fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("note number s021 about", "note number s021 BY HAND about")),
      /s021 BY HAND/,
    ],
    [
      "a hand edit of a card",
      async () => {
        const card = path.join(k.s.memory, "feedback_s011.md");
        fs.writeFileSync(card, fs.readFileSync(card, "utf8").replace("topics:", "topics:\n  - handedited"));
      },
    ],
    ["an rm", () => cli("rm", "s012")],
    ["a new card", () => cli("save", "wombat", "-t", "feedback", "-d", "the wombat NEW CARD note"), /wombat NEW CARD/],
  ];
  for (const [what, change, expect] of changes) {
    const before = keptFor();
    const checked = checkAt(k.s.memory);
    await change();
    await waitFor(() => checkAt(k.s.memory) > checked, 10_000, `a check after ${what}`);
    // The start that keeps the lines for the new cache is one that trusts it (a check of it under 2 s old, so one
    // just recorded); a change the trusted reader leaves to the catalog (MEMORY.md written in the tick the delta
    // was) is read the long way first, which may splice the view: removed before each start.
    let out = "";
    for (let i = 0; i < 4 && keptFor() === before; i++) {
      fs.rmSync(view, { force: true });
      await waitFor(() => freshCheck(k.s.memory), 10_000, `a fresh check of the cache after ${what}`);
      out = await k.start("codex");
    }
    assert.notEqual(keptFor(), before, `${what}: the lines kept for the new cache`);
    assert.equal(fs.existsSync(view), false, `${what}: the view was not spliced`);
    if (expect) assert.match(out, expect, what);
    assert.equal(await k.start("codex"), out, `${what}: the next start prints the lines kept`);
    assert.equal(out, await k.start("codex", true), `${what}: as a start checking every card`);
  }
});

// A start killed by SIGKILL anywhere while it carries the lines forward and keeps them leaves no start printing a
// stale or torn line: the kept file is replaced whole (the one atomic writer) and names the cache it was made for.
test("starts killed by SIGKILL while carrying the kept lines forward leave every later start printing what a full check prints", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  const plainEnv = { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml") };
  const env = { ...plainEnv, MEMCTL_FULL_CHECK_MAX: "10" };
  for (let round = 0; round < 6; round++) {
    const checked = checkAt(k.s.memory);
    const r = await runBounded([CLI, "save", "s015", "-d", `note number s015 ROUND ${round}`], "", plainEnv, k.s.repo, 30_000);
    assert.equal(r.code, 0, r.stderr);
    await waitFor(() => checkAt(k.s.memory) > checked, 10_000, "a check after the save");
    await waitFor(() => freshCheck(k.s.memory), 10_000, "a fresh check of the cache");
    const child = spawn(process.execPath, [CLI, "hook", "session-start", "--host", "codex"], { env, cwd: k.s.repo, stdio: ["pipe", "ignore", "ignore"] });
    child.stdin.end(JSON.stringify({ session_id: `kill-${round}`, cwd: k.s.repo, source: "startup" }));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await sleep(40 + round * 30);
    child.kill("SIGKILL");
    await exited;
    const out = await k.start("codex");
    assert.match(out, new RegExp(`s015 ROUND ${round}`), `round ${round}`);
    assert.equal(out, await k.start("codex", true), `round ${round}`);
    assert.equal(await k.start("codex"), out, `round ${round}: the lines kept`);
  }
});
