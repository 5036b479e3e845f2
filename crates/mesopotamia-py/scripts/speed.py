"""Steps per second from Python: a plain loop over the bindings, and batches inside Rust.

Usage: python scripts/speed.py [seconds per figure, default 5]

A step is a decision or a chance event. The plain loop draws uniformly among the legal
actions and chance by its probabilities, with Python's `random`; the "with tensors" loop also
fetches the observation tensor and the legal mask of the seat to move at each decision, as a
learning loop would. `play_games` plays random games inside Rust without the GIL.
"""

import random
import sys
import time

import mesopotamia

#: Each game at its most players (4 for each of the three).
CONFIGS = [(d["name"], d["max_players"]) for d in mesopotamia.games()]


def plain_loop(game, seconds, tensors):
    rng = random.Random(0)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                code = rng.choices([c for c, _ in outcomes], [p for _, p in outcomes])[0]
                state.apply_action(code)
            else:
                if tensors:
                    seat = state.current_player()
                    state.observation_tensor(seat)
                    state.legal_mask()
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start), games


def batched(game, seconds):
    count = 1
    while True:
        start = time.perf_counter()
        results = game.play_games(count, seed=0)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds or count >= 1 << 20:
            steps = sum(r["steps"] for r in results)
            return steps / elapsed, count / elapsed
        count *= 2


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    print(f"{'game':<12}{'plain loop':>16}{'with tensors':>16}{'play_games':>16}{'games/s':>12}")
    for name, players in CONFIGS:
        game = mesopotamia.Game(name, players)
        plain, _ = plain_loop(game, seconds, tensors=False)
        learning, _ = plain_loop(game, seconds, tensors=True)
        inside, games = batched(game, seconds)
        label = f"{name} {players}p"
        print(f"{label:<12}{plain:>12,.0f} st/s{learning:>12,.0f} st/s{inside:>12,.0f} st/s{games:>12,.1f}")


if __name__ == "__main__":
    main()
