// Links a card body makes to other cards: `[[name]]`, `[[name|label]]`, and relative Markdown links to `.md`
// files. Pure; code spans and fenced blocks are skipped because links shown as code are examples, not links.

export type CardLink = { kind: "wiki" | "markdown"; link: string; line: number };

/** Every link in `body`, in order, with its 1-based line. URLs (scheme:) and anchors-only are not card links. */
export function findCardLinks(body: string): CardLink[] {
  const found: CardLink[] = [];
  let fence: string | undefined;
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence !== undefined) {
      if (opener && opener[1]![0] === fence[0] && opener[1]!.length >= fence.length) fence = undefined;
      continue;
    }
    if (opener) {
      fence = opener[1];
      continue;
    }
    const text = raw.replace(/(`+)[^`]*?\1/g, (m) => " ".repeat(m.length));
    for (const m of text.matchAll(/\[\[([^[\]|\n]+)(?:\|[^[\]\n]*)?\]\]/g)) {
      const name = m[1]!.trim();
      if (name) found.push({ kind: "wiki", link: name, line: i + 1 });
    }
    for (const m of text.matchAll(/\]\(\s*<?([^()\s<>]+?\.md)(?:#[^()\s]*)?>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1]!;
      if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target)) continue; // http:, https:, file: … are not card links
      found.push({ kind: "markdown", link: target, line: i + 1 });
    }
  }
  return found;
}
