"""The examples run, and the tiny learner beats the random bot on a small budget."""

import subprocess
import sys
from pathlib import Path

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
