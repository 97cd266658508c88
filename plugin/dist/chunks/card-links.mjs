import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  cardLinks,
  cardsFinder,
  finderOver,
  linksOfCard,
  linksOfText,
  recordsFinder,
  resolveCardLink
} from "./core-card-links.mjs";
import "./records-card-find.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./core-card-rules.mjs";
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
  cardLinks,
  cardsFinder,
  finderOver,
  linksOfCard,
  linksOfText,
  recordsFinder,
  resolveCardLink
};
