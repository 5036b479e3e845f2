// The bots and the hint think here, off the page's thread. A request carries the game as its
// record (the CLI's JSON form: the steps, the seats and where the game's generator stands),
// so the game rebuilt here is exactly the page's, and what it asks:
// - "botTurn": the bot of the seat to move plays, with the game's generator; the answer is
//   its action, the events and the record after it, which the page's game follows;
// - "hint": the library's hint for the seat to move (nothing is played).
import init, { Game } from "../pkg/mesopotamia_wasm.js";

const ready = init();

self.onmessage = async ({ data }) => {
  const { id, record, request } = data;
  try {
    await ready;
    const g = Game.fromRecord(null, record);
    try {
      if (request === "botTurn") {
        const { action, events } = g.botTurn();
        self.postMessage({ id, action, events, record: g.record() });
      } else if (request === "hint") {
        self.postMessage({ id, hint: g.hint() });
      } else {
        throw new Error(`unknown request ${request}`);
      }
    } finally {
      g.free();
    }
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
