// The package's follow-ups for the play page: seats checked when given and written in the
// record, `mcts:Ns`, undo rewinding the generator, and the state after the first n steps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { wasm, GAMES, playSome } from "./package.mjs";

const { Game } = wasm;

for (const name of GAMES) {
  test(`${name}: seats are checked when given and written in the record's bots`, () => {
    const seats = ["person", "mcts:1.5s", "greedy"];
    const g = Game.create(name, { players: 3, seed: 3, seats });
    assert.deepEqual(g.seats, seats);
    assert.deepEqual(JSON.parse(g.record()).bots, seats);
    // A later load knows who played.
    assert.deepEqual(Game.fromRecord(name, g.record()).seats, seats);
    // A bad spec throws at once, with the engine's message naming the seat.
    assert.throws(() => Game.create(name, { players: 3, seats: ["person", "mcts:0", "greedy"] }),
      /seat 1: bad iteration count in `mcts:0`/);
    assert.throws(() => Game.create(name, { players: 3, seats: ["person", "greedy", "oracle"] }),
      /seat 2: unknown bot `oracle`/);
    assert.throws(() => Game.create(name, { players: 3, seats: ["person"] }), /1 seat specs for 3 seats/);
    // Said later: checked then, a refusal leaves the seats as they were.
    const h = Game.create(name, { players: 3 });
    assert.deepEqual(h.seats, []);
    assert.equal(JSON.parse(h.record()).bots, undefined);
    h.setSeats(["random", "mcts", "person"]);
    assert.throws(() => h.setSeats(["random", "mcts:0ms", "person"]), /seat 1: bad time budget in `mcts:0ms`/);
    assert.deepEqual(h.seats, ["random", "mcts", "person"]);
  });

  test(`${name}: mcts:Ns is a time per decision in seconds`, () => {
    const g = Game.create(name, { players: 3, seed: 4 });
    g.advance();
    const started = performance.now();
    const choice = g.bot("mcts:0.05s");
    const took = performance.now() - started;
    assert.ok(took < 2000, `mcts:0.05s took ${took} ms`);
    assert.ok(g.legal().includes(choice.action));
    assert.ok(choice.iterations > 0);
    assert.throws(() => g.bot("mcts:0.0001s"), /bad time budget/);
    assert.throws(() => g.bot("person"), /`person` is not a bot/);
  });

  test(`${name}: undo rewinds the generator, so the same draw comes again`, () => {
    const g = Game.create(name, { players: 3, seed: 9 });
    const first = g.sampleChance();
    const second = g.sampleChance();
    g.undo();
    assert.deepEqual(g.sampleChance(), second);
    g.undo();
    g.undo();
    assert.deepEqual(g.sampleChance(), first);
  });

  test(`${name}: atStep gives the game after its first n steps`, () => {
    const g = Game.create(name, { players: 3, seed: 6, seats: ["greedy", "random", "random"] });
    const positions = [g.position()];
    for (let i = 0; i < 20; i++) {
      playSome(g, 1);
      positions.push(g.position());
    }
    for (const n of [0, 1, 10, 20]) {
      const at = g.atStep(n);
      assert.equal(at.position(), positions[n]);
      assert.deepEqual(at.steps(), g.steps().slice(0, n));
      assert.deepEqual(at.seats, g.seats);
    }
    assert.equal(g.position(), positions[20], "the game itself is unchanged");
    // From a loaded record too (what the replay controls use).
    const loaded = Game.fromRecord(name, g.record());
    assert.equal(loaded.atStep(7).position(), positions[7]);
    for (const bad of [-1, 21, 1.5]) {
      assert.throws(() => g.atStep(bad), /the game has steps 0 to 20/);
    }
  });
}

test("a record from fromPosition replays natively with `mesopotamia replay`", async () => {
  const fs = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  const { cli } = await import("./package.mjs");
  for (const name of GAMES) {
    const g = Game.create(name, { players: 3, seed: 8 });
    playSome(g, 40);
    const copy = Game.fromPosition(name, g.position(), 2);
    playSome(copy, 20);
    const file = path.join(os.tmpdir(), `mesopotamia-start-${name}-${process.pid}.json`);
    fs.writeFileSync(file, copy.record());
    try {
      // The native replay prints the final position first: the same as the package's.
      assert.ok(cli("replay", file).startsWith(copy.position()), name);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }
});
