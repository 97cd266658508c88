import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  LIST_ROWS,
  PIPED_COLUMNS,
  elide,
  run,
  spec,
  writeTable
} from "./cli-list.mjs";
import "./store-card-derived.mjs";
import "./store-card-cache-trusted.mjs";
import "./store-card-cache.mjs";
import "./store-card-cache-format.mjs";
import "./core-search-terms.mjs";
import "./store-full-check.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import "./store-lock.mjs";
import "./cli-output.mjs";
import "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";
export {
  LIST_ROWS,
  PIPED_COLUMNS,
  elide,
  run,
  spec,
  writeTable
};
