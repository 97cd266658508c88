import { inertText } from "./sanitize.js";

/** inertText for multi-line text: newlines and tabs stay, every other control character becomes \xNN. */
export function inertBlock(text: string): string {
  // Most text is printable ASCII with line breaks: returned as it is, without a split per line and tab.
  if (/^[\x20-\x7e\n\t]*$/.test(text)) return text;
  return text
    .split("\n")
    .map((line) => line.split("\t").map(inertText).join("\t"))
    .join("\n");
}
