// Doctor's check of the links inside card bodies (`[[name]]`, relative `(file.md)`): every dead or unsafe one,
// with the card and the line of the card file it is on. Resolved against doctor's own scan of the store (the
// rules of lib/records/card-find.ts), so a 10,000-card store is not re-listed for every link.
import { parseCard } from "../core/card.js";
import { cardLinks, cardsFinder } from "../records/card-links.js";
import type { StoreView } from "../records/store-view.js";

export interface CardLinkIssue {
  card: string;
  /** 1-based line in the card file (frontmatter counted), as an editor shows it. */
  line: number;
  link: string;
  status: "dead" | "unsafe";
  reason: string;
}

export function cardLinkIssues(memoryDir: string, view: StoreView): CardLinkIssue[] {
  const finder = cardsFinder(view.cards);
  const out: CardLinkIssue[] = [];
  for (const [file, cf] of view.cards) {
    const text = cf.text;
    if (text === undefined || !(text.includes("[[") || text.includes(".md"))) continue; // most cards link nowhere
    const body = parseCard(text).body;
    const offset = text.endsWith(body) ? text.slice(0, text.length - body.length).split("\n").length - 1 : 0;
    for (const l of cardLinks(memoryDir, text, finder)) {
      if (l.status === "ok") continue;
      out.push({ card: file, line: l.line + offset, link: l.link, status: l.status, reason: l.reason ?? l.status });
    }
  }
  return out;
}
