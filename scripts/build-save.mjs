// `memctl save`'s one-file bundle (lib/cli/save-bin.ts), shared by the package (scripts/build.mjs → dist/cli-save.cjs)
// and the plugin (scripts/build-plugin.mjs → plugin/dist/cli-save.cjs): the CLI's entry (lib/cli/bin.ts) starts it
// for `memctl save …` when it sits beside it. A save's ~60 modules loaded one by one cost ~25 ms of CPU more than
// one file (bench/history/2026-12.md, "h/savemods"), and the plugin's CLI is one file per module (~50 ms more: "h/save7").
// CommonJS, so that the modules only a staged save or [recall] on_save runs (the proposal writer, the model runner
// and its node:child_process) stay uninitialised until used: an ES module bundle hoists every builtin import to its
// top. Not minified: the plugin commits it, and its diff follows the source diff (docs/internals.md).
import { build } from "esbuild";
import { builtinsAsIs, jsoncParserEsm, nodeBundle } from "./build-hook.mjs";

/**
 * Bundles the save path into `outfile`. `external`: the packages left to node_modules (the package's build);
 * `vendor`: for a build with no node_modules (the plugin), the output path, relative to `outfile`, of each package
 * the sources import lazily (secretlint: loaded by `import()` only when a write is scanned), every other package
 * inlined. The plugin's vendor files are ES modules, which a CommonJS file reaches through `import()` only.
 */
export async function buildSave(outfile, { external = [], vendor } = {}) {
  const plugins = [builtinsAsIs, jsoncParserEsm];
  if (vendor)
    plugins.push({
      name: "lazy-packages-from-vendor",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.kind !== "dynamic-import" || args.path.startsWith("node:")) return undefined;
          const to = vendor(args.path);
          if (!to) throw new Error(`build-save: ${args.path} is imported lazily but the plugin has no vendor file for it`);
          return { path: to, external: true };
        });
      },
    });
  return build({ ...nodeBundle, entryPoints: ["lib/cli/save-bin.ts"], outfile, format: "cjs", external, plugins });
}
