"""Pickling and copying: the engine's games and states, the OpenSpiel adapter (and its
searches for hidden information), and the PettingZoo environment."""

import base64
import copy
import json
import pickle
import re

import numpy as np
import pytest
from conftest import CONFIGS, new_state, play_random

import mesopotamia


def _mid_game(name, players, steps=150, seed=0):
    return play_random(new_state(name, players), np.random.default_rng(seed), steps)


@pytest.mark.parametrize("name,players", CONFIGS)
def test_engine_states_pickle_to_equal_states(name, players):
    state = _mid_game(name, players)
    assert len(state.history()) > 50
    for back in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert back == state
        assert back.history() == state.history()
        assert back.position() == state.position()
        for seat in range(players):
            assert back.information_state_string(seat) == state.information_state_string(seat)
        # And the copy plays on as the original does.
        a = play_random(back, np.random.default_rng(9), 40)
        b = play_random(state.clone(), np.random.default_rng(9), 40)
        assert a == b and a.history() == b.history()


@pytest.mark.parametrize(
    "name,options",
    [
        ("tigris", {"players": 3, "buildings": True, "turn_limit": 50}),
        ("cards", {"players": 2, "open_piles": True}),
        ("sumeria", {"players": 4}),
    ],
)
def test_engine_games_pickle_to_equal_games(name, options):
    game = mesopotamia.Game(name, **options)
    for back in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert back == game
        assert back.config_json() == game.config_json()
        assert back != mesopotamia.Game(name, 2 if name != "sumeria" else 3)


def _tampered(data, old, new):
    """``data`` with the first ``old`` replaced by ``new`` of the same length (a pickle's
    strings carry their lengths)."""
    assert len(old) == len(new)
    assert old in data, (old, data[:300])
    return data.replace(old, new, 1)


def test_a_tampered_state_pickle_raises_the_engines_error():
    state = _mid_game("tigris", 2)
    data = pickle.dumps(state)
    bag = re.search(rb"\\nbag (\d)", data)
    assert bag, data[:300]
    # A bag holding more tiles than the game has: the start position's checks refuse it.
    with pytest.raises(mesopotamia.EngineError, match="red tiles, but the game has"):
        pickle.loads(_tampered(data, bag.group(0), bag.group(0)[:-1] + b"9"))
    # A step by a seat not to move: the replay refuses it, naming it.
    with pytest.raises(mesopotamia.EngineError, match="step 13 "):
        pickle.loads(_tampered(data, b'{"action":[0,', b'{"action":[1,'))
    # Not the saved form, and not a game.
    with pytest.raises(mesopotamia.EngineError, match="not a saved tigris state"):
        pickle.loads(_tampered(data, b'{"record"', b'{"rXcord"'))
    with pytest.raises(mesopotamia.EngineError, match="unknown game"):
        pickle.loads(_tampered(data, b"tigris", b"tigrix"))
    # Step codes that do not match the steps, given to the restoring function directly.
    _, (name, saved) = state.__reduce__()
    with pytest.raises(mesopotamia.EngineError, match="step codes"):
        mesopotamia.State._restore(name, saved.replace('"history":[', '"history":[0,', 1))
    assert mesopotamia.State._restore(name, saved) == state
    # A state whose hidden information was redrawn keeps what each seat saw before it: a
    # step there by a seat not at the table is refused.
    world = pickle.dumps(state.resample_hidden(0, seed=3))
    with pytest.raises(mesopotamia.EngineError, match="not a step of this game"):
        pickle.loads(_tampered(world, b'"actor":0', b'"actor":7'))


@pytest.mark.parametrize("name,players", CONFIGS)
def test_redrawn_states_pickle_with_what_each_seat_saw(name, players):
    state = _mid_game(name, players, steps=60)
    world = state.resample_hidden(1, seed=5)
    back = pickle.loads(pickle.dumps(world))
    assert back == world and back.history() == world.history() == state.history()
    for seat in range(players):
        assert back.information_state_string(seat) == world.information_state_string(seat)
    assert world.information_state_string(1) == state.information_state_string(1)
    a = play_random(back, np.random.default_rng(2), 30)
    b = play_random(world.clone(), np.random.default_rng(2), 30)
    assert a == b and a.history() == b.history()


def _earlier_pickle(state):
    """What version 0.1 pickled of ``state``: the game's JSON, the codes of the steps and
    what each seat saw of them (read from the information states)."""
    players = state.num_players()
    lines = [state.information_state_string(s).splitlines()[1:-1] for s in range(players)]
    log = []
    for i in range(len(state.history())):
        heard = [lines[s][i] for s in range(players)]
        who, _ = heard[0].split(": ", 1)
        actor = -1 if who == "chance" else int(who.split()[1])
        seen = [line.split(": ", 1)[1] for line in heard]
        text = seen[actor] if actor >= 0 else next((x for x in seen if x != "?"), "?")
        others = {x for x in seen if x != text}
        mask = sum(1 << s for s in range(players) if seen[s] == text)
        log.append({
            "actor": actor,
            "text": text,
            "masked": next(iter(others)) if others and others != {"?"} else None,
            "seen_by": 255 if mask == (1 << players) - 1 else mask,
        })
    return json.dumps({"game": json.loads(state.serialize()), "history": state.history(), "log": log})


@pytest.mark.parametrize("name,players", CONFIGS)
def test_pickles_of_the_earlier_version_read_back(name, players):
    state = _mid_game(name, players, steps=80)
    earlier = _earlier_pickle(state)
    back = mesopotamia.State._restore(name, earlier)
    assert back == state and back.history() == state.history()
    for seat in range(players):
        assert back.information_state_string(seat) == state.information_state_string(seat)
    # It plays on, and pickles again in the new form.
    again = pickle.loads(pickle.dumps(back))
    assert again == back and again.history() == back.history()
    assert play_random(again, np.random.default_rng(1), 20) == play_random(
        state.clone(), np.random.default_rng(1), 20
    )
    with pytest.raises(mesopotamia.EngineError, match="not a step of this game"):
        mesopotamia.State._restore(name, earlier.replace('"actor": -1', '"actor": 77', 1))


def test_a_tampered_game_pickle_raises_the_engines_error():
    data = pickle.dumps(mesopotamia.Game("cards", 3))
    with pytest.raises(mesopotamia.EngineError, match="players"):
        pickle.loads(_tampered(data, b'"players":3', b'"players":9'))
    with pytest.raises(mesopotamia.EngineError, match="a cards configuration"):
        pickle.loads(_tampered(data, b'"players":3', b'"players":x'))


# OpenSpiel ----------------------------------------------------------------------------

pyspiel = pytest.importorskip("pyspiel")
import mesopotamia.openspiel as mo  # noqa: E402

mo.register()

OPENSPIEL = [
    ("mesopotamia_tigris", {"players": 2}),
    ("mesopotamia_cards", {"players": 3}),
    ("mesopotamia_sumeria", {"players": 3}),
]


def _openspiel_mid_game(name, params, steps=120):
    game = pyspiel.load_game(name, params)
    # conftest's player drives OpenSpiel's states too (the same methods).
    return game, play_random(game.new_initial_state(), np.random.RandomState(4), steps)


@pytest.mark.parametrize("name,params", OPENSPIEL)
def test_openspiel_serialize_game_and_state_round_trips(name, params):
    game, state = _openspiel_mid_game(name, params)
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, back = pyspiel.deserialize_game_and_state(text)
    assert isinstance(back, mo.MesopotamiaState)
    assert str(back) == str(state)
    assert back.history() == state.history()
    assert back.inner == state.inner
    assert game_back.get_parameters() == game.get_parameters()


@pytest.mark.parametrize("name,params", OPENSPIEL)
def test_openspiel_games_and_states_pickle(name, params):
    game, state = _openspiel_mid_game(name, params)
    game_back = pickle.loads(pickle.dumps(game))
    assert isinstance(game_back, mo.MesopotamiaGame)
    assert game_back.get_parameters() == game.get_parameters()
    for back in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()):
        assert isinstance(back, mo.MesopotamiaState)
        assert str(back) == str(state)
        assert back.history() == state.history()
        assert back.move_number() == state.move_number()
        for seat in range(game.num_players()):
            assert back.information_state_string(seat) == state.information_state_string(seat)


def test_a_tampered_openspiel_state_raises_the_engines_error():
    game, state = _openspiel_mid_game("mesopotamia_cards", {"players": 3})
    text = pyspiel.serialize_game_and_state(game, state)
    head, encoded = text.rsplit("__dict__=", 1)
    attributes = base64.b64decode(encoded)
    # The engine state's own text tampered with, inside OpenSpiel's string.
    bad = _tampered(attributes, b'"history":[', b'"histOry":[')
    with pytest.raises(mesopotamia.EngineError, match="not a saved cards state"):
        pyspiel.deserialize_game_and_state(head + "__dict__=" + base64.b64encode(bad).decode())
    # OpenSpiel's history no longer the engine state's.
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("history="))
    first, rest = lines[at][len("history=") :].split(",", 1)
    player, action = first.split(":")
    lines[at] = f"history={player}:{int(action) + 1},{rest}"
    with pytest.raises(mesopotamia.EngineError, match="tampered"):
        pyspiel.deserialize_game_and_state("\n".join(lines))
    # Untouched, it reads back.
    assert str(pyspiel.deserialize_game_and_state(text)[1]) == str(state)


@pytest.mark.parametrize("name,params,simulations", [
    ("mesopotamia_tigris", {"players": 2}, 6),
    ("mesopotamia_cards", {"players": 2}, 8),
    ("mesopotamia_sumeria", {"players": 3}, 8),
])
def test_openspiels_ismcts_plays_whole_games(name, params, simulations):
    from open_spiel.python.algorithms import ismcts

    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game,
        mo.RolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            codes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(codes, p=probabilities)))
        elif state.current_player() == 0:
            legal = state.legal_actions()
            action = bot.step(state)
            assert action in legal
            state.apply_action(action)
            searched += len(legal) > 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 10
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("name,params", OPENSPIEL)
def test_resampled_states_keep_the_information_state(name, params):
    # Early, while something is hidden in each game (Sumeria's bag empties later).
    game, state = _openspiel_mid_game(name, params, steps=30)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(8)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
        assert world.history() == state.history()
    if name == "mesopotamia_sumeria":
        # Sumeria hides nothing at a decision: the bag follows from the tiles in sight.
        assert all(str(w) == str(state) for w in worlds)
    else:
        # What the seat cannot see (other hands, the bag) differs between worlds.
        assert len({str(w) for w in worlds}) > 1


# PettingZoo ---------------------------------------------------------------------------


def test_pettingzoo_environments_pickle_with_the_game_in_progress():
    pz = pytest.importorskip("mesopotamia.pettingzoo")
    env = pz.env(game="cards", players=3)
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(40):
        agent = env.agent_selection
        observation, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else
                 int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    copies = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    for back in copies:
        assert back.unwrapped.state == env.unwrapped.state
        assert back.unwrapped.state.history() == env.unwrapped.state.history()
        assert back.agent_selection == env.agent_selection
        assert back.agents == env.agents
        assert back.rewards == env.rewards
        assert back.unwrapped._cumulative_rewards == env.unwrapped._cumulative_rewards
    # The copies and the original play on alike (the chance generator came along too).
    runs = []
    for e in [env] + copies:
        rng = np.random.default_rng(2)
        steps = []
        for agent in e.agent_iter(max_iter=300):
            observation, reward, termination, truncation, _ = e.last()
            action = None if termination or truncation else int(
                rng.choice(np.flatnonzero(observation["action_mask"]))
            )
            steps.append((agent, action, reward))
            e.step(action)
        runs.append((steps, e.unwrapped.state.history()))
    assert runs[0][1] and runs[0] == runs[1] == runs[2]
