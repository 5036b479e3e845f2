// The WebAssembly package, loaded once per page (the package's own ES module and its .wasm,
// copied into pkg/ by `cargo xtask web`).
import init, * as wasm from "../pkg/mesopotamia_wasm.js";

let loading = null;

/** The package's exports, once the module is instantiated. */
export function engine() {
  if (!loading) loading = init().then(() => wasm);
  return loading;
}

/** The games the site knows, with the names people read. */
export const GAME_TITLES = {
  tigris: "Tigris & Euphrates",
  cards: "Euphrat & Tigris, the card game",
  sumeria: "Sumeria",
};
