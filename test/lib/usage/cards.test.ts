import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { decodeHits, encodeHits, ensureNumbered, parseRegistry, readRegistry, USAGE_CARDS } from "../../../lib/usage/cards.js";
import { type CardUsage } from "../../../lib/usage/format.js";
import { addPending, parsePendingLine } from "../../../lib/usage/pending.js";
import { addPendingFor } from "../../../lib/usage/lookup.js";
import { foldUsage, openUsage, readUsage, recordHitsSync } from "../../../lib/usage/usage.js";
import { REPO_ROOT, tempDir } from "../../helpers.js";

const TODAY = "2026-12-02";

test("encodeHits/decodeHits: any set of card numbers round-trips, in the shorter of the two encodings", () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.nat({ max: 20_000 }), { maxLength: 400 }).filter((a) => a.length > 0),
      (numbers) => {
        const field = encodeHits(numbers);
        const set = decodeHits(field)!;
        assert.deepEqual(
          set.all(),
          [...numbers].sort((a, b) => a - b),
        );
        for (const no of numbers) assert.equal(set.has(no), true);
        assert.equal(set.has(20_001), false);
        assert.equal(set.has(-1), false);
        assert.doesNotMatch(field, /[\t\n\r]/);
      },
    ),
    { numRuns: 500 },
  );
  // A sharp prompt lists its few numbers; a broad one in a big store sends a bitmap.
  assert.equal(encodeHits([3, 41, 9000]), `n3,15,6y0`);
  assert.match(encodeHits(Array.from({ length: 800 }, (_, i) => i * 2)), /^b[A-Za-z0-9_-]+$/);
  for (const bad of ["", "b", "n", "x12", "n1,,2", "nA", "b***"]) assert.equal(decodeHits(bad), undefined, bad);
});

test("parseRegistry: the header names it; only newline-terminated lines are cards", () => {
  assert.deepEqual(parseRegistry("# memctl usage cards v1\tabcdefgh\na.md\nb/c.md\nd.m")?.cards, ["a.md", "b/c.md"]);
  assert.deepEqual(parseRegistry("# memctl usage cards v1\tabcdefgh\n")?.cards, []);
  for (const bad of ["", "a.md\n", "# memctl usage cards v1\n", "# memctl usage cards v1\tAB\n", "# memctl usage cards v2\tabcdefgh\n"])
    assert.equal(parseRegistry(bad), undefined, bad);
});

test("ensureNumbered: creates the registry, appends only new cards, and a number never changes", () => {
  const dir = tempDir();
  try {
    const first = ensureNumbered(dir, ["a.md", "b.md"])!;
    assert.deepEqual(
      [...first.numbers],
      [
        ["a.md", 0],
        ["b.md", 1],
      ],
    );
    const second = ensureNumbered(dir, ["c.md", "b.md"])!;
    assert.equal(second.registry.id, first.registry.id);
    assert.deepEqual(
      [...second.numbers],
      [
        ["a.md", 0],
        ["b.md", 1],
        ["c.md", 2],
      ],
    );
    // A writer that died mid-append left a torn line: it is never a card, and the next append ends it first.
    fs.appendFileSync(path.join(dir, ".memctl", USAGE_CARDS), "d.m");
    assert.deepEqual(readRegistry(dir)!.cards, ["a.md", "b.md", "c.md"]);
    const third = ensureNumbered(dir, ["d.md"])!;
    assert.equal(third.numbers.get("d.md"), 4);
    assert.deepEqual(readRegistry(dir)!.cards, ["a.md", "b.md", "c.md", "d.m", "d.md"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("ensureNumbered: a state directory that cannot be written means no numbers, not an error", { skip: process.getuid?.() === 0 && "root writes anywhere" }, () => {
  const dir = tempDir();
  try {
    fs.mkdirSync(path.join(dir, ".memctl"));
    fs.chmodSync(path.join(dir, ".memctl"), 0o500);
    assert.equal(ensureNumbered(dir, ["a.md"]), undefined);
  } finally {
    fs.chmodSync(path.join(dir, ".memctl"), 0o700);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("ensureNumbered from 12 processes at once: one registry, every card one number, all processes agree", { timeout: 60_000 }, async () => {
  const dir = tempDir();
  try {
    const cards = Array.from({ length: 40 }, (_, i) => `card_${i}.md`);
    const script = `import { ensureNumbered } from ${JSON.stringify(path.join(REPO_ROOT, "lib", "usage", "cards.ts"))};
const r = ensureNumbered(process.argv[1], JSON.parse(process.argv[2]));
process.stdout.write(JSON.stringify(r ? [r.registry.id, [...r.numbers]] : null));`;
    const run = (subset: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dir, JSON.stringify(subset)], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.on("error", reject);
        child.on("exit", () => resolve(out));
      });
    // Overlapping subsets in different orders, so creators and appenders race over the same new cards.
    const outs = await Promise.all(Array.from({ length: 12 }, (_, k) => run(k % 2 ? cards.slice(k).reverse() : cards.slice(0, 40 - k))));
    const results = outs.map((o) => JSON.parse(o) as [string, [string, number][]]);
    const registry = readRegistry(dir)!;
    assert.deepEqual([...new Set(registry.cards)].sort(), [...cards].sort());
    for (const [id, numbers] of results) {
      assert.equal(id, registry.id);
      for (const [card, no] of numbers) assert.equal(registry.cards.indexOf(card), no, card);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("compact lines: counted through the registry; another registry's lines or unknown numbers are malformed", () => {
  const registry = { id: "abcdefgh", cards: ["a.md", "b.md", "a.md"], ino: 0 };
  const cards = new Map<string, CardUsage>();
  const text = [
    `${TODAY}@abcdefgh\tn0,1\tz.md`, // numbers and an unnumbered path
    `2026-12-03@abcdefgh\t${encodeHits([0, 2])}`, // two numbers naming one path: one hit on that line
    `${TODAY}@otherregi\tn0`, // written against a registry that is gone
    `${TODAY}@abcdefgh\tn7`, // a number the registry never gave
    `${TODAY}@abcdefgh\tn0\t`, // an empty field
    `${TODAY}@abcdefgh`, // no hits
    `${TODAY}\ta.md`, // by path, as older hooks write
  ].join("\n");
  assert.equal(
    addPending(cards, text, () => registry),
    4,
  );
  assert.deepEqual(Object.fromEntries(cards), {
    "a.md": { access_count: 3, last_access_day: "2026-12-03" },
    "b.md": { access_count: 1, last_access_day: TODAY },
    "z.md": { access_count: 1, last_access_day: TODAY },
  });
  // Without a registry a compact line cannot be attributed at all.
  assert.equal(parsePendingLine(`${TODAY}@abcdefgh\tn0`), undefined);
  // The hook's lookup agrees for the cards it asks about, reading its numbers' bits only.
  const fast = new Map<string, CardUsage>();
  addPendingFor(
    fast,
    text
      .split("\n")
      .filter((l) => !l.includes("\tn7"))
      .join("\n"),
    new Set(["a.md", "z.md"]),
    { registry: "abcdefgh", numbers: new Map([["a.md", 0]]) },
    () => registry,
  );
  assert.deepEqual(Object.fromEntries(fast), { "a.md": cards.get("a.md"), "z.md": cards.get("z.md") });
});

test("recorded compact hits read back, fold, and look up the same as by-path hits", () => {
  const dir = tempDir();
  try {
    const { registry, numbers } = ensureNumbered(dir, ["a.md", "b.md", "c.md"])!;
    const no = (c: string) => numbers.get(c)!;
    recordHitsSync(dir, [], TODAY, { distinct: true, numbered: { registry: registry.id, numbers: [no("a.md"), no("b.md")] } });
    recordHitsSync(dir, ["c.md"], TODAY, { distinct: true, numbered: { registry: registry.id, numbers: [no("a.md")] } });
    recordHitsSync(dir, ["b.md"], "2026-12-01");
    const expected = {
      "a.md": { access_count: 2, last_access_day: TODAY },
      "b.md": { access_count: 2, last_access_day: TODAY },
      "c.md": { access_count: 1, last_access_day: TODAY },
    };
    assert.deepEqual(Object.fromEntries(readUsage(dir, TODAY).cards), expected);
    const lookup = openUsage(dir, TODAY, new Set(["a.md", "b.md", "c.md"]), { registry: registry.id, numbers });
    assert.deepEqual({ a: lookup.get("a.md"), b: lookup.get("b.md"), c: lookup.get("c.md") }, { a: expected["a.md"], b: expected["b.md"], c: expected["c.md"] });
    assert.equal(foldUsage(dir, TODAY), true);
    assert.deepEqual(Object.fromEntries(readUsage(dir, TODAY).cards), expected);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("addPendingFor with card numbers gives exactly addPending's numbers on any mix of compact and by-path lines", () => {
  const names = ["a.md", "b.md", "c.md", "d/e.md", "笔记.md", "x"];
  const registry = { id: "abcdefgh", cards: ["a.md", "b.md", "c.md", "a.md", "d/e.md", "笔记.md"], ino: 0 };
  const numbers = new Map<string, number>();
  registry.cards.forEach((c, i) => {
    if (!numbers.has(c)) numbers.set(c, i);
  });
  const day = fc.constantFrom("2026-01-01", "2026-01-02", "2025-12-31", "bad-day");
  const byPath = fc.tuple(day, fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 })).map(([d, cs]) => [d, ...cs].join("\t"));
  // Hooks only write a card's first number (concurrent appenders each re-read the file and take the first line
  // naming the card), so a duplicate's later number or one past the end never reaches a log.
  const written = [...numbers.values()];
  const compact = fc
    .tuple(
      day,
      fc.constantFrom("abcdefgh", "zzzzzzzz"),
      fc.uniqueArray(fc.constantFrom(...written), { minLength: 1, maxLength: 5 }),
      fc.array(fc.constantFrom(...names), { maxLength: 2 }),
    )
    .map(([d, reg, nos, extra]) => [`${d}@${reg}`, encodeHits(nos), ...extra].join("\t"));
  const log = fc.array(fc.oneof(byPath, compact), { maxLength: 10 }).map((ls) => ls.join("\n"));
  const asked = fc.uniqueArray(fc.constantFrom(...names, "missing.md"), { maxLength: 6 }).map((xs) => new Set(xs));
  fc.assert(
    fc.property(log, asked, (text, only) => {
      const full = new Map<string, CardUsage>();
      addPending(full, text, () => registry);
      const fast = new Map<string, CardUsage>();
      addPendingFor(fast, text, only, { registry: "abcdefgh", numbers }, () => registry);
      assert.deepEqual(fast, new Map([...full].filter(([c]) => only.has(c))), text);
    }),
    { numRuns: 1000 },
  );
});

test("addPendingFor on bitmaps of up to 200 cards: numbers across bytes, lines shorter or longer than the asked cards", () => {
  // Up to 200 numbered cards: bitmaps of 1-25 bytes, asked numbers in words a line does not reach, and lines
  // that reach past the highest asked number; hooks write only first numbers, so the registry has no duplicates.
  const registry = { id: "abcdefgh", cards: Array.from({ length: 200 }, (_, i) => `c${i}.md`), ino: 0 };
  const numbers = new Map(registry.cards.map((c, i) => [c, i] as const));
  const no = fc.oneof(fc.integer({ min: 0, max: 199 }), fc.constantFrom(0, 7, 8, 31, 32, 33, 63, 64, 199));
  const day = fc.constantFrom("2026-01-01", "2026-01-02", "2025-12-31");
  const compact = fc
    .tuple(day, fc.uniqueArray(no, { minLength: 1, maxLength: 60 }), fc.array(fc.constantFrom("c1.md", "c40.md", "z.md"), { maxLength: 2 }))
    .map(([d, nos, extra]) => [`${d}@abcdefgh`, encodeHits(nos), ...extra].join("\t"));
  const log = fc.array(compact, { minLength: 1, maxLength: 8 }).map((ls) => ls.join("\n"));
  const asked = fc
    .uniqueArray(
      fc.oneof(
        no.map((n) => `c${n}.md`),
        fc.constantFrom("z.md", "missing.md"),
      ),
      { maxLength: 40 },
    )
    .map((xs) => new Set(xs));
  fc.assert(
    fc.property(log, asked, (text, only) => {
      const full = new Map<string, CardUsage>();
      addPending(full, text, () => registry);
      const fast = new Map<string, CardUsage>();
      addPendingFor(fast, text, only, { registry: "abcdefgh", numbers }, () => registry);
      assert.deepEqual(fast, new Map([...full].filter(([c]) => only.has(c))), text);
    }),
    { numRuns: 1000 },
  );
});

test("a rank cache rebuild gives an existing snapshot its row index, once", async () => {
  const { loadRankable } = await import("../../../lib/rank/cache.js");
  const { ageStore, sandbox } = await import("../../helpers.js");
  const s = sandbox([
    { file: "a.md", title: "A", hook: "x" },
    { file: "b.md", title: "B", hook: "y" },
  ]);
  try {
    recordHitsSync(s.memory, ["a.md", "b.md"], TODAY);
    assert.equal(foldUsage(s.memory, TODAY), true); // no registry yet: no index
    const idx = path.join(s.memory, ".memctl", "usage.idx");
    assert.equal(fs.existsSync(idx), false);
    ageStore(s.memory);
    assert.equal((await loadRankable(s.memory, { nowMs: Date.now() })).cache, "rebuilt");
    const written = fs.statSync(idx).mtimeMs;
    const { numbers, registry } = ensureNumbered(s.memory, ["a.md", "b.md"])!;
    const lookup = openUsage(s.memory, TODAY, new Set(["a.md", "b.md"]), { registry: registry.id, numbers });
    assert.deepEqual([lookup.get("a.md"), lookup.get("b.md")], [readUsage(s.memory, TODAY).cards.get("a.md"), readUsage(s.memory, TODAY).cards.get("b.md")]);
    fs.rmSync(path.join(s.memory, ".memctl", "rank-cache.bin"));
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: Date.now() });
    assert.equal(fs.statSync(idx).mtimeMs, written); // still describes the snapshot: not rewritten
  } finally {
    s.cleanup();
  }
});

test("addPending counts compact and by-path lines exactly as one Map update per card and line would", () => {
  const registry = { id: "abcdefgh", cards: ["a.md", "b.md", "a.md", "c.md"], ino: 0 };
  const names = ["a.md", "b.md", "c.md", "d.md", "e.md"];
  const day = fc.constantFrom("2026-01-01", "2026-01-02", "2025-12-31", "bad");
  const byPath = fc.tuple(day, fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 })).map(([d, cs]) => [d, ...cs].join("\t"));
  const compact = fc
    .tuple(day, fc.constantFrom("abcdefgh", "zzzzzzzz"), fc.uniqueArray(fc.nat({ max: 4 }), { minLength: 1, maxLength: 4 }), fc.array(fc.constantFrom(...names), { maxLength: 2 }))
    .map(([d, reg, nos, extra]) => [`${d}@${reg}`, encodeHits(nos), ...extra].join("\t"));
  const log = fc.array(fc.oneof(byPath, compact, fc.constantFrom("", "2026-01-01@abcdefgh\t", "junk")), { maxLength: 12 }).map((ls) => ls.join("\n"));
  /** The reference: each line parsed whole, each distinct card of a line counted once. */
  const reference = (text: string) => {
    const cards = new Map<string, CardUsage>();
    let malformed = 0;
    for (const line of text.split("\n")) {
      if (line === "") continue;
      const parsed = parsePendingLine(line, () => registry);
      if (!parsed) {
        malformed++;
        continue;
      }
      for (const card of new Set(parsed.cards)) {
        const u = cards.get(card);
        if (!u) cards.set(card, { access_count: 1, last_access_day: parsed.day });
        else {
          u.access_count++;
          if (parsed.day > u.last_access_day) u.last_access_day = parsed.day;
        }
      }
    }
    return { cards, malformed };
  };
  fc.assert(
    fc.property(log, (text) => {
      const got = new Map<string, CardUsage>();
      const malformed = addPending(got, text, () => registry);
      const want = reference(text);
      assert.equal(malformed, want.malformed, text);
      assert.deepEqual(new Map([...got].sort()), new Map([...want.cards].sort()), text);
    }),
    { numRuns: 2000 },
  );
});

test("a fold keeps the lines it cannot count in usage.rejected instead of dropping them", () => {
  const dir = tempDir();
  try {
    const { registry, numbers } = ensureNumbered(dir, ["a.md", "b.md"])!;
    recordHitsSync(dir, [], TODAY, { distinct: true, numbered: { registry: registry.id, numbers: [numbers.get("a.md")!] } });
    // Then the registry is deleted and a hand-damaged line lands: neither can be attributed.
    fs.rmSync(path.join(dir, ".memctl", USAGE_CARDS));
    fs.appendFileSync(path.join(dir, ".memctl", "usage.log"), "not-a-day\tb.md\n");
    recordHitsSync(dir, ["b.md"], TODAY);
    const before = fs
      .readFileSync(path.join(dir, ".memctl", "usage.log"), "utf8")
      .split("\n")
      .filter(Boolean);
    assert.equal(foldUsage(dir, TODAY), true);
    assert.deepEqual(Object.fromEntries(readUsage(dir, TODAY).cards), { "b.md": { access_count: 1, last_access_day: TODAY } });
    const rejected = fs
      .readFileSync(path.join(dir, ".memctl", "usage.rejected"), "utf8")
      .split("\n")
      .filter(Boolean);
    assert.deepEqual(rejected, [before[0], "not-a-day\tb.md"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
