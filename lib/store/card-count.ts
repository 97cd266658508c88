// How many card files a store holds, for a missing MEMORY.md's report (the hook and doctor alike). Apart from read.ts,
// which loads js-yaml to parse cards: the per-prompt hook imports this, and must not load the YAML parser to count.
import fs from "node:fs";
import { isCardFile } from "../core/card-types.js";

/**
 * The card files in `dir`: regular files named like a card at its root (isCardFile), notes and folders left out.
 * What a missing MEMORY.md is reported with, by the hook and by doctor alike; throws what readdir throws.
 */
export function countCardFiles(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && isCardFile(e.name)).length;
}
