// lib/ui/actions.ts
import { acceptProposal, rejectProposal } from "../proposals/decide.js";
import { findPending } from "../proposals/propose.js";
import { readForm } from "./security.js";
import { inertBlock } from "../core/sanitize-block.js";
async function decide(r, req, action) {
  let form;
  try {
    form = await readForm(req);
  } catch (err) {
    return { ok: false, text: err.message };
  }
  const id = form.get("id") ?? "";
  try {
    if (action === "reject") {
      const p = await rejectProposal(r.writeContext(), id, form.get("reason") ?? "");
      return { ok: true, text: `rejected ${p.id} (${p.reason ?? ""})` };
    }
    const proposal = findPending(r.memoryDir, id);
    const description = (form.get("description") ?? "").trim();
    const topics = (form.get("topics") ?? "").split(",").map((t) => t.trim()).filter(Boolean);
    const proposedTopics = proposal.card.topics ?? [];
    const shownDescription = inertBlock(proposal.card.description ?? "");
    const result = await acceptProposal(r.writeContext(), proposal.id, {
      ...description !== "" && description !== shownDescription.trim() && description !== (proposal.card.description ?? "") ? { description } : {},
      ...topics.join("\0") !== proposedTopics.map(inertBlock).join("\0") && topics.join("\0") !== proposedTopics.join("\0") ? { topics } : {},
      force: form.get("force") === "1",
      supersede: form.getAll("supersede").filter(Boolean),
      keepBoth: form.get("keep_both") === "1",
      // What the page showed: a proposal a sync rewrote while the tab stood open is refused, not accepted unseen.
      // (A POST the page did not draw, made with the token by hand, names no mark: the owner's explicit act.)
      ...form.has("shown") ? { shown: form.get("shown") } : {}
    });
    const superseded = result.superseded.map((s) => `; superseded ${s.file}`).join("");
    return {
      ok: true,
      text: `accepted ${result.proposal.id}: ${result.save.op} ${result.save.file}${result.save.entry ? ` (rev ${result.save.entry.rev}, ${result.save.entry.actor})` : ""}${superseded}`
    };
  } catch (err) {
    const code = err.code;
    return { ok: false, text: `${code ? `${code}: ` : ""}${err.message}` };
  }
}
export {
  decide
};
