"""meeple.play / meeple.run: the library's runner from Python, its tables, Python callables as
in-process bots."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import meeple

ROOT = Path(__file__).resolve().parents[2]
#: The files a run writes that do not hold dates or times (run.toml does).
SAME_FILES = ["balance.csv", "counts.json", "games.csv", "ratings.csv", "spec.toml", "summary.csv", "versus.csv"]


def cli():
    """The newest meeple binary `cargo test` or `cargo build` left, else one on the PATH, else None."""
    built = [p for p in (ROOT / "target" / profile / "meeple" for profile in ("debug", "release")) if p.exists()]
    if built:
        return max(built, key=lambda p: p.stat().st_mtime)
    return shutil.which("meeple")


def test_play_writes_the_folder_the_cli_writes(tmp_path):
    r = meeple.play("mow", bots=["greedy", "random"], players=3, games=9, seed=5, out=tmp_path / "py", threads=1)
    files = sorted(os.listdir(tmp_path / "py"))
    assert files == sorted(SAME_FILES + ["run.toml"])
    assert set(r) == {"out", "summary", "versus", "ratings", "games"}
    assert len(r.games) == 9
    binary = cli()
    if binary is None:
        pytest.skip("no meeple binary built (cargo build)")
    subprocess.run(
        [str(binary), "play", "--game", "mow", "--players", "3", "--bots", "greedy,random", "--games", "9",
         "--seed", "5", "--per-game", "--threads", "2", "--quiet", "--out", str(tmp_path / "cli")],
        check=True, cwd=ROOT, capture_output=True,
    )
    for name in SAME_FILES:
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name


def test_tables_are_lists_of_dicts_without_pandas(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    r = meeple.play("connect4", bots=["random"], games=6, seed=2, out=tmp_path)
    assert isinstance(r.summary, list) and r.summary[0]["label"] == "all"
    assert [row["index"] for row in r.games] == list(range(6))
    assert r.versus == [] and r.ratings == []


def test_run_reads_a_spec_file(tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text('game = "connect4"\nbots = ["greedy", "random"]\ngames = 10\nseed = 3\nper_game = true\n')
    r = meeple.run(spec, out=tmp_path / "out", threads=1)
    assert r.out == str(tmp_path / "out")
    assert len(r.games) == 10
    again = meeple.run({"game": "connect4", "bots": ["greedy", "random"], "games": 10, "seed": 3, "per_game": True},
                       out=tmp_path / "again", threads=2)
    assert (tmp_path / "out" / "games.csv").read_bytes() == (tmp_path / "again" / "games.csv").read_bytes()


def test_a_callable_plays_in_process(tmp_path):
    calls = []

    def lowest(state):
        calls.append(state.current_player())
        return min(state.legal_actions())

    r = meeple.play("connect4", bots=[lowest, "random"], games=8, seed=1, out=tmp_path, threads=2)
    assert calls, "the callable was called"
    bots = set(r.summary[r.summary["label"] == "bot"]["value"])
    assert bots == {"py:lowest", "random"}
    # Rotated seats: the callable sat in both seats.
    assert set(calls) == {0, 1}


def test_a_callable_gets_a_state_it_can_search(tmp_path):
    """The callable is given the decider's determinization (hidden cards resampled, `Decide` in
    src/dynamic.rs): a full state it may clone and step, as a search would."""
    seats = []

    def lookahead(state):
        seat = state.current_player()
        seats.append(seat)
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
        assert len(state.observation_tensor(seat)) == 363
        return state.legal_actions()[0]

    meeple.play("mow", bots=[lookahead], players=3, games=1, seed=9, out=tmp_path, threads=1)
    assert set(seats) == {0, 1, 2}


def test_a_failing_callable_stops_the_run(tmp_path):
    def broken(state):
        raise RuntimeError("no idea")

    with pytest.raises(ValueError, match="no idea"):
        meeple.play("connect4", bots=[broken, "random"], games=2, out=tmp_path, threads=1)

    def illegal(state):
        return 99

    with pytest.raises(ValueError, match="not legal"):
        meeple.play("connect4", bots=[illegal, "random"], games=2, out=tmp_path / "b", threads=1)


def test_a_tournament_returns_its_crosstable(tmp_path):
    def lowest(state):
        return min(state.legal_actions())

    r = meeple.play("connect4", bots=["random", lowest, "greedy"], games=4, tournament="round-robin",
                    out=tmp_path, threads=1)
    assert "crosstable" in r and len(r.ratings) == 3


def test_a_tournament_writes_the_folder_the_cli_writes(tmp_path):
    bots = ["greedy", "random", "mcts:iterations=20"]
    meeple.play("connect4", bots=bots, games=4, seed=1, tournament="round-robin", out=tmp_path / "py", threads=2)
    binary = cli()
    if binary is None:
        pytest.skip("no meeple binary built (cargo build)")
    subprocess.run(
        [str(binary), "play", "--game", "connect4", "--bots", ",".join(bots), "--games", "4", "--seed", "1",
         "--tournament", "round-robin", "--per-game", "--threads", "2", "--quiet", "--out", str(tmp_path / "cli")],
        check=True, cwd=ROOT, capture_output=True,
    )
    py = sorted(p.relative_to(tmp_path / "py") for p in (tmp_path / "py").rglob("*") if p.is_file())
    cl = sorted(p.relative_to(tmp_path / "cli") for p in (tmp_path / "cli").rglob("*") if p.is_file())
    assert py == cl
    assert Path("skill.svg") in py
    for name in py:
        if name.name not in ("run.toml", "report.md"):
            assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
