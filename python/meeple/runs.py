"""Runs from Python: ``meeple.play(...)`` and ``meeple.run(spec)``.

Both call the library's tournament runner (the one behind ``meeple play`` and ``meeple run``):
the run folder is the CLI's (``summary.csv``, ``counts.json``, ``spec.toml``, ``run.toml`` and,
when they apply, ``versus.csv``, ``ratings.csv``, ``games.csv``), and the tables come back as
pandas DataFrames when pandas is installed, else as lists of dicts.

A bot is a spec string as on the command line (``"random"``, ``"ismcts:iterations=1000"``, a
profile name), a :class:`meeple.Bot`, or a Python callable ``f(state) -> action id``. A callable
plays in process (no pipe): it is given a :class:`meeple.State` that is a *determinization* for
the deciding seat (hidden cards and roles resampled from what that seat may know), which it may
clone and step; the run names it ``py:NAME`` (``NAME`` its ``__name__``).
"""

from __future__ import annotations

import csv
import json
import os
import re
from typing import Any, Callable, Dict, Iterable, List, Optional, Union

from ._meeple import Bot, register_bot, run_spec, unregister_bot

#: The tables a run returns, by the file they are read from.
TABLES = {"summary": "summary.csv", "versus": "versus.csv", "ratings": "ratings.csv", "games": "games.csv"}


class RunResult(dict):
    """The tables of a run (``summary``, ``versus``, ``ratings``, ``games``; a tournament adds
    ``crosstable``), each a DataFrame or a list of dicts (empty when the run wrote no such file),
    and ``out``, the run folder. Keys are also attributes: ``result.summary``."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError as e:
            raise AttributeError(name) from e


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def read_table(path: str) -> Any:
    """A CSV file of a run as a pandas DataFrame (when pandas is installed) or a list of dicts
    with numbers converted; an empty list if the file does not exist."""
    if not os.path.exists(path):
        return []
    try:
        import pandas
    except ImportError:
        with open(path, newline="", encoding="utf-8") as f:
            return [{k: _number(v) for k, v in row.items()} for row in csv.DictReader(f)]
    return pandas.read_csv(path)


def read_run(out: Union[str, os.PathLike]) -> RunResult:
    """The tables of the run folder ``out`` (see :class:`RunResult`)."""
    out = os.fspath(out)
    result = RunResult(out=out)
    for key, name in TABLES.items():
        result[key] = read_table(os.path.join(out, name))
    crosstable = os.path.join(out, "crosstable.csv")
    if os.path.exists(crosstable):
        result["crosstable"] = read_table(crosstable)
    return result


def _bot_names(bots: Iterable[Any], registered: Dict[str, Callable]) -> List[str]:
    """Spec strings for ``bots``; callables are registered as ``py:NAME`` (into ``registered``)."""
    names = []
    ids: Dict[int, str] = {}
    for bot in bots:
        if isinstance(bot, str):
            names.append(bot)
        elif isinstance(bot, Bot):
            names.append(bot.name)
        elif callable(bot):
            if id(bot) not in ids:
                base = re.sub(r"[^A-Za-z0-9_.-]", "_", getattr(bot, "__name__", "bot")) or "bot"
                name, k = base, 2
                while name in registered:
                    name, k = f"{base}{k}", k + 1
                registered[name] = bot
                ids[id(bot)] = name
                register_bot(name, bot)
            names.append("py:" + ids[id(bot)])
        else:
            raise TypeError(f"a bot is a spec string, a meeple.Bot or a callable, not {bot!r}")
    return names


def run(
    spec: Union[str, os.PathLike, Dict[str, Any]],
    out: Optional[Union[str, os.PathLike]] = None,
    threads: Optional[int] = None,
    quiet: bool = True,
    bots_dir: Optional[Union[str, os.PathLike]] = None,
) -> RunResult:
    """Runs an experiment spec, a TOML file (as ``meeple run FILE``) or a dict of the same fields
    (``{"game": "mow", "bots": ["greedy", my_function], "games": 200, "per_game": True}``), into
    ``out`` (default: the spec's ``out``, else the CLI's ``runs/GAME-seedS``), and returns its
    tables. ``threads``: worker threads (default all cores); results do not depend on it."""
    registered: Dict[str, Callable] = {}
    try:
        kwargs = dict(out=None if out is None else os.fspath(out), threads=threads, quiet=quiet,
                      bots_dir=None if bots_dir is None else os.fspath(bots_dir))
        if isinstance(spec, dict):
            spec = dict(spec)
            if "bots" in spec:
                spec["bots"] = _bot_names(spec["bots"], registered)
            if "out" in spec:
                spec["out"] = os.fspath(spec["out"])
            folder = run_spec(spec_json=json.dumps(spec), **kwargs)
        else:
            folder = run_spec(path=os.fspath(spec), **kwargs)
    finally:
        for name in registered:
            unregister_bot(name)
    return read_run(folder)


def play(
    game: str,
    bots: Iterable[Any] = ("random",),
    games: int = 1000,
    players: Optional[Union[int, List[int]]] = None,
    options: Optional[Dict[str, Any]] = None,
    seed: int = 1,
    seats: Optional[str] = None,
    max_actions: Optional[int] = None,
    per_game: bool = True,
    tournament: Optional[str] = None,
    sprt: Optional[Dict[str, Any]] = None,
    out: Optional[Union[str, os.PathLike]] = None,
    threads: Optional[int] = None,
    quiet: bool = True,
) -> RunResult:
    """``meeple play`` from Python: ``games`` games of ``game`` with the lineup ``bots`` (one per
    seat, one for all, or ``A, B`` for A against a field of B; strings, ``meeple.Bot`` objects or
    callables), returning the run's tables. ``per_game`` (default on here) also writes and returns
    ``games.csv``; ``tournament`` is ``"round-robin"`` or ``"gauntlet"``."""
    spec: Dict[str, Any] = {"game": game, "bots": list(bots), "games": games, "seed": seed, "per_game": per_game}
    for key, value in (("players", players), ("options", options), ("seats", seats),
                       ("max_actions", max_actions), ("tournament", tournament), ("sprt", sprt)):
        if value is not None:
            spec[key] = value
    return run(spec, out=out, threads=threads, quiet=quiet)
