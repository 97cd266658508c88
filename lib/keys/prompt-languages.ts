// The languages the owner prompts in, as the hook recorded them: each why-log record holds its prompt's language
// code (never more of the prompt than the log already keeps). Recall keys are asked in these besides the cards'
// languages, so a store of English cards whose owner types Chinese gets Chinese keys.
import { PROMPT_LANGUAGE_RULE, textLanguage, type OwnerLanguages } from "../rank/languages.js";
import { readWhy, type WhyRecord } from "../store/why-log.js";

/**
 * The language code of each of the owner's last prompts, oldest first. A "duplicate" record is the same prompt
 * seen by a second wiring of the hook, so it is not counted twice. A record from before codes were kept counts
 * when [hook] log_prompts kept its text. An unreadable log gives none: keys are then asked in the cards'
 * languages, never refused for it.
 */
export function promptLanguageCodes(memoryDir: string, window: number = PROMPT_LANGUAGE_RULE.window): string[] {
  let records: WhyRecord[];
  try {
    // Twice the window: duplicates and records without a language are dropped before the window is taken.
    records = readWhy(memoryDir, window * 2);
  } catch {
    return [];
  }
  const codes: string[] = [];
  for (const r of records) {
    if (r.status === "duplicate") continue;
    const code = typeof r.prompt_lang === "string" ? r.prompt_lang : typeof r.prompt === "string" ? textLanguage(r.prompt) : undefined;
    if (code) codes.push(code);
  }
  return codes.slice(-window);
}

/** The owner's languages for keyLanguages: [recall] languages when configured (it overrides detection), else the why log's. */
export function ownerLanguages(memoryDir: string, configured: readonly string[] | undefined): OwnerLanguages {
  return configured !== undefined ? { configured } : { promptCodes: promptLanguageCodes(memoryDir) };
}
