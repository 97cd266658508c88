// What the card-cache delta tests share (test/lib/store/card-delta.test.ts, index-lines-cache.test.ts): a store of
// 12 cards above a lowered full-check size, the calls' clock, and list, search and session start compared with a
// copy of the store whose caches are built from scratch.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import type { TestContext } from "node:test";
import { CARD_CACHE } from "../../lib/store/card-cache.js";
import { cacheStamp } from "../../lib/store/full-check.js";
import { handCard, sleep } from "./card-cache-fixture.js";
import { makeWorld, memctl, type World } from "./fixture.js";
import { removeScratch, scratchDir } from "./scratch.js";

export const MAX = "5";
export const state = (w: World, name: string) => path.join(w.mem, ".memctl", name);
export const baseStamp = (w: World) => cacheStamp(fs.statSync(state(w, CARD_CACHE)));

/**
 * 12 cards (or `cards`; one pinned), an hour old, indexed in MEMORY.md, no keeper; the caches built by a first list.
 * `env` is set before that list (another full-check size); `keeper: true` leaves the config's keeper on.
 */
export async function store(t: TestContext, options: { cards?: number; env?: Record<string, string>; keeper?: boolean } = {}): Promise<World> {
  const w = makeWorld();
  t.after(() => removeScratch(w.root));
  Object.assign(w.env, { MEMCTL_FULL_CHECK_MAX: MAX, ...options.env });
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, options.keeper ? "" : "[hook]\nkeeper = false\n");
  const lines: string[] = [];
  for (let i = 0; i < (options.cards ?? 12); i++) {
    const name = `c${String(i).padStart(2, "0")}`;
    let text = handCard(name, `card number ${i} about deploy`, `Body ${i}: the migration ${i % 3 === 0 ? "and deploy" : ""}.`);
    if (i === 4) text = text.replace("priority: normal", "priority: always");
    fs.writeFileSync(path.join(w.mem, `project_${name}.md`), text);
    lines.push(`- [${name}](project_${name}.md) — card number ${i}`);
  }
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), `# Memory\n\n${lines.join("\n")}\n- [later](project_later.md) — not written yet\n`);
  const past = new Date(Date.now() - 3_600_000);
  for (const name of fs.readdirSync(w.mem)) fs.utimesSync(path.join(w.mem, name), past, past);
  await sleep(250);
  clock = Date.now();
  await outputs(w, tick(3000));
  return w;
}

/** The calls' clock: a write's call stays inside the last check's 2 s window (trusted, journal re-checked), a hand edit's steps past it. */
let clock = 0;
let session = 0;
export const tick = (ms: number) => new Date((clock += ms));

/** What list, search and session start print (the store's path replaced, so a copy compares). */
export async function outputs(w: World, now: Date) {
  const run = async (args: string[], stdin?: string) => {
    const r = await memctl(w, args, { now, ...(stdin !== undefined ? { stdin } : {}) });
    assert.equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
    return r.stdout.replaceAll(w.mem, "<mem>");
  };
  return {
    list: await run(["list", "--json"]),
    search: await run(["search", "deploy migration", "--in", "cards", "--json"]),
    searchOne: await run(["search", "c07", "--in", "cards", "--json", "--limit", "3"]),
    start: await run(["hook", "session-start", "--host", "generic"], JSON.stringify({ session_id: `s${session++}`, cwd: w.repo })),
  };
}

/** The same commands on a copy of the store with no cache of any kind: the from-scratch answer. */
async function scratch(w: World, now: Date) {
  const root = scratchDir("memctl-delta-scratch-");
  const copy: World = { ...w, mem: path.join(root, "mem"), env: { ...w.env, MEMCTL_MEMORY_DIR: path.join(root, "mem") } };
  fs.cpSync(w.mem, copy.mem, { recursive: true, filter: (src) => !/[/\\]\.memctl[/\\](card-|overview-|list-rows|rank-)/.test(src) });
  try {
    return await outputs(copy, now);
  } finally {
    removeScratch(root);
  }
}

export async function same(w: World, what: string, now = tick(3000)) {
  await sleep(150); // past the racy window: a stamp this recent is read again, not trusted
  const incremental = await outputs(w, now);
  const fresh = await scratch(w, now);
  for (const k of Object.keys(fresh) as (keyof typeof fresh)[]) assert.equal(incremental[k], fresh[k], `${what}: ${k}`);
  return incremental;
}

export const ok = async (w: World, args: string[]) => {
  const r = await memctl(w, args, { now: tick(1) });
  assert.equal(r.code, 0, r.stderr);
};

/** A seeded generator, so a failing sequence can be replayed. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
