// Which of the user's own words a model candidate quotes. The model names a message; the quote must be that
// message's text, never the model's, so a model cannot invent where a memory came from. But a message is often a
// long task request with the statement said in passing near its end, and a proposal's source line keeps only its
// first 160 characters (stage.ts captureSourceText): measured on the capture bench's dev half, 2 of 16 proposals
// showed a source that did not hold the statement (the opening of a feature request; a statement cut off after "make sur…").
// So a long message is cut down to its sentences that share the most terms with the candidate's description.
import { tokenize } from "../rank/tokenize.js";
import { sentences } from "./rules.js";

/** A message this short is quoted whole: it fits the source line as it is. */
export const WHOLE_MESSAGE_CHARS = 160;

/** The sentences of `text` that state `description` (by shared terms), in the message's order; the whole message
 * when it is short, or when no sentence shares a term with the description. Every word is the user's own. */
export function statingExcerpt(text: string, description: string): string {
  const whole = text.trim();
  if ([...whole].length <= WHOLE_MESSAGE_CHARS) return whole;
  const wanted = new Set(tokenize(description));
  const scored = sentences(whole).map((s) => ({ s, score: new Set(tokenize(s).filter((t) => wanted.has(t))).size }));
  const best = Math.max(0, ...scored.map((x) => x.score));
  if (best === 0) return whole;
  // The best sentence, and any other that shares at least half as many terms: a statement said over two sentences
  // ("here's my workflow. I record … then I upload …") keeps both, a passing mention of one word does not.
  return scored
    .filter((x) => x.score > 0 && x.score * 2 >= best)
    .map((x) => x.s)
    .join(" ");
}
