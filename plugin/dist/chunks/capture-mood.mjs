import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  cardSummaries,
  compareStatements,
  prepare,
  sameMainStatement
} from "./proposals-content-match.mjs";
import {
  proposalFile,
  proposalFileFits,
  propose,
  rewritePending
} from "./proposals-propose.mjs";
import {
  findCardFile
} from "./records-card-find.mjs";
import {
  RESTATED_MAX,
  logEvent,
  readArchived,
  readPending,
  restatementProblem
} from "./records-proposal-files.mjs";
import {
  assertNoSecrets,
  warmSecretScan
} from "./records-guardrails.mjs";
import {
  isValidActor
} from "./store-history.mjs";
import {
  withStoreLock
} from "./core-index-file.mjs";
import {
  MemctlError,
  usageError
} from "./core-errors.mjs";
import {
  CARD_TYPES
} from "./core-card-types.mjs";

// lib/capture/mood.ts
var GENERAL = /\b(?:always|never|from now on|going forward|moving forward|henceforth|from here on|every time|each time|whenever|by default|in general|as a rule|at all times|without exception|everywhere|(?:in|across|throughout) (?:this|the|our) (?:whole |entire )?(?:project|repo|repository|codebase|monorepo|app)|across (?:the )?(?:whole |entire )?(?:project|repo|repository|codebase|monorepo)|any (?:new|future)\b|all (?:new|future)\b|in (?:all )?future\b)/i;
var POINTS_AT_TURN = new RegExp(
  [
    String.raw`\b(?:it|them)\b(?!['’]s|\s+(?:is|was)\b)`,
    String.raw`\b(?:this|that|these|those)\b(?=['’]s\b|\s*(?:$|[.,;:!?)])|\s+(?:here|there|now|again|one|ones|to|for|in|on|at|with|is|are|was|were|should|would|will|must|can|could|please|too|either|yet|part|bit|thing|stuff)\b)`,
    String.raw`\b(?:the following|the above|as follows|as below)\b`
  ].join("|"),
  "i"
);
var CLAUSE_BREAK = /[,;:]\s|\s[-–—]\s|\s(?:because|since|so that|so|but|and then|while|whereas|although|though|which|as it)\s/gi;
var QUESTION = /\?\s*$|^(?:so |and |ok(?:ay)?,? )?(?:(?:should|shall|can|could|would|will|do|did)\s+(?:i|we|you|they)|(?:is|are|was|were|does)\s+(?:there|it|this|that|these|those|i|we|you|they)|why|how|what if)\b/i;
var WANTS_A_RESULT = /^(?:and |so |but |also |ok(?:ay)?,? |now,? )*(?:i|we)(?:\s+really)?(?:\s+want|\s+would like|['’]d like)\s+(?!to\b|you\b|u\b)/i;
function holdsGenerally(sentence) {
  return GENERAL.test(sentence);
}
function isQuestion(sentence) {
  return QUESTION.test(sentence);
}
function wantsAResult(sentence) {
  return WANTS_A_RESULT.test(sentence);
}
function clauseAt(sentence, at) {
  let start = 0;
  let end = sentence.length;
  for (const m of sentence.matchAll(CLAUSE_BREAK)) {
    const breakAt = m.index ?? 0;
    if (breakAt + m[0].length <= at) start = breakAt + m[0].length;
    else if (breakAt >= at) {
      end = breakAt;
      break;
    }
  }
  return sentence.slice(start, end);
}
function aboutThisTurn(sentence, at) {
  return POINTS_AT_TURN.test(clauseAt(sentence, at)) && !holdsGenerally(sentence);
}
var PASTED_LINE = new RegExp(
  [
    String.raw`^\s*(?:at\s+\S+\s+\(|at\s+\S+:\d+|File ".*", line \d+|Traceback\b)`,
    String.raw`^\s*\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL|ERR!?)\]?[:\s]`,
    String.raw`^\s*(?:Uncaught\s+)?\w*(?:Error|Exception)(?:\s*\[\w+\])?:\s`,
    String.raw`\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|(?:^|\s|\[)\d{1,2}:\d{2}:\d{2}\b`,
    String.raw`^\s*(?:PS [A-Za-z]:\\|[\w.-]+@[\w.-]+:\S*\s*[$#%]\s|[$%]\s|>>>\s|\(\w[\w.-]*\)\s+\S*\s*[$#%]\s)`,
    // A file and line ("app.tsx:12"): the extension anchors it, so a long run of letters is scanned once.
    String.raw`\w\.(?:[cm]?js|jsx|tsx?|py|rb|go|rs|java|kt|c|cc|cpp|h|cs|php|swift|vue|svelte):\d+\b`,
    String.raw`^\s*(?:import\s+(?:\{|\*|\w+\s+from\b|["'])|from\s+\S+\s+import\s|export\s+(?:default|const|function|class|type|interface|\{)|(?:const|let|var)\s+\w+\s*[=:]|def\s+\w+\(|class\s+\w+\s*[:({]|function\s*\w*\s*\(|#include\b)`,
    String.raw`[{};]\s*$|^\s*[})\]]`,
    String.raw`^(?: {4}|\t)(?![-*•]|\d+[.)])\S`
  ].join("|")
);
function endsInLink(line) {
  const words = line.trimEnd().split(/\s+/);
  return /^https?:\/\//.test(words[words.length - 1] ?? "");
}
function ownText(text) {
  const out = [];
  let quoting = false;
  for (const line of text.split("\n")) {
    if (line.trim() === "") {
      quoting = false;
      out.push(line);
      continue;
    }
    if (quoting || PASTED_LINE.test(line)) {
      out.push("");
      continue;
    }
    out.push(line);
    if (endsInLink(line)) quoting = true;
  }
  return out.join("\n");
}

// lib/capture/rules.ts
var DESCRIPTION_MAX = 200;
var INSTRUCTION_LEADS = [
  /^(?:and |also |so |ok(?:ay)?,? |please,? )*(?:from now on|going forward|moving forward|in the future|for the future|from here on(?: out)?|henceforth)\b[,:]?\s*(.+)$/i,
  /^(?:and |also |so |ok(?:ay)?,? |please,? )*(?:(?:you|we) (?:should|must|need to) (?:just |really |also )?)?(always|never|don'?t ever|do not ever|never ever)\b\s*(.+)$/i,
  /^(?:and |also |so |ok(?:ay)?,? |please,? |but |except |however,? )*(?:you|we) (?:should not|shouldn'?t|must not|mustn'?t)\b\s*(.+)$/i,
  /^(?:and |also |so |ok(?:ay)?,? |please,? )*(?:make sure (?:to|you) (?:always|never)|(?:every time|whenever|each time) you|don'?t forget (?:to|that)|do not forget (?:to|that))\b\s*(.+)$/i
];
var WEAK_LEAD = 2;
var WEAK_STANDING = /* @__PURE__ */ new Set([1, 2, 3]);
var LEAD_FILLER = /^(?:and |also |so |ok(?:ay)?,? |please,? |but |except |however,? )+/i;
var REMEMBER = /^(?:and |also |ok(?:ay)?,? |please,? )*(?:remember|make a note|note for (?:later|the future)|keep in mind|for (?:future )?reference)(?: that)?\b[,:]?\s+(.+)$/i;
var RECALL = /^(?:to |what|how|when|where|why|if |whether|back\b|the (?:last|earlier|previous)\b|all (?:the|our)\b)/i;
var KEEP_IN_MIND = /\bkeep (?:that|this|it) in mind\b/i;
var CORRECTION = /^(?:no|nope|wrong|that'?s (?:wrong|not right|incorrect|not it|not correct)|that is (?:wrong|not right|incorrect)|not quite|incorrect|i said|you got it wrong)\b[,.!:;-]*\s+(.+)$/i;
var USE_INSTEAD = /^(?:please |just |and |so |then )*use\b.{2,120}\binstead of\b/i;
var CORRECTS = /\b(?:instead of|rather than|not\s+\S+|should(?:n'?t)?|use|we use|it'?s|it is|is actually)\b/i;
var CORRECTING = /^(?:no,? |but |ok(?:ay)?,? )*(?:i (?:said|told you|asked (?:you )?(?:to|for))\b|you (?:got (?:it|this|that) wrong|didn'?t listen|ignored (?:me|what i)|used the wrong)\b|(?:that'?s|this is|it'?s) not what i (?:asked|said|wanted)\b|i (?:reverted|undid) (?:your|the) changes?\b)/i;
var USE_CLAUSE = /(?:^|\band |[,;] )(?:please |just |then |instead,? )*use\b/i;
var DECISION = /\b(?:we(?:'ll| will| should| are going to|'re going to| decided to| chose to| go with|'re going with| are going with| renamed| switched| moved)|let'?s (?:use|go with|switch to|stick with|keep)|i(?:'ve| have)? decided (?:to|on)|i want to switch|the decision is)\b.*\b(?:because|since|so that|as it|given that|due to|this way|so we can|to better)\b/i;
var NOT_NEEDED = /\b(?:there'?s no need (?:to|for)|there is no need (?:to|for)|we (?:don'?t|do not) (?:actually |really )?need (?:a|an|any|to)\b)/i;
var STANDING = [
  /\b(?:from now on|going forward|moving forward|henceforth|from here on|in (?:all )?future (?:sessions|work|tasks)|without exception|at all times)\b/i,
  /\b(?:for|on|before|after) (?:every|each) (?!other\b)\w+.*\b(?:ensure|make sure|always|must|should|please)\b|\b(?:ensure|make sure|always|must|should|please)\b.*\b(?:for|on|before|after) (?:every|each) (?!other\b)\w+/i,
  /\b(?:ensure|make sure) (?:that )?(?:every|each)\b/i,
  /\b(?:ensure|make sure) (?:that )?all\b.*\b(?:automatically|always|consistently|by default)\b/i,
  /\b(?:ensure|make sure|always|must|should)\b.*\b(?:any|all) (?:new|future) \w+/i,
  /\b(?:should|must|same)\b.*\b(?:across|throughout) (?:the (?:whole |entire )?)?(?:monorepo|repo|repository|project|codebase)\b/i,
  /\bi(?:'ll| will) (?:run|start|deploy|do|handle|test)\b.*\b(?:myself|just tell me)\b/i,
  /\b(?:continuously|consistently) (?:maintain|keep|use|run|save|record|follow)\b/i
];
var PREFERENCE = /^(?:i (?:prefer|like|want|hate|dislike)|my preference is)\b/i;
var WANTS = /^(?:i|we) want to use\b|\b(?:i|we) (?:(?:don'?t|do not) (?:want|like)|shouldn'?t (?:use|have)|should not (?:use|have)|should never)\b|\bhere'?s my workflow\b|\bmy workflow is\b/i;
var REQUEST = /^(?:can|could|would|will) you\b/i;
var ONE_OFF = /\b(?:this time|for now|right now|just this once|today|in this (?:file|pr|commit|session))\b/i;
var FILLER = new Set(
  "a an the to of in on for and or but with by at is are be it this that these those you your we our i me my please always never ever dont don't do not from now on going forward should must make sure every time whenever use using not no because since will let lets".split(
    " "
  )
);
function sentences(text) {
  const unfenced = text.replace(/```[\s\S]*?(```|$)/g, "\n");
  return unfenced.split("\n").filter((l) => !/^\s*(>|\$ |\||[-=]{3,})/.test(l)).flatMap((l) => l.split(/(?<=[.!?])\s+(?=[A-Za-z"'(])/)).map((s) => s.trim().replace(/^[-*•]\s+|^\d+[.)]\s+/, "")).filter((s) => s.length >= 8 && s.length <= 400);
}
function candidatesIn(text, message) {
  const out = [];
  const own = sentences(ownText(text));
  const said = own.find((s) => CORRECTING.test(s));
  for (const s of own) {
    const c = classify(s) ?? (said !== void 0 && s !== said ? correctionIn(s, said) : void 0);
    if (c) out.push({ ...c, excerpt: s, message });
  }
  return out;
}
function correctionIn(sentence, said) {
  const s = sentence.replace(/\s+/g, " ").trim();
  if (isQuestion(s) || ONE_OFF.test(s) || REQUEST.test(s) || wordCount(s) < 3) return void 0;
  const use = USE_CLAUSE.exec(s);
  if (!use || aboutThisTurn(s, use.index + use[0].length)) return void 0;
  return make("correction", /^i (?:said|told you)\b/i.test(said) ? `${said.replace(/[.!]+$/, "")}: ${s}` : s, "feedback");
}
function classify(sentence) {
  const s = sentence.replace(/\s+/g, " ").trim();
  if (isQuestion(s) || ONE_OFF.test(s) || REQUEST.test(s)) return void 0;
  const remember = REMEMBER.exec(s);
  if (remember && !RECALL.test(remember[1])) return make("remember", remember[1], tierOf(remember[1], "project"));
  const kept = KEEP_IN_MIND.exec(s);
  if (kept) {
    const before = s.slice(0, kept.index).replace(/[,;:\s]*(?:so|and|,)?\s*$/i, "");
    return make("remember", wordCount(before) >= 4 ? before : s, tierOf(before, "project"));
  }
  for (const [i, lead] of INSTRUCTION_LEADS.entries()) {
    const m = lead.exec(s);
    if (!m || wordCount(m[m.length - 1]) < 2) continue;
    if (i === WEAK_LEAD && aboutThisTurn(s, s.length - m[m.length - 1].length)) continue;
    const statement = i === 0 ? m[1] : i === 1 ? `${m[1]} ${m[2]}` : s.replace(LEAD_FILLER, "");
    return make("instruction", statement, PREFERENCE.test(m[m.length - 1]) ? "user" : "feedback");
  }
  const standing = STANDING.map((re) => re.exec(s)).findIndex((m, i) => m !== null && !(WEAK_STANDING.has(i) && aboutThisTurn(s, m.index)));
  if (standing !== -1 && wordCount(s) >= 5) return make("instruction", s.replace(/^(?:thank you[^,.]*[,.]\s*|please,?\s+)+/i, ""), "feedback");
  const correction = CORRECTION.exec(s);
  if (correction && CORRECTS.test(correction[1]) && wordCount(correction[1]) >= 3 && !aboutThisTurn(s, s.length - correction[1].length))
    return make("correction", correction[1], "feedback");
  if (USE_INSTEAD.test(s) && wordCount(s) >= 4 && !aboutThisTurn(s, 0)) return make("correction", s, "feedback");
  const decision = DECISION.exec(s) ?? NOT_NEEDED.exec(s);
  if (decision && wordCount(s) >= 6 && !aboutThisTurn(s, decision.index)) return make("decision", s, "project");
  const wants = WANTS.exec(s);
  if (wants && wordCount(s) >= 4 && !aboutThisTurn(s, wants.index)) return make("instruction", s, /\bi\b|\bmy\b/i.test(s) ? "user" : "feedback");
  const wantsNow = wantsAResult(s) && !holdsGenerally(s);
  if (PREFERENCE.test(s) && !wantsNow && /\b(?:over|instead of|rather than|to be|when you|so that)\b/i.test(s) && !/\bto be able\b/i.test(s) && !aboutThisTurn(s, 0))
    return make("instruction", s, "user");
  return void 0;
}
function inferCard(text) {
  const s = text.replace(/\s+/g, " ").trim();
  const ruled = classify(s) ?? classify(`Remember ${s.replace(/^remember(?: that)?\s*/i, "")}`);
  if (ruled) return { type: ruled.type, name: ruled.name, description: ruled.description };
  const c = make("remember", s, tierOf(s, "project"));
  return { type: c.type, name: c.name, description: c.description };
}
function make(kind, statement, type) {
  const description = clip(capitalize(statement.trim().replace(/^(?:that|to)\s+/i, "")));
  return { kind, type, name: titleOf(description), description };
}
function tierOf(statement, fallback) {
  if (/^(?:i|i'm|i am|my|me)\b/i.test(statement)) return "user";
  if (/https?:\/\/|\b(?:docs?|dashboard|runbook|wiki|board|channel|ticket|tracker) (?:is|are|lives?|at|in)\b/i.test(statement)) return "reference";
  if (/\b(?:you|your)\b/i.test(statement)) return "feedback";
  return fallback;
}
function titleOf(statement) {
  const words = statement.toLowerCase().replace(/['’]\w*/g, "").replace(/[^a-z0-9\s-]/g, " ").split(/\s+/).filter((w) => w !== "" && !FILLER.has(w));
  const picked = [];
  for (const w of words) {
    if (picked.join("-").length + w.length > 40) break;
    picked.push(w);
    if (picked.length === 5) break;
  }
  return picked.join("-").replace(/-+/g, "-").replace(/^-|-$/g, "") || "captured-note";
}
function clip(s) {
  const t = s.replace(/\s+/g, " ").trim();
  if ([...t].length <= DESCRIPTION_MAX) return t;
  const cut = [...t].slice(0, DESCRIPTION_MAX - 1).join("");
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_MAX / 2))}\u2026`;
}
function capitalize(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
function wordCount(s) {
  return s.split(/\s+/).filter(Boolean).length;
}

// lib/proposals/restate.ts
async function recordRestatement(ctx, id, input) {
  if (!isValidActor(ctx.actor)) throw usageError(`actor "${ctx.actor}" is not one of human, system, host:<name>, agent:<id>`);
  const entry = { source: input.source.trim(), description: input.description, proposer: ctx.actor, at: ctx.now.toISOString() };
  const problem = restatementProblem(entry);
  if (problem) throw usageError(`the restatement cannot be recorded: ${problem}`);
  const text = `${entry.source}
${entry.description}`;
  await warmSecretScan(text);
  await assertNoSecrets(text, ctx.secrets, "the restatement (source, then description)");
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      const p = readPending(ctx.memoryDir).proposals.find((x) => x.id === id);
      if (!p) return "gone";
      const restated = p.restated ?? [];
      const sources = [p.source, ...(p.merged ?? []).map((m) => m.source), ...restated.map((r) => r.source)];
      if (input.session !== "" && sources.some((s) => s.startsWith(input.session))) return "same-session";
      if (restated.length >= RESTATED_MAX) return "full";
      const next = { ...p, restated: [...restated, entry] };
      const file = proposalFile(next);
      if (!proposalFileFits(file)) return "full";
      await rewritePending(ctx.memoryDir, next, file);
      logEvent(ctx.memoryDir, { event: "restated", id, actor: ctx.actor, at: entry.at, source: entry.source });
      return "recorded";
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}

// lib/capture/stage.ts
var DEFAULT_SESSION_LIMIT = 5;
var EXCERPT_MAX = 160;
function captureSourceText(src, c) {
  const words = c.excerpt.replace(/\s+/g, " ").trim();
  const excerpt = [...words].length > EXCERPT_MAX ? `${[...words].slice(0, EXCERPT_MAX - 1).join("")}\u2026` : words;
  return `${sessionTag(src)}, user message ${c.message}: "${excerpt}"`;
}
function sessionTag(src) {
  return `${src.host} session ${src.sessionId}`;
}
async function stageCaptured(options, src, candidates, how = {}) {
  const outcome = { staged: [], skipped: [] };
  const limit = options.limit ?? DEFAULT_SESSION_LIMIT;
  const pending = readPending(options.memoryDir).proposals;
  const decided = how.includeDecided === false ? [] : readArchived(options.memoryDir).proposals;
  const tag = `${sessionTag(src)},`;
  let fromSession = [...pending, ...decided].filter((p) => p.source.startsWith(tag)).length;
  const known = [
    ...(await cardSummaries(options.memoryDir)).filter((c) => c.status !== "superseded").map((c) => ({ what: `card ${c.file}`, terms: prepare({ description: c.description }) })),
    ...[...pending, ...decided].flatMap(
      (p) => [p.card.description, ...(p.restated ?? []).map((r) => r.description)].filter((d) => d !== void 0 && d !== "").map((d) => ({ what: `proposal ${p.id} (${p.status})`, terms: prepare({ description: d }), ...p.status === "pending" ? { pending: p.id } : {} }))
    )
  ];
  const names = new Set(pending.map((p) => p.card.name));
  for (const c of candidates) {
    if (!CARD_TYPES.includes(c.type)) {
      outcome.skipped.push({ name: c.name, reason: `type "${c.type}" is not a card type` });
      continue;
    }
    const terms = prepare({ description: c.description });
    const same = known.find((k) => compareStatements(k.terms, terms)?.relation === "near_duplicate" || sameMainStatement(k.terms, terms));
    if (same) {
      const record = same.pending ? await restatementOn(options, same.pending, src, c, how) : void 0;
      if (record?.recorded) known.push({ ...same, terms });
      outcome.skipped.push({ name: c.name, reason: `restates ${same.what}${record?.note ? `; ${record.note}` : ""}` });
      continue;
    }
    if (fromSession >= limit) {
      outcome.skipped.push({ name: c.name, reason: `this session already has ${limit} captured proposals (the per-session bound)` });
      continue;
    }
    const name = freeName(options.memoryDir, c.name, names);
    try {
      const p = await propose(
        { memoryDir: options.memoryDir, actor: options.actor, now: options.now, ...options.secrets ? { secrets: options.secrets } : {} },
        {
          card: {
            name,
            type: c.type,
            description: c.description,
            body: `${c.description}

The user said (${sessionTag(src)}, message ${c.message}):

> ${c.excerpt.replace(/\n/g, "\n> ")}
${whyLine(c)}`
          },
          source: how.source ?? captureSourceText(src, c),
          kind: "unverified"
        }
      );
      outcome.staged.push({ id: p.id, name, description: c.description });
      names.add(name);
      known.push({ what: `proposal ${p.id} (pending)`, terms });
      fromSession++;
    } catch (err) {
      if (!(err instanceof MemctlError) || how.rethrow) throw err;
      outcome.skipped.push({ name, reason: `${err.code}: ${err.message.split("\n")[0]}` });
    }
  }
  return outcome;
}
var NOTES = {
  recorded: "recorded on it as said again",
  full: "not recorded on it: it holds as many restatements as it may"
};
async function restatementOn(options, id, src, c, how) {
  try {
    const outcome = await recordRestatement(
      { memoryDir: options.memoryDir, actor: options.actor, now: options.now, ...options.secrets ? { secrets: options.secrets } : {} },
      id,
      { source: how.source ?? captureSourceText(src, c), description: c.description, session: `${sessionTag(src)},` }
    );
    return { recorded: outcome === "recorded", ...NOTES[outcome] ? { note: NOTES[outcome] } : {} };
  } catch (err) {
    if (!(err instanceof MemctlError)) throw err;
    return { recorded: false, note: `not recorded on it: ${err.code}: ${err.message.split("\n")[0]}` };
  }
}
function whyLine(c) {
  const why = c.why ? `
Why it should last, as the capture model read it${c.confidence ? ` (confidence ${c.confidence})` : ""}: ${c.why}
` : "";
  if (c.doubted) return `${why}
Doubted by the capture model's second reading, not sure enough to drop it: ${c.doubted}
`;
  return c.verified ? `${why}
Kept by the capture model's second reading: ${c.verified}
` : why;
}
async function restatedCard(memoryDir, description) {
  const terms = prepare({ description });
  return (await cardSummaries(memoryDir)).find((c) => c.status !== "superseded" && compareStatements(prepare({ description: c.description }), terms)?.relation === "near_duplicate")?.file;
}
function freeName(memoryDir, base, taken = /* @__PURE__ */ new Set()) {
  for (let i = 1; i < 100; i++) {
    const name = i === 1 ? base : `${base.slice(0, 76)}-${i}`;
    if (taken.has(name)) continue;
    let exists;
    try {
      exists = findCardFile(memoryDir, name) !== void 0;
    } catch {
      exists = true;
    }
    if (!exists) return name;
  }
  return `${base.slice(0, 60)}-${Date.now().toString(36)}`;
}

export {
  sentences,
  candidatesIn,
  inferCard,
  titleOf,
  DEFAULT_SESSION_LIMIT,
  stageCaptured,
  restatedCard,
  freeName
};
