"""meeple's games as PettingZoo AEC environments: ``meeple.pettingzoo.env("mow", players=3)``.

Agents are ``player_0`` … ``player_{n-1}`` (seat order). Observations are dicts of
``observation``, the seat's float32 tensor (layout: ``docs/observations/GAME.md``; what the seat
may see, never more), and ``action_mask``, an int8 mask over the game's stable action ids (all
zeros for an agent that is not to move). Actions are action ids (``Discrete(num_distinct_actions)``).
Rewards come once, at the end: each seat's return in [0, 1] (1 a win, 0 a loss, shares for a
draw). Chance (shuffles, dice) is drawn from the game's own generator, seeded by ``reset(seed)``.
A game stopped by ``max_steps`` is truncated. Needs ``pettingzoo`` (``pip install pettingzoo``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._meeple import new_game
from ._options import merge_options


class MeepleAEC(AECEnv):
    """One meeple game as an AEC environment (see the module docs)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "meeple_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int = 2, options: Optional[Dict[str, Any]] = None,
                 max_steps: Optional[int] = None, render_mode: Optional[str] = None):
        super().__init__()
        self.game, self.players, self.options = game, players, dict(options or {})
        self.max_steps, self.render_mode = max_steps, render_mode
        self._seed = 0
        self.state = new_game(game, players, self.options, seed=0)
        shape = self.state.observation_shape()
        n = self.state.num_distinct_actions()
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (int(np.prod(shape)),), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.metadata = dict(self.metadata, name=f"meeple_{game}_v0")

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.state.num_distinct_actions(), np.int8)
        if self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        self.state = new_game(self.game, self.players, self.options, seed=self._seed)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self.steps += 1
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        if not self.state.is_terminal():
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str, players: int = 2, options: Optional[Dict[str, Any]] = None,
        max_steps: Optional[int] = None, render_mode: Optional[str] = None,
        **game_options: Any) -> MeepleAEC:
    """A PettingZoo AEC environment of ``game`` with ``players`` seats; the game's options (see
    ``meeple.games()``) are keyword arguments (``env("mow", players=3, six_specials=True)``) or an
    ``options`` dict (as in a spec's ``[options]``), or both with distinct names (an option given
    both ways is a ``TypeError``); ``max_steps`` truncates; ``render_mode`` is ``"human"`` or
    ``"ansi"``."""
    return MeepleAEC(game, players, merge_options(options, game_options), max_steps=max_steps,
                     render_mode=render_mode)
