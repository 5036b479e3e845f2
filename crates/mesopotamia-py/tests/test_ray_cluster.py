"""mesopotamia.ray on a simulated cluster (a head and two worker nodes on this machine, as
Ray tests itself): tasks run on every node, and a worker node removed in the middle of a run
loses no game and counts none twice."""

import time

import pytest

ray = pytest.importorskip("ray")
pq = pytest.importorskip("pyarrow.parquet")
from ray.cluster_utils import Cluster  # noqa: E402

import mesopotamia  # noqa: E402
from mesopotamia.ray import play_games, selfplay_dataset  # noqa: E402

GAME = ("cards", 2)
BOTS = "mcts:10"
GAMES = 24


@pytest.fixture(scope="module")
def cluster():
    # Small objects: Ray's refusal to create objects on a disk over 95% full (meant for
    # spilling) would fail the test on a busy build machine for no fault of ours.
    head = {"num_cpus": 1, "_system_config": {"local_fs_capacity_threshold": 1}}
    cluster = Cluster(initialize_head=True, head_node_args=head)
    workers = [cluster.add_node(num_cpus=1) for _ in range(2)]
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, log_to_driver=False)
    yield cluster, workers
    ray.shutdown()
    cluster.shutdown()


def _alive():
    return {n["NodeID"] for n in ray.nodes() if n["Alive"]}


def _nodes_alive(count, timeout=60):
    """The nodes alive once there are ``count`` (the control store takes a moment to see
    a node go)."""
    deadline = time.monotonic() + timeout
    while len(_alive()) != count and time.monotonic() < deadline:
        time.sleep(0.2)
    alive = _alive()
    assert len(alive) == count, alive
    return alive


def _remover(cluster, node):
    """A progress callback removing ``node`` when the first task has come back, while the
    other tasks run."""
    removed = []

    def progress(done, total):
        if not removed:
            cluster.remove_node(node)
            removed.append(done)

    return progress, removed


def test_tasks_run_on_every_node_and_a_lost_node_loses_no_game(cluster):
    cluster, workers = cluster
    nodes = _nodes_alive(3)
    expected = mesopotamia.Game(*GAME).play_games(GAMES, 5, BOTS)
    undisturbed = play_games(*GAME, BOTS, games=GAMES, seed=5, tasks=12, progress=False)
    assert set(undisturbed.nodes.values()) == nodes
    fields = ("returns", "ranks", "scores", "steps", "end")
    assert [{k: r[k] for k in fields} for r in undisturbed] == expected

    progress, removed = _remover(cluster, workers[1])
    disturbed = play_games(*GAME, BOTS, games=GAMES, seed=5, tasks=12, progress=progress)
    assert removed
    left = _nodes_alive(2)
    assert disturbed == undisturbed
    assert [r["index"] for r in disturbed] == list(range(GAMES))
    assert set(disturbed.nodes.values()) <= nodes and left < nodes


def test_a_lost_node_loses_no_row_of_a_selfplay_dataset(cluster, tmp_path):
    cluster, workers = cluster
    fresh = cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    nodes = _nodes_alive(3)

    def run(path, progress):
        results = selfplay_dataset(
            *GAME, BOTS, games=12, seed=9, path=path, tasks=6, progress=progress
        )
        table = pq.read_table(path).sort_by([("game", "ascending"), ("step", "ascending")])
        return results, table

    undisturbed, table = run(tmp_path / "undisturbed", False)
    assert set(undisturbed.nodes.values()) == nodes
    progress, removed = _remover(cluster, fresh)
    disturbed, again = run(tmp_path / "disturbed", progress)
    assert removed
    _nodes_alive(2)
    assert disturbed == undisturbed
    assert disturbed.rows == undisturbed.rows == table.num_rows
    assert again.equals(table)
    assert sorted(set(table.column("game").to_pylist())) == list(range(12))
