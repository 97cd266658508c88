// A hand-kept MEMORY.md numbers its lines, marks them (★, a task box) or bolds the link. A save of such a card changes
// only what the save changes (the hook follows the description, a renamed title) and keeps the rest of the line:
// list marker, number, marker, box, emphasis, the link target as written, the separator.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

const card = (name: string, description: string, body: string) => `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: project\n---\n${body}\n`;

const LINES = [
  "1. [Alpha rule](alpha.md) — alpha old",
  "- ★ [Beta rule](beta.md) — beta hook",
  "- [x] [Gamma rule](gamma.md) — gamma hook",
  "- **[Delta rule](delta.md)** — delta hook",
  "  * [Eps \\[v2\\] rule](./eps.md): eps hook",
  "2) _[Zeta rule](<zeta.md>)_ - zeta hook",
];

function store(mem: string): void {
  const cards: [string, string][] = [
    ["alpha", "alpha old"],
    ["beta", "beta hook"],
    ["gamma", "gamma hook"],
    ["delta", "delta hook"],
    ["eps", "eps hook"],
    ["zeta", "zeta hook"],
  ];
  for (const [name, d] of cards) fs.writeFileSync(path.join(mem, `${name}.md`), card(name, d, `${name} body`));
  fs.writeFileSync(path.join(mem, "MEMORY.md"), `# Memory\n\n${LINES.join("\n")}\n`);
}

test("save keeps a numbered, marked, boxed or bold index line's form: only the hook a new description changes", async () => {
  const w = makeWorld();
  store(w.mem);
  const index = () => fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  const before = index();
  // A body-only save changes no index byte.
  for (const name of ["beta", "gamma", "delta", "eps", "zeta"]) {
    const r = await memctl(w, ["save", name, "-"], { stdin: `${name} body, edited\n` });
    assert.equal(r.code, 0, r.stderr);
  }
  assert.equal(index(), before, "a body-only save leaves MEMORY.md byte for byte");
  // A new description changes the hook and nothing else on the line.
  for (const name of ["alpha", "beta", "gamma", "delta", "eps", "zeta"]) {
    const r = await memctl(w, ["save", name, "-d", `${name} new`]);
    assert.equal(r.code, 0, r.stderr);
  }
  assert.equal(
    index(),
    `# Memory\n\n${[
      "1. [Alpha rule](alpha.md) — alpha new",
      "- ★ [Beta rule](beta.md) — beta new",
      "- [x] [Gamma rule](gamma.md) — gamma new",
      "- **[Delta rule](delta.md)** — delta new",
      "  * [Eps \\[v2\\] rule](./eps.md): eps new",
      "2) _[Zeta rule](<zeta.md>)_ - zeta new",
    ].join("\n")}\n`,
  );
  const list = JSON.parse((await memctl(w, ["list", "--json"])).stdout);
  assert.equal(list.entries?.length ?? list.cards?.length ?? list.length, 6, "every line is still an entry");
});
