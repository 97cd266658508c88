// One POSIX shell quoting for the commands memctl writes for a shell: git's merge-driver lines, and the fixes
// doctor prints for the user to paste.
import { inertText } from "./sanitize.js";

/** `word` as one single-quoted shell word, whatever it holds. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `word` bare when the shell reads it as itself (easier to read in a printed fix), else shellQuote(word). */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./@:+-]+$/.test(word) ? word : shellQuote(word);
}

/**
 * A store-derived word (a card's file name, a path) inside a command printed for the user to paste: inert, so no
 * control byte reaches the terminal, and quoted, so a pushed `project_$(cmd).md` is a name, never a command.
 */
export function pastedWord(word: string): string {
  return shellWord(inertText(word));
}
