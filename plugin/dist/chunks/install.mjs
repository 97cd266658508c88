import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  contextFrom,
  hostArg,
  renderRun,
  run,
  spec
} from "./cli-install.mjs";
import "./core-hook-flags.mjs";
import "./install-mcp-command.mjs";
import "./hosts-claude-auto-memory.mjs";
import "./hosts-types.mjs";
import "./core-toml-edit.mjs";
import "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./cli-output.mjs";
import "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import "./core-sanitize.mjs";
import "./config-config.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import "./core-errors.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import "./runtime.mjs";
export {
  contextFrom,
  hostArg,
  renderRun,
  run,
  spec
};
