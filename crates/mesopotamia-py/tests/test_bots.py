"""The engine's bots for any agent: ``State.bot_action``, ``mesopotamia.Bot`` and
``policy``, the OpenSpiel bot and the PettingZoo policy."""

import numpy as np
import pytest

import mesopotamia
from mesopotamia import Bot, EngineError, bot_spec, policy


def at_a_decision(name, players, chance_seed=0):
    """A new game of ``name`` at its first decision, chance drawn from ``chance_seed``."""
    state = mesopotamia.Game(name, players=players).new_initial_state()
    rng = np.random.default_rng(chance_seed)
    while state.is_chance_node():
        codes, weights = zip(*state.chance_outcomes())
        weights = np.array(weights)
        state.apply_action(int(rng.choice(codes, p=weights / weights.sum())))
    return state


@pytest.mark.parametrize("name,players", [("tigris", 2), ("cards", 3), ("sumeria", 3)])
@pytest.mark.parametrize("spec", ["random", "greedy", "level1", "level2", "mcts:20", "mcts-v1:20"])
def test_a_bot_action_is_legal_reproducible_and_moves_nothing(name, players, spec):
    state = at_a_decision(name, players)
    before = state.clone()
    action = state.bot_action(spec, seed=3)
    assert action in state.legal_actions()
    assert state.bot_action(spec, seed=3) == action
    assert state == before


def test_bot_action_refuses_bad_specs_people_and_other_nodes():
    state = at_a_decision("sumeria", 3)
    with pytest.raises(EngineError, match="unknown bot `clever`"):
        state.bot_action("clever")
    with pytest.raises(EngineError, match="bad iteration count"):
        state.bot_action("mcts:0")
    with pytest.raises(EngineError, match="not a bot"):
        state.bot_action("person")
    chance = mesopotamia.Game("sumeria", players=3).new_initial_state()
    assert chance.is_chance_node()
    with pytest.raises(EngineError):
        chance.bot_action("greedy")


def test_bot_spec_prints_what_it_reads():
    assert bot_spec(" MCTS:1.50s ") == "mcts:1.5s"
    assert bot_spec("mcts:50ms-cpu") == "mcts:50ms-cpu"
    assert bot_spec("Level3") == "level3"
    with pytest.raises(EngineError, match="bad time budget"):
        bot_spec("mcts:1.5s-cpu")
    with pytest.raises(EngineError):
        bot_spec("person")


def test_the_win_rate_interval_is_the_command_lines():
    # Wilson's 95% interval, as `mesopotamia simulate` quotes it: 60 of 100 is 50.2-69.1%.
    low, high = mesopotamia.wilson_interval(60, 100)
    assert abs(low - 0.5020) < 0.0005 and abs(high - 0.6906) < 0.0005
    # Fractions of a win (a shared first place) count; no games tells nothing.
    low_less, high_less = mesopotamia.wilson_interval(59.5, 100)
    assert low_less < low and high_less < high
    assert mesopotamia.wilson_interval(0, 0) == (0.0, 1.0)


def play(bots, name="sumeria", players=3, chance_seed=1):
    """A whole game, each seat's action from ``bots[seat](state)``; the returns and the
    actions played."""
    state = mesopotamia.Game(name, players=players).new_initial_state()
    rng = np.random.default_rng(chance_seed)
    actions = []
    while not state.is_terminal():
        if state.is_chance_node():
            codes, weights = zip(*state.chance_outcomes())
            weights = np.array(weights)
            state.apply_action(int(rng.choice(codes, p=weights / weights.sum())))
        else:
            action = bots[state.current_player()](state)
            assert action in state.legal_actions()
            actions.append(action)
            state.apply_action(action)
    return state.returns(), actions


def test_a_bot_plays_a_whole_game_against_an_agent_and_again_alike():
    def agent(state):
        # An agent of one's own: the first legal action.
        return state.legal_actions()[0]

    def game():
        bot = Bot("level2", seed=5)
        return play([bot.action, agent, policy("greedy", seed=2)])

    first, again = game(), game()
    assert first == again
    returns, _ = first
    assert len(returns) == 3 and abs(sum(returns)) < 1e-9


def test_a_bot_restarts_its_seeds_and_reads_its_spec_once():
    bot = Bot(" Random ", seed=4)
    assert bot.spec == "random"
    assert repr(bot) == "Bot('random', seed=4)"
    state = at_a_decision("tigris", 2)
    first = [bot.action(state) for _ in range(6)]
    assert len(set(first)) > 1, "each decision draws from its own seed"
    bot.restart()
    assert [bot.action(state) for _ in range(6)] == first
    with pytest.raises(EngineError):
        Bot("mcts:x")


def test_the_openspiel_bot_plays_in_openspiels_evaluation():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import evaluate_bots

    import mesopotamia.openspiel as mo

    mo.register()
    game = pyspiel.load_game("mesopotamia_sumeria", {"players": 3})
    bots = [mo.MesopotamiaBot("level1", seed=1), mo.MesopotamiaBot("random", seed=2)]
    bots.append(mo.MesopotamiaBot("level2", seed=3))
    assert bots[2].spec == "level2"
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert len(returns) == 3 and abs(sum(returns)) < 1e-9
    again = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert list(again) == list(returns), "restart_at starts the seeds again"
    with pytest.raises(TypeError):
        bots[0].step(pyspiel.load_game("tic_tac_toe").new_initial_state())
    with pytest.raises(EngineError):
        mo.MesopotamiaBot("person")


def test_the_pettingzoo_policy_plays_the_environments_loop():
    pytest.importorskip("pettingzoo")
    from mesopotamia.pettingzoo import bot_policy, env

    def play_once():
        e = env(game="sumeria", players=3)
        e.reset(seed=3)
        policies = {a: bot_policy(spec, seed=i) for i, (a, spec) in enumerate(
            zip(e.possible_agents, ["level1", "random", "level2"]))}
        rewards = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            _, reward, termination, truncation, _ = e.last()
            rewards[agent] += reward
            action = policies[agent](e, agent)
            assert (action is None) == (termination or truncation)
            e.step(action)
        return rewards

    rewards = play_once()
    assert abs(sum(rewards.values())) < 1e-9
    assert play_once() == rewards
