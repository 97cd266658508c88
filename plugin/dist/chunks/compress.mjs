import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  RESTATES,
  hookText,
  overlap,
  termSet
} from "./proposals-overlap.mjs";
import {
  readIndexView
} from "./compact-run.mjs";
import {
  propose
} from "./proposals-propose.mjs";
import "./records-card-find.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import {
  readUsage
} from "./usage-fold.mjs";
import "./compact-artifact.mjs";
import "./compact-generate.mjs";
import "./compact-mentions.mjs";
import "./records-store-view.mjs";
import "./core-line-key.mjs";
import "./rank-stem.mjs";
import {
  utf8Bytes
} from "./core-block.mjs";
import "./rank-stop-words-data.mjs";
import {
  utcDay
} from "./core-frecency.mjs";
import "./store-full-check.mjs";
import {
  CARD_REQUIRED
} from "./core-card-rules.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import {
  ACTOR_FLAGS,
  JSON_FLAG,
  STORE_FLAGS,
  actorFrom,
  requireStore
} from "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import {
  secretPolicy
} from "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import {
  cardType
} from "./core-card.mjs";
import "./core-card-types.mjs";
import "./store-lock.mjs";
import {
  colorsFor,
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  num,
  parseArgs,
  str
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import {
  inertText
} from "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  usageError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/proposals/compress.ts
var LONG_HOOK_BYTES = 120;
var TARGET_HOOK_BYTES = 90;
var MIN_WEIGHT = 0.1;
function cardName(file, parsed) {
  const n = parsed?.meta.name;
  return typeof n === "string" && n.trim() ? n : file.replace(/\.md$/, "").replace(/^(feedback|project|reference|user)_/, "");
}
function blockedBy(cards) {
  const lacking = cards.filter((c) => c.missing.length > 0);
  if (lacking.length === 0) return null;
  return lacking.map((c) => `${c.card} lacks the required field${c.missing.length > 1 ? "s" : ""} ${c.missing.join(", ")}`).join("; ");
}
function compressCards(store) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const e of store.entries) {
    if (e.card === null || seen.has(e.card)) continue;
    const file = store.cards.get(e.card);
    if (!file?.card) continue;
    seen.add(e.card);
    const parsed = file.card;
    const missing = CARD_REQUIRED.filter((f) => !(f in parsed.frontmatter));
    out.push({
      name: cardName(e.card, parsed),
      card: e.card,
      type: cardType(e.card, parsed.meta) ?? null,
      line: e.raw.trim(),
      hook_bytes: utf8Bytes(e.hook),
      pinned: parsed.meta.priority === "always",
      missing
    });
  }
  return out;
}
function compressCandidates(cards, usage) {
  const most = Math.max(1, ...cards.map((c) => usage.get(c.card)?.access_count ?? 0));
  const weight = (c) => c.pinned ? 1 : Math.max(MIN_WEIGHT, (usage.get(c.card)?.access_count ?? 0) / most);
  const out = [];
  for (const c of cards) {
    if (c.hook_bytes <= LONG_HOOK_BYTES) continue;
    const saved = c.hook_bytes - TARGET_HOOK_BYTES;
    out.push(candidate("shorten", [c], saved, weight(c)));
  }
  const pairs = [];
  const terms = new Map(cards.map((c) => [c.card, termSet(`${c.name.replace(/[-_]/g, " ")} ${hookText(c.line)}`)]));
  for (let i = 0; i < cards.length; i++)
    for (let j = i + 1; j < cards.length; j++) {
      const a = cards[i];
      const b = cards[j];
      if (a.type === null || a.type !== b.type) continue;
      const score = overlap(terms.get(a.card), terms.get(b.card));
      if (score >= RESTATES) pairs.push({ a, b, score });
    }
  const merged = /* @__PURE__ */ new Set();
  for (const p of pairs.sort((x, y) => y.score - x.score)) {
    if (merged.has(p.a.card) || merged.has(p.b.card)) continue;
    merged.add(p.a.card).add(p.b.card);
    const [keep, drop] = utf8Bytes(p.a.line) <= utf8Bytes(p.b.line) ? [p.a, p.b] : [p.b, p.a];
    out.push({ ...candidate("merge", [keep, drop], utf8Bytes(drop.line) + 1, Math.max(weight(keep), weight(drop))), overlap: Math.round(p.score * 100) / 100 });
  }
  return out.sort((x, y) => y.per_prompt_bytes - x.per_prompt_bytes || y.saved_bytes - x.saved_bytes);
}
function candidate(kind, cards, saved, weight) {
  return { kind, cards, saved_bytes: saved, weight: Math.round(weight * 100) / 100, per_prompt_bytes: Math.round(saved * weight), blocked: blockedBy(cards) };
}
async function stageCompress(ctx, cards, name, description, mergeFrom) {
  const find = (n) => {
    const c = cards.find((x) => x.name === n || x.card === n || x.card === `${n}.md`);
    if (!c) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card "${n}" in MEMORY.md; memctl compress lists the candidates`, { name: n });
    return c;
  };
  const keep = find(name);
  const drop = mergeFrom !== void 0 ? find(mergeFrom) : void 0;
  if (drop && drop.card === keep.card) throw usageError("--merge names the same card twice");
  if (drop && drop.type !== keep.type)
    throw usageError(`${keep.card} (${keep.type ?? "no type"}) and ${drop.card} (${drop.type ?? "no type"}) are different types; merges stay within one metadata.type`);
  const blocked = blockedBy(drop ? [keep, drop] : [keep]);
  if (blocked)
    throw new MemctlError(
      ERROR_CODES.E_CARD_RULES,
      `nothing staged: ${blocked}. Add the field (memctl save ${keep.name} fills in missing ones, or edit the card), then run compress again.`,
      {
        missing: [keep, ...drop ? [drop] : []].filter((c) => c.missing.length > 0).map((c) => ({ card: c.card, missing: c.missing }))
      }
    );
  const after = utf8Bytes(description);
  if (!drop && after >= keep.hook_bytes) throw usageError(`the new hook is ${after} bytes, not shorter than the current ${keep.hook_bytes}; compress only stages shorter hooks`);
  const source = drop ? `memctl compress: merge of ${drop.card} into ${keep.card} (after accepting, remove the other with: memctl rm ${drop.name})` : `memctl compress: shorter hook for ${keep.card} (${keep.hook_bytes} \u2192 ${after} bytes)`;
  return propose(
    { memoryDir: ctx.memoryDir, actor: ctx.actor, now: ctx.now, ...ctx.secrets ? { secrets: ctx.secrets } : {} },
    { card: { name: keep.name, description }, source, kind: "fact" }
  );
}

// lib/cli/compress.ts
var spec = {
  name: "compress",
  summary: commandSummary("compress"),
  flags: {
    limit: { type: "number", valueName: "N", description: "show at most N candidates (default 20)" },
    shorten: { type: "string", valueName: "NAME", description: "stage a shorter hook (-d) for this card as a proposal" },
    merge: { type: "string", valueName: "KEEP,OTHER", description: "stage the hook covering both (-d) on KEEP; OTHER is removed by the owner after accepting" },
    description: { type: "string", short: "d", valueName: "TEXT", description: "the new hook (the card's description), at most 200 characters" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "candidates listed, or a proposal staged",
    1: "nothing staged: a card lacks a required field (named), no such card, or no store",
    2: "usage error (e.g. the new hook is not shorter)",
    3: "invalid explicit memory selection"
  },
  notes: `Candidates: hooks over ${LONG_HOOK_BYTES} bytes, and cards of one metadata.type whose index lines share most terms. Ranked by bytes saved
per prompt: a pinned line is injected on every prompt, others in proportion to their recorded hits. Staging proposes the card's
description only, so accepting never touches a card body. The owner decides with memctl review / accept / reject.`,
  examples: ["memctl compress", "memctl compress --json", 'memctl compress --shorten api-errors -d "ApiError names the bad input and the fix"']
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const json = bool(args, "json");
  const cards = compressCards(await readIndexView(memoryDir));
  const shorten = str(args, "shorten");
  const merge = str(args, "merge");
  if (shorten !== void 0 || merge !== void 0) {
    if (shorten !== void 0 && merge !== void 0) throw usageError("--shorten and --merge cannot be combined; stage one at a time");
    const description = str(args, "description");
    if (description === void 0) throw usageError('give the new hook with -d "\u2026"');
    const [keep, other] = merge !== void 0 ? merge.split(",").map((s) => s.trim()) : [shorten, void 0];
    if (merge !== void 0 && (!keep || !other)) throw usageError("--merge takes two card names: KEEP,OTHER");
    const p = await stageCompress({ memoryDir, actor: actorFrom(args, io), now: io.now(), secrets: secretPolicy(io) }, cards, keep, description, other);
    if (json) printJson(io, { memory_dir: memoryDir, proposal: p });
    else io.stdout.write(`${colorsFor(io).green("\u2713")} proposed ${inertText(p.source)} as ${p.id}
  the owner decides: memctl review ${p.id}
`);
    return 0;
  }
  const all = compressCandidates(cards, readUsage(memoryDir, utcDay(io.now())).cards);
  const shown = all.slice(0, num(args, "limit") ?? 20);
  if (json) {
    printJson(io, { memory_dir: memoryDir, cards: cards.length, candidates: shown, total: all.length, per_prompt_bytes: all.reduce((n, c) => n + c.per_prompt_bytes, 0) });
    return 0;
  }
  io.stdout.write(render(shown, all.length, io));
  return 0;
}
function render(shown, total, io) {
  const c = colorsFor(io);
  if (total === 0) return `Nothing to compress: no hook over ${LONG_HOOK_BYTES} bytes and no overlapping cards within one type.
`;
  const out = [`${total} candidate(s), by bytes saved per prompt:`];
  for (const k of shown) {
    const what = k.kind === "shorten" ? `shorten ${inertText(k.cards[0].name)} (${k.cards[0].hook_bytes} B hook${k.cards[0].pinned ? ", pinned" : ""})` : `merge ${inertText(k.cards[1].name)} into ${inertText(k.cards[0].name)} (${k.cards[0].type}, overlap ${k.overlap})`;
    out.push(`  ~${k.per_prompt_bytes} B/prompt  ${what}${k.blocked ? `  ${c.yellow("blocked")}: ${inertText(k.blocked)}` : ""}`);
    for (const card of k.cards) out.push(`      ${inertText(card.line)}`);
  }
  out.push('Stage one: memctl compress --shorten NAME -d "\u2026" or --merge KEEP,OTHER -d "\u2026"; then memctl review.');
  return out.join("\n") + "\n";
}
export {
  run,
  spec
};
