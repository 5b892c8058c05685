"""A Python loop of `apply_action` with meeple's bots reproduces the CLI's games: the rows below
are `games.csv` of `meeple play --per-game` runs (made with the CLI; the commands are given per
table). Game `i` of a run with master seed `m` deals with seed `derive_seed(m, i, 0)` (the `seed`
column) and the bot in seat `s` draws from `derive_seed(m, i, 1 + s)`; with fixed seats the
lineup's bot `s` sits in seat `s`."""

import pytest

import meeple

# (game, players, bots by seat, master seed, rows: (index, seed, length, rewards, scores or None))
RUNS = [
    # meeple play --game mow --players 3 --bots random --games 4 --seed 7 --per-game
    (
        "mow",
        3,
        ["random"] * 3,
        7,
        [
            (0, 11241344834629033336, 149, [1, 0, 0], [35, 80, 107]),
            (1, 8075172986249684972, 195, [0, 0, 1], [127, 97, 72]),
            (2, 9351301419765037533, 201, [1, 0, 0], [89, 106, 101]),
            (3, 11248596980798508817, 202, [0, 0, 1], [100, 105, 91]),
        ],
    ),
    # meeple play --game connect4 --bots greedy,random --seats fixed --games 3 --seed 5 --per-game
    (
        "connect4",
        2,
        ["greedy", "random"],
        5,
        [
            (0, 12038581038462365557, 7, [1, 0], None),
            (1, 11896831165054609744, 7, [1, 0], None),
            (2, 5351362947991257683, 9, [1, 0], None),
        ],
    ),
    # meeple play --game bang --players 5 --bots random --games 3 --seed 3 --per-game
    (
        "bang",
        5,
        ["random"] * 5,
        3,
        [
            (0, 6084141021458535187, 110, [0, 1, 0, 0, 1], None),
            (1, 6153317894576023040, 105, [0, 0, 1, 0, 1], None),
            (2, 940761850445385982, 137, [1, 0, 0, 1, 0], None),
        ],
    ),
    # meeple play --game sevenwondersduel --players 2 --bots random --games 3 --seed 3 --per-game
    (
        "sevenwondersduel",
        2,
        ["random"] * 2,
        3,
        [
            (0, 6084141021458535187, 70, [0, 1], [32, 45]),
            (1, 6153317894576023040, 69, [1, 0], [31, 31]),
            (2, 940761850445385982, 69, [0, 1], [34, 38]),
        ],
    ),
    # meeple play --game president --players 4 --bots random --games 2 --seed 3 --per-game
    (
        "president",
        4,
        ["random"] * 4,
        3,
        [
            (0, 6084141021458535187, 314, [0, 0, 1, 0], [45, -10, 65, 20]),
            (1, 6153317894576023040, 485, [1, 0, 0, 0], [35, 30, 20, -5]),
        ],
    ),
    # meeple play --game catcafe --players 3 --bots random --games 2 --seed 3 --per-game
    (
        "catcafe",
        3,
        ["random"] * 3,
        3,
        [
            (0, 6084141021458535187, 158, [0, 0, 1], [77, 76, 85]),
            (1, 6153317894576023040, 143, [1, 0, 0], [91, 73, 87]),
        ],
    ),
    # meeple play --game ekonos --players 3 --bots random --games 2 --seed 3 --per-game
    (
        "ekonos",
        3,
        ["random"] * 3,
        3,
        [
            (0, 6084141021458535187, 216, [0, 1, 0], [69, 76, 56]),
            (1, 6153317894576023040, 220, [1, 0, 0], [69, 63, 64]),
        ],
    ),
    # meeple play --game laserreflection --players 2 --bots random --games 2 --seed 3 --per-game
    (
        "laserreflection",
        2,
        ["random"] * 2,
        3,
        [
            (0, 6084141021458535187, 154, [0.5, 0.5], [-60, -60]),
            (1, 6153317894576023040, 155, [0.5, 0.5], [-60, -60]),
        ],
    ),
    # meeple play --game locomomo --players 3 --bots random --games 2 --seed 3 --per-game
    (
        "locomomo",
        3,
        ["random"] * 3,
        3,
        [
            (0, 6084141021458535187, 54, [1, 0, 0], [20, 4, 2]),
            (1, 6153317894576023040, 62, [1, 0, 0], [12, 6, 4]),
        ],
    ),
    # meeple play --game sevenwondersarchitects --players 4 --bots random --games 2 --seed 3 --per-game
    (
        "sevenwondersarchitects",
        4,
        ["random"] * 4,
        3,
        [
            (0, 6084141021458535187, 115, [0, 1, 0, 0], [35, 37, 36, 35]),
            (1, 6153317894576023040, 123, [0, 0, 1, 0], [38, 38, 39, 27]),
        ],
    ),
    # meeple play --game lewisclark --players 3 --bots random --games 2 --seed 3 --per-game
    (
        "lewisclark",
        3,
        ["random"] * 3,
        3,
        [
            (0, 6084141021458535187, 2492, [0, 0, 1], [-5, -5, -1]),
            (1, 6153317894576023040, 1963, [0, 1, 0], [-5, -5, -5]),
        ],
    ),
]


def test_every_game_has_cli_rows():
    """The must-show covers every game: a new game needs its rows above."""
    assert sorted(r[0] for r in RUNS) == sorted(g["name"] for g in meeple.games())


@pytest.mark.parametrize("game,players,bots,master,rows", RUNS, ids=[r[0] for r in RUNS])
def test_python_loop_reproduces_games_csv(game, players, bots, master, rows):
    for index, seed, length, rewards, scores in rows:
        assert meeple.derive_seed(master, index, 0) == seed
        state = meeple.new_game(game, players, seed=seed)
        seats = [meeple.Bot(bots[s], seed=meeple.derive_seed(master, index, 1 + s)) for s in range(players)]
        played = 0
        while not state.is_terminal():
            state.apply_action(seats[state.current_player()].step(state))
            played += 1
        assert played == length, f"{game} game {index}"
        assert state.returns() == rewards, f"{game} game {index}"
        assert state.scores() == scores, f"{game} game {index}"
