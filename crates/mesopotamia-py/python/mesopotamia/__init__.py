"""Exact, fast rules engines for Tigris & Euphrates, Euphrat & Tigris (the card game) and
Sumeria, written in Rust.

>>> import mesopotamia
>>> game = mesopotamia.Game("cards", players=3)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

``mesopotamia.games()`` says what each game is (its name, title, players and options, as
its Rust crate describes it); ``mesopotamia.Session`` plays a game with people and bots, the
same game as the command line's ``mesopotamia play`` for the same seed and seats.

``mesopotamia.Bot`` (or ``State.bot_action(spec, seed)``) asks one of the engine's bots,
``level1`` to ``level5`` among them, for its choice in any state: to measure an agent of
one's own against them.

Adapters: ``mesopotamia.openspiel`` (``register()``; needs ``open_spiel``) and
``mesopotamia.pettingzoo`` (``env(...)``; needs ``pettingzoo``). See docs/python.md.
"""

from typing import Any

from ._engine import EngineError, Game, Session, State, __version__, bot_spec, games, wilson_interval
from .bots import Bot, policy

#: The games' short names, as ``Game`` takes them, in the order ``games()`` lists them.
GAMES = tuple(game["name"] for game in games())

#: ``State.current_player()`` at a chance node (OpenSpiel's number).
CHANCE = -1
#: ``State.current_player()`` once the game is over (OpenSpiel's number).
TERMINAL = -4



class View(dict):  # type: ignore[type-arg]
    """What a seat may know (``State.view(seat)``): the view's JSON as a plain dict, which a
    notebook shows as the board's picture (``_repr_svg_``). The picture draws only what
    every seat sees, so it is the picture of the state the view was taken from."""

    __slots__ = ("_state",)

    def __init__(self, data: dict[str, Any], state: State) -> None:
        super().__init__(data)
        self._state = state

    def _repr_svg_(self) -> str:
        """The board as SVG, for notebooks."""
        return self._state.svg()


__all__ = [
    "Bot",
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "EngineError",
    "Game",
    "Session",
    "State",
    "View",
    "__version__",
    "bot_spec",
    "games",
    "policy",
    "wilson_interval",
]
