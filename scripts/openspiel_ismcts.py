"""OpenSpiel's own ISMCTSBot against our default search bot, at the same number of
simulations a decision: an outside reference for the strength of `mcts`.

Run by scripts/openspiel-ismcts.sh (which builds the wheel into a fresh virtual
environment); usable alone where `mesopotamia` and `open_spiel` are installed:

    python scripts/openspiel_ismcts.py GAME PLAYERS SIMULATIONS GAMES SEED OUT.json

One seat is ours (`mcts:SIMULATIONS`, the default search bot held to that many iterations),
the others are OpenSpiel's `open_spiel.python.algorithms.ismcts.ISMCTSBot` with
`max_simulations=SIMULATIONS`, UCT constant 2, unlimited world samples, the most visited
action chosen; its leaf evaluation is a uniform random game to the end, one per leaf (the
estimate of OpenSpiel's `RandomRolloutEvaluator(1)`, played inside Rust by
`mesopotamia.openspiel.RolloutEvaluator` so that the comparison takes hours, not days).
Our seat rotates: game i seats it at i mod PLAYERS, and game i is seeded SEED + i. A win is
the best return; a shared first place is split among those who share it.
"""

import datetime
import json
import os
import subprocess
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import mesopotamia
import mesopotamia.openspiel as mo


def play(game, ours_seat, simulations, seed):
    rng = np.random.RandomState(seed)
    players = game.num_players()
    bots = []
    for seat in range(players):
        if seat == ours_seat:
            bots.append(mo.MesopotamiaBot(f"mcts:{simulations}", seed=seed * 16 + seat))
        else:
            bots.append(
                ismcts.ISMCTSBot(
                    game,
                    mo.RolloutEvaluator(n_rollouts=1, random_state=rng),
                    uct_c=2.0,
                    max_simulations=simulations,
                    max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
                    random_state=rng,
                    final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                )
            )
    state = game.new_initial_state()
    decisions = [0] * players
    seconds = [0.0] * players
    while not state.is_terminal():
        if state.is_chance_node():
            codes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(codes, p=probabilities)))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.process_time()
        action = bots[seat].step(state)
        seconds[seat] += time.process_time() - start
        decisions[seat] += 1
        if action not in legal:
            raise RuntimeError(f"seat {seat} chose {action}, not legal")
        state.apply_action(action)
    returns = state.returns()
    best = max(returns)
    first = [s for s in range(players) if returns[s] == best]
    share = 1.0 / len(first) if ours_seat in first else 0.0
    return share, returns, decisions, seconds


def main():
    name, players, simulations, games, seed, out = sys.argv[1:7]
    players, simulations, games, seed = int(players), int(simulations), int(games), int(seed)
    mo.register()
    game = pyspiel.load_game(f"mesopotamia_{name}", {"players": players})
    wins = 0.0
    rows = []
    ours_seconds = theirs_seconds = 0.0
    ours_decisions = theirs_decisions = 0
    started = time.time()
    for i in range(games):
        ours = i % players
        share, returns, decisions, seconds = play(game, ours, simulations, seed + i)
        wins += share
        ours_seconds += seconds[ours]
        ours_decisions += decisions[ours]
        theirs_seconds += sum(seconds) - seconds[ours]
        theirs_decisions += sum(decisions) - decisions[ours]
        rows.append({"seed": seed + i, "our_seat": ours, "our_share": share, "returns": returns})
        print(f"game {i + 1}/{games}: ours at seat {ours}, share {share:.2f}, "
              f"{wins / (i + 1):.1%} so far", file=sys.stderr, flush=True)
    lo, hi = mesopotamia.wilson_interval(wins, games)
    git = lambda *a: subprocess.run(["git", *a], capture_output=True, text=True).stdout.strip()
    record = {
        "table": f"openspiel-ismcts-{name}{players}",
        "script": "scripts/openspiel-ismcts.sh",
        "command": " ".join(["python", "scripts/openspiel_ismcts.py", *sys.argv[1:6]]),
        "commit": git("describe", "--always", "--dirty", "--abbrev=7"),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "cores": os.cpu_count(),
        "load_average_at_end": os.getloadavg()[0],
        "wall_seconds": int(time.time() - started),
        "game": name,
        "players": players,
        "simulations_per_decision": simulations,
        "ours": f"mcts:{simulations}",
        "theirs": "open_spiel.python.algorithms.ismcts.ISMCTSBot(uct_c=2, max_simulations="
        f"{simulations}, unlimited world samples, most visited, one random rollout a leaf)",
        "games": games,
        "first_seed": seed,
        "last_seed": seed + games - 1,
        # As scripts/strength.sh writes its runs (its summary reads these).
        "bots": [
            {"bot": f"mcts:{simulations}", "win_rate": wins / games, "ci95": [lo, hi]},
            {"bot": f"openspiel-ismcts:{simulations}", "win_rate": 1 - wins / games},
        ],
        "our_wins": wins,
        "our_share": wins / games,
        "ci95": [lo, hi],
        "equal": 1.0 / players,
        "our_cpu_ms_per_decision": 1000 * ours_seconds / max(ours_decisions, 1),
        "their_cpu_ms_per_decision": 1000 * theirs_seconds / max(theirs_decisions, 1),
        "per_game": rows,
    }
    with open(out, "w") as f:
        json.dump(record, f, indent=2)
        f.write("\n")
    print(f"{name} {players}p, {simulations} simulations: ours {wins / games:.1%} "
          f"({lo:.1%}-{hi:.1%}) of {games} games; equal {1 / players:.0%}")


if __name__ == "__main__":
    main()
