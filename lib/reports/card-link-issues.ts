// Doctor's check of the links inside card bodies (`[[name]]`, relative `(file.md)`): every dead or unsafe one,
// with the card and the line of the card file it is on. Resolved against doctor's own scan of the store (the
// rules of lib/records/card-find.ts), so a 10,000-card store is not re-listed for every link.
import { CARD_TYPES } from "../core/card-rules.js";
import { parseCard } from "../core/card.js";
import { cardLinks, type LinkFinder } from "../records/card-links.js";
import type { StoreView } from "../records/store-view.js";
import { INDEX_FILE } from "../store/paths.js";

export interface CardLinkIssue {
  card: string;
  /** 1-based line in the card file (frontmatter counted), as an editor shows it. */
  line: number;
  link: string;
  status: "dead" | "unsafe";
  reason: string;
}

export function cardLinkIssues(memoryDir: string, view: StoreView): CardLinkIssue[] {
  const finder = viewFinder(view);
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

function viewFinder(view: StoreView): LinkFinder {
  const isCard = (f: string) => f !== INDEX_FILE && f.endsWith(".md") && view.cards.has(f);
  let byFrontmatterName: Map<string, string[]> | undefined;
  return {
    byPath: (rel) => {
      const clean = rel.replace(/^\.\//, "");
      return view.cards.has(clean) ? clean : undefined;
    },
    byName: (name) => {
      if (name.includes("/")) return isCard(name) ? name : undefined;
      const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
      let hits = direct.filter(isCard);
      if (hits.length === 0) {
        byFrontmatterName ??= namesOf(view);
        hits = byFrontmatterName.get(name) ?? [];
      }
      if (hits.length > 1) throw new Error(`"${name}" matches ${hits.join(", ")}; link the file instead`);
      return hits[0];
    },
  };
}

/** Top-level cards by their frontmatter name (findCardFile's last resort). */
function namesOf(view: StoreView): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [file, cf] of view.cards) {
    const name = cf.card?.frontmatter.name;
    if (file.includes("/") || file === INDEX_FILE || typeof name !== "string") continue;
    out.set(name, [...(out.get(name) ?? []), file]);
  }
  return out;
}
