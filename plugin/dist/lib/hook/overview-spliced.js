// lib/hook/overview-spliced.ts
import { readDerived, writeDerived } from "../store/card-derived.js";
import { editOverviewView } from "./overview-view.js";
var OVERVIEW_VIEW = "overview-view";
function splicedView(memoryDir, source) {
  const { bytes, edits, base } = source;
  if (edits.length === 0) return bytes();
  const kept = readDerived(memoryDir, OVERVIEW_VIEW, base);
  const took = kept?.facts.edits;
  const prefix = Array.isArray(took) && took.length <= edits.length && JSON.stringify(took) === JSON.stringify(edits.slice(0, took.length)) ? took.length : 0;
  const from = prefix > 0 ? kept.payload : bytes();
  if (prefix === edits.length) return from;
  const spliced = editOverviewView(from, edits.slice(prefix));
  if (spliced) writeDerived(memoryDir, OVERVIEW_VIEW, base, { edits }, [spliced]);
  return spliced;
}
export {
  OVERVIEW_VIEW,
  splicedView
};
