"""The three games as OpenSpiel Python games.

>>> import pyspiel
>>> import mesopotamia.openspiel as mo
>>> mo.register()
>>> game = pyspiel.load_game("mesopotamia_tigris", {"players": 4})

Games ``mesopotamia_tigris`` (parameters ``players`` 2-4, ``board`` classic/alternative,
``english_variant``, ``buildings``, ``ziggurat``, ``turn_limit``), ``mesopotamia_cards``
(``players`` 2-4, ``open_piles``, ``turn_limit``) and ``mesopotamia_sumeria`` (``players`` 3-4,
``board_file``, empty for the default board). Chance nodes are explicit (every draw), returns
are in [-1, 1] and sum to 0, observation tensors are those of ``Game.observation_layout()``,
observation strings are the seat's view as JSON, and information-state strings are everything
the seat has seen (perfect recall).
"""

import numpy as np
import pyspiel

from ._engine import Game as _EngineGame

_TURN_LIMIT = 1000

#: OpenSpiel name -> (engine name, default parameters, fewest players, most players).
GAMES = {
    "mesopotamia_tigris": (
        "tigris",
        {
            "players": 4,
            "board": "classic",
            "english_variant": False,
            "buildings": False,
            "ziggurat": False,
            "turn_limit": _TURN_LIMIT,
        },
        2,
        4,
    ),
    "mesopotamia_cards": (
        "cards",
        {"players": 4, "open_piles": False, "turn_limit": _TURN_LIMIT},
        2,
        4,
    ),
    "mesopotamia_sumeria": ("sumeria", {"players": 4, "board_file": ""}, 3, 4),
}

_LONG_NAMES = {
    "tigris": "Tigris & Euphrates (mesopotamia)",
    "cards": "Euphrat & Tigris, the card game (mesopotamia)",
    "sumeria": "Sumeria (mesopotamia)",
}


def _engine_game(name, defaults, params):
    """The engine's ``Game`` for OpenSpiel parameters (defaults filled in)."""
    options = dict(defaults)
    options.update(params or {})
    unknown = set(options) - set(defaults)
    if unknown:
        raise ValueError(f"unknown parameters for {name}: {sorted(unknown)}")
    players = int(options.pop("players"))
    if name == "sumeria" and not options.get("board_file"):
        options.pop("board_file", None)
    return _EngineGame(name, players, **options)


def _game_type(short_name, name, defaults, fewest, most):
    return pyspiel.GameType(
        short_name=short_name,
        long_name=_LONG_NAMES[name],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(defaults),
    )


class MesopotamiaGame(pyspiel.Game):
    """One of the three games, for OpenSpiel; subclassed once per game by ``register``."""

    _SHORT_NAME = None

    def __init__(self, params=None):
        name, defaults, fewest, most = GAMES[self._SHORT_NAME]
        self.engine = _engine_game(name, defaults, params)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_distinct_actions(),
            max_chance_outcomes=self.engine.max_chance_outcomes(),
            num_players=self.engine.num_players(),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.engine.max_game_length(),
        )
        super().__init__(
            _game_type(self._SHORT_NAME, name, defaults, fewest, most),
            info,
            dict(params or {}),
        )

    def new_initial_state(self):
        """A new game at its start (a chance node)."""
        return MesopotamiaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """An observer: tensors of ``Game.observation_layout()``; strings of views, or of
        everything seen when ``iig_obs_type.perfect_recall``."""
        return MesopotamiaObserver(self.engine, iig_obs_type, params)


class MesopotamiaState(pyspiel.State):
    """A game in progress: the engine's ``State`` behind OpenSpiel's interface."""

    def __init__(self, game, inner=None):
        super().__init__(game)
        self.inner = inner if inner is not None else game.engine.new_initial_state()

    def current_player(self):
        player = self.inner.current_player()
        if player == -1:
            return pyspiel.PlayerId.CHANCE
        if player == -4:
            return pyspiel.PlayerId.TERMINAL
        return player

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        self.inner.apply_action(int(action))

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(int(action), int(player))

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.returns()

    def __str__(self):
        return self.inner.position()


class MesopotamiaObserver:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, engine, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self._perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        layout = engine.observation_layout()
        self.tensor = np.zeros(engine.observation_size(), np.float32)
        self.dict = {}
        offset = 0
        for name, shape in layout:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[offset : offset + size].reshape(shape)
            offset += size

    def set_from(self, state, player):
        """Fills ``tensor`` (and so ``dict``) with what ``player`` sees of ``state``."""
        self.tensor[:] = state.inner.observation_tensor(player)

    def string_from(self, state, player):
        """The seat's view as JSON, or everything it has seen (perfect recall)."""
        if self._perfect_recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


_REGISTERED = False


def register():
    """Registers ``mesopotamia_tigris``, ``mesopotamia_cards`` and ``mesopotamia_sumeria``
    with pyspiel (once; later calls do nothing)."""
    global _REGISTERED
    if _REGISTERED:
        return
    for short_name, (name, defaults, fewest, most) in GAMES.items():
        cls = type(
            f"Mesopotamia{name.capitalize()}Game",
            (MesopotamiaGame,),
            {"_SHORT_NAME": short_name},
        )
        pyspiel.register_game(_game_type(short_name, name, defaults, fewest, most), cls)
    _REGISTERED = True
