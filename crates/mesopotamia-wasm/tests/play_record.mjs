// A bot-only game through the package, its record printed (a script, not a test):
//
//   node crates/mesopotamia-wasm/tests/play_record.mjs GAME PLAYERS SEED SEAT,SEAT,...
//
// creates GAME with PLAYERS players, the generator seeded with SEED and one bot spec per seat
// (`greedy,random,mcts:200`), plays chance and the bots to the end (`playBots`) and prints
// the record's JSON: the same game as `mesopotamia play` and Python's session play with the
// same seed and seats, which a cross-front-end test compares step for step. The Node build
// of `cargo xtask wasm` (or MESOPOTAMIA_WASM_NODE's directory) is the package.
import { wasm } from "./package.mjs";

const [game, players, seed, seats] = process.argv.slice(2);
if (!game || !players || !seed || !seats) {
  console.error("usage: node play_record.mjs GAME PLAYERS SEED SEAT,SEAT,...");
  process.exit(2);
}
try {
  const g = wasm.Game.create(game, { players: Number(players), seed: Number(seed), seats: seats.split(",") });
  g.playBots();
  console.log(g.record());
} catch (error) {
  console.error(`play_record: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
