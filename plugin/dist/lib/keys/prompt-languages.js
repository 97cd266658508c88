// lib/keys/prompt-languages.ts
import { PROMPT_LANGUAGE_RULE, textLanguage } from "../rank/languages.js";
import { readWhy } from "../store/why-log.js";
function promptLanguageCodes(memoryDir, window = PROMPT_LANGUAGE_RULE.window) {
  let records;
  try {
    records = readWhy(memoryDir, window * 2);
  } catch {
    return [];
  }
  const codes = [];
  for (const r of records) {
    if (r.status === "duplicate") continue;
    const code = typeof r.prompt_lang === "string" ? r.prompt_lang : typeof r.prompt === "string" ? textLanguage(r.prompt) : void 0;
    if (code) codes.push(code);
  }
  return codes.slice(-window);
}
function ownerLanguages(memoryDir, configured) {
  return configured !== void 0 ? { configured } : { promptCodes: promptLanguageCodes(memoryDir) };
}
export {
  ownerLanguages,
  promptLanguageCodes
};
