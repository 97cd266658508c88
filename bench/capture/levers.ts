// Post-processing levers on capture's model path, measured on the DEV halves only (bench/history/2026-12.md, h/capture9).
// Each lever filters what the product's modelPass keeps from the recorded answers (prompt v2, verify prompt v2,
// replayed through the model-command interface as bench/capture.ts does), so no prompt changes and every recorded
// answer replays. Precision and recall per message, as bench/capture.ts counts them. The test half and specstory2 are
// held out: they run only with --held-out N, one lever (its number in the dev listing) beside what ships, aggregates
// only, so that the lever the dev halves pick is run on them once.
// --prompt v4 replays the frozen first-pass prompt v4's answers instead of v2's (h/capture12; lever 7 needs v2's);
// --verify-prompt v5 (h/capture13) or v6 (h/capture14) replays that verify prompt's answers over v4's candidates instead of v2's.
// --stage also stages each lever's candidates through the product's staging (bound, dedupe) and reports that.
// Levers 12-20 (h/capture16) add the rule pass's candidates to the model's by kind, or intersect them, or reorder.
//   node --import tsx bench/capture/levers.ts [--prompt v2|v4 [--verify-prompt v2|v5|v6]] [--held-out N] [--stage]
import { ruleCandidates } from "../../lib/capture/capture.js";
import { isQuestion, ownText } from "../../lib/capture/mood.js";
import { everySentence, ONE_OFF, sentences } from "../../lib/capture/rules.js";
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import { compareStatements, prepare } from "../../lib/proposals/similarity.js";
import { tokenize } from "../../lib/rank/tokenize.js";
import { sessionsOf, userMessagesOf, type BenchSession } from "./corpus.js";
import { recordedCandidates, type PromptVersion, type VerifyVersion } from "./model.js";
import { stagedBy } from "./stage.js";

const at = process.argv.indexOf("--held-out");
const heldOut = at === -1 ? undefined : Number(process.argv[at + 1]);
const pv = process.argv.indexOf("--prompt");
const version = (pv === -1 ? "v2" : process.argv[pv + 1]) as PromptVersion;
if (version !== "v2" && version !== "v4") throw new Error("--prompt: v2 or v4");
const vp = process.argv.indexOf("--verify-prompt");
const verifyPrompt = (vp === -1 ? "v2" : process.argv[vp + 1]) as VerifyVersion;
if (verifyPrompt !== "v2" && !((verifyPrompt === "v5" || verifyPrompt === "v6") && version === "v4")) throw new Error("--verify-prompt: v2, or v5 or v6 with --prompt v4");
const SETS: [string, "dev" | "test"][] =
  heldOut === undefined
    ? [
        ["phr", "dev"],
        ["specstory", "dev"],
        ["specstory3", "dev"],
      ]
    : [
        ["phr", "test"],
        ["specstory", "test"],
        ["specstory2", "test"],
      ];

interface Seen {
  session: BenchSession;
  /** What ships: first pass ≥ medium, verify keeps at ≥ medium. */
  shipped: CaptureCandidate[];
  /** The same with the verify keep threshold at high: a shipped candidate missing here was kept at medium. */
  keptHigh: Set<string>;
  /** Messages the rules capture in this session, and the rules' candidates (each with its kind). */
  ruled: Set<number>;
  rules: CaptureCandidate[];
  /** What verify prompt v4 (frozen, h/capture11) keeps from the same first pass: its unrated spec / task / other drops. */
  keptV4: Set<string>;
  /** The first pass's candidates before the verify pass (and statesNothing) judged them. */
  first: CaptureCandidate[];
}

const key = (c: CaptureCandidate) => `${c.message}\u0000${c.description}`;

/** How sure the two readings were: 0 first pass high (never re-judged), 1 verify kept at high, 2 kept at medium. */
const strength = (s: Seen, c: CaptureCandidate) => (c.confidence === "high" ? 0 : s.keptHigh.has(key(c)) ? 1 : 2);

function messageText(s: BenchSession, n: number): string {
  return s.messages.find((m, i) => (m.n ?? i + 1) === n)?.text ?? "";
}

/** Share of the description's terms found in the user's own (unpasted) text of the message it cites. */
function grounding(s: BenchSession, c: CaptureCandidate): number {
  const own = new Set(tokenize(ownText(messageText(s, c.message))));
  const wanted = [...new Set(tokenize(c.description))];
  return wanted.length === 0 ? 0 : wanted.filter((t) => own.has(t)).length / wanted.length;
}

/** Share of a message's characters (whitespace aside) that are the user's own sentences: not pasted output or code,
 * fenced, quoted or table lines (the rules' own ownText and everySentence). */
function ownShare(text: string): number {
  const all = text.replace(/\s+/g, "").length;
  return all === 0 ? 0 : everySentence(ownText(text)).join("").replace(/\s+/g, "").length / all;
}

/** Each candidate unless an earlier one of the session (kept) is about the same thing by the store's own comparison. */
function firstOfEach(cs: readonly CaptureCandidate[]): CaptureCandidate[] {
  const kept: { c: CaptureCandidate; terms: ReturnType<typeof prepare> }[] = [];
  for (const c of cs) {
    const terms = prepare({ description: c.description });
    if (!kept.some((k) => compareStatements(k.terms, terms, false) !== undefined)) kept.push({ c, terms });
  }
  return kept.map((k) => k.c);
}

type Lever = (s: Seen) => CaptureCandidate[];

const LEVERS: [string, Lever][] = [
  ["none (what ships)", (s) => s.shipped],
  ["a first pass below high needs a verify keep rated high", (s) => s.shipped.filter((c) => strength(s, c) < 2)],
  ["a keep rated medium stands only where the rules match the message", (s) => s.shipped.filter((c) => strength(s, c) < 2 || s.ruled.has(c.message))],
  ["the cited message's own text holds ≥ 30 % of the description's terms", (s) => s.shipped.filter((c) => grounding(s.session, c) >= 0.3)],
  ["the cited message's own text holds ≥ 50 % of the description's terms", (s) => s.shipped.filter((c) => grounding(s.session, c) >= 0.5)],
  // Shipped since h/capture11 (lib/capture/capture.ts statesNothing), so it now lists what 0 lists.
  [
    "the cited message is not all questions or pasted text",
    (s) =>
      s.shipped.filter((c) => {
        const own = sentences(ownText(messageText(s.session, c.message)));
        return own.length > 0 && !own.every(isQuestion);
      }),
  ],
  ["at most 2 a session, the surest readings first", (s) => [...s.shipped].sort((a, b) => strength(s, a) - strength(s, b)).slice(0, 2)],
  // Two verify calls: what ships, less what v4's verdict calls a spec, task or other (a third model call a session).
  ["verify v4's verdict keeps it too", (s) => s.shipped.filter((c) => s.keptV4.has(key(c)))],
  // Prompt v4 words a repeat as its first, so the session's candidates with one description are one statement said
  // more than once: it stands, every message of it, when the verify pass kept any of them (h/capture13).
  [
    "a repeat stands with its group: kept when the verify pass kept any message that says it",
    (s) => {
      const keptText = new Set(s.shipped.map((c) => c.description));
      return s.first.filter((c) => keptText.has(c.description));
    },
  ],
  // h/capture15: the one-off scope the rules already refuse ("for now", "this time", "in this PR"), on the words the
  // candidate cites.
  ["the words the candidate cites carry no one-off scope (the rules' ONE_OFF)", (s) => s.shipped.filter((c) => !ONE_OFF.test(c.excerpt))],
  // h/capture15: a message that is mostly pasted output, code or quoted text; "mostly" is more than half.
  [
    "the cited message is at least half the user's own sentences (not mostly pasted output, code or quotes)",
    (s) => s.shipped.filter((c) => ownShare(messageText(s.session, c.message)) >= 0.5),
  ],
  // h/capture15: one proposal per subject a session: a later candidate the store's comparison relates to an earlier
  // one (a near duplicate or the same subject with another value) is dropped.
  ["one candidate per subject a session (the first; compareStatements relates them)", (s) => firstOfEach(s.shipped)],
  // h/capture16: the rule pass and the model pass together. The product runs the rules only when the model fails; here
  // a rule candidate from a message the model left out is added (the union), by the rules' kind.
  ["the rules' candidates added (union, every kind)", (s) => withRules(s, () => true)],
  ["the rules' corrections added", (s) => withRules(s, (c) => c.kind === "correction")],
  ["the rules' remember requests added", (s) => withRules(s, (c) => c.kind === "remember")],
  ["the rules' standing instructions added", (s) => withRules(s, (c) => c.kind === "instruction")],
  ["the rules' decisions added", (s) => withRules(s, (c) => c.kind === "decision")],
  ["the model's candidates only where the rules match the message too (intersection)", (s) => s.shipped.filter((c) => s.ruled.has(c.message))],
  ["union (every kind), then lever 10 (at least half the user's own sentences)", (s) => withRules(s, () => true).filter((c) => ownShare(messageText(s.session, c.message)) >= 0.5)],
  ["the rules' corrections added, then lever 10", (s) => withRules(s, (c) => c.kind === "correction").filter((c) => ownShare(messageText(s.session, c.message)) >= 0.5)],
  // The staging bound and the dedupe keep the first of a session's restatements: the surest reading first makes the
  // one proposed the best-grounded and the others restatements recorded on it. Order only, nothing dropped.
  ["surest readings first (order only: which of a restated pair is proposed)", (s) => [...s.shipped].sort((a, b) => strength(s, a) - strength(s, b))],
];

/** What ships, then each rule candidate `keep` accepts from a message no shipped candidate cites, after them (the model's order first, as the bound reads it). */
function withRules(s: Seen, keep: (c: CaptureCandidate) => boolean): CaptureCandidate[] {
  const cited = new Set(s.shipped.map((c) => c.message));
  return [...s.shipped, ...s.rules.filter((c) => !cited.has(c.message) && keep(c))];
}

function pct(n: number, d: number): string {
  return d === 0 ? "n/a" : `${Math.round((n / d) * 100)} % (${n}/${d})`;
}

const together = heldOut === undefined ? "dev together" : "held out together";
if (heldOut !== undefined && (!Number.isInteger(heldOut) || heldOut < 1 || heldOut >= LEVERS.length)) throw new Error(`--held-out: a lever number, 1 to ${LEVERS.length - 1}`);
if (version === "v4" && heldOut === 7) throw new Error("--held-out 7 replays verify v4 over prompt v2's candidates only");
const listed = LEVERS.map((l, i) => [i, l] as const).filter(([i]) => version === "v2" || i !== 7);
const chosen = heldOut === undefined ? listed : ([0, heldOut] as const).map((i) => [i, LEVERS[i]!] as const);

const seen: Seen[] = [];
for (const [set, half] of SETS) {
  const sessions = sessionsOf(set).filter((s) => s.half === half);
  const shipped = await recordedCandidates(sessions, { version, verify: true, verifyPrompt });
  const high = await recordedCandidates(sessions, { version, verify: true, verifyPrompt, minKeep: "high" });
  const first = await recordedCandidates(sessions, { version, verify: false });
  // v4's answers are replayed only when its lever is listed (on the held-out sets, only when it is the one run).
  const v4 = chosen.some(([i]) => i === 7) ? await recordedCandidates(sessions, { verify: true, verifyPrompt: "v4" }) : new Map();
  for (const s of sessions)
    seen.push({
      session: s,
      shipped: shipped.get(s.key)?.candidates ?? [],
      keptHigh: new Set((high.get(s.key)?.candidates ?? []).map(key)),
      ruled: new Set(ruleCandidates(userMessagesOf(s)).map((c) => c.message)),
      rules: ruleCandidates(userMessagesOf(s)),
      keptV4: new Set((v4.get(s.key)?.candidates ?? []).map(key)),
      first: first.get(s.key)?.candidates ?? [],
    });
}

process.stdout.write(
  `${heldOut === undefined ? "dev halves (phr, specstory, specstory3)" : "held out (phr test, specstory test, specstory2)"}; model (prompt ${version}) + verify ${verifyPrompt} (recorded answers), then the lever; precision / recall per message\n`,
);
for (const [i, [name, lever]] of chosen) {
  const row: string[] = [];
  for (const set of [...SETS.map(([x]) => x), together]) {
    const mine = seen.filter((s) => set === together || s.session.set === set);
    const captured = new Set<number>();
    for (const s of mine) for (const c of lever(s)) captured.add(s.session.messages.find((m, i) => (m.n ?? i + 1) === c.message)?.id ?? -1);
    const messages = mine.flatMap((s) => s.session.messages);
    const durable = messages.filter((m) => m.durable === true);
    const tp = durable.filter((m) => captured.has(m.id)).length;
    row.push(`${set}: ${pct(tp, captured.size)} / ${pct(tp, durable.length)}`);
  }
  process.stdout.write(`${i}. ${name}\n  ${row.join("; ")}\n`);
  // --stage: the lever's candidates through the product's staging (bench/capture/stage.ts), as bench:capture --stage.
  if (process.argv.includes("--stage")) {
    const bySession = new Map(seen.map((s) => [s.session.key, lever(s)]));
    const st = await stagedBy(
      seen.map((s) => s.session),
      (x) => bySession.get(x.key) ?? [],
    );
    const messages = seen.flatMap((s) => s.session.messages);
    const proposed = messages.filter((m) => st.get(m.id)?.proposed);
    const durable = messages.filter((m) => m.durable === true);
    process.stdout.write(
      `  staged, ${together}: ${pct(proposed.filter((m) => m.durable === true).length, proposed.length)} / ${pct(durable.filter((m) => st.get(m.id)?.covered).length, durable.length)}\n`,
    );
  }
}
