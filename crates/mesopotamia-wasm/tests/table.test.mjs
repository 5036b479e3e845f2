// The game at the table from JavaScript: gestures, pieces and facts, each game, through whole
// random games: every legal action's piece is one the seat can take, every place is drawn in
// the seat's picture, and the gesture asked alone is the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { wasm } from "./package.mjs";

const { Game, games } = wasm;

for (const { name, minPlayers } of games()) {
  test(`${name}: every legal action is a gesture the picture can show`, () => {
    const players = Math.max(3, minPlayers);
    const g = Game.create(name, { players, seed: 8, seats: Array(players).fill("random") });
    let seen = 0;
    while (g.toMove().kind !== "over") {
      if (g.toMove().kind === "chance") {
        g.advance();
        continue;
      }
      const seat = g.toMove().seat;
      const ids = new Set(g.pieces(seat).map((p) => p.piece));
      const drawn = new Set([...g.viewSvg(seat).matchAll(/data-at="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)));
      const gestures = g.gestures();
      assert.deepEqual(gestures.map((x) => x.action), g.legal());
      for (const { action, piece, place } of gestures) {
        if (piece !== null) assert.ok(ids.has(piece), `${action}: ${piece}`);
        if (place !== null) assert.ok(drawn.has(place), `${action}: ${place}`);
        assert.deepEqual(g.gestureOf(action), { piece, place });
        seen += 1;
      }
      const facts = g.facts(seat);
      assert.equal(facts.seats.length, players);
      assert.ok(facts.seats[seat].score !== null, "a seat sees its own score");
      g.botTurn();
    }
    assert.ok(seen > 0);
    assert.throws(() => g.gestureOf("not an action"));
    assert.throws(() => g.pieces(players));
    assert.throws(() => g.facts(-1));
  });
}
