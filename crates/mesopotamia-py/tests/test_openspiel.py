"""OpenSpiel's own checks on the three games."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import mesopotamia  # noqa: E402
import mesopotamia.openspiel as mo  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

mo.register()

GAMES = [
    ("mesopotamia_tigris", {"players": 4}),
    ("mesopotamia_tigris", {"players": 2, "buildings": True, "ziggurat": True}),
    ("mesopotamia_cards", {}),
    ("mesopotamia_cards", {"players": 2, "open_piles": True}),
    ("mesopotamia_sumeria", {}),
    ("mesopotamia_sumeria", {"players": 3}),
]


@pytest.mark.parametrize("name,params", GAMES)
def test_random_sim_test_passes(name, params):
    game = pyspiel.load_game(name, params)
    # serialize=True: each state is also serialized and read back (pickling the engine state).
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name,params", GAMES[::2])
def test_mcts_bot_plays(name, params):
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 3:
        if state.is_chance_node():
            codes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(codes, p=probabilities))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions == 3


def test_tensors_and_strings_come_from_the_players_view():
    game = pyspiel.load_game("mesopotamia_cards", {"players": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert state.observation_string(1) == state.inner.observation_string(1)
    assert state.information_state_string(2).startswith("seat 2\n")
    assert game.num_players() == 3
    engine = mesopotamia.Game("cards", 3)
    assert game.num_distinct_actions() == engine.num_distinct_actions()
    assert game.observation_tensor_shape() == [engine.observation_size()]


def test_unknown_parameters_are_refused():
    with pytest.raises(Exception):
        pyspiel.load_game("mesopotamia_cards", {"players": 9})
