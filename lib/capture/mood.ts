// What a sentence's grammar says about how long it holds, for the rule-based capture pass (lib/capture/rules.ts).
// The rules' weaker cues ("I want", "we shouldn't", "there's no need", "use X instead", "no, …") are worded the same
// in a standing preference and in a request about this turn; the difference is in the sentence around them:
// - a generality marker ("always", "whenever", "by default", "in this project", "any new …") says it holds beyond
//   the turn;
// - a pronoun that points at something in this turn ("it", "this", "that one", "the following") says it does not:
//   "we shouldn't remove it" is about one thing the agent just did, "we shouldn't use mocks" is about every time;
// - a question asks, it does not instruct, with or without its question mark;
// - "I want <a thing> to be …" asks for a result now; "I want to use …", "I want you to …" say how to work.
// Text the user pasted (a log, console output, code, a page quoted under its link) is not the user's statement.
// Pure: text in, answers out. English only, as the rules are.

/** Says the sentence holds beyond this turn: a time or frequency adverb, a default, a scope wider than the task. */
const GENERAL =
  /\b(?:always|never|from now on|going forward|moving forward|henceforth|from here on|every time|each time|whenever|by default|in general|as a rule|at all times|without exception|everywhere|(?:in|across|throughout) (?:this|the|our) (?:whole |entire )?(?:project|repo|repository|codebase|monorepo|app)|across (?:the )?(?:whole |entire )?(?:project|repo|repository|codebase|monorepo)|any (?:new|future)\b|all (?:new|future)\b|in (?:all )?future\b)/i;

/** A pronoun pointing at something in this turn: "it", "them", a bare demonstrative ("this", "that is", "those
 * here"), "the following", "the above". A demonstrative before a noun ("these tests") names a kind and is not one;
 * "it's"/"it is" is most often an empty subject ("it's better to…"), so it is not one either. */
const POINTS_AT_TURN = new RegExp(
  [
    String.raw`\b(?:it|them)\b(?!['’]s|\s+(?:is|was)\b)`,
    String.raw`\b(?:this|that|these|those)\b(?=['’]s\b|\s*(?:$|[.,;:!?)])|\s+(?:here|there|now|again|one|ones|to|for|in|on|at|with|is|are|was|were|should|would|will|must|can|could|please|too|either|yet|part|bit|thing|stuff)\b)`,
    String.raw`\b(?:the following|the above|as follows|as below)\b`,
  ].join("|"),
  "i",
);

/** Where a clause ends inside a sentence: punctuation, or a conjunction that starts a new clause. */
const CLAUSE_BREAK = /[,;:]\s|\s[-–—]\s|\s(?:because|since|so that|so|but|and then|while|whereas|although|though|which|as it)\s/gi;

/** A sentence in question form: a question mark, or a verb or question word first ("should we…", "is there…"). */
const QUESTION =
  /\?\s*$|^(?:so |and |ok(?:ay)?,? )?(?:(?:should|shall|can|could|would|will|do|did)\s+(?:i|we|you|they)|(?:is|are|was|were|does)\s+(?:there|it|this|that|these|those|i|we|you|they)|why|how|what if)\b/i;

/** "I want <something> to…": a wish about a result, not about how to work ("I want to…", "I want you to…"). */
const WANTS_A_RESULT = /^(?:and |so |but |also |ok(?:ay)?,? |now,? )*(?:i|we)(?:\s+really)?(?:\s+want|\s+would like|['’]d like)\s+(?!to\b|you\b|u\b)/i;

export function holdsGenerally(sentence: string): boolean {
  return GENERAL.test(sentence);
}

export function isQuestion(sentence: string): boolean {
  return QUESTION.test(sentence);
}

export function wantsAResult(sentence: string): boolean {
  return WANTS_A_RESULT.test(sentence);
}

/** The clause of `sentence` that holds position `at`: from the break before it to the break after it. */
export function clauseAt(sentence: string, at: number): string {
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

/**
 * True when a weak cue at `at` is about this turn: its clause points at something with a pronoun ("we shouldn't
 * remove it", "I don't want that") and nothing in the sentence says it holds beyond the turn.
 */
export function aboutThisTurn(sentence: string, at: number): boolean {
  return POINTS_AT_TURN.test(clauseAt(sentence, at)) && !holdsGenerally(sentence);
}

/** A line of output the user pasted: a log or console line, a stack frame, a shell prompt, a line of code. */
const PASTED_LINE = new RegExp(
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
    String.raw`^(?: {4}|\t)(?![-*•]|\d+[.)])\S`,
  ].join("|"),
);
/** The line's last word is a link (tested on that word alone: "http://" repeated is scanned once). */
function endsInLink(line: string): boolean {
  const words = line.trimEnd().split(/\s+/);
  return /^https?:\/\//.test(words[words.length - 1] ?? "");
}

/**
 * The message without what the user pasted into it: log, console and code lines, and the lines that follow a line
 * ending in a link, up to the next blank line (a page quoted under its address: its "always…" is the page's, not the
 * user's). Fenced code and quoted lines are dropped later, by the rules' sentence split.
 */
export function ownText(text: string): string {
  const out: string[] = [];
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
