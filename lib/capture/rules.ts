// The rule-based capture pass (no model): which of the user's own sentences state something durable. Four
// shapes, each a sentence-level pattern: a standing instruction ("from now on…", "always…", "never…", "I'll run it
// myself", "make sure any new packages go in…"), a correction of the agent ("no, use X not Y", "I said X", "use X
// instead"), a decision with its reason ("we'll use X because Y", "there's no need for X"), and an explicit
// "remember …" / "keep that in mind". Questions, requests ("can you…") and one-off requests are not memory, and
// neither is text the user pasted (fenced code, quoted lines, logs, code, a page quoted under its link). The weaker
// cues (a want, a "should", "no need", a correction) count only when the sentence is not about something in this
// turn (lib/capture/mood.ts: "we shouldn't remove it" is not kept, "we shouldn't use mocks" is). Pure: text in,
// candidates out.

import { aboutThisTurn, holdsGenerally, isQuestion, ownText, wantsAResult } from "./mood.js";

export type CaptureKind = "instruction" | "correction" | "decision" | "remember";

export interface RuleCandidate {
  kind: CaptureKind;
  /** feedback | project | user | reference */
  type: string;
  name: string;
  /** The durable statement, cleaned of its lead-in ("from now on, …"), at most 200 characters. */
  description: string;
  /** The sentence as the user wrote it. */
  excerpt: string;
  /** Which user message it came from (1-based). */
  message: number;
}

const DESCRIPTION_MAX = 200;

/** Lead-ins that make a sentence a standing instruction; the rest of the sentence is the instruction. */
const INSTRUCTION_LEADS = [
  /^(?:and |also |so |ok(?:ay)?,? |please,? )*(?:from now on|going forward|moving forward|in the future|for the future|from here on(?: out)?|henceforth)\b[,:]?\s*(.+)$/i,
  /^(?:and |also |so |ok(?:ay)?,? |please,? )*(?:(?:you|we) (?:should|must|need to) (?:just |really |also )?)?(always|never|don'?t ever|do not ever|never ever)\b\s*(.+)$/i,
  /^(?:and |also |so |ok(?:ay)?,? |please,? |but |except |however,? )*(?:you|we) (?:should not|shouldn'?t|must not|mustn'?t)\b\s*(.+)$/i,
  /^(?:and |also |so |ok(?:ay)?,? |please,? )*(?:make sure (?:to|you) (?:always|never)|(?:every time|whenever|each time) you|don'?t forget (?:to|that)|do not forget (?:to|that))\b\s*(.+)$/i,
];
/** The lead that is a weak cue ("you/we shouldn't …"): held to the test of not pointing at this turn. */
const WEAK_LEAD = 2;
/** The STANDING cues that rest on a quantifier alone ("for each …, should", "make sure every …"): "for each of the
 * following" or "it should … for each command" is the task's own specification. */
const WEAK_STANDING = new Set([1, 2, 3]);
/** Words a user puts before the cue ("ok, but you shouldn't…"); not part of the statement. */
const LEAD_FILLER = /^(?:and |also |so |ok(?:ay)?,? |please,? |but |except |however,? )+/i;
const REMEMBER = /^(?:and |also |ok(?:ay)?,? |please,? )*(?:remember|make a note|note for (?:later|the future)|keep in mind|for (?:future )?reference)(?: that)?\b[,:]?\s+(.+)$/i;
/** "remember back to…", "remember when…", "remember what…": recalling the session, not asking to keep something. */
const RECALL = /^(?:to |what|how|when|where|why|if |whether|back\b|the (?:last|earlier|previous)\b|all (?:the|our)\b)/i;
/** "…so keep that in mind": the sentence before the cue is the thing to keep. */
const KEEP_IN_MIND = /\bkeep (?:that|this|it) in mind\b/i;
/** A correction: the agent was wrong, and the sentence says what is right. */
const CORRECTION =
  /^(?:no|nope|wrong|that'?s (?:wrong|not right|incorrect|not it|not correct)|that is (?:wrong|not right|incorrect)|not quite|incorrect|i said|you got it wrong)\b[,.!:;-]*\s+(.+)$/i;
/** "use X instead (of Y)": the agent picked something else, and the user names what to use. */
const USE_INSTEAD = /^(?:please |just |and |so |then )*use\b.{2,120}\binstead of\b/i;
const CORRECTS = /\b(?:instead of|rather than|not\s+\S+|should(?:n'?t)?|use|we use|it'?s|it is|is actually)\b/i;
/** The user says the agent did something other than asked: reported speech of their own instruction, or naming
 * the agent's mistake. Alone it states nothing; it makes the message's "use X" a correction (correctionIn). */
const CORRECTING =
  /^(?:no,? |but |ok(?:ay)?,? )*(?:i (?:said|told you|asked (?:you )?(?:to|for))\b|you (?:got (?:it|this|that) wrong|didn'?t listen|ignored (?:me|what i)|used the wrong)\b|(?:that'?s|this is|it'?s) not what i (?:asked|said|wanted)\b|i (?:reverted|undid) (?:your|the) changes?\b)/i;
/** A "use X" clause: first in the sentence, or after "and", a comma or a semicolon. */
const USE_CLAUSE = /(?:^|\band |[,;] )(?:please |just |then |instead,? )*use\b/i;
/** "Don't switch models", "do not change the model from X": a negated imperative whose verb undoes or replaces a
 * choice already made tells the agent its change was wrong, a correction that holds next time (the issue's
 * "corrections of the agent"), even when it names one thing. Other bare "don't …" are as often this task's spec. */
const UNDO_CHOICE =
  /^(?:(?:please|and|but|so|just|no|now|ok(?:ay)?),?\s+)*(?:don'?t|do not|dont|stop)\s+(?:change|switch|swap|replace|alter|modify|revert|undo)(?:ing)?\b\s*(.+)$/i;
/** A decision with its reason. */
const DECISION =
  /\b(?:we(?:'ll| will| should| are going to|'re going to| decided to| chose to| go with|'re going with| are going with| renamed| switched| moved)|let'?s (?:use|go with|switch to|stick with|keep)|i(?:'ve| have)? decided (?:to|on)|i want to switch|the decision is)\b.*\b(?:because|since|so that|as it|given that|due to|this way|so we can|to better)\b/i;
/** Deciding something is not needed: "there's no need to keep backward compatibility", "we don't need a migration". */
const NOT_NEEDED = /\b(?:there'?s no need (?:to|for)|there is no need (?:to|for)|we (?:don'?t|do not) (?:actually |really )?need (?:a|an|any|to)\b)/i;
/** A standing rule said mid-sentence ("please ensure that from now on…", "for every task, ensure…"). */
const STANDING = [
  /\b(?:from now on|going forward|moving forward|henceforth|from here on|in (?:all )?future (?:sessions|work|tasks)|without exception|at all times)\b/i,
  /\b(?:for|on|before|after) (?:every|each) (?!other\b)\w+.*\b(?:ensure|make sure|always|must|should|please)\b|\b(?:ensure|make sure|always|must|should|please)\b.*\b(?:for|on|before|after) (?:every|each) (?!other\b)\w+/i,
  /\b(?:ensure|make sure) (?:that )?(?:every|each)\b/i,
  /\b(?:ensure|make sure) (?:that )?all\b.*\b(?:automatically|always|consistently|by default)\b/i,
  /\b(?:ensure|make sure|always|must|should)\b.*\b(?:any|all) (?:new|future) \w+/i,
  /\b(?:should|must|same)\b.*\b(?:across|throughout) (?:the (?:whole |entire )?)?(?:monorepo|repo|repository|project|codebase)\b/i,
  /\bi(?:'ll| will) (?:run|start|deploy|do|handle|test)\b.*\b(?:myself|just tell me)\b/i,
  /\b(?:continuously|consistently) (?:maintain|keep|use|run|save|record|follow)\b/i,
];
const PREFERENCE = /^(?:i (?:prefer|like|want|hate|dislike)|my preference is)\b/i;
/** Likes and dislikes about tools and approaches: "I want to use X", "I don't want to use Y", "we shouldn't use Z". */
const WANTS =
  /^(?:i|we) want to use\b|\b(?:i|we) (?:(?:don'?t|do not) (?:want|like)|shouldn'?t (?:use|have)|should not (?:use|have)|should never)\b|\bhere'?s my workflow\b|\bmy workflow is\b/i;
/** A request phrased as one ("can you…"), even without its question mark: a task, not a standing rule. */
const REQUEST = /^(?:can|could|would|will) you\b/i;

/** A scope that ends with this task ("for now", "this time", "in this PR"). */
export const ONE_OFF = /\b(?:this time|for now|right now|just this once|today|in this (?:file|pr|commit|session))\b/i;
const FILLER = new Set(
  "a an the to of in on for and or but with by at is are be it this that these those you your we our i me my please always never ever dont don't do not from now on going forward should must make sure every time whenever use using not no because since will let lets".split(
    " ",
  ),
);

/** Sentences of a message: lines, then sentence ends; fenced code, quotes and long pastes are dropped. */
export function sentences(text: string): string[] {
  return everySentence(text).filter((s) => s.length >= 8 && s.length <= 400);
}

/** Every sentence outside fences, quotes, prompts and tables, whatever its length (a rule can be "use bun"). */
export function everySentence(text: string): string[] {
  const unfenced = text.replace(/```[\s\S]*?(```|$)/g, "\n");
  return unfenced
    .split("\n")
    .filter((l) => !/^\s*(>|\$ |\||[-=]{3,})/.test(l))
    .flatMap((l) => l.split(/(?<=[.!?])\s+(?=[A-Za-z"'(])/))
    .map((s) => s.trim().replace(/^[-*•]\s+|^\d+[.)]\s+/, ""))
    .filter((s) => s !== "");
}

/** The candidates one user message holds, in order. */
export function candidatesIn(text: string, message: number): RuleCandidate[] {
  const out: RuleCandidate[] = [];
  const own = sentences(ownText(text));
  // A message that says the agent got it wrong: its "use X" sentences name what is right, and that holds next time.
  const said = own.find((s) => CORRECTING.test(s));
  for (const s of own) {
    const c = classify(s) ?? (said !== undefined && s !== said ? correctionIn(s, said) : undefined);
    if (c) out.push({ ...c, excerpt: s, message });
  }
  return out;
}

/** "use X" in a message that corrects the agent; "I said X" / "I told you X" carries the what, so it leads. */
function correctionIn(sentence: string, said: string): Omit<RuleCandidate, "excerpt" | "message"> | undefined {
  const s = sentence.replace(/\s+/g, " ").trim();
  if (isQuestion(s) || ONE_OFF.test(s) || REQUEST.test(s) || wordCount(s) < 3) return undefined;
  const use = USE_CLAUSE.exec(s);
  if (!use || aboutThisTurn(s, use.index + use[0].length)) return undefined;
  return make("correction", /^i (?:said|told you)\b/i.test(said) ? `${said.replace(/[.!]+$/, "")}: ${s}` : s, "feedback");
}

function classify(sentence: string): Omit<RuleCandidate, "excerpt" | "message"> | undefined {
  const s = sentence.replace(/\s+/g, " ").trim();
  if (isQuestion(s) || ONE_OFF.test(s) || REQUEST.test(s)) return undefined;
  const remember = REMEMBER.exec(s);
  if (remember && !RECALL.test(remember[1]!)) return make("remember", remember[1]!, tierOf(remember[1]!, "project"));
  const kept = KEEP_IN_MIND.exec(s);
  if (kept) {
    const before = s.slice(0, kept.index).replace(/[,;:\s]*(?:so|and|,)?\s*$/i, "");
    return make("remember", wordCount(before) >= 4 ? before : s, tierOf(before, "project"));
  }
  for (const [i, lead] of INSTRUCTION_LEADS.entries()) {
    const m = lead.exec(s);
    if (!m || wordCount(m[m.length - 1]!) < 2) continue;
    // "we shouldn't remove it": a weak cue about one thing in this turn. "always", "never", "from now on" are not weak.
    if (i === WEAK_LEAD && aboutThisTurn(s, s.length - m[m.length - 1]!.length)) continue;
    // "from now on, X" keeps X; "always X" keeps "always X"; "every time you X, Y" keeps the whole sentence.
    const statement = i === 0 ? m[1]! : i === 1 ? `${m[1]} ${m[2]}` : s.replace(LEAD_FILLER, "");
    return make("instruction", statement, PREFERENCE.test(m[m.length - 1]!) ? "user" : "feedback");
  }
  const standing = STANDING.map((re) => re.exec(s)).findIndex((m, i) => m !== null && !(WEAK_STANDING.has(i) && aboutThisTurn(s, m.index)));
  if (standing !== -1 && wordCount(s) >= 5) return make("instruction", s.replace(/^(?:thank you[^,.]*[,.]\s*|please,?\s+)+/i, ""), "feedback");
  const correction = CORRECTION.exec(s);
  if (correction && CORRECTS.test(correction[1]!) && wordCount(correction[1]!) >= 3 && !aboutThisTurn(s, s.length - correction[1]!.length))
    return make("correction", correction[1]!, "feedback");
  if (USE_INSTEAD.test(s) && wordCount(s) >= 4 && !aboutThisTurn(s, 0)) return make("correction", s, "feedback");
  const undo = UNDO_CHOICE.exec(s);
  if (undo && wordCount(s) >= 3 && !aboutThisTurn(s, s.length - undo[1]!.length)) return make("correction", s.replace(LEAD_FILLER, ""), "feedback");
  const decision = DECISION.exec(s) ?? NOT_NEEDED.exec(s);
  if (decision && wordCount(s) >= 6 && !aboutThisTurn(s, decision.index)) return make("decision", s, "project");
  const wants = WANTS.exec(s);
  if (wants && wordCount(s) >= 4 && !aboutThisTurn(s, wants.index)) return make("instruction", s, /\bi\b|\bmy\b/i.test(s) ? "user" : "feedback");
  // "I want the header to be blue" asks for a result now; "I prefer tabs over spaces" says how to work.
  const wantsNow = wantsAResult(s) && !holdsGenerally(s);
  if (PREFERENCE.test(s) && !wantsNow && /\b(?:over|instead of|rather than|to be|when you|so that)\b/i.test(s) && !/\bto be able\b/i.test(s) && !aboutThisTurn(s, 0))
    return make("instruction", s, "user");
  return undefined;
}

/**
 * A card for one sentence someone asked to keep (`memctl remember`): its rule shape when it has one, else the
 * sentence itself, typed by its wording (the user's own facts, a pointer elsewhere, or the project's).
 */
export function inferCard(text: string): { type: string; name: string; description: string } {
  const s = text.replace(/\s+/g, " ").trim();
  const ruled = classify(s) ?? classify(`Remember ${s.replace(/^remember(?: that)?\s*/i, "")}`);
  if (ruled) return { type: ruled.type, name: ruled.name, description: ruled.description };
  const c = make("remember", s, tierOf(s, "project"));
  return { type: c.type, name: c.name, description: c.description };
}

function make(kind: CaptureKind, statement: string, type: string): Omit<RuleCandidate, "excerpt" | "message"> {
  const description = clip(capitalize(statement.trim().replace(/^(?:that|to)\s+/i, "")));
  return { kind, type, name: titleOf(description), description };
}

/** A rule for whoever does the work ("we always…", "we should never…"), as against a fact about the system ("the
 * export is always written to…"): feedback is guidance on how to work, project is what the code is and why. */
const WORK_RULE = /^(?:we|you|everyone|one)(?: (?:should|must|need to|have to|just|really|also))* (?:always|never|don'?t ever|do not ever)\b/i;

/** The tier of a "remember …": the user's own facts, a pointer to somewhere else, guidance, or the project's. */
function tierOf(statement: string, fallback: string): string {
  if (/^(?:i|i'm|i am|my|me)\b/i.test(statement)) return "user";
  if (/https?:\/\/|\b(?:docs?|dashboard|runbook|wiki|board|channel|ticket|tracker) (?:is|are|lives?|at|in)\b/i.test(statement)) return "reference";
  if (/\b(?:you|your)\b/i.test(statement) || WORK_RULE.test(statement)) return "feedback";
  return fallback;
}

/** A short kebab-case title from the statement's content words (a card name: letters, digits, -). */
export function titleOf(statement: string): string {
  const words = statement
    .toLowerCase()
    .replace(/['’]\w*/g, "")
    .replace(/[^a-z0-9\s-]/g, " ")
    .split(/\s+/)
    .filter((w) => w !== "" && !FILLER.has(w));
  const picked: string[] = [];
  for (const w of words) {
    if (picked.join("-").length + w.length > 40) break;
    picked.push(w);
    if (picked.length === 5) break;
  }
  return picked.join("-").replace(/-+/g, "-").replace(/^-|-$/g, "") || "captured-note";
}

function clip(s: string): string {
  const t = s.replace(/\s+/g, " ").trim();
  if ([...t].length <= DESCRIPTION_MAX) return t;
  const cut = [...t].slice(0, DESCRIPTION_MAX - 1).join("");
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_MAX / 2))}…`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}
