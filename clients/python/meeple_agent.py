#!/usr/bin/env python3
"""A meeple bot in Python: speaks meeple's JSON-lines protocol (PROTOCOL.md, version 1) on
stdin/stdout, standard library only.

    import meeple_agent
    def act(observation, legal_actions, rng_seed):
        return 0                      # an index into legal_actions
    meeple_agent.run(act, name="first")

Play it: meeple play --game connect4 --bots "ext:cmd=python3,args=my_bot.py",random
Run this file itself for the random agent: `python3 meeple_agent.py` (it plays every game).
"""

import json
import sys

PROTOCOL_VERSION = 1


def uniform_index(rng_seed, n):
    """The index in range(n) that meeple's own `random` bot draws from the same seed (except with
    probability below n / 2**32 per decision, when rand redraws): (rng_seed mod 2^32) * n >> 32."""
    return ((rng_seed & 0xFFFFFFFF) * n) >> 32


def random_agent(observation, legal_actions, rng_seed):
    """A uniformly random legal action: plays exactly as meeple's `random` bot."""
    return uniform_index(rng_seed, len(legal_actions))


def _send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def run(act, name="python", on_start=None, on_end=None):
    """Serves meeple until it closes stdin: answers each decision with `act(observation,
    legal_actions, rng_seed)`, which returns an index into legal_actions (a list of the game's
    action strings). `on_start(players, seat)` and `on_end(message)` (the end message: rewards, scores,
    truncated, forfeit)
    are called at each game's start and end if given. Log to stderr: meeple keeps it per bot."""
    for line in iter(sys.stdin.readline, ""):
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if message["protocol"] != PROTOCOL_VERSION:
                _send({"type": "error", "message": "this client speaks protocol %d" % PROTOCOL_VERSION})
                return
            _send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name})
        elif kind == "act":
            index = act(message["observation"], message["legal"], message["rng_seed"])
            _send({"type": "action", "index": index})
        elif kind == "start" and on_start:
            on_start(message["players"], message["seat"])
        elif kind == "end" and on_end:
            on_end(message)


if __name__ == "__main__":
    run(random_agent, name="python-random")
