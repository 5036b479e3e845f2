// The web build (an ES module with `init`) works too: loaded here from its bytes, as a page
// loads it from its URL, it plays, draws, searches with a time budget (the browser's clock
// through web-time) and runs a rule example.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./package.mjs";

const dir = process.env.MESOPOTAMIA_WASM_WEB ?? path.join(root, "target/wasm/web");

test("the web build initialises and plays", async () => {
  const web = await import(pathToFileURL(path.join(dir, "mesopotamia_wasm.js")).href);
  await web.default({ module_or_path: readFileSync(path.join(dir, "mesopotamia_wasm_bg.wasm")) });
  const g = web.Game.create("tigris", { players: 2, seed: 1 });
  g.advance();
  const choice = g.bot("mcts:20ms");
  assert.ok(choice.iterations > 0);
  g.play(choice.action);
  assert.equal(g.steps().at(-1).step, choice.action);
  assert.deepEqual(web.games().map((d) => d.name), web.gameNames());
  // A bot's turn on the game rebuilt from its record, as the page's worker plays it.
  const bots = web.Game.create("cards", { players: 2, seed: 7, seats: ["greedy", "greedy"] });
  bots.advance();
  const rebuilt = web.Game.fromRecord(null, bots.record());
  const turn = rebuilt.botTurn();
  assert.equal(turn.action, bots.botTurn().action);
  assert.equal(rebuilt.record(), bots.record());
  const [first] = web.examples("sumeria");
  assert.ok(web.runExample("sumeria", first.id).scenarios.length > 0);
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  assert.equal(pkg.type, "module");
  assert.equal(pkg.types, "mesopotamia_wasm.d.ts");
  const types = readFileSync(path.join(dir, "mesopotamia_wasm.d.ts"), "utf8");
  assert.match(types, /export type ToMove/);
  assert.match(types, /toMove\(\): ToMove;/);
  assert.match(types, /export function games\(\): GameDescription\[\];/);
  assert.match(types, /botTurn\(\): BotTurn;/);
  assert.match(types, /hint\(\): Hint;/);
});
