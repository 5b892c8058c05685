"""A meeple game as a single-agent Gymnasium environment against built-in bots:
``meeple.gymnasium.env("connect4", opponents="greedy")``.

The agent plays seat ``seat``; every other seat is a :class:`meeple.Bot` of the spec
``opponents`` (seeded from ``reset(seed)``), which sees only what its seat may see. Observations
are the seat's float32 tensor (``docs/observations/GAME.md``); actions are action ids
(``Discrete(num_distinct_actions)``); ``info["action_mask"]`` (int8) marks the legal ones. The
reward is the seat's return in [0, 1] when the game ends, else 0. An illegal action ends the
episode with reward -1 (so that unmasked exploration terminates instead of raising).
Needs ``gymnasium``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import gymnasium
import numpy as np
from gymnasium import spaces

from ._meeple import Bot, derive_seed, new_game
from ._options import merge_options


class MeepleEnv(gymnasium.Env):
    """One seat of a meeple game against built-in bots (see the module docs)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponents: str = "random", players: int = 2, seat: int = 0,
                 options: Optional[Dict[str, Any]] = None, render_mode: Optional[str] = None):
        self.game, self.players, self.seat = game, players, seat
        self.options, self.render_mode = dict(options or {}), render_mode
        self.opponents = opponents
        self.state = new_game(game, players, self.options, seed=0)
        shape = self.state.observation_shape()
        self.observation_space = spaces.Box(-np.inf, np.inf, (int(np.prod(shape)),), np.float32)
        self.action_space = spaces.Discrete(self.state.num_distinct_actions())
        self._bots = [Bot(opponents) for _ in range(players)]

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.state.num_distinct_actions(), np.int8)
        if self.state.current_player() == self.seat:
            mask[self.state.legal_actions()] = 1
        return mask

    def _observe(self) -> Tuple[np.ndarray, Dict[str, Any]]:
        return self.state.observation_tensor(self.seat), {"action_mask": self._mask()}

    def _opponents_play(self) -> None:
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            self.state.apply_action(self._bots[self.state.current_player()].step(self.state))

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        super().reset(seed=seed)
        base = int(self.np_random.integers(0, 2**63))
        self.state = new_game(self.game, self.players, self.options, seed=derive_seed(base, 0, 0))
        for s, bot in enumerate(self._bots):
            bot.seed(derive_seed(base, 0, 1 + s))
        self._opponents_play()
        return self._observe()

    def step(self, action: int):
        if self.state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        if int(action) not in self.state.legal_actions():
            obs, info = self._observe()
            info["illegal_action"] = int(action)
            return obs, -1.0, True, False, info
        self.state.apply_action(int(action))
        self._opponents_play()
        obs, info = self._observe()
        done = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if done else 0.0
        return obs, reward, done, False, info

    def render(self) -> Optional[str]:
        return str(self.state) if self.render_mode == "ansi" else None


def env(game: str, opponents: str = "random", players: int = 2, seat: int = 0,
        options: Optional[Dict[str, Any]] = None, render_mode: Optional[str] = None,
        **game_options: Any) -> MeepleEnv:
    """A single-agent Gymnasium environment of ``game`` against ``opponents`` (a bot spec, default
    ``"random"``; or ``"greedy"``, ``"mcts:iterations=200"``…); ``players``, ``seat``,
    ``render_mode`` as in :class:`MeepleEnv`; the game's options (see ``meeple.games()``) are
    keyword arguments (``env("mow", players=3, six_specials=True)``) or an ``options`` dict, or
    both with distinct names (an option given both ways is a ``TypeError``)."""
    return MeepleEnv(game, opponents, players=players, seat=seat,
                     options=merge_options(options, game_options), render_mode=render_mode)
