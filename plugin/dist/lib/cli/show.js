// lib/cli/show.ts
import { noLongerTrue, noLongerTrueText, parseCard } from "../core/card.js";
import { pastedWord } from "../core/shell-quote.js";
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { cardLinks, cardsFinder, findNamedCard } from "../records/card-links.js";
import { readStore } from "../store/read.js";
import { refuseHeld } from "../records/file-view.js";
import { inertBlock } from "../core/sanitize-block.js";
import { bool, parseArgs } from "./args.js";
import { printJson } from "./output.js";
import { actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { utcDay } from "../core/frecency.js";
var spec = {
  name: "show",
  summary: commandSummary("show"),
  positionals: [{ name: "name", description: "card name, or its file name", required: true, completes: "card" }],
  flags: { ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: {
    0: "printed",
    1: "no such card, or no store, or a card a sync quarantined (E_QUARANTINED), or from an agent's shell one a sync holds for review (E_HELD)",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: "Control characters other than newline and tab are shown as inert \\xNN text; --json carries the exact bytes.",
  examples: ["memctl show run-tests", "memctl show feedback_run-tests.md --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const name = args.positionals[0];
  const { memoryDir } = requireStore(args, io);
  const file = await findNamedCard(memoryDir, name);
  if (!file)
    throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list" (a removed card's revisions are in "memctl history ${pastedWord(name)}")`, { name });
  refuseHeld(memoryDir, file, actorFrom(args, io) === "human" ? "quarantined" : "every");
  const content = fs.readFileSync(path.join(memoryDir, file), "utf8");
  const links = (await resolvedLinks(memoryDir, content)).map((l) => ({ link: l.link, target: l.target, status: l.status }));
  const parsed = parseCard(content);
  const retired = noLongerTrue(parsed, utcDay(io.now()));
  if (bool(args, "json")) {
    const meta = parsed.meta;
    printJson(io, { file, content, links, recall: meta.recall ?? [], scope: meta.scope ?? [], ...retired });
  } else {
    io.stdout.write(inertBlock(content));
    if (retired.no_longer_true) io.stderr.write(inertBlock(`no longer true: ${noLongerTrueText(retired)}
`));
    if (links.length > 0) {
      const lines = links.map((l) => `  ${l.link} -> ${l.target ?? l.status}`);
      io.stderr.write(inertBlock(`links:
${lines.join("\n")}
`));
    }
  }
  return 0;
}
async function resolvedLinks(memoryDir, content) {
  const quick = cardLinks(memoryDir, content);
  if (!quick.some((l) => l.kind === "wiki" && l.status === "dead")) return quick;
  try {
    return cardLinks(memoryDir, content, cardsFinder((await readStore(memoryDir)).cards));
  } catch {
    return quick;
  }
}
export {
  run,
  spec
};
