import assert from "node:assert/strict";
import { test } from "node:test";
import { claudeSlug, projectKey } from "../../../lib/config/project.js";

const slug = (input: string, expected: string) => () => assert.equal(claudeSlug(input), expected);

test("slug of a plain path", slug("/tmp/a/b", "-tmp-a-b"));
test("slug keeps runs of dashes", slug("/home/u/my_proj.v2", "-home-u-my-proj-v2"));
test("slug of a Windows path", slug("C:\\Users\\a", "C--Users-a"));
test("slug maps each UTF-16 unit of non-ASCII", slug("/tmp/é/😀", "-tmp-----"));
test("slug of a path with spaces", slug("/tmp/my repo", "-tmp-my-repo"));

test("a long slug is truncated to 200 characters plus a hash", () => {
  const long = "/" + "x".repeat(300);
  const s = claudeSlug(long);
  assert.equal(s.slice(0, 200), ("-" + "x".repeat(300)).slice(0, 200));
  assert.match(s.slice(200), /^-[0-9a-z]+$/);
  assert.equal(claudeSlug(long), s, "deterministic");
});

test("project key is readable, stable and distinct per path", () => {
  const a = projectKey("/src/app");
  assert.match(a, /^app-[0-9a-f]{12}$/);
  assert.equal(projectKey("/src/app"), a);
  assert.notEqual(projectKey("/other/app"), a);
  assert.match(projectKey("/src/プロジェクト x"), /^[A-Za-z0-9._-]+-[0-9a-f]{12}$/);
});

test("claudeSlug and projectKey's readable part equal their pattern definitions on any path", async () => {
  const fc = (await import("fast-check")).default;
  const { sha256Hex } = await import("../../../lib/core/sha256.js");
  const nodePath = await import("node:path");
  const unit = fc.constantFrom("a", "Z", "0", "9", "/", ".", "_", "-", " ", "é", "笔", "\ud83d\ude00", "~", ":", "--");
  fc.assert(
    fc.property(
      fc.array(unit, { maxLength: 40 }).map((u) => `/${u.join("")}`),
      (p) => {
        assert.equal(claudeSlug(p).slice(0, 200), p.replace(/[^a-zA-Z0-9]/g, "-").slice(0, 200));
        const base =
          nodePath
            .basename(p)
            .replace(/[^A-Za-z0-9._-]/g, "-")
            .replace(/^-+|-+$/g, "") || "root";
        assert.equal(projectKey(p), `${base.slice(0, 48)}-${sha256Hex(p).slice(0, 12)}`);
      },
    ),
    { numRuns: 2000 },
  );
});
