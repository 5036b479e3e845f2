"""Typed use of the engine: run by pytest, and checked by mypy --strict in .ci/run against
the package's stubs (mesopotamia/_engine.pyi), so that a stub that lies fails one or the
other."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import mesopotamia


def random_game(name: str, players: int, seed: int) -> mesopotamia.State:
    rng = np.random.default_rng(seed)
    state: mesopotamia.State = mesopotamia.Game(name, players).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            codes = [code for code, _ in outcomes]
            probabilities = [p for _, p in outcomes]
            state.apply_action(int(rng.choice(codes, p=probabilities)))
        else:
            legal: list[int] = state.legal_actions()
            state.apply_action(int(rng.choice(legal)))
    return state


def test_typed_use_runs() -> None:
    state = random_game("cards", 3, 1)
    returns: list[float] = state.returns()
    ranks: list[int] | None = state.ranks()
    assert ranks is not None and len(ranks) == len(returns) == state.num_players()
    tensor: npt.NDArray[np.float32] = state.observation_tensor(0)
    assert tensor.dtype == np.float32
    mask: npt.NDArray[np.int8] = state.legal_mask()
    assert mask.dtype == np.int8
    game = mesopotamia.Game("tigris", 2, buildings=True)
    layout: list[tuple[str, list[int]]] = game.observation_layout()
    assert sum(int(np.prod(shape)) for _, shape in layout) == game.observation_size()
    results = game.play_games(2, seed=3, bots="greedy,random")
    assert [sorted(r) for r in results] == [sorted(["returns", "ranks", "scores", "steps", "end"])] * 2
    try:
        mesopotamia.Game("chess")
    except mesopotamia.EngineError as refused:
        assert "unknown game" in str(refused)
