import path from "node:path";
import { ASCII_TEXT } from "./sanitize.js";

// A card link as every reader compares it. MEMORY.md may link a card as `./a.md` or `a.md`, a card body likewise,
// and the write journal names cards as their writer spelled them: all are one card. What is kept as written on
// purpose: a percent-escape, angle brackets or backslash escapes (parseIndexLine has already undone those in an
// entry's `file`), and any other `./` or `../` segment (a link that is not plainly store-relative stays distinct,
// so the safety checks downstream see it as written). Scopes (scope.ts) strip every leading `./` and a trailing
// `/`: a directory pattern, not a card link.

/** A link's key: one leading "./" dropped, nothing else changed ("./a.md" and "a.md" are one card). */
export function linkKey(link: string): string {
  return link.startsWith("./") ? link.slice(2) : link;
}

/**
 * A store-relative path as the rank cache, the card view and the sync hold list key it: backslashes made "/",
 * "." and ".." segments resolved (path.posix.normalize), then linkKey ("./" alone normalises to itself, keyed "").
 */
export function cardPathKey(file: string): string {
  // A plain name (no backslash, no empty, "." or ".." segment) is its own key: the hook keys every candidate.
  if (file !== "" && !PLAIN_NOT.test(file)) return file;
  return linkKey(path.posix.normalize(file.replace(/\\/g, "/")));
}
const PLAIN_NOT = /\\|\/\/|(^|\/)\.\.?(\/|$)/;

/**
 * A path as a case-folding filesystem (macOS, Windows, ext4 `chattr +F`) may match it: decomposed, case folded
 * (upper then lower: ß is ss). Two paths with one fold can be one file there.
 */
export function foldedPath(rel: string): string {
  // ASCII folds to its lower case: no normaliser (the first call of String#normalize costs the hook ~3 ms).
  if (ASCII_TEXT.test(rel)) return rel.toLowerCase();
  return rel.normalize("NFD").toUpperCase().toLowerCase();
}
