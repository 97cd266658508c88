// The four card tiers and how a card's file name carries its type (`<type>_<name>.md`), defined once. No imports:
// the per-prompt hook reads file names through here too.

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
