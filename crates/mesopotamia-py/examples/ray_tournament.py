"""A tournament of the random, greedy and search bots on Ray, printed as a table.

    python examples/ray_tournament.py [GAME] [PLAYERS] [GAMES]

Runs on a local Ray (started here), or on a cluster when RAY_ADDRESS is set (``ray start
--head`` and ``ray job submit``: see docs/python.md).
"""

import os
import sys

import ray

from mesopotamia.ray import tournament


def main():
    game = sys.argv[1] if len(sys.argv) > 1 else "tigris"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 36
    if "RAY_ADDRESS" in os.environ:
        ray.init()
    else:
        ray.init(address="local", include_dashboard=False, log_to_driver=False)
    print(f"{game}, {players} players, {games} games, every bot in every seat\n")
    tournament(game, players, ["random", "greedy", "mcts"], games=games, seed=2026)


if __name__ == "__main__":
    main()
