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
export {
  aboutThisTurn,
  clauseAt,
  holdsGenerally,
  isQuestion,
  ownText,
  wantsAResult
};
