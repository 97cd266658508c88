// Where a card's links lead: `[[name]]` as `memctl show` finds a card, `(file.md)` relative to the store root.
// A link with ".." or an absolute path is reported unsafe and never followed.
import { findCardLinks, type CardLink } from "../core/card-links.js";
import { parseCard } from "../core/card.js";
import { lexicalProblem, resolveMemoryPath } from "../store/safe-path.js";
import { findCardFile } from "./card-find.js";

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
