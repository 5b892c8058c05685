#!/usr/bin/env python3
"""A meeple bot in Python: speaks meeple's JSON-lines protocol (PROTOCOL.md, version 1) on
stdin/stdout, standard library only.

    import meeple_agent
    def act(observation, legal_actions, rng_seed):
        return 0                      # an index into legal_actions
    meeple_agent.run(act, name="first")

Or by stable action id (the same id names the same move in every position: a policy network's
output index; `observation` is the versioned dict of docs/observations/GAME.md):

    def act(observation, legal_ids, rng_seed):
        return legal_ids[0]           # one of legal_ids
    meeple_agent.run(act, name="first-id", by_id=True)

Play it: meeple play --game connect4 --bots "ext:cmd=python3,args=my_bot.py",random
Run this file itself for the random agent: `python3 meeple_agent.py` (it plays every game);
`python3 meeple_agent.py --by-id` answers with action ids and checks each observation's schema.
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


def random_id_agent(observation, legal_ids, rng_seed):
    """The random agent answering by action id: the same choices as random_agent."""
    return legal_ids[uniform_index(rng_seed, len(legal_ids))]


def _send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def run(act, name="python", on_start=None, on_end=None, by_id=False, schemas=None):
    """Serves meeple until it closes stdin: answers each decision with `act(observation,
    legal_actions, rng_seed)`, which returns an index into legal_actions (a list of the game's
    action strings), or with `by_id`, `act(observation, legal_ids, rng_seed)`, which returns one
    of legal_ids (the legal actions' stable ids). `on_start(players, seat)` and `on_end(message)`
    (the end message: rewards, scores, truncated, forfeit) are called at each game's start and end
    if given. `schemas`, if given, maps game names to the observation schema versions the bot
    reads (e.g. {"connect4": 1}): an observation of another schema makes the bot answer an error
    (it forfeits the game) instead of misreading it. Log to stderr: meeple keeps it per bot."""
    game = None
    for line in iter(sys.stdin.readline, ""):
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if message["protocol"] != PROTOCOL_VERSION:
                _send({"type": "error", "message": "this client speaks protocol %d" % PROTOCOL_VERSION})
                return
            game = message["game"]
            _send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name})
        elif kind == "act":
            observation = message["observation"]
            if schemas is not None:
                schema = (observation.get("schema"), observation.get("schema_version"))
                if schema != (game, schemas.get(game)):
                    _send({"type": "error", "message": "unknown observation schema %s version %s" % schema})
                    continue
            if by_id:
                _send({"type": "action", "id": act(observation, message["legal_ids"], message["rng_seed"])})
            else:
                _send({"type": "action", "index": act(observation, message["legal"], message["rng_seed"])})
        elif kind == "start" and on_start:
            on_start(message["players"], message["seat"])
        elif kind == "end" and on_end:
            on_end(message)


# The observation schema versions this file reads (docs/observations/GAME.md): every game's first.
SCHEMAS = {game: 1 for game in ("bang", "catcafe", "connect4", "ekonos", "laserreflection", "lewisclark",
                                "locomomo", "mow", "president", "sevenwondersarchitects", "sevenwondersduel")}

if __name__ == "__main__":
    if "--by-id" in sys.argv[1:]:
        run(random_id_agent, name="python-random-id", by_id=True, schemas=SCHEMAS)
    else:
        run(random_agent, name="python-random")
