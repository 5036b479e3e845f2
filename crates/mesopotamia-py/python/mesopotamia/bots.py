"""The engine's bots for any agent: ``Bot`` chooses an action in a ``State``.

>>> import mesopotamia
>>> game = mesopotamia.Game("sumeria", players=3)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> bot = mesopotamia.Bot("level2", seed=7)
>>> bot.action(state) in state.legal_actions()
True

A bot is named by a spec, as the command line and ``Session`` name them: ``random``,
``greedy``, ``level1`` (greedy) to ``level5`` (the strongest), ``mcts`` (the search at the
game's default budget), ``mcts:2000`` (iterations), ``mcts:500ms`` (wall-clock time),
``mcts:50ms-cpu`` (the deciding thread's CPU time), ``mcts-v1...`` (the first search, the
baseline). The bot sees only what the seat to move sees: whatever that seat cannot see is
redrawn from its view, so a bot may be asked in the true state of a game against another
agent. ``State.bot_action(spec, seed)`` is the same choice, one call at a time.

``mesopotamia.openspiel.MesopotamiaBot`` seats these bots in OpenSpiel's evaluation code and
``mesopotamia.pettingzoo.bot_policy`` in a PettingZoo loop.
"""

from collections.abc import Callable

from ._engine import State, bot_spec

#: Seeds of successive decisions are spread by this odd constant (SplitMix64's increment).
_SPREAD = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


class Bot:
    """One of the engine's bots (``spec``), its draws seeded by ``seed``: the ``n``-th
    decision since the last ``restart()`` is drawn from a seed made of both, so a game
    replayed with the same agents and seeds is played again alike (unless the spec is a time
    budget). A bad spec, or ``person``, raises ``EngineError`` at once."""

    __slots__ = ("_decisions", "seed", "spec")

    def __init__(self, spec: str, seed: int = 0) -> None:
        #: The spec in its printed form (``" MCTS:1.50s "`` reads ``mcts:1.5s``).
        self.spec: str = bot_spec(spec)
        #: The seed the bot's decisions are drawn from.
        self.seed: int = seed & _MASK
        self._decisions = 0

    def action(self, state: State) -> int:
        """The bot's action (a dense index of ``state.legal_actions()``) for the seat to
        move in ``state``, which is unchanged. A chance node or the end of the game raises
        ``EngineError``."""
        seed = (self.seed + self._decisions * _SPREAD) & _MASK
        action = state.bot_action(self.spec, seed)
        self._decisions += 1
        return action

    def restart(self) -> None:
        """A new game: the decisions' seeds start again from the first."""
        self._decisions = 0

    def __repr__(self) -> str:
        return f"Bot({self.spec!r}, seed={self.seed})"


def policy(spec: str, seed: int = 0) -> Callable[[State], int]:
    """``spec`` as a plain function of a ``State``: ``act = policy("level3"); act(state)``
    gives the bot's action in ``state`` (a new seed at each call, as ``Bot.action``)."""
    return Bot(spec, seed).action


__all__ = ["Bot", "policy"]
