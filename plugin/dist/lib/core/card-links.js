// lib/core/card-links.ts
function findCardLinks(body) {
  const found = [];
  let fence;
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence !== void 0) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = void 0;
      continue;
    }
    if (opener) {
      fence = opener[1];
      continue;
    }
    const text = raw.replace(/(`+)[^`]*?\1/g, (m) => " ".repeat(m.length));
    for (const m of text.matchAll(/\[\[([^[\]|\n]+)(?:\|[^[\]\n]*)?\]\]/g)) {
      const name = m[1].trim();
      if (name) found.push({ kind: "wiki", link: name, line: i + 1 });
    }
    for (const m of text.matchAll(/\]\(\s*<?([^()\s<>]+?\.md)(?:#[^()\s]*)?>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1];
      if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target)) continue;
      found.push({ kind: "markdown", link: target, line: i + 1 });
    }
  }
  return found;
}
export {
  findCardLinks
};
