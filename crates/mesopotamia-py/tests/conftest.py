"""Shared settings of the suite."""

import mesopotamia

#: (game, players) pairs every test runs on: each game, smallest and largest tables.
CONFIGS = [("tigris", 2), ("tigris", 4), ("cards", 2), ("cards", 3), ("sumeria", 3), ("sumeria", 4)]


def play_random(state, rng, steps):
    """Plays up to `steps` random steps (chance by its probabilities); returns the state."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            codes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(codes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def new_state(name, players):
    return mesopotamia.Game(name, players).new_initial_state()
