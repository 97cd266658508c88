import { loadRankable } from "./lib/store/rank-cache.js";
import { rank, isHit } from "./lib/rank/score.js";
import { queryTerms } from "./lib/rank/tokenize.js";
const store = await loadRankable("sample-store", { nowMs: Date.now(), writeCache: false });
const Q: [string, string[]][] = [
  ["how do I run the integration tests locally", ["feedback_testing_real_db.md", "reference_commands.md", "reference_local_setup.md"]],
  ["refresh token rotation bug", ["project_auth_tokens.md"]],
  ["add a new database migration", ["project_migrations.md", "project_architecture.md"]],
  ["why is the catalog endpoint slow, caching?", ["project_caching.md", "project_observability.md"]],
  ["we got 429 errors from the api", ["project_rate_limits.md"]],
  ["write a background job that retries", ["project_queue_worker.md"]],
  ["what should the error message say", ["feedback_error_messages.md"]],
  ["where do I find the grafana dashboards", ["reference_dashboards.md", "project_observability.md"]],
  ["支付回调怎么处理", ["project_支付流程.md"]],
  ["怎么查生产日志", ["reference_日志查询.md"]],
  ["注释应该用什么语言", ["feedback_中文注释.md"]],
  ["is it ok to log the request body for debugging", ["feedback_logging_pii.md"]],
  ["set up my laptop for development", ["reference_local_setup.md"]],
  ["remove the old feature flag", ["project_feature_flags.md"]],
  ["pagination style for the new endpoint", ["reference_api_style.md"]],
  ["deploying to production and rolling back", ["project_deploy.md"]],
  ["which env vars does the service need", ["reference_env_vars.md"]],
];
let mrr = 0, r5 = 0, p5 = 0, n = 0;
for (const [q, rel] of Q) {
  const got = rank(store.index, queryTerms(q), { today: "2026-12-02" }).filter(isHit).map((r) => r.entry.file);
  n += got.length;
  const first = got.findIndex((f) => rel.includes(f));
  mrr += first === -1 ? 0 : 1 / (first + 1);
  const top = got.slice(0, 5);
  r5 += top.filter((f) => rel.includes(f)).length / rel.length;
  p5 += top.length ? top.filter((f) => rel.includes(f)).length / top.length : 0;
  if (first !== 0) console.log("  miss:", q, "→", top.join(", "));
}
console.log("MRR", (mrr / Q.length).toFixed(3), "R@5", (r5 / Q.length).toFixed(3), "P@5", (p5 / Q.length).toFixed(3), "avg hits", (n / Q.length).toFixed(1));
