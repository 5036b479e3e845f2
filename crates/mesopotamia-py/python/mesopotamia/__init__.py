"""Exact, fast rules engines for Tigris & Euphrates, Euphrat & Tigris (the card game) and
Sumeria, written in Rust.

>>> import mesopotamia
>>> game = mesopotamia.Game("cards", players=3)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

Adapters: ``mesopotamia.openspiel`` (``register()``; needs ``open_spiel``) and
``mesopotamia.pettingzoo`` (``env(...)``; needs ``pettingzoo``). See docs/python.md.
"""

from ._engine import EngineError, Game, State, __version__

#: The games' short names, as ``Game`` takes them.
GAMES = ("tigris", "cards", "sumeria")

#: ``State.current_player()`` at a chance node (OpenSpiel's number).
CHANCE = -1
#: ``State.current_player()`` once the game is over (OpenSpiel's number).
TERMINAL = -4

__all__ = ["CHANCE", "GAMES", "TERMINAL", "EngineError", "Game", "State", "__version__"]
