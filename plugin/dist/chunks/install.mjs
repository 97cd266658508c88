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
import "./core-toml-edit.mjs";
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
  contextFrom,
  hostArg,
  renderRun,
  run,
  spec
};
