// The per-prompt hook's build, shared by the package (scripts/build.mjs → dist/hooks) and the plugin
// (scripts/build-plugin.mjs → plugin/dist/hooks, every dependency inlined).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

// What every bundle shares: bundled for Node 20, no source maps, warnings only.
// preserveSymlinks: module paths (in chunk hashes and CommonJS wrapper keys) stay inside the source tree even
// where node_modules is a symlink, so a build of a clean checkout is byte for byte the committed plugin/.
export const nodeBundle = { bundle: true, platform: "node", target: "node20", sourcemap: false, logLevel: "warning", preserveSymlinks: true };
export const HOOK_BODY = "user-prompt-submit.body.js";

// The per-prompt hook is one CommonJS file: Node 20 starts a CJS script ~7 ms sooner than the same bundle as
// ESM (no ESM loader internals, no source-text module, cheap builtin require). Its entry is .cjs (no package
// scope lookup at start); the .js copy and the body need dist/hooks/package.json to mark that folder commonjs.
// Everything it imports is inlined; the card parser (and with it js-yaml) is only initialised when the rank
// cache is rebuilt (test/hooks/import-graph.test.ts enforces what the hook may reach).
// The bundle is the body; the path hosts run is a small loader that starts it from V8's code cache
// (lib/hook/entry/code-cache-loader.ts), written by the first typical prompt. Not minified, so a plugin/ diff of the body
// follows the source diff: measured interleaved on this machine, the minified body saved no CPU time a prompt
// (docs/internals.md, "Readable build output").
/** Builds the hook's body and its loader, the keeper and the session start into `dir`; returns the hook body's esbuild result (with its metafile). */
export async function buildHook(dir, external) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/package.json`, `${JSON.stringify({ type: "commonjs" })}\n`);
  // It is also the memctl-hook bin (package.json), run directly from PATH by committed project-scope wirings.
  const body = await buildCached(dir, "user-prompt-submit", external, { js: "#!/usr/bin/env node" });
  // The freshness keeper (lib/hook/entry/keeper.ts): started detached by the hook, beside it, for large stores.
  // A plain bundle: it starts once per keeper, not once per prompt.
  await build({ ...nodeBundle, entryPoints: ["lib/hook/entry/keeper.ts"], outfile: `${dir}/keeper.cjs`, format: "cjs", external, plugins: [builtinsAsIs, jsoncParserEsm] });
  // The session start (lib/hook/entry/session-start.ts): the CLI (dist/cli.js, plugin/dist/cli.mjs) starts
  // session-start.cjs from here for the wired `hook session-start` flags. Built as the hook is, for the same reasons:
  // no ES module graph to load, and compiled code from the cache. js-yaml is inlined as in the CLI (the card parser
  // is imported statically on this path; a package resolved from node_modules costs a lookup at every start).
  await buildCached(
    dir,
    "session-start",
    external.filter((d) => d !== "js-yaml"),
  );
  return body;
}

// A default import of a Node builtin (`import fs from "node:fs"`, in ~30 of the body's modules) bundles to CommonJS as
// __toESM(require("node:fs"), 1), which defines a getter for each of the module's ~100 exports, once per importing
// module: ~2 ms of every prompt, whatever the store's size (bench/history/2026-12.md, h/warm3). Here each builtin is one
// small ES module holding the builtin itself, so every import of it reads that object. Every CommonJS bundle
// (the hook bodies, the keeper, `memctl save`) is built with it. process.getBuiltinModule (Node 20.16, the
// package's floor), not require(): the first require() compiles Node's CommonJS loader path (~0.1 ms a prompt,
// bench/history/2026-12.md, h/fixed).
const BUILTIN_EXPORTS = { "node:buffer": ["isAscii"], "node:fs": [], "node:os": [], "node:path": ["isAbsolute", "join", "sep"] };
export const builtinsAsIs = {
  name: "builtins-as-is",
  setup(b) {
    b.onResolve({ filter: /^node:(buffer|fs|os|path)$/ }, (args) => ({ path: args.path, namespace: "builtin" }));
    b.onLoad({ filter: /.*/, namespace: "builtin" }, (args) => ({
      contents: `const m = process.getBuiltinModule(${JSON.stringify(args.path)});\nexport default m;\n${BUILTIN_EXPORTS[args.path].map((n) => `export const ${n} = m.${n};\n`).join("")}`,
      loader: "js",
    }));
  },
};

// jsonc-parser's "main" is a UMD file that loads its parts through a require() esbuild cannot follow: a bundle of it
// fails with "Cannot find module './impl/format'" where no node_modules is (the plugin's vendor file did, so the
// plugin's `memctl install` could not start). Its ES build (the package's "module") bundles whole. A build that leaves
// jsonc-parser external still gets the package as npm installs it. Its modules are marked free of side effects (they
// only define), so a bundle drops the formatter and editor it never calls: their tables of indent strings cost every
// prompt ~2 M instructions at start-up (bench/README.md, h/warm1k).
const OWN = Symbol("jsonc-parser-esm");
export const jsoncParserEsm = {
  name: "jsonc-parser-esm",
  setup(b) {
    if ((b.initialOptions.external ?? []).includes("jsonc-parser")) return;
    b.onResolve({ filter: /^(jsonc-parser|\.\.?\/.*)$/ }, async (args) => {
      const root = args.path === "jsonc-parser";
      if (args.pluginData === OWN || (!root && !/[\\/]jsonc-parser[\\/]lib[\\/]esm[\\/]/.test(args.importer))) return undefined;
      const to = root ? "jsonc-parser/lib/esm/main.js" : args.path;
      const r = await b.resolve(to, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir || process.cwd(), pluginData: OWN });
      return r.errors.length > 0 ? { errors: r.errors } : { path: r.path, namespace: r.namespace, sideEffects: false };
    });
  },
};

// In a hook body jsonc-parser is reached only when a Claude settings file that mentions autoMemoryEnabled is not
// plain JSON (hosts/claude/auto-memory.ts): its tables (TypeScript enums built at start-up) cost every prompt
// ~0.7 M instructions. There the one JSONC reader's three imports load it on first call: a require() of the ES
// build, which esbuild keeps in a lazily initialised wrapper (bench/README.md, h/warm1k2).
const LAZY = "jsonc-parser-lazy";
export const jsoncParserLazy = {
  name: LAZY,
  setup(b) {
    const NAMES = ["findNodeAtLocation", "parseTree", "printParseErrorCode"];
    b.onResolve({ filter: /^jsonc-parser$/ }, (args) => (/[\\/]lib[\\/]core[\\/]jsonc\.ts$/.test(args.importer) ? { path: "calls", namespace: LAZY } : undefined));
    b.onResolve({ filter: /^jsonc-parser-lazy:names$/ }, () => ({ path: "names", namespace: LAZY }));
    b.onLoad({ filter: /.*/, namespace: LAZY }, (args) => ({
      // "names" re-exports only what the reader uses, so the formatter and editor stay out of the bundle.
      contents:
        args.path === "names"
          ? `export { ${NAMES.join(", ")} } from "jsonc-parser";\n`
          : NAMES.map((n) => `export function ${n}(...a) { return require("jsonc-parser-lazy:names").${n}(...a); }\n`).join(""),
      resolveDir: process.cwd(),
      loader: "js",
    }));
  },
};

/** lib/hook/entry/<name>.ts as <name>.body.js and its code-cache loader <name>.cjs; returns the body's build result. */
async function buildCached(dir, name, external, banner) {
  const bodyName = `${name}.body.js`;
  const bodyFile = `${dir}/${bodyName}`;
  const body = await build({
    ...nodeBundle,
    entryPoints: [`lib/hook/entry/${name}.ts`],
    outfile: bodyFile,
    format: "cjs",
    external,
    metafile: true,
    plugins: [builtinsAsIs, jsoncParserLazy, jsoncParserEsm],
  });
  wrapForLoader(bodyFile);
  await build({
    ...nodeBundle,
    entryPoints: ["lib/hook/entry/code-cache-loader.ts"],
    outfile: `${dir}/${name}.cjs`,
    format: "cjs",
    ...(banner ? { banner } : {}),
    define: {
      BODY_FILE: JSON.stringify(bodyName),
      BODY_HASH: JSON.stringify(createHash("sha256").update(readFileSync(bodyFile)).digest("hex").slice(0, 16)),
    },
  });
  return body;
}

// The body is stored as the loader compiles it: ASCII only, inside the CommonJS module wrapper. esbuild escapes
// non-ASCII in strings but keeps it in comments and regular expression literals; an ASCII body is read as
// latin1 (a copy) instead of being validated and decoded as UTF-8 on every prompt, and a \uXXXX escape means
// the same character in a comment, a string, a template or a regular expression (with or without /u). With the
// wrapper already in the file, the loader compiles what it read instead of a concatenated copy.
export function wrapForLoader(file) {
  const text = readFileSync(file, "utf8");
  const escaped = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (!/^[\x00-\x7f]*$/.test(escaped)) throw new Error(`build: ${file} is not ASCII after escaping`);
  writeFileSync(file, `(function (exports, require, module, __filename, __dirname) {${escaped}\n})`);
}
