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


def test_typed_sessions_and_descriptions() -> None:
    names: list[str] = [str(d["name"]) for d in mesopotamia.games()]
    assert tuple(names) == mesopotamia.GAMES
    session = mesopotamia.Session("cards", 2, seed=1, seats=["greedy", "random"], open_piles=True)
    played: list[tuple[int | None, str]] = session.play_bots()
    assert played == session.steps()
    assert session.to_move == mesopotamia.TERMINAL
    reason: str | None = session.end_reason
    assert reason == "rules"
    record: str = session.record()
    again = mesopotamia.Session.from_record(record)
    assert again.steps() == session.steps()
    state: mesopotamia.State = again.state()
    assert state.is_terminal()
    person = mesopotamia.Session(mesopotamia.Game("sumeria", 3), seed=2, seats="person,greedy,greedy")
    person.play_bots()
    legal: list[str] = person.legal()
    action, events = person.play(legal[0])
    told: list[str] = events
    assert action == legal[0] and isinstance(told, list)
    taken: int = person.undo(0)
    assert taken >= 1



def test_typed_bots_for_an_agent() -> None:
    state: mesopotamia.State = mesopotamia.Game("sumeria", 3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    action: int = state.bot_action("greedy", 1)
    bot = mesopotamia.Bot("level2", seed=1)
    chosen: int = bot.action(state)
    act = mesopotamia.policy("random", seed=2)
    other: int = act(state)
    spec: str = mesopotamia.bot_spec(" Level2 ")
    assert spec == bot.spec == "level2"
    assert {action, chosen, other} <= set(state.legal_actions())
