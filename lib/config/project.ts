import path from "node:path";
import { sha256Hex } from "../core/sha256.js";

const SLUG_MAX = 200;

/**
 * Claude Code's project slug: every character outside [A-Za-z0-9] becomes "-", per UTF-16 code unit,
 * with no run-collapsing (`/tmp/a/b` → `-tmp-a-b`). Over 200 characters it truncates and appends a hash,
 * as Claude Code's Node builds do.
 */
export function claudeSlug(absPath: string): string {
  const slug = replaceOutside(absPath, false);
  if (slug.length <= SLUG_MAX) return slug;
  return `${slug.slice(0, SLUG_MAX)}-${javaStringHash(absPath)}`;
}

/** The 32-bit `(h << 5) - h + charCode` hash in base 36, as Claude Code's Node builds compute it. */
function javaStringHash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = ((h << 5) - h + text.charCodeAt(i)) | 0;
  return Math.abs(h).toString(36);
}

/**
 * memctl's stable project key: a readable name plus a hash of the canonical repository path, so every
 * worktree of one repository gets the same key and two repos with one basename never collide.
 */
export function projectKey(canonicalRoot: string): string {
  const base = trimDashes(replaceOutside(path.basename(canonicalRoot), true)) || "root";
  const digest = sha256Hex(canonicalRoot).slice(0, 12); // not node:crypto: its load time would double the hook's work
  return `${base.slice(0, 48)}-${digest}`;
}

// Character loops rather than patterns: both run on every prompt (resolution), where compiling a pattern on its
// first use costs more than walking a path.

/** Every UTF-16 code unit outside [A-Za-z0-9] (and "._-" when `keepPunctuation`) replaced by "-". */
function replaceOutside(text: string, keepPunctuation: boolean): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const kept = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (keepPunctuation && (c === 46 || c === 95 || c === 45));
    if (kept) continue;
    out += `${text.slice(from, i)}-`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The text without leading and trailing "-". */
function trimDashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 45) start++;
  while (end > start && text.charCodeAt(end - 1) === 45) end--;
  return text.slice(start, end);
}
