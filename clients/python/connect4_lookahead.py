#!/usr/bin/env python3
"""A one-step-lookahead Connect Four bot: wins at once if it can, else blocks the opponent's
immediate win, else plays the playable column nearest the centre (ties broken by the seed).

    meeple play --game connect4 --bots "ext:cmd=python3,args=clients/python/connect4_lookahead.py",random
"""

import meeple_agent

ROWS, COLUMNS = 6, 7


def drop(board, col, disc):
    """The board (a list of 6 strings, top row first) after `disc` falls into `col`."""
    rows = [list(r) for r in board]
    for row in reversed(rows):
        if row[col] == ".":
            row[col] = disc
            break
    return ["".join(r) for r in rows]


def wins(board, disc):
    """Whether `disc` has four in a row on `board`."""
    for r in range(ROWS):
        for c in range(COLUMNS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= y < ROWS and 0 <= x < COLUMNS and board[y][x] == disc for y, x in cells):
                    return True
    return False


def act(observation, legal_actions, rng_seed):
    board = observation["board"]
    me = "XO"[observation["to_move"]]
    them = "OX"[observation["to_move"]]
    columns = [int(a.split()[1]) for a in legal_actions]  # actions read "col 3"
    for disc in (me, them):  # my win first, then the opponent's to block
        for i, col in enumerate(columns):
            if wins(drop(board, col, disc), disc):
                return i
    best = min(abs(c - 3) for c in columns)
    central = [i for i, c in enumerate(columns) if abs(c - 3) == best]
    return central[meeple_agent.uniform_index(rng_seed, len(central))]


if __name__ == "__main__":
    meeple_agent.run(act, name="connect4-lookahead")
