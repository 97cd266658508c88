import { inertText } from "./sanitize.js";

/** inertText for multi-line text: newlines and tabs stay, every other control character becomes \xNN. */
export function inertBlock(text: string): string {
  return text
    .split("\n")
    .map((line) => line.split("\t").map(inertText).join("\t"))
    .join("\n");
}
