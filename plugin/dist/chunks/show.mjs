import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  inertBlock
} from "./core-sanitize-block.mjs";
import {
  cardLinks
} from "./core-card-links.mjs";
import {
  findCardFile
} from "./records-card-find.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./core-card-rules.mjs";
import "./core-index-edit.mjs";
import {
  JSON_FLAG,
  STORE_FLAGS,
  requireStore
} from "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import {
  readHold
} from "./core-index-file.mjs";
import {
  parseCard
} from "./core-card.mjs";
import "./core-card-types.mjs";
import "./store-lock.mjs";
import {
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  parseArgs
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/show.ts
import fs from "node:fs";
import path from "node:path";
var spec = {
  name: "show",
  summary: commandSummary("show"),
  positionals: [{ name: "name", description: "card name, or its file name", required: true, completes: "card" }],
  flags: { ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "printed", 1: "no such card, or no store, or a card a sync quarantined (E_QUARANTINED)", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: "Control characters other than newline and tab are shown as inert \\xNN text; --json carries the exact bytes.",
  examples: ["memctl show run-tests", "memctl show feedback_run-tests.md --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const name = args.positionals[0];
  const { memoryDir } = requireStore(args, io);
  const file = findCardFile(memoryDir, name);
  if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list" (a removed card's revisions are in "memctl history ${name}")`, { name });
  const held = readHold(memoryDir)?.held(file);
  if (held?.state === "quarantined")
    throw new MemctlError(
      ERROR_CODES.E_QUARANTINED,
      `${file} arrived with memctl sync and is quarantined (${held.reasons.join("; ")}); it is not shown. See memctl review ${held.id}`,
      {
        file,
        id: held.id
      }
    );
  const content = fs.readFileSync(path.join(memoryDir, file), "utf8");
  const links = cardLinks(memoryDir, content).map((l) => ({ link: l.link, target: l.target, status: l.status }));
  if (bool(args, "json")) {
    const meta = parseCard(content).meta;
    printJson(io, { file, content, links, recall: meta.recall ?? [], scope: meta.scope ?? [] });
  } else {
    io.stdout.write(inertBlock(content));
    if (links.length > 0) {
      const lines = links.map((l) => `  ${l.link} -> ${l.target ?? l.status}`);
      io.stderr.write(inertBlock(`links:
${lines.join("\n")}
`));
    }
  }
  return 0;
}
export {
  run,
  spec
};
