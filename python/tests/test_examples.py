"""The examples run, and the tiny learner beats the random bot on a small budget."""

import subprocess
import sys
from pathlib import Path

import pytest

import meeple

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))

import linear_connect4  # noqa: E402


def test_linear_learner_beats_random():
    untrained = linear_connect4.evaluate(linear_connect4.LinearAgent(126, linear_connect4.np.random.default_rng(0)), 300)
    trained = linear_connect4.evaluate(linear_connect4.train(1000, seed=0), 300)
    assert untrained < 0.6 < 0.7 < trained, (untrained, trained)


def test_random_vs_mcts_runs(tmp_path):
    out = subprocess.run([sys.executable, str(EXAMPLES / "random_vs_mcts.py")], cwd=tmp_path, check=True,
                         capture_output=True, text=True).stdout
    assert "stepped from Python" in out
    assert (tmp_path / "runs" / "example-random-vs-mcts" / "summary.csv").exists()


def test_balance_study_plots(tmp_path):
    """The matplotlib example on a small budget: its run folder, its role table, a PNG."""
    pytest.importorskip("matplotlib")
    import balance_study

    out = tmp_path / "study"
    png = balance_study.main(["--games", "12", "--bots", "random", "--out", str(out), "--threads", "1"])
    with open(png, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
    rates = balance_study.role_rates(meeple.read_run(out).summary)
    # Deputies sit at 5 players and more (BANG! roles); every point counts the seats of 12 deals.
    assert [int(p["players"]) for p in rates["sheriff"]] == [4, 5, 6, 7]
    assert [int(p["players"]) for p in rates["deputy"]] == [5, 6, 7]
    assert all(p["win_rate_low"] <= p["win_rate"] <= p["win_rate_high"] for pts in rates.values() for p in pts)
    assert [p["games"] for p in rates["sheriff"]] == [12, 12, 12, 12]
