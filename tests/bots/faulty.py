#!/usr/bin/env python3
"""A test bot that plays randomly but faults at about one decision in 40 (chosen by the seed, so
runs are reproducible): `faulty.py crash|hang|illegal|garbage [PERIOD]`; with PERIOD 1 it faults
at its first decision of every game (one in PERIOD, 40 by default)."""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python"))
import meeple_agent  # noqa: E402

MODE = sys.argv[1]
PERIOD = int(sys.argv[2]) if len(sys.argv) > 2 else 40


def act(observation, legal_actions, rng_seed):
    if (rng_seed >> 40) % PERIOD != 0:
        return meeple_agent.random_agent(observation, legal_actions, rng_seed)
    sys.stderr.write("faulty bot: %s now (seed %d)\n" % (MODE, rng_seed))
    sys.stderr.flush()
    if MODE == "crash":
        sys.exit(3)
    if MODE == "hang":
        time.sleep(3600)
    if MODE == "garbage":
        sys.stdout.write("I think column three\n")
        sys.stdout.flush()
        return 0
    return len(legal_actions)  # illegal: one past the last index


meeple_agent.run(act, name="faulty-" + MODE)
