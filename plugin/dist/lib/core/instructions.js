// lib/core/instructions.ts
import { utf8Bytes } from "./block.js";
import { parseImports, resolveImport } from "./instruction-imports.js";
var MAX_IMPORT_DEPTH = 5;
var MAX_COMPOSED_BYTES = 2 * 1024 * 1024;
var MAX_COMPOSED_FILES = 1e3;
function composeInstructions(sources, read, options) {
  const maxDepth = options.maxDepth ?? MAX_IMPORT_DEPTH;
  const maxBytes = options.maxBytes ?? MAX_COMPOSED_BYTES;
  const maxFiles = options.maxFiles ?? MAX_COMPOSED_FILES;
  let bytes = 0;
  let files = 0;
  let overReported = false;
  const parts = [];
  const problems = [];
  const seen = /* @__PURE__ */ new Set();
  const visit = (file, layer, depth, root, from, chain) => {
    const at = from ? { file: from.file, line: from.line, target: from.target } : { file };
    if (bytes >= maxBytes || files >= maxFiles) {
      if (!overReported)
        problems.push({
          kind: "unreadable",
          ...at,
          detail: `not read, nor anything after it: the instruction files composed so far hold ${bytes} bytes in ${files} files, the limit is ${maxBytes} bytes or ${maxFiles} files`
        });
      overReported = true;
      return;
    }
    files++;
    const got = read(file, layer, chain);
    if (got.status === "missing") {
      if (from) problems.push({ kind: "dead-import", ...at, detail: `${file} does not exist` });
      return;
    }
    if (got.status !== "ok") {
      problems.push({ kind: got.status, ...at, detail: got.detail });
      return;
    }
    if (chain.includes(got.key)) {
      problems.push({ kind: "cycle", ...at, detail: `@${from?.target ?? file} leads back to ${file}, already being composed (${[...chain, got.key].join(" \u2192 ")})` });
      return;
    }
    if (seen.has(got.key)) return;
    seen.add(got.key);
    const source = root ?? file;
    const size = utf8Bytes(got.text);
    bytes += size;
    parts.push({ file, key: got.key, layer, depth, source, ...from ? { from } : {}, text: got.text, bytes: size });
    for (const ref of parseImports(got.text)) {
      const next = { file, line: ref.line, target: ref.target };
      if (depth + 1 > maxDepth) {
        problems.push({ kind: "depth", ...next, detail: `@${ref.target} is ${depth + 1} hops from ${source}, past the limit of ${maxDepth}: not composed` });
        continue;
      }
      visit(resolveImport(ref.target, file, options.home), layer, depth + 1, source, next, [...chain, got.key]);
    }
  };
  for (const s of sources) visit(s.file, s.layer, 0, void 0, void 0, []);
  return { parts, problems };
}
function importOnly(part) {
  const lines = part.text.split("\n").filter((l) => l.trim() !== "");
  return lines.length > 0 && lines.every((l) => /^\s*(@\S+\s*)+$/.test(l)) && parseImports(part.text).length > 0;
}
function nativeKeys(present, read, options) {
  const loaded = composeInstructions(
    present.map((file) => ({ file, layer: "project" })),
    read,
    { home: options.home, maxDepth: options.importDepth }
  );
  return new Set(loaded.parts.map((p) => p.key));
}
export {
  MAX_COMPOSED_BYTES,
  MAX_COMPOSED_FILES,
  MAX_IMPORT_DEPTH,
  composeInstructions,
  importOnly,
  nativeKeys
};
