// Where a card's links lead: `[[name]]` as `memctl show` finds a card, `(file.md)` relative to the store root.
// A link with ".." or an absolute path is reported unsafe and never followed.
import { findCardLinks, type CardLink } from "../core/card-links.js";
import { CARD_TYPES } from "../core/card-rules.js";
import { parseCard } from "../core/card.js";
import { INDEX_FILE } from "../store/paths.js";
import type { CardFile } from "../store/read.js";
import { lexicalProblem, resolveMemoryPath } from "../store/safe-path.js";
import { findCardFile } from "./card-find.js";
import { linkKey } from "../core/link-key.js";

export type LinkStatus = "ok" | "dead" | "unsafe";
export type ResolvedLink = CardLink & { target: string | null; status: LinkStatus /** Why a link is dead or unsafe. */; reason?: string };

/**
 * Finds the card a name or a relative path names (store-relative file), undefined when none; throws when the
 * name is ambiguous. The default reads the disk as `memctl show` does; doctor passes one built from its scan.
 */
export interface LinkFinder {
  byName: (name: string) => string | undefined;
  byPath: (rel: string) => string | undefined;
}

const DISK: (memoryDir: string) => LinkFinder = (memoryDir) => ({
  byName: (name) => findCardFile(memoryDir, name),
  byPath: (rel) => {
    const hit = resolveMemoryPath(memoryDir, rel);
    return hit.kind === "file" ? hit.rel : undefined;
  },
});

export function resolveCardLink(memoryDir: string, link: CardLink, finder: LinkFinder = DISK(memoryDir)): ResolvedLink {
  const unsafe = lexicalProblem(link.link);
  if (unsafe) return { ...link, target: null, status: "unsafe", reason: unsafe };
  let target: string | undefined;
  let reason: string | undefined;
  try {
    target = link.kind === "wiki" ? finder.byName(link.link) : finder.byPath(link.link);
  } catch (err) {
    target = undefined; // ambiguous name, symlink or special file: not a card this link reaches
    reason = (err as Error).message;
  }
  if (target) return { ...link, target, status: "ok" };
  return { ...link, target: null, status: "dead", reason: reason ?? (link.kind === "wiki" ? "no card has this name" : "no such file in the store") };
}

/** The links in a card's text (frontmatter excluded), each resolved. Lines count from the body's first line. */
export function cardLinks(memoryDir: string, cardText: string, finder?: LinkFinder): ResolvedLink[] {
  return findCardLinks(parseCard(cardText).body).map((l) => resolveCardLink(memoryDir, l, finder));
}

/** A link as a reader is told it: where it leads (a card file), or null with why not. */
export type LinkSummary = { link: string; target: string | null; status: LinkStatus };

/** The links of the card `file` among `cards` (a store already read), resolved against those cards; [] when none. */
export function linksOfCard(memoryDir: string, cards: ReadonlyMap<string, CardFile>, file: string, finder = cardsFinder(cards)): LinkSummary[] {
  const text = cards.get(file)?.text;
  return text === undefined ? [] : linksOfText(memoryDir, text, finder);
}

/** The links of a card's text, resolved with `finder`; [] when none. */
export function linksOfText(memoryDir: string, text: string, finder: LinkFinder): LinkSummary[] {
  if (!(text.includes("[[") || text.includes(".md"))) return []; // most cards link nowhere
  return cardLinks(memoryDir, text, finder).map((l) => ({ link: l.link, target: l.target, status: l.status }));
}

/**
 * A finder over cards already read (doctor's scan, a search's store), by the rules of findCardFile, so a
 * 10,000-card store is not re-listed for every link.
 */
export function cardsFinder(cards: ReadonlyMap<string, CardFile>): LinkFinder {
  return finderOver(
    (f) => cards.has(f),
    () => namesOf(cards),
  );
}

/**
 * cardsFinder over the card cache's records (lib/store/card-cache.ts): the same rules without reading a card. A
 * record keeps a frontmatter name as read (a number as its text), so `[[123]]` finds a card named 123 here.
 */
export function recordsFinder(records: readonly { file: string; name?: string }[]): LinkFinder {
  const files = new Set(records.map((r) => r.file));
  return finderOver(
    (f) => files.has(f),
    () => {
      const out = new Map<string, string[]>();
      for (const r of records) if (!r.file.includes("/") && r.name !== undefined) out.set(r.name, [...(out.get(r.name) ?? []), r.file]);
      return out;
    },
  );
}

/**
 * A finder by findCardFile's rules over the cards `has` knows, `names` giving the top-level cards by frontmatter name
 * (asked only for a `[[name]]` no file name answers): a trusted card cache's search gives both without decoding it.
 */
export function finderOver(has: (file: string) => boolean, names: () => Map<string, string[]>): LinkFinder {
  const isCard = (f: string) => f !== INDEX_FILE && f.endsWith(".md") && has(f);
  let byFrontmatterName: Map<string, string[]> | undefined;
  return {
    byPath: (rel) => {
      const clean = linkKey(rel);
      return has(clean) ? clean : undefined;
    },
    byName: (name) => {
      if (name.includes("/")) return isCard(name) ? name : undefined;
      const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
      let hits = direct.filter(isCard);
      if (hits.length === 0) {
        byFrontmatterName ??= names();
        hits = byFrontmatterName.get(name) ?? [];
      }
      if (hits.length > 1) throw new Error(`"${name}" matches ${hits.join(", ")}; link the file instead`);
      return hits[0];
    },
  };
}

/** Top-level cards by their frontmatter name (findCardFile's last resort). */
function namesOf(cards: ReadonlyMap<string, CardFile>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [file, cf] of cards) {
    const name = cf.card?.frontmatter.name;
    if (file.includes("/") || file === INDEX_FILE || typeof name !== "string") continue;
    out.set(name, [...(out.get(name) ?? []), file]);
  }
  return out;
}
