// The bots think here, off the page's thread. A request carries the game as its record (the
// CLI's JSON form) and a bot spec; the answer is the engine's choice and its analysis.
import init, { Game } from "../pkg/mesopotamia_wasm.js";

const ready = init();

self.onmessage = async ({ data }) => {
  const { id, game, record, spec } = data;
  try {
    await ready;
    const g = Game.fromRecord(game, record);
    try {
      const { action, analysis } = g.bot(spec);
      self.postMessage({ id, action, analysis: analysis ?? null });
    } finally {
      g.free();
    }
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
