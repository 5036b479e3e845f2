"""The games as OpenSpiel Python games, one per game of ``mesopotamia.games()``.

>>> import pyspiel
>>> import mesopotamia.openspiel as mo
>>> mo.register()
>>> game = pyspiel.load_game("mesopotamia_tigris", {"players": 4})

Each game ``NAME`` is registered as ``mesopotamia_NAME``, with the parameters ``players``
(in the game's range, its default players when not given) and the game's options with their
defaults, as its description gives them (``GAMES`` lists them): a text option read from a
file (Sumeria's board) is taken as the file's path, empty for the game's own default. Chance
nodes are explicit (every draw), returns are in [-1, 1] and sum to 0, observation tensors are
those of ``Game.observation_layout()``, observation strings are the seat's view as JSON, and
information-state strings are everything the seat has seen (perfect recall).

Games and states pickle (``pickle``, ``copy.deepcopy``, ``pyspiel.serialize_game_and_state``);
``State.resample_from_infostate`` serves OpenSpiel's information-set searches
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``), and ``RolloutEvaluator`` gives them
random rollouts played inside Rust.

``MesopotamiaBot`` is one of the engine's bots (``level1`` to ``level5``, ``greedy``,
``mcts:50ms-cpu``...) as a ``pyspiel.Bot``, so that OpenSpiel's own evaluation code seats it
against any agent:

>>> from open_spiel.python.algorithms import evaluate_bots
>>> game = pyspiel.load_game("mesopotamia_sumeria", {"players": 3})
>>> bots = [mo.MesopotamiaBot("level2", seed=s) for s in range(3)]
>>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
"""

import numpy as np
import pyspiel

from ._engine import EngineError
from .bots import Bot as _Bot
from ._engine import Game as _EngineGame
from ._engine import games as _games


def _parameters(description):
    """OpenSpiel's parameters of a game: ``players`` and each option with its default (a
    text option under its file's name, empty for the game's own default)."""
    parameters = {"players": description["default_players"]}
    for option in description["options"]:
        if option["kind"] == "text":
            if option["file"]:
                parameters[option["file"]] = ""
        else:
            parameters[option["name"]] = option["default"]
    return parameters


#: OpenSpiel name -> (engine name, default parameters, fewest players, most players), one
#: per game of ``mesopotamia.games()``.
GAMES = {
    f"mesopotamia_{d['name']}": (d["name"], _parameters(d), d["min_players"], d["max_players"])
    for d in _games()
}

#: Engine name -> OpenSpiel's long name (the game's title).
_LONG_NAMES = {d["name"]: f"{d['title']} (mesopotamia)" for d in _games()}

#: Engine name -> the parameters that name files (empty: not given).
_FILES = {
    d["name"]: {o["file"] for o in d["options"] if o["kind"] == "text" and o["file"]}
    for d in _games()
}


def _engine_game(name, defaults, params):
    """The engine's ``Game`` for OpenSpiel parameters (defaults filled in)."""
    options = dict(defaults)
    options.update(params or {})
    unknown = set(options) - set(defaults)
    if unknown:
        raise ValueError(f"unknown parameters for {name}: {sorted(unknown)}")
    players = int(options.pop("players"))
    for file in _FILES[name]:
        if not options.get(file):
            options.pop(file, None)
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
    """One of the games, for OpenSpiel; subclassed once per game by ``register``."""

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

    def __reduce__(self):
        # Loaded again by name in the unpickling process (registering the games there).
        return (_load_game, (self._SHORT_NAME, dict(self.get_parameters())))


class MesopotamiaState(pyspiel.State):
    """A game in progress: the engine's ``State`` behind OpenSpiel's interface."""

    def __init__(self, game, inner=None):
        super().__init__(game)
        self.inner = inner if inner is not None else game.engine.new_initial_state()

    @property
    def inner(self):
        """The engine's state."""
        return self.__dict__["inner"]

    @inner.setter
    def inner(self, value):
        # OpenSpiel restores a serialized state by setting its history first, then this
        # attribute: the two must tell the same game. (A copy sets this first, on an empty
        # history, and the history after.)
        history = self.history()
        if history and history != value.history():
            raise EngineError(
                f"the OpenSpiel history ({len(history)} steps) is not the engine state's "
                f"({len(value.history())} steps): a tampered serialized state?"
            )
        self.__dict__["inner"] = value

    def __reduce__(self):
        # OpenSpiel's own serialization (history, then the pickled engine state).
        return (_load_state, (self.get_game(), self.serialize()))

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one (the same information-state
        string), with what it cannot see (other hands, the bag, face-down cards) redrawn by
        the engine from a seed taken from ``probability_sampler`` (a callable returning a
        number in [0, 1), as OpenSpiel's searches give). The history stays that of this
        state: the steps the seat saw."""
        seed = int(probability_sampler() * 2**53)
        resampled = self.clone()
        resampled.inner = self.inner.resample_hidden(player_id, seed)
        return resampled

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


class RolloutEvaluator:
    """OpenSpiel's evaluator interface (``evaluate``, ``prior``) for its MCTS and ISMCTS
    bots, with each rollout a uniform random game to the end played inside Rust
    (``State.rollout``): the same estimate as OpenSpiel's ``RandomRolloutEvaluator``, much
    faster. Seeds come from ``random_state`` (a ``numpy.random.RandomState``)."""

    def __init__(self, n_rollouts=1, random_state=None):
        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state):
        """The mean returns of ``n_rollouts`` random games from ``state``."""
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            seed = int(self._random_state.randint(0, 2**31 - 1))
            total += np.array(state.inner.rollout(seed))
        return total / self.n_rollouts

    def prior(self, state):
        """Chance outcomes by their odds; legal actions equally likely."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class MesopotamiaBot(pyspiel.Bot):
    """One of the engine's bots (``spec``: ``level1`` to ``level5``, ``greedy``, ``mcts``,
    ``mcts:50ms-cpu``...) as an OpenSpiel bot, for the states of this module's games. Its
    ``n``-th decision of a game is seeded from ``seed`` and ``n`` (``mesopotamia.Bot``);
    ``restart``/``restart_at`` start a new game. It sees only what the seat to move sees.
    A bad spec raises ``EngineError`` when the bot is made."""

    def __init__(self, spec, seed=0):
        pyspiel.Bot.__init__(self)
        self._bot = _Bot(spec, seed)

    @property
    def spec(self):
        """The bot's spec, in its printed form."""
        return self._bot.spec

    def step(self, state):
        """The bot's action for the seat to move in ``state`` (a state of a
        ``mesopotamia_*`` game)."""
        inner = getattr(state, "inner", None)
        if inner is None:
            raise TypeError(f"not a state of a mesopotamia game: {type(state).__name__}")
        return self._bot.action(inner)

    def restart(self):
        self._bot.restart()

    def restart_at(self, state):
        self._bot.restart()

    def inform_action(self, state, player_id, action):
        pass

    def provides_policy(self):
        return False

    def __repr__(self):
        return f"MesopotamiaBot({self._bot.spec!r}, seed={self._bot.seed})"


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


def _load_game(short_name, params):
    """A game by OpenSpiel name and parameters (unpickling)."""
    register()
    return pyspiel.load_game(short_name, params)


def _load_state(game, serialized):
    """A state of ``game`` from ``State.serialize()`` (unpickling)."""
    return game.deserialize_state(serialized)


def register():
    """Registers every game of ``GAMES`` with pyspiel (``mesopotamia_tigris``,
    ``mesopotamia_cards``, ``mesopotamia_sumeria``; once, later calls do nothing)."""
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
