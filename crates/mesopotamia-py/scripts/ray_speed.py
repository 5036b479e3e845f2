"""Measures mesopotamia.ray on a local Ray: games/s with 1 and 2 workers, the overhead of a
task, self-play rows written per second, and that play_games on Ray gives the games
Game.play_games gives. A script, not a test: the figures go into docs/python.md.

    python scripts/ray_speed.py [REPEATS]

Each figure is the median of REPEATS runs (default 3).
"""

import statistics
import sys
import tempfile
import time

import ray

import mesopotamia
from mesopotamia.ray import play_games, selfplay_dataset

GAME, PLAYERS, BOTS, GAMES = "tigris", 2, "greedy", 400


def median_time(run, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    game = mesopotamia.Game(GAME, PLAYERS)
    local = median_time(lambda: game.play_games(GAMES, 0, BOTS), repeats)
    print(f"workload: {GAMES} games of {GAME}, {PLAYERS} players, bots {BOTS}")
    print(f"Game.play_games in this process: {GAMES / local:,.0f} games/s")
    for workers in (1, 2):
        ray.init(address="local", num_cpus=workers, include_dashboard=False,
                 log_to_driver=False)
        play_games(GAME, PLAYERS, BOTS, games=8, progress=False)  # workers started
        elapsed = median_time(
            lambda: play_games(GAME, PLAYERS, BOTS, games=GAMES, seed=0, progress=False),
            repeats,
        )
        print(f"play_games on Ray, {workers} worker(s): {GAMES / elapsed:,.0f} games/s "
              f"({4 * workers} tasks)")
        if workers == 2:
            # Overhead: many tasks of one short game each (cards, random: ~0.2 ms a game).
            tasks = 400
            short = mesopotamia.Game("cards", 2)
            alone = median_time(lambda: short.play_games(tasks, 0), repeats)
            many = median_time(
                lambda: play_games(short, bots="random", games=tasks, tasks=tasks,
                                   progress=False),
                repeats,
            )
            print(f"overhead per task: {1000 * (many - alone / workers) / tasks:.2f} ms "
                  f"({tasks} tasks of one game each, {workers} workers)")
            same = play_games(GAME, PLAYERS, BOTS, games=50, seed=7, progress=False)
            fields = ("returns", "ranks", "scores", "steps", "end")
            equal = [{k: r[k] for k in fields} for r in same] == game.play_games(50, 7, BOTS)
            print(f"play_games on Ray == Game.play_games for the same seed: {equal}")
            for bots, count in (("random", 40), ("mcts:200", 4)):
                with tempfile.TemporaryDirectory() as path:
                    holder = {}

                    def write(bots=bots, count=count, path=path, holder=holder):
                        holder["rows"] = selfplay_dataset(
                            "cards", 2, bots, games=count, seed=1, path=f"{path}/{time.time()}",
                            progress=False,
                        ).rows

                    elapsed = median_time(write, repeats)
                    print(f"selfplay_dataset, cards, 2 players, {bots}: {holder['rows']:,} "
                          f"rows in {elapsed:.1f} s, {holder['rows'] / elapsed:,.0f} rows/s")
        ray.shutdown()


if __name__ == "__main__":
    main()
