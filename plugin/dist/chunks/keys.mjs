import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  backfillExitCode,
  backfillWithProgress,
  configuredModel,
  renderBackfill,
  run,
  spec
} from "./cli-keys.mjs";
import "./keys-write.mjs";
import "./rank-languages.mjs";
import "./records-save.mjs";
import "./records-interrupted.mjs";
import "./store-jobs.mjs";
import "./proposals-propose.mjs";
import "./records-card-find.mjs";
import "./records-adopt-first.mjs";
import "./records-commit.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./compact-generate.mjs";
import "./compact-mentions.mjs";
import "./core-block.mjs";
import "./rank-stop-words-data.mjs";
import "./core-frecency.mjs";
import "./store-revisions.mjs";
import "./core-card-rules.mjs";
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
  backfillExitCode,
  backfillWithProgress,
  configuredModel,
  renderBackfill,
  run,
  spec
};
