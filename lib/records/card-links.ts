// Where a card's links lead: `[[name]]` as `memctl show` finds a card, `(file.md)` relative to the store root.
// A link with ".." or an absolute path is reported unsafe and never followed.
import { findCardLinks, type CardLink } from "../core/card-links.js";
import { CARD_TYPES } from "../core/card-rules.js";
import { parseCard } from "../core/card.js";
import { INDEX_FILE } from "../store/paths.js";
import { type CardFile, readStore } from "../store/read.js";
import { lexicalProblem, resolveMemoryPath } from "../store/safe-path.js";
import { findCardFile } from "./card-find.js";
import { linkKey } from "../core/link-key.js";
import { usageError } from "../core/errors.js";

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

/**
 * The card `name` names, for show and memory_view: findCardFile's few stats and index look-up, then, only when they
 * find nothing, doctor's finder over every card, so a name that reaches a card in a `[[link]]` (a subfolder card by
 * frontmatter or file name, a kebab name for a snake_case file) opens it too. Two cards by that name: a usage error.
 */
export async function findNamedCard(memoryDir: string, name: string): Promise<string | undefined> {
  const quick = findCardFile(memoryDir, name);
  if (quick !== undefined || name.includes("/")) return quick;
  let cards: ReadonlyMap<string, CardFile>;
  try {
    cards = (await readStore(memoryDir)).cards;
  } catch {
    return undefined; // no readable MEMORY.md: the look-up's answer stands
  }
  try {
    return cardsFinder(cards).byName(name);
  } catch (err) {
    throw usageError((err as Error).message);
  }
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
    () => cards.keys(),
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
      for (const r of records) if (r.name !== undefined) out.set(r.name, [...(out.get(r.name) ?? []), r.file]);
      return out;
    },
    () => files,
  );
}

/**
 * A finder by findCardFile's rules, widened for links, over the cards `has` knows: `names` gives the cards by frontmatter
 * name, subfolders too (asked only for a `[[name]]` no file name answers; a top-level card wins), `files` every card
 * file. Hand-kept stores link `[[reference-gsim-layout]]` to reference_gsim_layout.md and keep cards in folders
 * (decisions/x.md named x): as a last resort a link finds the one card whose file name, `-` and `_` alike, is it.
 */
export function finderOver(has: (file: string) => boolean, names: () => Map<string, string[]>, files?: () => Iterable<string>): LinkFinder {
  const isCard = (f: string) => f !== INDEX_FILE && f.endsWith(".md") && has(f);
  let byFrontmatterName: Map<string, string[]> | undefined;
  let byFoldedStem: Map<string, string[]> | undefined;
  const one = (name: string, hits: readonly string[]) => {
    if (hits.length > 1) throw new Error(`"${name}" matches ${hits.join(", ")}; name its file instead`);
    return hits[0];
  };
  return {
    byPath: (rel) => {
      const clean = linkKey(rel);
      return has(clean) ? clean : undefined;
    },
    byName: (name) => {
      if (name.includes("/")) return isCard(name) ? name : undefined;
      const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
      const hits = direct.filter(isCard);
      if (hits.length > 0) return one(name, hits);
      byFrontmatterName ??= names();
      const named = topLevelFirst(byFrontmatterName.get(name) ?? []);
      if (named.length > 0 || !files) return one(name, named);
      byFoldedStem ??= foldedStems(files(), isCard);
      const stem = foldStem(name.endsWith(".md") ? name.slice(0, -3) : name);
      return one(name, topLevelFirst([...new Set([stem, ...CARD_TYPES.map((t) => `${t}_${stem}`)].flatMap((k) => byFoldedStem?.get(k) ?? []))]));
    },
  };
}

/** The top-level files among `files` when there are any, else all of them. */
function topLevelFirst(files: readonly string[]): readonly string[] {
  const top = files.filter((f) => !f.includes("/"));
  return top.length > 0 ? top : files;
}

/** A card file name's stem with `-` read as `_`: the key a kebab-case link and a snake_case file share. */
function foldStem(stem: string): string {
  return stem.replace(/-/g, "_");
}

function foldedStems(files: Iterable<string>, isCard: (f: string) => boolean): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of files) {
    if (!isCard(f)) continue;
    const key = foldStem(f.slice(f.lastIndexOf("/") + 1, -3));
    out.set(key, [...(out.get(key) ?? []), f]);
  }
  return out;
}

/** Cards, top level and in subfolders, by their frontmatter name. */
function namesOf(cards: ReadonlyMap<string, CardFile>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [file, cf] of cards) {
    const name = cf.card?.frontmatter.name;
    if (file === INDEX_FILE || typeof name !== "string") continue;
    out.set(name, [...(out.get(name) ?? []), file]);
  }
  return out;
}
