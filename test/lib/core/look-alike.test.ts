import assert from "node:assert/strict";
import { test } from "node:test";
import { deceptiveNameProblems, lookAlikeOf, nameSkeleton } from "../../../lib/core/look-alike.js";

test("names drawn alike share a skeleton: other scripts' letters, invisible characters, fullwidth, accents", () => {
  for (const twin of ["d\u0435ploys", "dep\u200bloys", "\u202edeploys", "ＤＥＰＬＯＹＳ", "DEPL\u039fYS", "dep1oys", "dépl\u043eys"])
    assert.equal(nameSkeleton(twin), "deploys", twin);
  assert.equal(lookAlikeOf("d\u0435ploys", ["rollouts", "deploys"]), "deploys");
  assert.equal(lookAlikeOf("deploys", ["deploys"]), undefined, "a name is not its own look-alike");
  assert.equal(lookAlikeOf("deploy-notes", ["deploys"]), undefined);
});

test("a name is deceptive when it hides characters or mixes Latin with a script that copies it, not for other scripts", () => {
  assert.match(deceptiveNameProblems("dep\u200bloys").join(), /U\+200B/);
  assert.match(deceptiveNameProblems("p\u0430yments").join(), /Latin and Cyrillic/);
  assert.deepEqual(deceptiveNameProblems("api-設計"), []);
  assert.deepEqual(deceptiveNameProblems("развертывание"), []);
  assert.deepEqual(deceptiveNameProblems("deploys"), []);
});

test("I and l, rn and m, Latin, Armenian and Lisu look-alikes and Unicode dashes share a skeleton; case twins still do", () => {
  for (const [twin, name] of [
    ["depIoys", "deploys"],
    ["dep|oys", "deploys"],
    ["rnigrations", "migrations"],
    ["\u0251pi-keys", "api-keys"],
    ["api\u2011keys", "api-keys"],
    ["api\u2212keys", "api-keys"],
    ["r\u0585llouts", "rollouts"],
    ["\ua4d3eploys", "deploys"],
    ["INDEX", "index"],
  ] as const)
    assert.equal(nameSkeleton(twin), nameSkeleton(name), twin);
  assert.match(deceptiveNameProblems("\ua4d3eploys").join(), /Latin and Lisu/);
  assert.notEqual(nameSkeleton("deploy-notes"), nameSkeleton("deploy_notes"));
});
