// The examples of docs/web.md run as they are, against the Node build: each `js` block
// after "Loading" (those two show the import), in its own scope.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { wasm, root } from "./package.mjs";

const page = readFileSync(path.join(root, "docs/web.md"), "utf8");
const afterLoading = page.slice(page.indexOf("## The games"));
const blocks = [...afterLoading.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);

test("docs/web.md has an example for each family of functions", () => {
  assert.ok(blocks.length >= 7, `${blocks.length} examples`);
});

blocks.forEach((code, i) => {
  test(`docs/web.md example ${i + 1}: ${code.split("\n")[0]}`, () => {
    const said = [];
    const console = { log: (...args) => said.push(args) };
    const run = new Function("wasm", "console", `const { Game, games, gameNames, examples, runExample, exampleSvg } = wasm;\n${code}`);
    run(wasm, console);
    // What the examples print is never an error or undefined.
    for (const line of said) assert.ok(line.every((v) => v !== undefined), JSON.stringify(line));
  });
});
