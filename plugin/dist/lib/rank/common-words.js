// lib/rank/common-words.ts
import { COMMON_SPOKEN_WORDS } from "./common-words-data.js";
var COMMON_SPOKEN_COUNT = 200;
var common;
function isCommonSpoken(term) {
  return (common ??= new Set(COMMON_SPOKEN_WORDS.split(" "))).has(term);
}
export {
  COMMON_SPOKEN_COUNT,
  isCommonSpoken
};
