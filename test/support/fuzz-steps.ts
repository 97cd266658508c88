// What the differential fuzzers of the incremental caches share (test/cli/incremental-fuzz.test.ts, keeper-fuzz.test.ts):
// everything a reader prints and what ranking reads, compared with a copy of the store with no cache; an in-place
// edit that keeps size and mtime; the keeper's round in process; and the random steps themselves.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadRankable, type RankableStore } from "../../lib/rank-cache/load.js";
import { tokenize } from "../../lib/rank/tokenize.js";
import { RANK_DELTA } from "../../lib/rank-cache/delta.js";
import { RANK_CACHE } from "../../lib/rank-cache/read.js";
import type { ChangedSince } from "../../lib/rank-cache/keeper-ask.js";
import { checkCardCache } from "../../lib/store/card-cache-check.js";
import { CARD_DELTA } from "../../lib/store/card-delta.js";
import { journalMark } from "../../lib/store/write-journal.js";
import { handCard, sleep } from "./card-cache-fixture.js";
import { MAX, ok as write, outputs, state, tick } from "./card-delta-fixture.js";
import { memctl, type World } from "./fixture.js";
import { removeScratch, scratchDir } from "./scratch.js";

export const PROMPTS = ["card number 7 deploy", "added by hand twice", "ghost cärd missing", "c03 described again migration"];

let session = 0;
/** What a prompt's block, list, search and session start print at `now`. */
async function everything(w: World, now: Date) {
  const blocks: string[] = [];
  for (const prompt of PROMPTS) {
    const r = await memctl(w, ["hook", "user-prompt-submit", "--host", "generic"], { now, stdin: JSON.stringify({ session_id: `p${session++}`, cwd: w.repo, prompt }) });
    assert.equal(r.code, 0, r.stderr);
    blocks.push(r.stdout.replaceAll(w.mem, "<mem>"));
  }
  return { ...(await outputs(w, now)), blocks: blocks.join("\n--\n") };
}

/** What ranking sees of a store: every entry with its line and fields, the prompts' terms' postings, the pinned, the unparsed, the counts. */
function shape(store: RankableStore) {
  const mask =
    store.index.maySink?.() ??
    Array.from({ length: store.index.size }, (_, id) => {
      const e = store.index.entry(id);
      return e.priority === "low" ? 1 : (e.status && e.status !== "active") || e.expires_at ? 2 : 0;
    });
  const terms = [...new Set(PROMPTS.flatMap((p) => tokenize(p)))];
  return {
    entries: Array.from({ length: store.index.size }, (_, id) => {
      const e = store.index.entry(id);
      return [e.line, store.index.file(id), e.title, e.hook, e.raw, e.priority ?? "", e.status ?? "", store.index.lineText?.(id) ?? "", store.index.lineBytes?.(id) ?? ""].join(
        " | ",
      );
    }),
    postings: terms.map((term) => {
      const list = store.index.postings(term);
      return `${term}: ${
        list
          ? Array.from(list.id, (id) => store.index.file(id))
              .sort()
              .join(" ")
          : ""
      }`;
    }),
    always: store.index.alwaysIds.map((id) => store.index.file(id)).sort(),
    // maySink: 1 is priority low; 2 (a status or an expiry: sinkReason decides) may stand where a rebuild says 0.
    // A store built in memory has no mask (ranking reads each entry's fields): the same rule over its fields.
    low: [...mask].flatMap((m, id) => (m === 1 ? [store.index.file(id)] : [])).sort(),
    mayNot: [...mask].map((m) => (m === 0 ? "0" : "x")).join(""),
    scoped: (store.index.scoped?.() ?? []).map(([id, scopes]) => `${store.index.file(id)} ${scopes.join(",")}`).sort(),
    unparsed: store.unparsed.map((u) => `${u.line} ${u.raw}`),
    counts: [store.entryCount, store.cardCount, store.plainFiles],
  };
}

/**
 * The store as it is now and a copy with no cache, each asked everything; the copy is taken first, so both read the
 * same usage. The prompts' blocks are compared whole when no rank delta is in force: a delta's scores use the field
 * averages of the cache it applies to until it is folded (docs/internals.md), which can move a card across the
 * relative cutoff in a small store; with one, what ranking reads (entries, lines, fields, postings) is compared.
 * `asked`: the keeper's answer a prompt would get now; what a load narrowed by it reads, before any prompt reads the
 * store, is compared too (the first prompt after an edit is the one that must not miss it).
 */
export async function same(
  w: World,
  what: string,
  now: Date,
  tally: { blocks: number; ranked: number },
  options: { waitMs?: number; asked?: () => Promise<ChangedSince | undefined> } = {},
) {
  await sleep(options.waitMs ?? 150); // past the racy window: a stamp this recent is read again, not trusted
  const root = scratchDir("memctl-fuzz-scratch-");
  // Its own config with no keeper: a prompt on the copy neither asks the store's keeper nor starts one.
  const config = path.join(root, "config.toml");
  fs.writeFileSync(config, "[hook]\nkeeper = false\n");
  const copy: World = { ...w, mem: path.join(root, "mem"), env: { ...w.env, MEMCTL_MEMORY_DIR: path.join(root, "mem"), MEMCTL_CONFIG_FILE: config } };
  fs.cpSync(w.mem, copy.mem, { recursive: true, filter: (src) => !/[/\\]\.memctl[/\\](card-|overview-|list-rows|rank-|keeper)/.test(src) });
  const fullCheckMax = Number(w.env.MEMCTL_FULL_CHECK_MAX ?? MAX);
  try {
    const answer = await options.asked?.();
    const first = answer && shape(await loadRankable(w.mem, { nowMs: now.getTime(), fullCheckMax, writeCache: false, changedSince: answer }));
    const incremental = await everything(w, now);
    const fresh = await everything(copy, now);
    const delta = fs.existsSync(state(w, RANK_DELTA));
    for (const k of Object.keys(fresh) as (keyof typeof fresh)[]) if (k !== "blocks" || !delta) assert.equal(incremental[k], fresh[k], `${what}: ${k}`);
    // What the prompts just read, trusted as they left it, against a rebuild.
    const read = await loadRankable(w.mem, { nowMs: now.getTime(), fullCheckMax, writeCache: false });
    const [got, want] = [shape(read), shape(await loadRankable(copy.mem, { nowMs: now.getTime(), force: true, writeCache: false }))];
    if (first) assert.deepEqual({ ...first, mayNot: "" }, { ...want, mayNot: "" }, `${what}: what a load narrowed by the keeper's answer reads`);
    // An entry that may sink after a rebuild may after the delta too; one that may not is left free to be checked.
    assert.ok(
      [...want.mayNot].every((m, id) => m === "0" || got.mayNot[id] === "x"),
      `${what}: an entry that may sink is marked so`,
    );
    assert.deepEqual({ ...got, mayNot: "" }, { ...want, mayNot: "" }, `${what}: what ranking reads`);
    tally[delta ? "ranked" : "blocks"]++;
  } finally {
    removeScratch(root);
  }
}

/** The keeper's round, in process: the card cache's check, then the rank cache's full check. */
export async function keeperRound(w: World, nowMs: number) {
  const mark = journalMark(w.mem);
  await checkCardCache(w.mem, { nowMs, fullCheckMax: Number(MAX) }, new Map(), { mark });
  await loadRankable(w.mem, { nowMs, checkAllCards: true, fullCheckMax: Number(MAX), createStateDir: false, journal: mark });
}

/** `from` made `to` (the same length) in `file`, written in place, its mtime put back to the nanosecond (touch -r): only the ctime moves. */
export function inPlace(w: World, file: string, from: string, to: string): void {
  const ref = path.join(w.root, "times"); // outside the store: its directory keeps its mtime
  fs.writeFileSync(ref, "");
  try {
    assert.equal(spawnSync("touch", ["-r", file, ref]).status, 0);
    const before = fs.statSync(file, { bigint: true });
    const bytes = Buffer.from(fs.readFileSync(file, "utf8").replace(from, to));
    assert.equal(BigInt(bytes.length), before.size);
    const fd = fs.openSync(file, "r+");
    fs.writeSync(fd, bytes, 0, bytes.length, 0);
    fs.closeSync(fd);
    assert.equal(spawnSync("touch", ["-r", ref, file]).status, 0);
    assert.equal(fs.statSync(file, { bigint: true }).mtimeNs, before.mtimeNs);
  } finally {
    fs.rmSync(ref, { force: true });
  }
}

export type Op = [string, () => Promise<void> | void];

/** The steps; `ok` runs a memctl write (another clock than the fixture's tick: keeper-fuzz.test.ts). */
export function ops(w: World, rnd: () => number, n: () => number, ok: (args: string[]) => Promise<void> = (args) => write(w, args)): Op[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const cards = () => fs.readdirSync(w.mem).filter((f) => f.startsWith("project_"));
  const index = path.join(w.mem, "MEMORY.md");
  // MEMORY.md split on LF only: a CRLF line keeps its CR, so an inserted line makes the endings mixed.
  const lines = (change: (ls: string[]) => void) => {
    const ls = fs.readFileSync(index, "utf8").split("\n");
    change(ls);
    fs.writeFileSync(index, ls.join("\n"));
  };
  const at = (ls: string[]) => Math.floor(rnd() * ls.length);
  const entry = (ls: string[]) => {
    const entries = ls.flatMap((l, i) => (/^\uFEFF?- \[/.test(l) ? [i] : []));
    return entries.length > 0 ? pick(entries) : at(ls);
  };
  const edit = (f: (l: string) => string) =>
    lines((ls) => {
      const i = entry(ls);
      ls[i] = f(ls[i] ?? "");
    });
  const name = () => pick(cards()).replace(/^project_|\.md$/g, "");
  const written = new Map<string, () => Promise<void> | void>();
  const all: Op[] = [
    ["save an update", () => ok(["save", name(), "-t", "project", "-d", `described again ${n()}, deploy`])],
    ["save a new card", () => ok(["save", `fresh${n()}`, "-t", "project", "-d", `a new card ${n()} on the migration`])],
    ["save the card a line links", () => ok(["save", "later", "-t", "project", "-d", `now written ${n()}`])],
    ["rm", () => (cards().length > 3 ? ok(["rm", name()]) : undefined)],
    ["a line inserted", () => lines((ls) => ls.splice(at(ls), 0, `- [added ${n()}](${pick(cards())}) — added by hand ${n()}, deploy`))],
    ["a line deleted", () => lines((ls) => ls.splice(entry(ls), 1))],
    ["a line moved", () => lines((ls) => ls.splice(at(ls), 0, ...ls.splice(entry(ls), 1)))],
    ["a line copied elsewhere", () => lines((ls) => ls.splice(at(ls), 0, ls[entry(ls)]!))],
    ["the same line twice", () => lines((ls) => ls.splice(entry(ls), 0, `- [twice](${pick(cards())}) — the same line twice`, `- [twice](project_c01.md) — the same line twice`))],
    [
      "line breaks made CRLF, or LF again",
      () => {
        const text = fs.readFileSync(index, "utf8");
        fs.writeFileSync(index, text.includes("\r\n") ? text.replaceAll("\r\n", "\n") : text.replaceAll("\n", "\r\n"));
      },
    ],
    ["a lone CR in a line", () => edit((l) => l.replace(" — ", " —\r"))],
    [
      "the last line ended by a CR and no LF, or by LF again",
      () => {
        const text = fs.readFileSync(index, "utf8");
        fs.writeFileSync(index, text.endsWith("\r") ? `${text.slice(0, -1)}\n` : `${text.replace(/\r?\n$/, "")} last\r`);
      },
    ],
    ["a tab in a line", () => edit((l) => l.replace(" — ", "\t— "))],
    ["trailing spaces", () => edit((l) => l.replace(/\r?$/, (end) => `   ${end}`))],
    [
      "a BOM added or taken",
      () => {
        const text = fs.readFileSync(index, "utf8");
        fs.writeFileSync(index, text.startsWith("\uFEFF") ? text.slice(1) : `\uFEFF${text}`);
      },
    ],
    [
      "a fence opened, or taken out",
      () => lines((ls) => (ls.some((l) => l.startsWith("```")) ? ls.splice(0, ls.length, ...ls.filter((l) => !l.startsWith("```"))) : ls.splice(at(ls), 0, "```"))),
    ],
    ["a heading", () => lines((ls) => ls.splice(at(ls), 0, `## Section ${n()}`))],
    ["prose", () => lines((ls) => ls.splice(at(ls), 0, `Some prose ${n()} about deploy, not an entry.`))],
    // Near the hand-edit bounds (256 lines, 16 runs, runs 8 lines apart joined): a block of 250-261 lines, or 14-18
    // lines edited 9-10 lines apart.
    [
      "a block of lines near the bound",
      () =>
        lines((ls) =>
          ls.splice(
            at(ls),
            0,
            ...Array.from({ length: 250 + Math.floor(rnd() * 12) }, (_, i) => (i % 3 ? `Block prose ${n()}.${i}` : `- [block ${n()}.${i}](${pick(cards())}) — block line ${i}`)),
          ),
        ),
    ],
    [
      "lines edited apart",
      () =>
        lines((ls) => {
          const gap = 9 + Math.floor(rnd() * 2);
          for (let r = 0, i = Math.floor(rnd() * gap); r < 14 + Math.floor(rnd() * 5) && i < ls.length; r++, i += gap) ls[i] = `${ls[i]} apart`;
        }),
    ],
    ["a line linking a missing card", () => lines((ls) => ls.splice(at(ls), 0, `- [ghost ${n()}](project_ghost${n()}.md) — a ghost, missing`))],
    ["a line relinked", () => edit((l) => l.replace(/\]\([^)]*\)/, `](${pick([...cards(), "project_nowhere.md"])})`))],
    ["unicode of another byte length", () => edit((l) => l.replace("card", "cärd").replace("added", "äddéd"))],
    [
      "a line edited in place, same size and mtime",
      () => {
        const m = /card number (\d)/.exec(fs.readFileSync(index, "utf8"));
        if (m) inPlace(w, index, m[0], `card number ${(Number(m[1]) + 1) % 10}`);
      },
    ],
    [
      "a card edited in place, same size and mtime",
      () => {
        const file = path.join(w.mem, pick(cards()));
        const text = fs.readFileSync(file, "utf8");
        const from = /priority: normal/.test(text) && rnd() < 0.5 ? "priority: normal" : /description: ./.exec(text)?.[0];
        if (from) inPlace(w, file, from, from === "priority: normal" ? "priority: always" : `description: ${from.endsWith("Z") ? "Y" : "Z"}`);
      },
    ],
    ["a card written by hand", () => fs.writeFileSync(path.join(w.mem, `project_hand${n()}.md`), handCard(`hand${n()}`, "by hand, deploy", "Written in an editor."))],
    ["a card deleted by hand", () => (cards().length > 3 ? fs.rmSync(path.join(w.mem, pick(cards()))) : undefined)],
    ["MEMORY.md touched", () => fs.utimesSync(index, new Date(), new Date())],
    ["a card touched", () => fs.utimesSync(path.join(w.mem, pick(cards())), new Date(), new Date())],
    [
      "a torn delta",
      () => {
        for (const file of [state(w, CARD_DELTA), state(w, RANK_DELTA)]) if (fs.existsSync(file) && rnd() < 0.7) fs.truncateSync(file, Math.floor(fs.statSync(file).size * rnd()));
      },
    ],
    [
      "caches deleted",
      () => {
        for (const file of [state(w, CARD_DELTA), state(w, RANK_DELTA), state(w, RANK_CACHE), state(w, "card-cache"), state(w, "card-words"), state(w, "card-check")])
          if (rnd() < 0.4) fs.rmSync(file, { force: true });
      },
    ],
    ["the keeper's round", () => keeperRound(w, tick(1).getTime())],
    // A card added or gone, then a round whose clock is past its racy window: the round settles it into the card
    // cache's delta (lib/store/card-cache-settle.ts), which the next calls trust.
    ...(["save a new card", "rm", "a card written by hand", "a card deleted by hand"] as const).map(
      (what): Op => [
        `${what}, then the keeper's round`,
        async () => {
          await written.get(what)!();
          await sleep(150);
          await keeperRound(w, tick(Math.max(1, Date.now() - tick(0).getTime())).getTime());
        },
      ],
    ),
  ];
  for (const [what, op] of all) written.set(what, op);
  return all;
}
