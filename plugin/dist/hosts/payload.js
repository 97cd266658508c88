// hosts/payload.ts
function normalizePayload(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return void 0;
  const o = raw;
  const prompt = firstString(o.prompt, o.user_prompt, o.userPrompt, o.message);
  if (prompt === void 0) return void 0;
  const cwd = firstString(o.cwd, o.workspaceRoot, o.workspace_root);
  const sessionId = firstString(o.session_id, o.sessionId);
  return { prompt, ...cwd ? { cwd } : {}, ...sessionId ? { sessionId } : {} };
}
function firstString(...values) {
  for (const v of values) if (typeof v === "string") return v;
  return void 0;
}
export {
  normalizePayload
};
