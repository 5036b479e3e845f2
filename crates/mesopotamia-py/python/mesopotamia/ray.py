"""Many games on a Ray cluster: batches of games, tournaments with ratings, and self-play
datasets for learning (``pip install mesopotamia[ray]``; ``import mesopotamia`` never needs
Ray).

>>> import ray
>>> from mesopotamia.ray import play_games
>>> ray.init(num_cpus=2)                             # doctest: +SKIP
>>> results = play_games("cards", 3, "random", games=100, seed=7)   # doctest: +SKIP

Each Ray task plays a run of whole games inside Rust, without the GIL. Game ``i`` of a call
is seeded ``seed + i``, so the results for a seed are the same whatever the number of tasks
and however many machines run them. A task lost with its worker or its node is run again
(Ray's retries); a task that fails in the engine stops the call with the engine's message.
Nothing is dropped: a call returns one result per game asked for, or raises.

On a cluster, start Ray on each machine (``ray start --head`` on one, ``ray start
--address=HEAD:6379`` on the others) and call ``ray.init(address="auto")`` before these
functions; without it they start a local Ray. See docs/python.md.
"""

import math
import sys
import time

import numpy as np
import ray

from ._engine import Game, wilson_interval

__all__ = [
    "GameResults",
    "Tournament",
    "play_games",
    "selfplay_dataset",
    "tournament",
]

#: How often a task lost with its worker or node is run again.
MAX_RETRIES = 5


class GameResults(list):
    """One dict per game, in game order: ``index``, ``seed``, ``bots`` (one spec per seat),
    ``scores``, ``ranks`` (1 is first; ties share a rank), ``returns`` (in [-1, 1], summing to
    0), ``steps`` (the game's length, chance included) and ``end`` (``rules`` or
    ``turn-limit``). ``nodes`` maps each game's index to the Ray node that played it (not
    part of the results: the same games give equal results wherever they ran)."""

    def __init__(self, results=(), nodes=None):
        super().__init__(results)
        self.nodes = dict(nodes or {})


def _engine_game(game, players, options):
    if isinstance(game, Game):
        if players is not None or options:
            raise ValueError("give players and options with a game's name, not with a Game")
        return game
    return Game(game, players, **options)


def _seat_bots(bots, seats):
    """One spec per seat from a spec, a comma-separated list or a sequence."""
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",")]
    bots = list(bots)
    if len(bots) == 1:
        bots = bots * seats
    if len(bots) != seats:
        raise ValueError(f"{len(bots)} bots for {seats} seats: give one, or one per seat")
    return bots


def _ensure_ray():
    if not ray.is_initialized():
        ray.init()


def _task_count(tasks, work):
    if tasks is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        tasks = 4 * max(cpus, 1)
    if tasks < 1:
        raise ValueError(f"tasks={tasks}: at least 1")
    return max(1, min(tasks, work))


def _chunks(items, tasks):
    """``items`` cut into ``tasks`` runs of consecutive items, as even as can be."""
    size, extra = divmod(len(items), tasks)
    out, start = [], 0
    for t in range(tasks):
        end = start + size + (1 if t < extra else 0)
        if end > start:
            out.append(items[start:end])
        start = end
    return out


class _Progress:
    """Progress of a long run: a line on stderr, or a callable ``progress(done, total)``."""

    def __init__(self, progress, what, total):
        self._call = progress if callable(progress) else None
        self._show = progress is True
        self._what, self._total, self._done = what, total, 0
        self._start = time.monotonic()
        self._last = 0.0

    def add(self, count):
        self._done += count
        if self._call is not None:
            self._call(self._done, self._total)
        if not self._show:
            return
        now = time.monotonic()
        finished = self._done == self._total
        # A terminal gets one line redrawn; a log gets a line every 10 seconds.
        tty = sys.stderr.isatty()
        if not finished and now - self._last < (0.5 if tty else 10.0):
            return
        self._last = now
        rate = self._done / max(now - self._start, 1e-9)
        line = f"{self._what}: {self._done}/{self._total} games ({rate:.1f}/s)"
        if tty:
            print("\r" + line, end="\n" if finished else "", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)


def _gather(refs, sizes, progress):
    """The tasks' results in task order, with progress; Ctrl-C cancels what is left.

    The cancel is not forced: a task not started never starts, a running one stops at its
    next game (the KeyboardInterrupt Ray raises in it waits for the game in Rust to return).
    A forced cancel kills the worker and sends Ray down its failure and retry path, whose
    races with a cancel are known to abort the driver (ray-project/ray#54260); a forced
    cancel aborted ours once in CI, in Ray's handling of a task's reply."""
    index = {ref: i for i, ref in enumerate(refs)}
    out = [None] * len(refs)
    pending = list(refs)
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                i = index[ref]
                out[i] = ray.get(ref)
                progress.add(sizes[i])
    except KeyboardInterrupt:
        for ref in pending:
            try:
                ray.cancel(ref, force=False)
            except Exception:  # noqa: BLE001 (already finished or gone: nothing to stop)
                pass
        print("\ninterrupted: the tasks left were cancelled", file=sys.stderr)
        raise
    return out


def _node():
    return ray.get_runtime_context().get_node_id()


@ray.remote(max_retries=MAX_RETRIES, scheduling_strategy="SPREAD")
def _play_run(game, run, seed, iterations):
    """Plays the games ``run`` lists (index and per-seat specs) inside Rust."""
    results = []
    for index, bots in run:
        (summary,) = game.play_games(1, seed + index, ",".join(bots), iterations)
        results.append(dict(index=index, seed=seed + index, bots=list(bots), **summary))
    return _node(), results


def _play(game, lineups, seed, tasks, progress, what, iterations):
    _ensure_ray()
    run = list(enumerate(lineups))
    runs = _chunks(run, _task_count(tasks, len(run)))
    game_ref = ray.put(game)
    refs = [_play_run.remote(game_ref, r, seed, iterations) for r in runs]
    parts = _gather(refs, [len(r) for r in runs], _Progress(progress, what, len(run)))
    results, nodes = [], {}
    for node, part in parts:
        results.extend(part)
        nodes.update({r["index"]: node for r in part})
    if len(results) != len(run) or [r["index"] for r in results] != list(range(len(run))):
        raise RuntimeError(f"{len(results)} results for {len(run)} games")
    return GameResults(results, nodes)


def play_games(
    game,
    players=None,
    bots="random",
    games=1,
    seed=0,
    tasks=None,
    *,
    iterations=None,
    progress=True,
    **options,
):
    """Plays ``games`` games on Ray and returns a ``GameResults``, one dict per game in game
    order.

    ``game`` is a name (of ``mesopotamia.games()``; ``players`` and the game's
    options as ``mesopotamia.Game`` takes them) or a ``mesopotamia.Game``. ``bots`` is one
    spec for every seat (``random``, ``greedy``, ``mcts``, ``mcts:N``, ``mcts:Nms``) or one
    per seat (a list, or specs separated by commas); plain ``mcts`` searches the game's
    default budget, or ``iterations`` per decision when given. The games are cut into
    ``tasks`` Ray tasks (default: 4 per CPU of the cluster). ``progress`` is ``True`` (a
    line on stderr), ``False``, or a callable ``progress(done, total)``."""
    engine = _engine_game(game, players, options)
    seat_bots = _seat_bots(bots, engine.num_players())
    return _play(
        engine, [seat_bots] * games, seed, tasks, progress, "play_games", iterations
    )


def _lineups(bots, seats):
    """The seatings a tournament cycles through: every ordering of ``seats`` different bots
    when there are enough bots; otherwise the bots repeated around the table and rotated."""
    if len(bots) >= seats:
        from itertools import permutations

        return [list(p) for p in permutations(bots, seats)]
    return [[bots[(g + s) % len(bots)] for s in range(seats)] for g in range(len(bots))]


def bradley_terry(names, comparisons, iterations=10_000, tolerance=1e-10):
    """Bradley-Terry ratings of ``names`` from ``comparisons``, a list of ``(a, b, score)``
    with ``score`` 1 when ``a`` beat ``b``, 0.5 for a tie and 0 when ``b`` won. Returns
    ``{name: (rating, low, high)}`` on the Elo scale (400 points: 10 to 1 odds), centred on
    the mean, with 95% intervals from the fit's observed information.

    The fit is the maximum-likelihood one, by Hunter's MM algorithm (2004) with ties counted
    as half a win each way; a prior of one tie against a virtual average player keeps
    ratings finite for a bot that won or lost everything. The intervals treat comparisons
    as independent; pairs of seats of one game are not quite, so read them as approximate.
    """
    k = len(names)
    at = {name: i for i, name in enumerate(names)}
    wins = np.zeros((k, k))
    for a, b, score in comparisons:
        wins[at[a], at[b]] += score
        wins[at[b], at[a]] += 1 - score
    games = wins + wins.T
    # The prior: one game (a tie) of each against a virtual player of strength 1.
    strength = np.ones(k)
    for _ in range(iterations):
        won = wins.sum(axis=1) + 0.5
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        denominator += 1.0 / (strength + 1.0)
        new = won / denominator
        new /= np.exp(np.mean(np.log(new)))
        if np.max(np.abs(new - strength)) < tolerance:
            strength = new
            break
        strength = new
    theta = np.log(strength)
    p = strength[:, None] / (strength[:, None] + strength[None, :])
    information = -games * p * p.T
    np.fill_diagonal(information, 0.0)
    np.fill_diagonal(
        information, -information.sum(axis=1) + strength / (strength + 1.0) ** 2
    )
    covariance = np.linalg.pinv(information)
    # Centred ratings: the covariance of theta minus its mean.
    centre = np.eye(k) - np.ones((k, k)) / k
    covariance = centre @ covariance @ centre.T
    scale = 400.0 / math.log(10.0)
    theta -= theta.mean()
    out = {}
    for name, i in at.items():
        half = 1.96 * math.sqrt(max(covariance[i, i], 0.0))
        out[name] = (scale * theta[i], scale * (theta[i] - half), scale * (theta[i] + half))
    return out


class Tournament:
    """A tournament's outcome: ``table`` (one dict per bot, strongest first: ``bot``,
    ``games``, ``wins`` (a shared first place counted as a share), ``win_rate`` and its 95%
    ``win_interval``, ``rating`` and its 95% ``rating_interval`` (Bradley-Terry, Elo
    scale, centred on 0), ``mean_score``) and ``games`` (every game's result, as
    ``play_games`` gives them). ``str()`` is the table as text."""

    def __init__(self, game_name, bots, results):
        self.games = results
        comparisons = []
        per_bot = {b: {"games": 0, "wins": 0.0, "score": 0.0} for b in bots}
        for r in results:
            ranks, seat_bots = r["ranks"], r["bots"]
            firsts = ranks.count(1)
            seen = set()
            for seat, bot in enumerate(seat_bots):
                stats = per_bot[bot]
                stats["score"] += r["scores"][seat]
                if ranks[seat] == 1:
                    stats["wins"] += 1.0 / firsts
                if bot not in seen:
                    stats["games"] += 1
                    seen.add(bot)
                for other in range(seat + 1, len(seat_bots)):
                    if seat_bots[other] == bot:
                        continue
                    a, b = ranks[seat], ranks[other]
                    score = 1.0 if a < b else 0.5 if a == b else 0.0
                    comparisons.append((bot, seat_bots[other], score))
        ratings = bradley_terry(list(bots), comparisons)
        self.table = []
        for bot in bots:
            stats = per_bot[bot]
            seats_played = sum(r["bots"].count(bot) for r in results)
            n = stats["games"]
            rating, low, high = ratings[bot]
            self.table.append(
                {
                    "bot": bot,
                    "games": n,
                    "wins": stats["wins"],
                    "win_rate": stats["wins"] / n if n else 0.0,
                    "win_interval": wilson_interval(stats["wins"], n),
                    "rating": rating,
                    "rating_interval": (low, high),
                    "mean_score": stats["score"] / seats_played if seats_played else 0.0,
                }
            )
        self.table.sort(key=lambda row: -row["rating"])
        self.game_name = game_name

    def __str__(self):
        lines = [
            f"{'bot':<14}{'games':>7}{'wins':>9}{'win rate':>10}  {'95% interval':<15}"
            f"{'rating':>8}  {'95% interval':<15}{'mean score':>11}"
        ]
        for row in self.table:
            lo, hi = row["win_interval"]
            rlo, rhi = row["rating_interval"]
            lines.append(
                f"{row['bot']:<14}{row['games']:>7}{row['wins']:>9.1f}"
                f"{100 * row['win_rate']:>9.1f}%  {100 * lo:>5.1f}-{100 * hi:<5.1f}%    "
                f"{row['rating']:>+8.0f}  {rlo:>+6.0f} to {rhi:<+6.0f}{row['mean_score']:>10.2f}"
            )
        return "\n".join(lines)

    def __repr__(self):
        return f"<Tournament {self.game_name}: {len(self.games)} games>\n{self}"


def tournament(
    game,
    players=None,
    bots=("random", "greedy", "mcts"),
    games=60,
    seed=0,
    tasks=None,
    *,
    iterations=None,
    progress=True,
    show=True,
    **options,
):
    """Plays ``games`` games between ``bots`` (specs, each a different bot) with every bot
    in every seat, and rates them. Game ``g`` seats the ``g``-th seating of a cycle: every
    ordering of ``players`` different bots when there are at least as many bots as seats,
    else the bots around the table rotated (a number of games that is a multiple of the
    cycle balances the seats exactly). Returns a ``Tournament``; prints its table when
    ``show``."""
    bots = list(bots)
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError(f"bots {bots}: at least two, each different")
    engine = _engine_game(game, players, options)
    for bot in bots:
        _seat_bots(bot, 1)  # a comma inside one spec is refused here
    cycle = _lineups(bots, engine.num_players())
    lineups = [cycle[g % len(cycle)] for g in range(games)]
    results = _play(engine, lineups, seed, tasks, progress, "tournament", iterations)
    outcome = Tournament(engine.name, bots, results)
    if show:
        print(outcome)
    return outcome


def _rows_table(game, rows, start, seed, bots):
    """A pyarrow table of a task's self-play rows (game indices from ``start``)."""
    import pyarrow as pa

    n = len(rows["step"])
    game_index = rows["game"] + start
    summaries = rows["games"]
    seats = game.num_players()
    returns = np.array([s["returns"] for s in summaries], dtype=np.float64).reshape(-1, seats)
    row_returns = returns[rows["game"]] if n else np.zeros((0, seats))

    def fixed(matrix, arrow_type, mask=None):
        width = matrix.shape[1]
        values = pa.array(matrix.reshape(-1), type=arrow_type)
        return pa.FixedSizeListArray.from_arrays(values, width, mask=mask)

    def ragged(flat, offsets):
        return pa.ListArray.from_arrays(
            pa.array(offsets, type=pa.int32()), pa.array(flat, type=pa.int64())
        )

    # A game's chance outcomes after its last decision go with that decision's row.
    last_row = {}
    for r in range(n):
        last_row[int(rows["game"][r])] = r
    final_offsets = np.zeros(n + 1, dtype=np.int64)
    final_values = []
    for r in range(n):
        g = int(rows["game"][r])
        if last_row[g] == r:
            a, b = rows["final_offsets"][g], rows["final_offsets"][g + 1]
            final_values.extend(rows["final_chance"][a:b].tolist())
        final_offsets[r + 1] = len(final_values)
    seat_bots = [bots[int(s)] for s in rows["seat"]]
    return pa.table(
        {
            "game": pa.array(game_index, type=pa.int64()),
            "seed": pa.array(game_index + seed, type=pa.int64()),
            "step": pa.array(rows["step"], type=pa.int32()),
            "seat": pa.array(rows["seat"], type=pa.int8()),
            "bot": pa.array(seat_bots, type=pa.string()),
            "observation": fixed(rows["observation"], pa.float32()),
            "legal_mask": fixed(rows["legal_mask"], pa.int8()),
            "action": pa.array(rows["action"], type=pa.int32()),
            "policy": fixed(
                rows["policy"], pa.float32(), mask=pa.array(~rows["has_policy"])
            ),
            "returns": fixed(row_returns, pa.float64()),
            "chance": ragged(rows["chance"], rows["chance_offsets"]),
            "final_chance": ragged(np.array(final_values, dtype=np.int64), final_offsets),
        }
    )


@ray.remote(max_retries=MAX_RETRIES, scheduling_strategy="SPREAD")
def _selfplay_run(game, start, count, seed, bots, iterations):
    rows = game.selfplay(count, seed + start, ",".join(bots), iterations)
    table = _rows_table(game, rows, start, seed, bots)
    summaries = [
        dict(index=start + i, seed=seed + start + i, bots=list(bots), **s)
        for i, s in enumerate(rows["games"])
    ]
    return _node(), table, summaries


def selfplay_dataset(
    game,
    players=None,
    bots="mcts",
    games=1,
    seed=0,
    path=None,
    tasks=None,
    *,
    iterations=None,
    progress=True,
    **options,
):
    """Plays ``games`` games on Ray (as ``play_games``: the same games for the same seed)
    and writes one row per decision to ``path`` as Parquet through Ray Data: a directory
    that pyarrow or pandas read without Ray (``pandas.read_parquet(path)``). The columns
    are in docs/python.md: ``game``, ``seed``, ``step``, ``seat``, ``bot``, ``observation``
    (the seat's tensor), ``legal_mask``, ``action``, ``policy`` (a search's visit shares over
    the action space, null for other bots), ``returns`` (the game's final returns, seat
    order), and ``chance`` and ``final_chance`` (the chance codes before the decision, and
    after a game's last decision), from which every game replays. Returns the games'
    results (a ``GameResults``, with ``rows``: the number of rows written). ``path`` is a
    directory every node can write to (on a real cluster, shared storage)."""
    if path is None:
        raise ValueError("path: the directory to write the dataset to")
    engine = _engine_game(game, players, options)
    seat_bots = _seat_bots(bots, engine.num_players())
    _ensure_ray()
    runs = _chunks(list(range(games)), _task_count(tasks, games))
    game_ref = ray.put(engine)
    refs = [
        _selfplay_run.options(num_returns=3).remote(
            game_ref, run[0], len(run), seed, seat_bots, iterations
        )
        for run in runs
    ]
    node_refs = [r[0] for r in refs]
    table_refs = [r[1] for r in refs]
    summary_refs = [r[2] for r in refs]
    summaries = _gather(
        summary_refs, [len(r) for r in runs], _Progress(progress, "selfplay_dataset", games)
    )
    nodes = ray.get(node_refs)
    results, where = [], {}
    for node, part in zip(nodes, summaries):
        results.extend(part)
        where.update({r["index"]: node for r in part})
    if [r["index"] for r in results] != list(range(games)):
        raise RuntimeError(f"{len(results)} results for {games} games")
    dataset = ray.data.from_arrow_refs(table_refs)
    rows = dataset.count()
    dataset.write_parquet(str(path))
    out = GameResults(results, where)
    out.rows = rows
    return out
