"""The games as PettingZoo AEC environments, in the style of PettingZoo's classic games.

>>> from mesopotamia.pettingzoo import env
>>> e = env(game="cards", players=3)
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     observation, reward, termination, truncation, info = e.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = e.action_space(agent).sample(observation["action_mask"])
...     e.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seat order). Chance events (every draw) are
resolved inside the environment with a generator seeded by ``reset(seed=...)``. Observations
are ``{"observation": float32 tensor of Game.observation_layout(), "action_mask": int8 mask}``;
the mask is all zeros for an agent not to move. Rewards come at the end: the engine's returns,
in [-1, 1] and summing to 0.

Environments pickle and ``copy.deepcopy`` with the game in progress: the state, the chance
generator, the agents, rewards, terminations and the agent to move.

``bot_policy(spec, seed)`` is one of the engine's bots (``level1`` to ``level5``...) as a
policy of the loop above: ``action = policy(e, agent)``, to play an agent against them.
"""

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._engine import Game, games
from .bots import Bot

#: The environments' names (PettingZoo's ``metadata["name"]``), one per game of
#: ``mesopotamia.games()``: environment name -> game name.
ENVIRONMENTS = {f"mesopotamia_{g['name']}_v0": g["name"] for g in games()}

#: The game of an environment made without one: the first of ``mesopotamia.games()``.
_FIRST = games()[0]["name"]


def env(game=_FIRST, players=None, render_mode=None, **options):
    """The environment wrapped as PettingZoo's classic games are (illegal moves end the game
    with reward -1 for the offender, out-of-range actions are refused, order is enforced)."""
    inner = raw_env(game=game, players=players, render_mode=render_mode, **options)
    inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1)
    inner = wrappers.AssertOutOfBoundsWrapper(inner)
    inner = wrappers.OrderEnforcingWrapper(inner)
    return inner


def bot_policy(spec, seed=0):
    """One of the engine's bots (``spec``, as ``mesopotamia.Bot`` takes it) as a policy of an
    environment's loop: ``policy(env, agent)`` is the bot's action for ``agent`` (``None``
    once it is terminated or truncated, as PettingZoo's loop steps then). The bot reads the
    environment's state, of which it sees only what ``agent`` sees. A bad spec raises
    ``EngineError`` at once."""
    bot = Bot(spec, seed)

    def policy(environment, agent):
        raw = environment.unwrapped
        if raw.terminations.get(agent) or raw.truncations.get(agent):
            return None
        if agent != raw.agent_selection:
            raise ValueError(f"{agent} is not to move ({raw.agent_selection} is)")
        if raw.state.is_chance_node() or raw.state.is_terminal():
            return None
        return bot.action(raw.state)

    policy.bot = bot
    return policy


class raw_env(AECEnv, EzPickle):  # noqa: N801 (PettingZoo's naming)
    """One game of ``game`` (a name of ``mesopotamia.games()``; the first when not given)
    with ``players`` and the game's options (as ``mesopotamia.Game`` takes them)."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "mesopotamia_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game=_FIRST, players=None, render_mode=None, **options):
        super().__init__()
        EzPickle.__init__(self, game, players, render_mode, **options)
        self.game = Game(game, players, **options)
        self.metadata = dict(self.metadata, name=f"mesopotamia_{game}_v0")
        self.render_mode = render_mode
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        actions = self.game.num_distinct_actions()
        size = self.game.observation_size()
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=np.inf, shape=(size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state = None
        self._rng = np.random.default_rng()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    #: What a game in progress adds to the constructor's arguments when pickled.
    _PROGRESS = (
        "state",
        "_rng",
        "agents",
        "rewards",
        "_cumulative_rewards",
        "terminations",
        "truncations",
        "infos",
        "agent_selection",
    )

    def __getstate__(self):
        saved = EzPickle.__getstate__(self)
        saved["progress"] = {name: getattr(self, name) for name in self._PROGRESS}
        return saved

    def __setstate__(self, saved):
        progress = saved.pop("progress", {})
        EzPickle.__setstate__(self, saved)
        for name, value in progress.items():
            setattr(self, name, value)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def observe(self, agent):
        seat = self._seat(agent)
        observation = self.state.observation_tensor(seat)
        if agent == self.agent_selection and not self.state.is_terminal():
            mask = self.state.legal_mask()
        else:
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def _resolve_chance(self):
        """Plays chance events until a seat is to move or the game is over."""
        while self.state.is_chance_node():
            outcomes = self.state.chance_outcomes()
            codes = [code for code, _ in outcomes]
            probabilities = np.array([p for _, p in outcomes])
            pick = self._rng.choice(len(codes), p=probabilities / probabilities.sum())
            self.state.apply_action(codes[pick])

    def _after_step(self):
        self._resolve_chance()
        if self.state.is_terminal():
            returns = self.state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat(agent)])
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def reset(self, seed=None, options=None):
        self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._after_step()

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.state.apply_action(int(action))
        self._after_step()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self.state.position()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
