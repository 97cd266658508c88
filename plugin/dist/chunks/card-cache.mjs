import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  readCardCatalog,
  readFresh
} from "./store-card-cache.mjs";
import {
  CARD_CACHE,
  CARD_WORDS
} from "./store-card-cache-format.mjs";
import "./core-search-terms.mjs";
import "./store-full-check.mjs";
import "./store-write-journal.mjs";
import "./core-index-bytes.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import "./core-errors.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import "./runtime.mjs";
export {
  CARD_CACHE,
  CARD_WORDS,
  readCardCatalog,
  readFresh
};
