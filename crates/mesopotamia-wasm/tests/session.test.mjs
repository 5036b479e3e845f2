// The library's session through the package: a bot's turn and bot-only play with the game's
// generator, records that carry the generator (a game rebuilt from its record at any step
// goes on exactly as the original), bot-only games that end by the rules, the hint, undo to a
// seat's decision, and the same game as the command line with the same seed and seats.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { wasm, GAMES, cli } from "./package.mjs";

const { Game, games } = wasm;

/** One step: chance by the game's generator, a seat by its bot (`botTurn`). */
function step(g) {
  if (g.toMove().kind === "chance") g.sampleChance();
  else g.botTurn();
}

/** Bot-only games: each game at its smallest and largest table, a few seeds. */
function botGames(spec) {
  const out = [["tigris", 2, 7]];
  for (const { name, minPlayers, maxPlayers } of games()) {
    for (const [players, seed] of [[minPlayers, 1], [maxPlayers, 2], [minPlayers, 3]]) out.push([name, players, seed]);
  }
  return out.map(([name, players, seed]) => ({ name, players, seed, seats: Array(players).fill(spec) }));
}

for (const spec of ["greedy", "random"]) {
  test(`${spec} against ${spec}: every bot-only game ends by the rules`, () => {
    for (const { name, players, seed, seats } of botGames(spec)) {
      const g = Game.create(name, { players, seed, seats });
      g.playBots();
      const label = `${name}, ${players} players, seed ${seed}, ${spec}`;
      assert.deepEqual(g.toMove(), { kind: "over" }, label);
      assert.equal(g.endReason(), "rules", label);
      assert.equal(JSON.parse(g.record()).end, "rules", label);
    }
  });
}

for (const name of GAMES) {
  test(`${name}: a game rebuilt from its record at any step and played on by botTurn is the original`, () => {
    const options = { players: 3, seed: 21, seats: ["greedy", "random", "greedy"] };
    const original = Game.create(name, options);
    const records = [original.record()];
    while (original.toMove().kind !== "over") {
      step(original);
      records.push(original.record());
    }
    const whole = original.record();
    assert.equal(original.endReason(), "rules");
    const total = original.steps().length;
    for (const at of [0, 1, 2, Math.floor(total / 4), Math.floor(total / 2), total - 1, total]) {
      // Rebuilt from the record written at step `at` (as the page's worker does), then played
      // on step by step with the bots' turns.
      const rebuilt = Game.fromRecord(name, records[at]);
      assert.equal(rebuilt.steps().length, at);
      assert.deepEqual(rebuilt.seats, options.seats);
      while (rebuilt.toMove().kind !== "over") step(rebuilt);
      assert.equal(rebuilt.record(), whole, `${name} rebuilt at step ${at}`);
    }
    // And rebuilt at every step, one step each time: the page's way (worker and page).
    let g = Game.create(name, options);
    while (g.toMove().kind !== "over") {
      step(g);
      const next = Game.fromRecord(null, g.record());
      g.free();
      g = next;
    }
    assert.equal(g.record(), whole, `${name} rebuilt at every step`);
  });

  test(`${name}: the page's way (a copy rebuilt from the record plays, the game follows) is the game, undo included`, () => {
    const options = { players: 3, seed: 9, seats: ["person", "greedy", "random"] };
    const direct = Game.create(name, options);
    const page = Game.create(name, options);
    /** Chance here, each bot's turn in a copy rebuilt from the record (the page's worker). */
    const viaWorker = (g) => {
      for (;;) {
        const who = g.toMove();
        if (who.kind === "chance") g.advance();
        else if (who.kind === "seat" && g.seats[who.seat] !== "person") {
          const copy = Game.fromRecord(null, g.record());
          copy.botTurn();
          assert.equal(g.follow(copy.record()), 1);
          copy.free();
        } else return;
      }
    };
    for (let decision = 0; decision < 5; decision++) {
      direct.playBots();
      viaWorker(page);
      assert.equal(page.record(), direct.record());
      if (direct.toMove().kind === "over") break;
      const action = direct.legal().at(-1);
      direct.play(action);
      page.play(action);
      direct.playBots();
      viaWorker(page);
      const after = direct.record();
      assert.equal(page.record(), after);
      // Undo puts the generator back in both: the same decision again is the same game.
      assert.equal(page.undoDecision(0), direct.undoDecision(0));
      assert.equal(page.record(), direct.record(), `${name}: undone`);
      page.play(action);
      viaWorker(page);
      assert.equal(page.record(), after, `${name}: played again`);
      direct.play(action);
    }
    const before = page.record();
    assert.throws(() => page.follow(Game.create(name, { ...options, seed: 10 }).record()), /another game/);
    assert.throws(() => page.follow(Game.create(name, options).record()), /does not go on from this game/);
    assert.throws(() => page.follow("not a record"), /not a game record/);
    assert.equal(page.record(), before, "refusals change nothing");
    assert.equal(page.follow(before), 0);
  });

  test(`${name}: bot(spec) moves nothing and is what the seat's bot plays on its turn`, () => {
    const g = Game.create(name, { players: 3, seed: 8, seats: ["greedy", "random", "mcts:100"] });
    for (let i = 0; i < 60 && g.toMove().kind !== "over"; i++) {
      const who = g.toMove();
      if (who.kind === "chance") {
        g.sampleChance();
        continue;
      }
      const record = g.record();
      const spec = g.seats[who.seat];
      const choice = g.bot(spec);
      assert.equal(g.record(), record, "a suggestion moves nothing");
      assert.deepEqual(g.bot(spec), choice);
      const played = g.botTurn();
      assert.equal(played.action, choice.action, `${name} step ${i}, ${spec}`);
      assert.ok(Array.isArray(played.events));
      assert.equal(g.steps().at(-1).step, played.action);
    }
  });

  test(`${name}: playBots stops for a person; undoDecision goes back to the seat's decision`, () => {
    const g = Game.create(name, { players: 3, seed: 4, seats: ["random", "person", "greedy"] });
    assert.throws(() => g.undoDecision(1), /nothing to undo/);
    g.playBots();
    assert.deepEqual(g.toMove(), { kind: "seat", seat: 1 });
    assert.throws(() => g.botTurn(), /seat 1 is not a bot's/);
    const before = g.position();
    const steps = g.steps().length;
    const action = g.legal().at(-1);
    g.play(action);
    g.playBots();
    const after = g.record();
    const taken = g.undoDecision(1);
    assert.equal(g.steps().length, steps);
    assert.equal(taken, JSON.parse(after).steps.length - steps);
    assert.equal(g.position(), before);
    // The same decision again: the same game after it, draws and bots included.
    g.play(action);
    g.playBots();
    assert.equal(g.record(), after);
    assert.throws(() => g.undoDecision(3), /seat 3/);
    const h = Game.create(name, { players: 3, seed: 4 });
    h.advance();
    assert.throws(() => h.botTurn(), /is not a bot's/);
    assert.throws(() => h.playBots(), /is not a bot's/);
  });

  test(`${name}: the hint is the library's, and moves nothing`, () => {
    const g = Game.create(name, { players: 3, seed: 6, seats: ["person", "random", "random"] });
    assert.throws(() => g.hint(), /is to move/);
    g.playBots();
    const record = g.record();
    const hint = g.hint();
    assert.equal(g.record(), record);
    assert.ok(g.legal().includes(hint.action));
    assert.equal(hint.shares[0].action, hint.action);
    const sum = hint.shares.reduce((s, r) => s + r.share, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9, `shares sum to ${sum}`);
    assert.equal(hint.legal, g.legal().length);
    assert.ok(hint.iterations > 0);
    // The first hint of a game rebuilt from the record is the same (the page's worker asks so).
    assert.deepEqual(Game.fromRecord(name, record).hint(), hint);
  });
}

test("play_record.mjs prints the command line's record of the same game", () => {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "play_record.mjs");
  const dir = mkdtempSync(path.join(os.tmpdir(), "mesopotamia-record-"));
  try {
    for (const [name, players, seed, seats] of [
      ["tigris", 2, 7, "greedy,greedy"],
      ["cards", 3, 5, "greedy,random,mcts:30"],
      ["sumeria", 4, 2, "random,greedy,greedy,random"],
    ]) {
      const printed = execFileSync("node", [script, name, String(players), String(seed), seats], { encoding: "utf8" });
      const file = path.join(dir, `${name}.json`);
      cli("play", name, "--players", String(players), "--seed", String(seed), "--bots", seats, "--record", file);
      assert.deepEqual(JSON.parse(printed), JSON.parse(readFileSync(file, "utf8")), name);
      assert.equal(JSON.parse(printed).end, "rules", name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
