// lib/capture/rules.ts
import { aboutThisTurn, holdsGenerally, isQuestion, ownText, wantsAResult } from "./mood.js";
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
var UNDO_CHOICE = /^(?:(?:please|and|but|so|just|no|now|ok(?:ay)?),?\s+)*(?:don'?t|do not|dont|stop)\s+(?:change|switch|swap|replace|alter|modify|revert|undo)(?:ing)?\b\s*(.+)$/i;
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
  return everySentence(text).filter((s) => s.length >= 8 && s.length <= 400);
}
function everySentence(text) {
  const unfenced = text.replace(/```[\s\S]*?(```|$)/g, "\n");
  return unfenced.split("\n").filter((l) => !/^\s*(>|\$ |\||[-=]{3,})/.test(l)).flatMap((l) => l.split(/(?<=[.!?])\s+(?=[A-Za-z"'(])/)).map((s) => s.trim().replace(/^[-*•]\s+|^\d+[.)]\s+/, "")).filter((s) => s !== "");
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
  const undo = UNDO_CHOICE.exec(s);
  if (undo && wordCount(s) >= 3 && !aboutThisTurn(s, s.length - undo[1].length)) return make("correction", s.replace(LEAD_FILLER, ""), "feedback");
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
var WORK_RULE = /^(?:we|you|everyone|one)(?: (?:should|must|need to|have to|just|really|also))* (?:always|never|don'?t ever|do not ever)\b/i;
function tierOf(statement, fallback) {
  if (/^(?:i|i'm|i am|my|me)\b/i.test(statement)) return "user";
  if (/https?:\/\/|\b(?:docs?|dashboard|runbook|wiki|board|channel|ticket|tracker) (?:is|are|lives?|at|in)\b/i.test(statement)) return "reference";
  if (/\b(?:you|your)\b/i.test(statement) || WORK_RULE.test(statement)) return "feedback";
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
export {
  ONE_OFF,
  candidatesIn,
  everySentence,
  inferCard,
  sentences,
  titleOf
};
