// lib/records/proposal-restated.ts
import { descriptionProblem } from "../core/card-rules.js";
import { isValidActor } from "../store/history.js";
var RESTATED_MAX = 10;
var RESTATED_SOURCE_MAX = 400;
var ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
function restatementProblem(r) {
  if (typeof r !== "object" || r === null || Array.isArray(r)) return "not an object";
  const { source, description, proposer, at } = r;
  if (typeof source !== "string" || source.trim() === "") return "no source";
  if ([...source].length > RESTATED_SOURCE_MAX) return `a source of ${[...source].length} characters; the limit is ${RESTATED_SOURCE_MAX}`;
  if (/[\n\r]/.test(source)) return "a source of more than one line";
  if (typeof description !== "string") return "no description";
  const problem = descriptionProblem(description);
  if (problem) return problem;
  if (/[\n\r]/.test(description)) return "a description of more than one line";
  if (typeof proposer !== "string" || !isValidActor(proposer)) return "not a valid actor (human, system, host:<name>, agent:<id>)";
  if (typeof at !== "string" || !ISO.test(at) || !Number.isFinite(Date.parse(at))) return "no ISO time";
  return void 0;
}
function validRestatements(value) {
  if (!Array.isArray(value)) return [];
  const out = [];
  for (const r of value) {
    if (out.length >= RESTATED_MAX) break;
    if (restatementProblem(r) !== void 0) continue;
    const { source, description, proposer, at } = r;
    out.push({ source, description, proposer, at });
  }
  return out;
}
export {
  RESTATED_MAX,
  RESTATED_SOURCE_MAX,
  restatementProblem,
  validRestatements
};
