import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { sandbox } from "../../helpers.js";
import { callTool, connect } from "./support.js";

// memory_context applies scope from the directory the server runs in, as the hook does from the payload's cwd.

const CARDS = [
  { file: "project_migrations.md", title: "Database migrations", hook: "migrations run one transaction per file" },
  { file: "project_billing_migrations.md", title: "Billing database migrations", hook: "migrations run under the billing lock", scope: ["services/billing"] },
];

test("memory_context injects a scoped card only when the server runs inside its scope", async () => {
  const s = sandbox(CARDS);
  const env = { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  const billing = path.join(s.repo, "services", "billing");
  fs.mkdirSync(billing, { recursive: true });
  for (const [cwd, expected] of [
    [billing, true],
    [s.repo, false],
  ] as const) {
    const server = await connect({ cwd, env });
    try {
      const r = await callTool(server.client, "memory_context", { query: "how do the database migrations run?" });
      assert.equal(r.isError, false, r.text);
      assert.equal(r.text.includes("project_billing_migrations.md"), expected, r.text);
      assert.match(r.text, /project_migrations\.md/);
    } finally {
      await server.close();
    }
  }
});
