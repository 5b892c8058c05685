"""A tiny learner on Connect Four that beats the random bot: a logistic value function over the
observation tensor (docs/observations/connect4.md), trained with numpy from the outcomes of its
own games against meeple's random bot, playing by one-step lookahead.

    python python/examples/linear_connect4.py --train 1000 --eval 400

Each move, the agent applies every legal action to a clone of the state, scores the afterstate's
tensor (from its own seat) with p(win) = sigmoid(w . x + b) and plays the best (exploring with
probability epsilon while training). After each training game, every afterstate it chose is a
sample whose target is the game's return for its seat (1 win, 0 loss, 0.5 draw).
"""

import argparse

import numpy as np

import meeple


class LinearAgent:
    def __init__(self, size, rng, lr=0.5):
        self.w = np.zeros(size, np.float32)
        self.b = 0.0
        self.rng, self.lr = rng, lr

    def value(self, x):
        return 1.0 / (1.0 + np.exp(-(x @ self.w + self.b)))

    def choose(self, state, epsilon=0.0):
        """The best afterstate's action (random with probability epsilon) and its tensor."""
        seat = state.current_player()
        legal = state.legal_actions()
        afters = []
        for action in legal:
            child = state.clone()
            child.apply_action(action)
            afters.append(child.observation_tensor(seat))
        xs = np.stack(afters)
        if self.rng.random() < epsilon:
            i = int(self.rng.integers(len(legal)))
        else:
            values = self.value(xs)
            # Ties (an untrained agent's every move) are broken at random.
            best = np.flatnonzero(values >= values.max() - 1e-6)
            i = int(self.rng.choice(best))
        return legal[i], xs[i]

    def learn(self, xs, target):
        xs = np.stack(xs)
        grad = self.value(xs) - target
        self.w -= self.lr * grad @ xs / len(xs)
        self.b -= self.lr * float(grad.mean())


def play(agent, seat, seed, epsilon=0.0):
    """One game of `agent` in `seat` against the random bot; its afterstates and its return."""
    state = meeple.new_game("connect4", 2, seed=seed)
    random_bot = meeple.Bot("random", seed=seed + 1)
    chosen = []
    while not state.is_terminal():
        if state.current_player() == seat:
            action, x = agent.choose(state, epsilon)
            chosen.append(x)
        else:
            action = random_bot.step(state)
        state.apply_action(action)
    return chosen, state.returns()[seat]


def train(games, seed=0):
    rng = np.random.default_rng(seed)
    agent = LinearAgent(126, rng)
    for g in range(games):
        chosen, ret = play(agent, g % 2, seed * 1_000_003 + g, epsilon=0.1)
        agent.learn(chosen, ret)
    return agent


def evaluate(agent, games, seed=10**6):
    """The agent's mean return against the random bot, half the games in each seat."""
    return float(np.mean([play(agent, g % 2, seed + g)[1] for g in range(games)]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=1000, help="training games")
    parser.add_argument("--eval", type=int, default=400, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    untrained = evaluate(LinearAgent(126, np.random.default_rng(args.seed)), args.eval)
    agent = train(args.train, args.seed)
    print(f"score against random: untrained {untrained:.3f}, after {args.train} games {evaluate(agent, args.eval):.3f}")


if __name__ == "__main__":
    main()
