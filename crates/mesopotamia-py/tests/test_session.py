"""``mesopotamia.Session``: a game with its seats and its seeded generator, the facade's
session, which gives the same game as the command line for the same seed and seats."""

import copy
import json
import os
import pickle
import shutil
import subprocess
from pathlib import Path

import pytest

import mesopotamia

ROOT = Path(__file__).resolve().parents[3]
DESCRIPTIONS = mesopotamia.games()
NAMES = [d["name"] for d in DESCRIPTIONS]


def _players(name):
    (d,) = [d for d in DESCRIPTIONS if d["name"] == name]
    return d


@pytest.mark.parametrize("name", NAMES)
def test_bots_play_a_whole_game_that_ends_by_the_rules(name):
    d = _players(name)
    session = mesopotamia.Session(name, d["min_players"], seed=3, seats="greedy")
    assert session.seats == ["greedy"] * d["min_players"]
    assert session.to_move == mesopotamia.CHANCE
    played = session.play_bots()
    assert played == session.steps() and played
    assert session.to_move == mesopotamia.TERMINAL
    assert session.end_reason == "rules"
    ranks = session.ranks()
    assert ranks is not None and min(ranks) == 1
    scores = session.scores()
    assert len(scores) == d["min_players"]
    record = json.loads(session.record())
    assert record["game"] == name and record["seed"] == 3 and record["end"] == "rules"
    assert record["bots"] == ["greedy"] * d["min_players"]
    assert len(record["steps"]) == len(played)
    assert session.record_text().startswith("[")


@pytest.mark.parametrize("name", NAMES)
def test_a_person_plays_undoes_and_the_same_draws_come_again(name):
    d = _players(name)
    seats = ["person"] + ["random"] * (d["min_players"] - 1)
    session = mesopotamia.Session(name, d["min_players"], seed=5, seats=seats)
    session.play_bots()  # the deal, up to the person's first decision
    assert session.to_move == 0
    legal = session.legal()
    assert legal
    step, events = session.play(legal[-1])
    assert step == legal[-1] and isinstance(events, list)
    after = session.play_bots()
    steps = session.steps()
    # Undo takes the decision back and the generator with it: the same draws and bot
    # choices follow the same decision.
    taken = session.undo(0)
    assert taken == 1 + len(after)
    assert session.to_move == 0 and session.legal() == legal
    session.play(legal[-1])
    session.play_bots()
    assert session.steps() == steps
    with pytest.raises(mesopotamia.EngineError, match="not a bot"):
        mesopotamia.Session(name, d["min_players"], seed=5).play_bots()


@pytest.mark.parametrize("name", NAMES)
def test_a_session_rebuilt_from_its_record_goes_on_the_same(name):
    d = _players(name)
    seats = ["random"] * d["max_players"]
    whole = mesopotamia.Session(name, d["max_players"], seed=9, seats=seats)
    whole.play_bots()
    half = mesopotamia.Session(name, d["max_players"], seed=9, seats=seats)
    for _ in range(len(whole.steps()) // 2):
        if half.to_move == mesopotamia.CHANCE:
            half.advance()
        else:
            half.bot_turn()
    for text in (half.record(), half.record_text()):
        again = mesopotamia.Session.from_record(text)
        assert again.steps() == half.steps() and again.seats == seats
        again.play_bots()
        assert again.steps() == whole.steps()
        assert again.record() == whole.record()
    for back in (pickle.loads(pickle.dumps(half)), copy.deepcopy(half)):
        back.play_bots()
        assert back.steps() == whole.steps()


def test_a_session_from_a_game_and_its_state():
    game = mesopotamia.Game("cards", 2, open_piles=True)
    session = mesopotamia.Session(game, seed=1, seats=["greedy", "mcts:20"])
    assert json.loads(session.record())["config"] == json.loads(game.config_json())
    session.play_bots()
    state = session.state()
    assert state.is_terminal() and state.ranks() == session.ranks()
    assert len(state.history()) == len(session.steps())
    assert state.information_state_string(0).startswith("seat 0\n")
    with pytest.raises(mesopotamia.EngineError, match="with a game's name"):
        mesopotamia.Session(game, 3)


def test_hints_suggestions_and_views_move_nothing():
    session = mesopotamia.Session("sumeria", 3, seed=2, seats="person,greedy,greedy")
    session.play_bots()
    before = session.steps()
    hint = session.hint()
    assert hint["action"] in session.legal()
    assert hint["shares"] and hint["legal"] == len(session.legal()) and hint["iterations"] > 0
    suggestion = session.suggest("mcts:30")
    assert suggestion["action"] in session.legal() and suggestion["iterations"] == 30
    assert session.suggest("greedy")["analysis"] is None
    assert session.view_text(0) and session.view_text(0) != session.view_text(1)
    assert json.loads(session.view_json(1))["seat"] == 1
    assert session.steps() == before
    with pytest.raises(mesopotamia.EngineError, match="seat 3"):
        session.view_text(3)


def test_refusals_leave_the_session_as_it_was():
    with pytest.raises(mesopotamia.EngineError, match="unknown bot"):
        mesopotamia.Session("tigris", 2, seats=["greedy", "oracle"])
    with pytest.raises(mesopotamia.EngineError, match="3 seat specs for 2 seats"):
        mesopotamia.Session("tigris", 2, seats=["greedy", "greedy", "greedy"])
    with pytest.raises(mesopotamia.EngineError, match="`open_piles` is not an option of tigris"):
        mesopotamia.Session("tigris", 2, open_piles=True)
    with pytest.raises(TypeError):
        mesopotamia.Session("tigris", 2, seats=3)
    session = mesopotamia.Session("tigris", 2, seed=4, seats="person,greedy")
    session.play_bots()
    record = session.record()
    with pytest.raises(mesopotamia.EngineError):
        session.play("fly to the moon")
    with pytest.raises(mesopotamia.EngineError):
        session.bot_turn()  # a person's seat
    with pytest.raises(mesopotamia.EngineError, match="nothing to undo"):
        session.undo(0)
    assert session.record() == record
    with pytest.raises(mesopotamia.EngineError):
        mesopotamia.Session.from_record("{}")


# The same game as the command line ---------------------------------------------------

CLI = Path(os.environ.get("MESOPOTAMIA_CLI", ROOT / "target" / "debug" / "mesopotamia"))

#: The WebAssembly package's Node build (`cargo xtask wasm`) and the script that plays a
#: bot-only game through it; with MESOPOTAMIA_REQUIRE_WASM=1 (as `.ci/run` sets) a missing
#: package fails the test instead of leaving the browser's engine out of the comparison.
WASM_NODE = Path(os.environ.get("MESOPOTAMIA_WASM_NODE", ROOT / "target" / "wasm" / "node"))
PLAY_RECORD = ROOT / "crates" / "mesopotamia-wasm" / "tests" / "play_record.mjs"


def node_record(name, players, seed, bots):
    """The record of the same bot-only game played by the WebAssembly package in Node, or
    None when the package or Node is missing (and not required)."""
    available = (WASM_NODE / "mesopotamia_wasm.js").exists() and shutil.which("node")
    if not available:
        assert os.environ.get("MESOPOTAMIA_REQUIRE_WASM") != "1", (
            f"no WebAssembly package at {WASM_NODE} (or no node): run cargo xtask wasm"
        )
        return None
    out = subprocess.run(
        ["node", str(PLAY_RECORD), name, str(players), str(seed), ",".join(bots)],
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, MESOPOTAMIA_WASM_NODE=str(WASM_NODE)),
        timeout=600,
    )
    return json.loads(out.stdout)

#: Bot-only games: each game at its fewest and most players, a few seeds, the random,
#: greedy and search bots.
CLI_GAMES = [
    (d["name"], players, seed, bots)
    for d in DESCRIPTIONS
    for players, seed, bots in [
        (d["min_players"], 1, ["greedy"] + ["random"] * (d["min_players"] - 1)),
        (d["max_players"], 2, ["mcts:10", "greedy"] + ["random"] * (d["max_players"] - 2)),
        (d["default_players"], 7, ["greedy"] * d["default_players"]),
    ]
]


@pytest.mark.skipif(
    not CLI.exists(),
    reason=f"no command line at {CLI}: build it (cargo build -p mesopotamia-cli) or set "
    "MESOPOTAMIA_CLI to its path",
)
@pytest.mark.parametrize(
    "name,players,seed,bots", CLI_GAMES, ids=[f"{n}-{p}-{s}" for n, p, s, _ in CLI_GAMES]
)
def test_the_same_seed_and_seats_give_the_same_game_everywhere(tmp_path, name, players, seed, bots):
    path = tmp_path / "record.json"
    subprocess.run(
        [str(CLI), "play", name, "--players", str(players), "--seed", str(seed),
         "--bots", ",".join(bots), "--record", str(path)],
        check=True,
        capture_output=True,
        env=dict(os.environ, NO_COLOR="1"),
        timeout=600,
    )
    cli = json.loads(path.read_text())
    session = mesopotamia.Session(name, players, seed=seed, seats=bots)
    session.play_bots()
    ours = json.loads(session.record())
    for key in ("game", "config", "steps", "seed", "bots", "rng_position", "end"):
        assert ours[key] == cli[key], key
    # The WebAssembly package (the browser's engine) plays the very same game.
    web = node_record(name, players, seed, bots)
    if web is not None:
        for key in ("game", "config", "steps", "seed", "bots", "rng_position", "end"):
            assert web[key] == cli[key], f"the WebAssembly package's {key}"
    # A bot-only game ends by the rules, not at the engine's turn limit.
    assert cli["end"] == "rules" and session.end_reason == "rules"
