// Which proposals `consolidate --accept-facts` may promote without the owner looking (issue 29: never on a
// label the proposer set about itself). `kind: fact` is the proposer's own claim, so it is enough only when
//   - the proposer is the owner (actor "human": the owner's own shell; an agent host's shell is never human), or
//   - its source can be checked: it names a file that exists in the repository ("ci.yml line 40", "path:ci.yml").
// A fact from a host, an agent, a model (distill --llm: model:<program>) or a sync's author with a source
// memctl cannot check ("standup", "chat") stays pending for `memctl accept`.
import fs from "node:fs";
import path from "node:path";

export const OWNER_ACTOR = "human";

/** The repository file a source names first ("path:x", or a first word with a dot or slash), if any. */
export function sourceFile(source: string): string | undefined {
  const first = source.trim().split(/\s+/)[0] ?? "";
  const word = first.replace(/^path:/, "").replace(/[:;,.]+$/, "");
  if (word === "" || !/[./]/.test(word) || /^[a-z][a-z0-9+.-]*:/i.test(word)) return undefined; // a URL is not checked here
  if (path.isAbsolute(word) || word.split(/[\\/]/).includes("..")) return undefined;
  return word;
}

/** A checker for sources against the repository at `repoRoot`: a regular file, not reached through a link. */
export function repoSourceChecker(repoRoot: string | undefined): (source: string) => boolean {
  if (!repoRoot) return () => false;
  return (source) => {
    const rel = sourceFile(source);
    if (!rel) return false;
    try {
      return fs.lstatSync(path.join(repoRoot, rel)).isFile();
    } catch {
      return false;
    }
  };
}
