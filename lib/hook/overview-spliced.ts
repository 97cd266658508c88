// Session start's view when the card cache carries a delta (lib/store/card-delta.ts): the card-cache file's view
// after the delta's journaled edits of MEMORY.md. Splicing one edit into the view at 100,000 entries copies its
// 23 MB (35-70 ms here), so the spliced view is kept (.memctl/overview-view, lib/store/card-derived.ts) under the
// card-cache file's stamp with the edits it took; the next start takes it and splices only the edits since (a save
// appends its edit to the delta's). Derived state: a view kept for other edits, another file or none is spliced again
// from the card-cache file's view.
import { readDerived, writeDerived } from "../store/card-derived.js";
import type { CacheStamp } from "../store/full-check.js";
import type { LineEdit } from "../store/index-links.js";
import { editOverviewView } from "./overview-view.js";

export const OVERVIEW_VIEW = "overview-view";

/** The view `bytes` (the card-cache file `base`'s) after `edits`; undefined when they cannot be spliced in. */
export function splicedView(memoryDir: string, source: { bytes: () => Buffer; edits: readonly LineEdit[]; base: CacheStamp }): Buffer | undefined {
  const { bytes, edits, base } = source;
  if (edits.length === 0) return bytes();
  const kept = readDerived(memoryDir, OVERVIEW_VIEW, base);
  const took = kept?.facts.edits;
  // The kept view's edits, as JSON: exactly a start of these (a delta written again from its base may differ).
  const prefix = Array.isArray(took) && took.length <= edits.length && JSON.stringify(took) === JSON.stringify(edits.slice(0, took.length)) ? took.length : 0;
  const from = prefix > 0 ? kept!.payload : bytes();
  if (prefix === edits.length) return from;
  const spliced = editOverviewView(from, edits.slice(prefix));
  if (spliced) writeDerived(memoryDir, OVERVIEW_VIEW, base, { edits }, [spliced]);
  return spliced;
}
