// Where a card's links lead: `[[name]]` as `memctl show` finds a card, `(file.md)` relative to the store root.
// A link with ".." or an absolute path is reported unsafe and never followed.
import { findCardLinks, type CardLink } from "../core/card-links.js";
import { parseCard } from "../core/card.js";
import { lexicalProblem, resolveMemoryPath } from "../store/safe-path.js";
import { findCardFile } from "./card-find.js";

export type LinkStatus = "ok" | "dead" | "unsafe";
export type ResolvedLink = CardLink & { target: string | null; status: LinkStatus };

export function resolveCardLink(memoryDir: string, link: CardLink): ResolvedLink {
  if (lexicalProblem(link.link)) return { ...link, target: null, status: "unsafe" };
  let target: string | undefined;
  try {
    if (link.kind === "wiki") target = findCardFile(memoryDir, link.link);
    else {
      const hit = resolveMemoryPath(memoryDir, link.link);
      target = hit.kind === "file" ? hit.rel : undefined;
    }
  } catch {
    target = undefined; // ambiguous name, symlink or special file: not a card this link reaches
  }
  return { ...link, target: target ?? null, status: target ? "ok" : "dead" };
}

/** The links in a card's text (frontmatter excluded), each resolved. Lines count from the body's first line. */
export function cardLinks(memoryDir: string, cardText: string): ResolvedLink[] {
  return findCardLinks(parseCard(cardText).body).map((l) => resolveCardLink(memoryDir, l));
}
