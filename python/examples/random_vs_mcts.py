"""Random against MCTS on Connect Four, stepped from Python, then the same match through the
library's runner (meeple.play) with its tables.

    python python/examples/random_vs_mcts.py
"""

import meeple

bots = [meeple.Bot("random", seed=1), meeple.Bot("mcts:iterations=200", seed=2)]
wins = [0.0, 0.0]
for game in range(20):
    state = meeple.new_game("connect4", players=2, seed=game)
    seats = bots if game % 2 == 0 else bots[::-1]
    while not state.is_terminal():
        state.apply_action(seats[state.current_player()].step(state))
    returns = state.returns()
    for seat, bot in enumerate(seats):
        wins[bots.index(bot)] += returns[seat]
print(f"stepped from Python: random {wins[0]:.1f}, mcts {wins[1]:.1f} of 20")

# The same match through the runner: the CLI's run folder and its tables (DataFrames with pandas).
result = meeple.play("connect4", bots=["random", "mcts:iterations=200"], games=20, out="runs/example-random-vs-mcts")
print(result.summary[["label", "value", "games", "mean_reward"]] if hasattr(result.summary, "columns") else result.summary)
