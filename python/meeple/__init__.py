"""meeple from Python: tabletop games as in-process states stepped by stable action ids.

>>> import meeple
>>> state = meeple.new_game("connect4", players=2, seed=1)
>>> bot = meeple.Bot("random", seed=2)
>>> while not state.is_terminal():
...     state.apply_action(bot.step(state))
>>> state.returns()

See README.md, "From Python", for the API.
"""

from ._meeple import Bot, State, derive_seed, games, new_game
from .runs import RunResult, play, read_run, run

__all__ = ["Bot", "State", "RunResult", "derive_seed", "games", "new_game", "play", "read_run", "run", "TERMINAL"]

#: `State.current_player()` once the game is over (OpenSpiel's value).
TERMINAL = -4
