// lib/cli/reject.ts
import { usageError } from "../core/errors.js";
import { rejectProposal } from "../proposals/decide.js";
import { ARCHIVE_DIR } from "../proposals/propose.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, str } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, assertOwnerOnly, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { isArrivalId, rejectArrival } from "../sync/arrival-decide.js";
var spec = {
  name: "reject",
  summary: commandSummary("reject"),
  positionals: [{ name: "id", description: "the proposal id (or a unique prefix), or an arrival's a-\u2026 id from memctl review", required: true }],
  flags: {
    reason: { type: "string", valueName: "TEXT", description: "why (required; kept with the archived proposal)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "rejected and archived",
    1: "refused: agent caller (E_READ_ONLY), no such proposal, lock timeout, no store",
    2: "usage error (no --reason)",
    3: "invalid explicit memory selection"
  },
  notes: `Nothing is deleted: the proposal moves to ${ARCHIVE_DIR}/ with status rejected, the reason, who and when, and the decision is logged. Rejecting an arrival keeps it out of injection on this machine; rejecting a card's removal (kind removed) restores the card as it stood here before the merge (its kept revision of that text) as your write.`,
  examples: ['memctl reject p-20261202T094000Z-3fa2c1 --reason "guess from one log line; not a fact"']
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const reason = str(args, "reason");
  if (reason === void 0) throw usageError('say why with --reason "\u2026" (it is archived with the proposal)');
  const { memoryDir } = requireStore(args, io);
  if (isArrivalId(args.positionals[0])) {
    assertOwnerOnly(io, "reject what a sync brought in");
    const { arrival, restored, relinked } = await rejectArrival(writeContext(args, io, memoryDir), args.positionals[0], reason, { env: io.env });
    if (bool(args, "json"))
      printJson(io, {
        memory_dir: memoryDir,
        id: arrival.id,
        path: arrival.path,
        status: arrival.state,
        reason,
        ...restored ? { restored } : {},
        ...relinked ? { relinked } : {}
      });
    else if (restored)
      io.stdout.write(
        `${colorsFor(io).green("\u2713")} rejected ${arrival.id}: restored ${inertText(restored.file)} as r${restored.rev} (your write; the next memctl sync shares it)
`
      );
    else if (relinked)
      io.stdout.write(`${colorsFor(io).green("\u2713")} rejected ${arrival.id}: put back the index line of ${inertText(relinked)} (your write; the next memctl sync shares it)
`);
    else
      io.stdout.write(`${colorsFor(io).green("\u2713")} rejected ${arrival.id}: ${inertText(arrival.path)} stays out of injection on this machine (the file is kept as it arrived)
`);
    return 0;
  }
  const p = await rejectProposal(writeContext(args, io, memoryDir), args.positionals[0], reason);
  const archived = `${ARCHIVE_DIR}/${p.id}.json`;
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, id: p.id, status: p.status, reason: p.reason, actor: p.decided_by, archived });
  else io.stdout.write(`${colorsFor(io).green("\u2713")} rejected ${p.id} (${inertText(p.reason ?? "")}); kept at ${archived}
`);
  return 0;
}
export {
  run,
  spec
};
