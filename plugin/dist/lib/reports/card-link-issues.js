// lib/reports/card-link-issues.ts
import { parseCard } from "../core/card.js";
import { cardLinks, cardsFinder } from "../records/card-links.js";
function cardLinkIssues(memoryDir, view) {
  const finder = cardsFinder(view.cards);
  const out = [];
  for (const [file, cf] of view.cards) {
    const text = cf.text;
    if (text === void 0 || !(text.includes("[[") || text.includes(".md"))) continue;
    const body = parseCard(text).body;
    const offset = text.endsWith(body) ? text.slice(0, text.length - body.length).split("\n").length - 1 : 0;
    for (const l of cardLinks(memoryDir, text, finder)) {
      if (l.status === "ok") continue;
      out.push({ card: file, line: l.line + offset, link: l.link, status: l.status, reason: l.reason ?? l.status });
    }
  }
  return out;
}
export {
  cardLinkIssues
};
