// lib/store/card-row.ts
import { asciiJson } from "../core/sanitize.js";
function encodeRow(r) {
  const row = [
    r.readError ?? null,
    r.name ?? null,
    r.description ?? null,
    r.topics,
    r.priority ?? null,
    r.status ?? null,
    r.updated_at ?? null,
    r.type ?? null,
    r.provenance ? [r.provenance.kind ?? null, r.provenance.confidence ?? null, r.provenance.source ?? null] : null,
    r.problems,
    r.scope ?? null,
    r.sha256 ?? null,
    r.expires_at ?? null,
    r.superseded_by ?? null
  ];
  return asciiJson(row);
}
var num = (v) => typeof v === "number" && Number.isFinite(v);
var optStr = (v) => v === null || typeof v === "string";
var strings = (v) => Array.isArray(v) && v.every((t) => typeof t === "string");
function checkRow(text) {
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    return void 0;
  }
  if (!Array.isArray(v) || v.length !== 14) return void 0;
  const [readError, name, description, topics, priority, status, updated, type, prov, problems, scope, sha256, expires, supersededBy] = v;
  if (!optStr(readError) || !optStr(name) || !optStr(description) || !optStr(priority) || !optStr(status) || !optStr(updated) || !optStr(type)) return void 0;
  if (!strings(topics) || !strings(problems) || scope !== null && !strings(scope) || !optStr(expires) || !optStr(supersededBy)) return void 0;
  if (sha256 !== null && !(typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256))) return void 0;
  const provenance = checkProvenance(prov);
  if (provenance === false) return void 0;
  return {
    readError: readError ?? void 0,
    name: name ?? void 0,
    description: description ?? void 0,
    topics,
    priority: priority ?? void 0,
    status: status ?? void 0,
    updated_at: updated ?? void 0,
    type: type ?? void 0,
    provenance,
    problems,
    scope: scope ?? void 0,
    sha256: sha256 ?? void 0,
    expires_at: expires ?? void 0,
    superseded_by: supersededBy ?? void 0
  };
}
function checkProvenance(v) {
  if (v === null) return void 0;
  if (!Array.isArray(v) || v.length !== 3) return false;
  const [kind, confidence, source] = v;
  if (kind !== null && kind !== "fact" && kind !== "inference" && kind !== "unverified") return false;
  if (confidence !== null && !num(confidence)) return false;
  if (!optStr(source)) return false;
  return { kind: kind ?? void 0, confidence: confidence ?? void 0, source: source ?? void 0 };
}
export {
  checkRow,
  encodeRow
};
