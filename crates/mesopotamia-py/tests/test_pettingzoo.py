"""PettingZoo's own API test on the three games."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from mesopotamia.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize(
    "game,players,options",
    [("cards", 3, {}), ("tigris", 4, {}), ("tigris", 2, {"buildings": True}), ("sumeria", 4, {})],
)
def test_api_test_passes(game, players, options):
    api_test(env(game=game, players=players, **options), num_cycles=300)


def test_a_seeded_game_is_repeatable_and_ends_with_the_returns():
    def play(seed):
        e = env(game="sumeria", players=3)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        rewards = dict.fromkeys(e.possible_agents, 0.0)
        actions = []
        for agent in e.agent_iter():
            _, reward, termination, truncation, _ = e.last()
            rewards[agent] += reward
            if termination or truncation:
                action = None
            else:
                mask = e.observe(agent)["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
                actions.append(action)
            e.step(action)
        return actions, rewards

    first, rewards = play(5)
    assert play(5) == (first, rewards)
    assert abs(sum(rewards.values())) < 1e-9
    assert max(rewards.values()) > 0
