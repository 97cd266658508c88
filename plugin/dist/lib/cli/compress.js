// lib/cli/compress.ts
import { compressCandidates, compressCards, LONG_HOOK_BYTES, stageCompress } from "../proposals/compress.js";
import { readIndexView } from "../compact/run.js";
import { usageError } from "../core/errors.js";
import { inertText } from "../core/sanitize.js";
import { secretPolicy } from "../records/secrets.js";
import { readUsage } from "../usage/usage.js";
import { bool, num, parseArgs, str } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { utcDay } from "../core/frecency.js";
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
