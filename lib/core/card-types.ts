// The four card tiers, how a card's file name carries its type (`<type>_<name>.md`) and what a card's path looks
// like, defined once. No imports: the per-prompt hook reads file names through here too.

export const CARD_TYPES = ["feedback", "project", "reference", "user"] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** `<type>_` at the start of a file or card name; group 1 is the type. */
export const CARD_TYPE_PREFIX = new RegExp(`^(${CARD_TYPES.join("|")})_`);

/** The type a file name's prefix names (its last path segment), or undefined. */
export function typeFromFileName(file: string): CardType | undefined {
  return CARD_TYPE_PREFIX.exec(file.slice(file.lastIndexOf("/") + 1))?.[1] as CardType | undefined;
}

/** A card name without its `<type>_` prefix. */
export function withoutTypePrefix(name: string): string {
  return name.replace(CARD_TYPE_PREFIX, "");
}

const CARD_FILE = new RegExp(`${CARD_TYPE_PREFIX.source}[^/]+\\.md$`);

/** True for a store-relative path named like a card at the store root. */
export function isCardFile(rel: string): boolean {
  return CARD_FILE.test(rel);
}

/** The store's index: a `.md` file that is never a card. */
export const INDEX_FILE = "MEMORY.md";
/** `memctl rebuild-summary`'s digest of the episodes (seed 001); not a card. */
export const EPISODES_SUMMARY_FILE = "episodes.summary.md";

/** One path segment a listing keeps: not empty, not starting with a dot, no slash, backslash or control character. */
const SEGMENT = String.raw`[^./\\\u0000-\u001f\u007f][^/\\\u0000-\u001f\u007f]*`;
const CARD_PATH = new RegExp(String.raw`^(?:${SEGMENT}/)*${SEGMENT}\.md$`);
const DIR_PATH = new RegExp(`^(?:${SEGMENT}/)*${SEGMENT}$`);

/**
 * A card file name as listCardFiles (lib/store/read.ts) would list it: relative, no `..` or other dot segment, no
 * control character, a `.md` other than MEMORY.md. A cache names files to stat, so a planted name never escapes.
 */
export function isCardFileName(file: unknown): file is string {
  return typeof file === "string" && CARD_PATH.test(file) && file !== INDEX_FILE && file !== EPISODES_SUMMARY_FILE;
}

/** A directory a listing walks, by the same rule ("" is the store itself). */
export function isCardDirName(dir: unknown): dir is string {
  return dir === "" || (typeof dir === "string" && DIR_PATH.test(dir));
}
