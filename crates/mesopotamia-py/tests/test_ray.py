"""mesopotamia.ray on a local Ray: results independent of how the games are cut into tasks,
the same as Game.play_games, tournaments rated, self-play datasets that replay, and Ctrl-C."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

ray = pytest.importorskip("ray")
pq = pytest.importorskip("pyarrow.parquet")

import mesopotamia  # noqa: E402
from mesopotamia.ray import (  # noqa: E402
    bradley_terry,
    play_games,
    selfplay_dataset,
    tournament,
)


# The tests' objects are small; Ray's refusal to create objects on a disk over 95% full
# (meant for spilling) would fail them on a busy build machine for no fault of ours.
SYSTEM_CONFIG = {"local_fs_capacity_threshold": 1}


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        _system_config=SYSTEM_CONFIG,
    )
    yield
    ray.shutdown()


def _engine_fields(result):
    return {k: result[k] for k in ("returns", "ranks", "scores", "steps", "end")}


@pytest.mark.parametrize("name,players,bots", [
    ("tigris", 3, "random"),
    ("cards", 2, "greedy,random"),
    ("sumeria", 4, ["random", "mcts:20", "greedy", "random"]),
])
def test_play_games_is_the_same_whatever_the_tasks(name, players, bots):
    runs = [
        play_games(name, players, bots, games=9, seed=40, tasks=tasks, progress=False)
        for tasks in (1, 4, 9)
    ]
    assert runs[0] == runs[1] == runs[2]
    results = runs[0]
    assert [r["index"] for r in results] == list(range(9))
    assert [r["seed"] for r in results] == [40 + i for i in range(9)]
    seat_bots = bots.split(",") if isinstance(bots, str) else bots
    if len(seat_bots) == 1:
        seat_bots = seat_bots * players
    assert all(r["bots"] == seat_bots for r in results)
    # The same games as the engine plays them in this process.
    local = mesopotamia.Game(name, players).play_games(9, 40, ",".join(seat_bots))
    assert [_engine_fields(r) for r in results] == local
    assert len({(tuple(r["scores"]), r["steps"]) for r in results}) > 1  # different games
    assert set(results.nodes) == set(range(9))


def test_play_games_refuses_bad_arguments():
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        play_games("cards", 3, "random,greedy", games=2, progress=False)
    with pytest.raises(ValueError, match="tasks=0"):
        play_games("cards", 3, games=2, tasks=0, progress=False)
    with pytest.raises(mesopotamia.EngineError, match="unknown bot"):
        play_games("cards", 3, "champion", games=2, progress=False)


def test_progress_is_reported_to_a_callable():
    seen = []
    play_games("cards", 2, games=6, seed=1, tasks=3, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (6, 6)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_bradley_terry_recovers_known_odds():
    # A beats B three times in four, B beats C three times in four: A-B and B-C are each
    # about 191 Elo (400 log10 3), A-C about twice that; the prior pulls a little to 0.
    comparisons = [("a", "b", 1.0)] * 300 + [("a", "b", 0.0)] * 100
    comparisons += [("b", "c", 1.0)] * 300 + [("b", "c", 0.0)] * 100
    ratings = bradley_terry(["a", "b", "c"], comparisons)
    gap_ab = ratings["a"][0] - ratings["b"][0]
    gap_bc = ratings["b"][0] - ratings["c"][0]
    assert 175 < gap_ab < 195 and 175 < gap_bc < 195
    assert abs(sum(r[0] for r in ratings.values())) < 1e-6
    for rating, low, high in ratings.values():
        assert low < rating < high and high - low < 120


def test_a_tournament_seats_every_bot_everywhere_and_rates_them(capsys):
    bots = ["random", "greedy", "mcts:30"]
    outcome = tournament("cards", 2, bots, games=30, seed=3, progress=False)
    printed = capsys.readouterr().out
    assert all(bot in printed for bot in bots) and "rating" in printed
    assert len(outcome.games) == 30
    # Every ordered pair of different bots, five times each.
    pairs = {}
    for r in outcome.games:
        pairs[tuple(r["bots"])] = pairs.get(tuple(r["bots"]), 0) + 1
    assert pairs == {(a, b): 5 for a in bots for b in bots if a != b}
    table = {row["bot"]: row for row in outcome.table}
    assert set(table) == set(bots)
    assert all(row["games"] == 20 for row in table.values())
    assert sum(row["wins"] for row in table.values()) == pytest.approx(30)
    # The greedy bot beats the random one (seeded: the data, not a hope).
    assert table["greedy"]["rating"] > table["random"]["rating"] + 100
    ratings = [row["rating"] for row in outcome.table]
    assert ratings == sorted(ratings, reverse=True)


def test_a_selfplay_dataset_is_complete_and_replays(tmp_path):
    bots = ["mcts:20", "random"]
    results = selfplay_dataset(
        "cards", 2, bots, games=4, seed=8, path=tmp_path / "data", tasks=3, progress=False
    )
    # Read without Ray, as a user's learning code would.
    table = pq.read_table(tmp_path / "data").sort_by([("game", "ascending"), ("step", "ascending")])
    assert table.num_rows == results.rows
    assert [r["index"] for r in results] == [0, 1, 2, 3]
    game = mesopotamia.Game("cards", 2)
    assert [_engine_fields(r) for r in results] == game.play_games(4, 8, ",".join(bots))
    columns = table.to_pydict()
    rows_by_game = {}
    for i, g in enumerate(columns["game"]):
        rows_by_game.setdefault(g, []).append(i)
    assert sorted(rows_by_game) == [0, 1, 2, 3]
    for g, rows in rows_by_game.items():
        state = game.new_initial_state()
        for i in rows:
            for code in columns["chance"][i]:
                state.apply_action(code)
            assert len(state.history()) == columns["step"][i]
            seat = columns["seat"][i]
            assert state.current_player() == seat
            assert columns["bot"][i] == bots[seat]
            assert columns["seed"][i] == 8 + g
            observation = np.array(columns["observation"][i], dtype=np.float32)
            assert np.array_equal(observation, state.observation_tensor(seat))
            mask = np.array(columns["legal_mask"][i])
            assert np.array_equal(mask, state.legal_mask())
            action = columns["action"][i]
            assert mask[action] == 1
            policy = columns["policy"][i]
            if bots[seat].startswith("mcts"):
                policy = np.array(policy)
                assert policy.sum() == pytest.approx(1.0, abs=1e-5)
                assert np.all(policy[mask == 0] == 0)
                assert policy[action] == policy.max()
            else:
                assert policy is None
            state.apply_action(action)
            for code in columns["final_chance"][i]:
                state.apply_action(code)
            assert columns["returns"][i] == results[g]["returns"]
        assert state.is_terminal()
        assert state.returns() == results[g]["returns"]


def test_ctrl_c_stops_a_run_cleanly(tmp_path):
    script = tmp_path / "long_run.py"
    script.write_text(textwrap.dedent("""
        import sys
        import ray
        from mesopotamia.ray import play_games
        ray.init(address="local", num_cpus=1, include_dashboard=False, log_to_driver=False)
        def progress(done, total):
            print("progress", done, total, flush=True)
        try:
            play_games("tigris", 4, "mcts:300", games=500, seed=0, tasks=500, progress=progress)
        except KeyboardInterrupt:
            print("stopped", flush=True)
            sys.exit(3)
    """))
    # Ctrl-C as a terminal delivers it: the child starts with SIGINT at its default and not
    # blocked. An ignored or blocked SIGINT is inherited through exec (Python then never sees
    # it), and the test process can be left so by what ran before it (the whole suite failed
    # here while the file alone passed).
    def default_sigint():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    child = subprocess.Popen(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    try:
        assert child.stdout.readline().startswith("progress 1 500")
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    # On failure, Ray's own fatal line (a failed check) with the end of the output: the end
    # alone is a C++ stack without the reason.
    reason = [line for line in err.splitlines() if "Check failed" in line or "FATAL" in line]
    assert child.returncode == 3, "\n".join(reason[:5]) + "\n...\n" + err[-1500:]
    assert "stopped" in out
    assert "interrupted: the tasks left were cancelled" in err


def test_states_travel_to_ray_workers_and_back():
    import conftest
    from conftest import new_state, play_random

    # conftest is not importable in a worker: its player travels by value.
    ray.cloudpickle.register_pickle_by_value(conftest)
    play_remotely = ray.remote(play_random)
    for name, players in (("tigris", 2), ("cards", 3), ("sumeria", 3)):
        state = play_random(new_state(name, players), np.random.default_rng(1), 60)
        there = ray.get(play_remotely.remote(state, np.random.default_rng(5), 30))
        here = play_random(state.clone(), np.random.default_rng(5), 30)
        assert there == here and there.history() == here.history()
        assert there.information_state_string(0) == here.information_state_string(0)
