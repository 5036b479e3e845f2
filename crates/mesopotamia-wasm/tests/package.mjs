// The Node build of the package (`cargo xtask wasm` writes it), and the native CLI the
// tests compare with. MESOPOTAMIA_WASM_NODE overrides the package's directory;
// MESOPOTAMIA_CLI names a CLI binary, else the CLI is built once (`cargo build`, so that it
// is never older than the sources) and run from the target directory.
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dir = process.env.MESOPOTAMIA_WASM_NODE ?? path.join(root, "target/wasm/node");
const require = createRequire(import.meta.url);
/** The package, as `require("mesopotamia-wasm")` gives it in Node. */
export const wasm = require(path.join(dir, "mesopotamia_wasm.js"));

let binary = process.env.MESOPOTAMIA_CLI;

/** Runs the native CLI with `args`; its standard output. */
export function cli(...args) {
  if (!binary) {
    execFileSync("cargo", ["build", "--quiet", "--package", "mesopotamia-cli"], { cwd: root, stdio: "inherit" });
    binary = path.join(process.env.CARGO_TARGET_DIR ?? path.join(root, "target"), "debug", "mesopotamia");
  }
  return execFileSync(binary, args, { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
}

/** The games, as the package lists them. */
export const GAMES = wasm.gameNames();

/** Plays up to `steps` steps: chance by the seeded sampler, seats by `bot`. */
export function playSome(game, steps, bot = "random") {
  for (let i = 0; i < steps; i++) {
    const next = game.toMove();
    if (next.kind === "chance") game.sampleChance();
    else if (next.kind === "seat") game.play(game.bot(bot).action);
    else break;
  }
}
