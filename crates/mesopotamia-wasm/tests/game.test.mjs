// The Game class against the Node build: every function, each game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { wasm, GAMES, playSome } from "./package.mjs";

const { Game, gameNames, games } = wasm;

test("gameNames lists the games of games(), the library's descriptions", () => {
  const described = games();
  assert.deepEqual(gameNames(), described.map((g) => g.name));
  for (const name of ["tigris", "cards", "sumeria"]) assert.ok(gameNames().includes(name), name);
  for (const g of described) {
    for (const key of ["title", "about", "score"]) assert.equal(typeof g[key], "string", `${g.name}.${key}`);
    assert.ok(g.minPlayers <= g.defaultPlayers && g.defaultPlayers <= g.maxPlayers, g.name);
    for (const o of g.options) {
      assert.match(o.name, /^[a-z][A-Za-z]*$/, "camelCase");
      assert.ok(["flag", "number", "choice", "text"].includes(o.kind), o.kind);
      assert.equal(typeof o.help, "string");
      if (o.kind === "number") assert.ok(o.min <= o.default && o.default <= o.max, o.name);
      if (o.kind === "choice") assert.ok(o.values.some((v) => v.name === o.default), o.name);
      if (o.kind === "flag") assert.equal(o.default, false);
    }
    // A game with its players at each end of its range, and each option at its default.
    for (const players of [g.minPlayers, g.maxPlayers]) {
      const options = { players };
      for (const o of g.options) if (o.default !== null) options[o.name] = o.default;
      assert.equal(Game.create(g.name, options).players, players);
    }
  }
  assert.deepEqual(described.find((g) => g.name === "tigris").options.map((o) => o.name),
    ["board", "englishVariant", "buildings", "ziggurat", "turnLimit"]);
  assert.deepEqual(described.find((g) => g.name === "cards").options.map((o) => o.name), ["openPiles", "turnLimit"]);
  assert.deepEqual(described.find((g) => g.name === "sumeria").options.map((o) => [o.name, o.kind, o.file]),
    [["boardText", "text", "boardFile"]]);
});

for (const name of GAMES) {
  test(`${name}: create, chance, legal actions and play`, () => {
    const g = Game.create(name, { players: 3, seed: 7 });
    assert.equal(g.name, name);
    assert.equal(g.players, 3);
    assert.deepEqual(g.toMove(), { kind: "chance" });
    assert.deepEqual(g.legal(), []);
    const outcomes = g.chanceOutcomes();
    assert.ok(outcomes.length > 0);
    for (const o of outcomes) {
      assert.equal(typeof o.outcome, "string");
      assert.ok(Number.isInteger(o.weight) && o.weight > 0);
    }
    // An outcome by name, then the seeded sampler, then everything up to a seat.
    g.playChance(outcomes[0].outcome);
    const drawn = g.sampleChance();
    assert.equal(typeof drawn.outcome, "string");
    assert.ok(Array.isArray(drawn.events));
    g.advance();
    const next = g.toMove();
    assert.equal(next.kind, "seat");
    assert.ok(next.seat >= 0 && next.seat < 3);
    const legal = g.legal();
    const indices = Array.from(g.legalIndices());
    assert.equal(legal.length, indices.length);
    assert.ok(indices.every((v, i) => i === 0 || indices[i - 1] < v));
    assert.ok(indices.every((i) => i < g.actionSpaceSize()));
    // By notation and by index: the same state.
    const other = g.clone();
    const events = g.play(legal[0]);
    other.playIndex(indices[0]);
    assert.equal(g.position(), other.position());
    assert.ok(Array.isArray(events));
    for (const e of events) {
      assert.equal(e.pieces.map((p) => p.text).join(""), e.text);
    }
    const steps = g.steps();
    assert.deepEqual(steps.at(-1), { seat: next.seat, step: legal[0] });
    assert.equal(steps.filter((s) => s.seat === null).length, steps.length - 1);
  });

  test(`${name}: a refused action throws the engine's message and changes nothing`, () => {
    const g = Game.create(name, { players: 3, seed: 1 });
    g.advance();
    const before = g.position();
    const steps = JSON.stringify(g.steps());
    for (const bad of ["no such action", "", "tile red Z99"]) {
      assert.throws(() => g.play(bad), (e) => e instanceof Error && e.message.length > 0);
    }
    assert.throws(() => g.playIndex(-1), Error);
    assert.throws(() => g.playIndex(1.5), Error);
    assert.throws(() => g.playIndex(1e9), Error);
    assert.throws(() => g.playChance("draw red"), /is to move|`draw red`/);
    assert.throws(() => g.sampleChance(), /a chance draw: seat \d is to move/);
    assert.equal(g.position(), before);
    assert.equal(JSON.stringify(g.steps()), steps);
  });

  test(`${name}: views, their marked text and pictures`, () => {
    const g = Game.create(name, { players: 3, seed: 3 });
    playSome(g, 40);
    for (let seat = 0; seat < 3; seat++) {
      const view = g.view(seat);
      assert.equal(typeof view, "object");
      const pieces = g.viewText(seat);
      assert.ok(pieces.length > 1);
      assert.ok(pieces.some((p) => p.mark !== null && typeof p.mark.kind === "string"));
      assert.ok(g.viewSvg(seat).startsWith("<svg"));
    }
    for (const bad of [3, -1, 0.5]) {
      assert.throws(() => g.view(bad), /seat/);
      assert.throws(() => g.viewText(bad), /seat/);
      assert.throws(() => g.viewSvg(bad), /seat/);
    }
    assert.ok(g.svg().startsWith("<svg"));
  });

  test(`${name}: positions and records in and out`, () => {
    const g = Game.create(name, { players: 3, seed: 5 });
    playSome(g, 60);
    const text = g.position();
    const copy = Game.fromPosition(name, text, 9);
    assert.equal(copy.position(), text);
    assert.deepEqual(copy.legal(), g.legal());
    // Its record starts from that position (`start`), and replays from it.
    playSome(copy, 5);
    const started = JSON.parse(copy.record());
    assert.equal(started.start, text);
    assert.equal(Game.fromRecord(name, copy.record()).position(), copy.position());
    assert.equal(JSON.parse(g.record()).start, undefined);
    assert.throws(() => Game.fromPosition(name, "not a position"), Error);
    assert.throws(() => Game.fromPosition(name, text.split("\n").slice(1).join("\n")), Error);

    const record = g.record();
    const back = Game.fromRecord(name, record);
    assert.equal(back.position(), text);
    assert.deepEqual(back.steps(), g.steps());
    const json = JSON.parse(record);
    assert.equal(json.game, name);
    assert.throws(() => Game.fromRecord(name, record.slice(0, record.length / 2)), /not a game record/);
    const other = name === "tigris" ? "cards" : "tigris";
    assert.throws(() => Game.fromRecord(other, record), new RegExp(`of game \`${name}\``));
    // A step by the wrong seat does not replay; a step that is no action is not read.
    const action = json.steps.find((s) => s.action);
    action.action[0] = (action.action[0] + 1) % 3;
    assert.throws(() => Game.fromRecord(name, JSON.stringify(json)), /step \d+ .*to move/);
    action.action[1] = "pass pass pass";
    assert.throws(() => Game.fromRecord(name, JSON.stringify(json)), /not a .* game record: step \d+: `pass pass pass`/);
  });

  test(`${name}: undo drops the last step`, () => {
    const g = Game.create(name, { players: 3, seed: 2 });
    assert.throws(() => g.undo(), /nothing to undo/);
    playSome(g, 25);
    const before = g.position();
    const count = g.steps().length;
    playSome(g, 1);
    assert.notEqual(g.position(), before);
    g.undo();
    assert.equal(g.position(), before);
    assert.equal(g.steps().length, count);
  });

  test(`${name}: a whole game with bots, to its standings`, () => {
    const g = Game.create(name, { players: 3, seed: 11 });
    assert.equal(g.standings(), null);
    assert.equal(g.endReason(), null);
    const bots = ["greedy", "random", "random"];
    for (let i = 0; i < 100000 && g.toMove().kind !== "over"; i++) {
      const next = g.toMove();
      if (next.kind === "chance") g.sampleChance();
      else g.play(g.bot(bots[next.seat]).action);
    }
    assert.deepEqual(g.toMove(), { kind: "over" });
    const standings = g.standings();
    assert.equal(standings.length, 3);
    assert.deepEqual(standings.map((s) => s.seat), [0, 1, 2]);
    assert.ok(standings.some((s) => s.rank === 1));
    assert.ok(["rules", "turn-limit"].includes(g.endReason()));
    assert.deepEqual(Game.fromRecord(name, g.record()).standings(), standings);
  });

  test(`${name}: mcts answers within its time budget, shares summing to 1`, () => {
    const g = Game.create(name, { players: 3, seed: 4 });
    g.advance();
    const legal = g.legal();
    const started = performance.now();
    const timed = g.bot("mcts:50ms");
    const took = performance.now() - started;
    assert.ok(took < 2000, `mcts:50ms took ${took} ms`);
    assert.ok(legal.includes(timed.action));
    assert.ok(timed.iterations > 0);
    assert.equal(timed.analysis[0].action, timed.action);
    // (A time budget on a loaded machine may leave a single iteration, the root's expansion,
    // and no visits to share: the shares are checked on an iteration budget.)
    const choice = g.bot("mcts:300");
    const sum = choice.analysis.reduce((s, r) => s + r.share, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9, `shares sum to ${sum}`);
    assert.equal(choice.analysis[0].action, choice.action);
    assert.equal(choice.iterations, 300);
    assert.equal(g.bot("greedy").analysis, null);
  });
}

test("bad options, games and bots throw with what is wrong", () => {
  assert.throws(() => Game.create("chess", {}), /unknown game `chess`/);
  // Options are the chosen game's, by the names games() gives.
  assert.throws(() => Game.create("tigris", { openPiles: true }), /`openPiles` is not an option of tigris/);
  assert.throws(() => Game.create("cards", { board: "classic" }), /`board` is not an option of cards/);
  assert.throws(() => Game.create("sumeria", { turnLimit: 9 }), /`turnLimit` is not an option of sumeria/);
  assert.throws(() => Game.create("tigris", { colour: "red" }), /`colour` is not an option of tigris/);
  assert.throws(() => Game.create("tigris", { english_variant: true }), /`english_variant` is not an option of tigris/);
  assert.throws(() => Game.create("tigris", { board: "round" }), /`board` is classic or alternative, not `round`/);
  assert.throws(() => Game.create("tigris", { turnLimit: 0 }), /`turnLimit` is 1 to \d+, not 0/);
  assert.throws(() => Game.create("tigris", { englishVariant: 1 }), /`englishVariant` takes true or false, not 1/);
  assert.throws(() => Game.create("sumeria", { boardText: "not a board" }), /`boardText`/);
  assert.throws(() => Game.create("tigris", { players: 9 }), Error);
  assert.throws(() => Game.create("tigris", { seed: -1 }), /`seed` takes a whole number/);
  assert.throws(() => Game.create("tigris", { seats: "greedy" }), /`seats` takes an array/);
  assert.throws(() => Game.fromPosition("tigris", "x", 0.5), /seed/);
  assert.throws(() => Game.fromPosition("tigris", "x", Number.NaN), /seed/);
  // Options that are not an object of plain values.
  assert.throws(() => Game.create("tigris", () => 1), /options must be an object/);
  assert.throws(() => Game.create("tigris", { seed: 10n }), /options must be an object/);
  assert.throws(() => Game.create("tigris", "tigris"), /options must be an object/);
  const g = Game.create("tigris", { players: 2, board: "alternative", englishVariant: true, buildings: true, ziggurat: true, turnLimit: 50 });
  assert.match(g.position(), /alternative/);
  assert.equal(JSON.parse(g.record()).config.turn_limit, 50);
  assert.ok(Game.create("sumeria"));
  assert.ok(Game.create("sumeria", { boardText: undefined, seed: undefined }));
  g.advance();
  for (const bad of ["mcts:0", "mcts:x", "mcts:0ms", "deep blue", ""]) {
    assert.throws(() => g.bot(bad), /bot|iteration|budget/);
  }
});
