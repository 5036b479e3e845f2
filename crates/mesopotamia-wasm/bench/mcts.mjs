// MCTS iterations per second in Node (the package's Node build) beside the native figure
// of `mesopotamia bench GAME --mcts`. A measurement, not a test:
//
//   cargo xtask wasm && cargo build --release -p mesopotamia-cli
//   node crates/mesopotamia-wasm/bench/mcts.mjs [tigris|cards|sumeria ...]
//
// Each game: the search bot at its default iterations (`bot("mcts")`) on 10 decisions
// spread over 4 seeded random 4-player games, one thread, as the native bench does on its
// own fixed positions (the same kind of positions, not the same ones).
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(import.meta.url);
const { Game } = require(path.join(root, "target/wasm/node/mesopotamia_wasm.js"));

/** Every decision of `games` seeded random games, as independent copies. */
function decisions(name, games) {
  const out = [];
  for (let seed = 1; seed <= games; seed++) {
    const g = Game.create(name, { players: 4, seed });
    while (g.toMove().kind !== "over") {
      if (g.toMove().kind === "chance") {
        g.sampleChance();
        continue;
      }
      if (g.legal().length > 1) out.push(g.clone());
      g.play(g.bot("random").action);
    }
  }
  return out;
}

function wasmRate(name) {
  const all = decisions(name, 4);
  const step = Math.max(1, Math.floor(all.length / 10));
  let iterations = 0;
  let ms = 0;
  for (let i = 0; i < all.length && i / step < 10; i += step) {
    const start = performance.now();
    iterations += all[i].bot("mcts").iterations;
    ms += performance.now() - start;
  }
  return { iterations, seconds: ms / 1000, rate: iterations / (ms / 1000) };
}

function nativeRate(name) {
  const cli = path.join(root, "target/release/mesopotamia");
  if (!existsSync(cli)) return null;
  const out = execFileSync(cli, ["bench", name, "--mcts", "--games", "20", "--json"], { encoding: "utf8" });
  const figures = JSON.parse(out);
  return figures.mcts?.iterations_per_sec ?? null;
}

const games = process.argv.length > 2 ? process.argv.slice(2) : ["tigris", "cards", "sumeria"];
for (const name of games) {
  const w = wasmRate(name);
  const native = nativeRate(name);
  const nativeText = typeof native === "number"
    ? `native ${Math.round(native)} it/s, wasm/native ${(w.rate / native * 100).toFixed(0)}%`
    : `native: ${JSON.stringify(native)} (build target/release/mesopotamia for the ratio)`;
  console.log(`${name}: wasm in Node ${Math.round(w.rate)} it/s (${w.iterations} iterations in ${w.seconds.toFixed(2)} s); ${nativeText}`);
}
