// The WebAssembly package, loaded once per page (the package's own ES module and its .wasm,
// copied into pkg/ by `cargo xtask web`). What each game is (its name, title, players and
// options) is the package's: `games()`, the library's descriptions; no page writes it again.
import init, * as wasm from "../pkg/mesopotamia_wasm.js";

let loading = null;

/** The package's exports, once the module is instantiated. */
export function engine() {
  if (!loading) loading = init().then(() => wasm);
  return loading;
}
