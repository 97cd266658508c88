// Links between cards (issue "Memory that stays true", item 7): show says where each link leads or that it is dead.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

test("show lists a card's links with where each resolves; --json adds links", async () => {
  const w = makeWorld();
  const card = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} steps\nmetadata:\n  type: project\n---\n${body}\n`;
  fs.writeFileSync(path.join(w.mem, "project_deploy.md"), card("deploy", "Ship it."));
  const body = "Before [[deploy]] read [[no-such-card]], [notes](gone.md), [out](../x.md); not `[[code]]`.";
  fs.writeFileSync(path.join(w.mem, "project_release.md"), card("release", body));
  const human = await memctl(w, ["show", "release"]);
  assert.equal(human.code, 0, human.stderr);
  assert.equal(human.stdout, fs.readFileSync(path.join(w.mem, "project_release.md"), "utf8"));
  assert.match(human.stderr, /deploy -> project_deploy\.md/);
  assert.match(human.stderr, /no-such-card -> dead/);
  assert.match(human.stderr, /\.\.\/x\.md -> unsafe/);
  const json = JSON.parse((await memctl(w, ["show", "release", "--json"])).stdout);
  assert.deepEqual(json.links, [
    { link: "deploy", target: "project_deploy.md", status: "ok" },
    { link: "no-such-card", target: null, status: "dead" },
    { link: "gone.md", target: null, status: "dead" },
    { link: "../x.md", target: null, status: "unsafe" },
  ]);
});
