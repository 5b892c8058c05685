"""The meeple package steps every game from Python: random games to the end, clones, masks,
observations and tensors, errors."""

import json
import random
import re
from pathlib import Path

import numpy as np
import pytest

import meeple

GAMES = {g["name"]: g for g in meeple.games()}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "observations"


def test_games_lists_every_game():
    assert sorted(GAMES) == [
        "bang",
        "catcafe",
        "connect4",
        "ekonos",
        "laserreflection",
        "lewisclark",
        "locomomo",
        "mow",
        "president",
        "sevenwondersarchitects",
        "sevenwondersduel",
    ]
    assert GAMES["connect4"]["players"] == (2, 2)
    assert GAMES["mow"]["score_unit"] == "flies" and GAMES["mow"]["higher_is_better"] is False
    assert GAMES["connect4"]["score_unit"] is None
    assert [o["name"] for o in GAMES["mow"]["options"]] == ["six_specials"]
    six = GAMES["mow"]["options"][0]
    assert (six["type"], six["default"], six["values"], six["min"], six["max"]) == (
        "bool", True, [True, False], None, None)
    assert six["values_text"] == "true or false"


def option(game, name):
    return next(o for o in GAMES[game]["options"] if o["name"] == name)


def test_option_declarations_are_python_values():
    footprints = option("catcafe", "start_footprints")
    assert (footprints["type"], footprints["default"], footprints["values"]) == ("int", 1, None)
    assert (footprints["min"], footprints["max"]) == (0, 18)
    assert footprints["values_text"] == "an integer from 0 to 18"
    shapes = option("laserreflection", "shapes")
    assert (shapes["type"], shapes["default"], shapes["values"]) == ("choice", "squares", ["none", "squares", "triangles", "both"])
    rounds = option("laserreflection", "rounds")
    assert (rounds["type"], rounds["default"], rounds["values"]) == ("one_of", 3, [1, 3, 5])
    holes = option("laserreflection", "black_holes")
    assert (holes["type"], holes["default"], holes["values"]) == ("yes_no", True, ["yes", "no", True, False])
    wonders = option("sevenwondersarchitects", "wonders")
    assert (wonders["type"], wonders["default"], wonders["values"], wonders["word"]) == ("list", "random", None, "random")
    assert (wonders["min_items"], len(wonders["items"])) == (2, wonders["max_items"])


def test_every_option_default_and_value_can_be_passed_back():
    # Some options apply only at some player counts (laserreflection's `rounds` at 2+ seats,
    # `challenge` solo): each is passed back at the first count of the game's range that takes it.
    # One needs another option set (the game's error says so): president's skip_mode needs skip.
    needs = {("president", "skip_mode"): {"skip": True}}
    passed = 0
    for g in meeple.games():
        low, high = g["players"]
        for o in g["options"]:
            base = needs.get((g["name"], o["name"]), {})
            for players in range(low, high + 1):
                try:
                    meeple.new_game(g["name"], players, {**base, o["name"]: o["default"]})
                    break
                except ValueError as e:
                    assert "applies" in str(e), str(e)
            else:
                pytest.fail(f"{g['name']} option {o['name']} default {o['default']!r} refused at every count")
            for value in o["values"] or []:
                meeple.new_game(g["name"], players, {**base, o["name"]: value})
            for bound in (o["min"], o["max"]):
                if bound is not None:
                    meeple.new_game(g["name"], players, {**base, o["name"]: bound})
            passed += 1
    assert passed == sum(len(g["options"]) for g in meeple.games()) == 34


def test_numpy_scalar_option_values_are_accepted():
    np = pytest.importorskip("numpy")
    state = meeple.new_game("catcafe", 2, {"start_footprints": np.int64(2)}, seed=5)
    plain = meeple.new_game("catcafe", 2, {"start_footprints": 2}, seed=5)
    default = meeple.new_game("catcafe", 2, seed=5)
    assert state.observation_json(0) == plain.observation_json(0) != default.observation_json(0)
    meeple.new_game("mow", 3, {"six_specials": np.bool_(False)})
    with pytest.raises(TypeError, match="an option value must be a bool, int, float, str or list, not set"):
        meeple.new_game("mow", 3, {"six_specials": {1}})


def counts(name):
    low, high = GAMES[name]["players"]
    return sorted({low, high})


@pytest.mark.parametrize("name,players", [(g, n) for g in sorted(GAMES) for n in counts(g)])
def test_random_game_to_the_end(name, players):
    rng = random.Random(f"{name}{players}")
    state = meeple.new_game(name, players, seed=rng.randrange(2**63))
    n_ids = state.num_distinct_actions()
    steps = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert 0 <= seat < players
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert all(0 <= a < n_ids for a in legal)
        mask = state.legal_action_mask()
        assert mask.dtype == np.float32 and mask.shape == (n_ids,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        action = rng.choice(legal)
        assert state.action_to_string(action)
        state.apply_action(action)
        steps += 1
        assert steps < 200_000
    assert state.current_player() == meeple.TERMINAL
    assert state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns)
    scores = state.scores()
    if GAMES[name]["score_unit"] is None:
        assert scores is None
    else:
        assert len(scores) == players
    for seat in range(players):
        assert isinstance(state.observation(seat), dict)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_clone_is_independent(name):
    players = GAMES[name]["players"][0]
    state = meeple.new_game(name, max(players, 2) if GAMES[name]["players"][1] >= 2 else players, seed=5)
    bot = meeple.Bot("random", seed=1)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(bot.step(state))
    before = (state.observation_json(0), state.legal_actions(), str(state))
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply_action(bot.step(copy))
    assert (state.observation_json(0), state.legal_actions(), str(state)) == before
    # The copy has the state's chance generator too: the same actions give the same game.
    again, replay = state.clone(), state.clone()
    other = meeple.Bot("random", seed=9)
    while not again.is_terminal():
        action = other.step(again)
        again.apply_action(action)
        replay.apply_action(action)
    assert str(again) == str(replay)


TENSOR_SHAPES = {
    "bang": [2105],
    "catcafe": [752],
    "connect4": [3, 6, 7],
    "ekonos": [496],
    "laserreflection": [1920],
    "lewisclark": [2793],
    "locomomo": [1612],
    "mow": [363],
    "president": [325],
    "sevenwondersarchitects": [654],
    "sevenwondersduel": [2233],
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_observation_tensor(name):
    players = GAMES[name]["players"][0]
    state = meeple.new_game(name, max(players, 2) if GAMES[name]["players"][1] >= 2 else players, seed=3)
    shape = state.observation_shape()
    assert shape == TENSOR_SHAPES[name]
    bot = meeple.Bot("random", seed=4)
    while not state.is_terminal():
        for seat in range(state.num_players()):
            t = state.observation_tensor(seat)
            assert t.dtype == np.float32 and t.shape == (int(np.prod(shape)),)
            assert np.isfinite(t).all()
        state.apply_action(bot.step(state))


def test_connect4_tensor_planes():
    state = meeple.new_game("connect4", 2)
    for column in [3, 3, 0]:
        state.apply_action(column)
    planes = state.observation_tensor(0).reshape(3, 6, 7)
    assert planes[0, 0, 3] == 1 and planes[0, 0, 0] == 1 and planes[1, 1, 3] == 1
    assert planes[2].sum() == 42 - 3
    assert (state.observation_tensor(1).reshape(3, 6, 7)[[1, 0, 2]] == planes).all()


def test_errors_are_value_errors():
    with pytest.raises(ValueError, match="unknown game"):
        meeple.new_game("chess", 2)
    with pytest.raises(ValueError, match="plays 2 players, not 3"):
        meeple.new_game("connect4", 3)
    with pytest.raises(ValueError, match="bad option"):
        meeple.new_game("mow", 3, {"six_specials": "maybe"})
    state = meeple.new_game("connect4", 2)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(7)
    with pytest.raises(IndexError):
        state.observation(2)
    with pytest.raises(ValueError):
        meeple.Bot("nonsense")


def test_options_are_passed():
    state = meeple.new_game("sevenwondersduel", 2, {"wonder_selection": "random"}, seed=1)
    assert state.observation(0)["phase"] == "Turn"
    assert meeple.new_game("sevenwondersduel", 2, seed=1).observation(0)["phase"] == "Draft"


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=50", "ismcts:iterations=50"])
def test_search_bots_choose_legal_actions(spec):
    bot = meeple.Bot(spec, seed=1)
    for name, players in [("mow", 3), ("connect4", 2)]:
        state = meeple.new_game(name, players, seed=2)
        for _ in range(5):
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_observation_dict_names_its_documented_schema(name):
    """`observation(seat)` is the versioned dict of docs/observations/NAME.md (the one external
    bots are sent): its schema is the game's name and its version the page's; its top-level keys
    are among the page's (tests/it/observation_schema.rs checks them all, over random games)."""
    page = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    version = int(re.search(r"## Observation dict: schema `%s`, version (\d+)" % name, page).group(1))
    documented = set(re.findall(r"^\| `([a-z_0-9]+)` \|", page, re.M))
    players = counts(name)[0]
    state = meeple.new_game(name, players, seed=3)
    for seat in range(players):
        obs = state.observation(seat)
        assert (obs["schema"], obs["schema_version"]) == (name, version)
        assert list(obs)[:2] == ["schema", "schema_version"]
        assert set(obs) <= documented, set(obs) - documented
        assert json.loads(state.observation_json(seat)) == obs


def test_lewisclark_tensor_is_seat_relative():
    # docs/observations/lewisclark.md: relative seat r's block starts at 505 + 267 r, its hand at
    # +1; the observer's own starting cards are relative card indices 0-5 whatever its seat.
    state = meeple.new_game("lewisclark", 2, seed=1)
    for seat in range(2):
        t = state.observation_tensor(seat)
        assert np.flatnonzero(t[506:590]).tolist() == [0, 1, 2, 3, 4, 5]
        assert np.flatnonzero(t[506 + 267:590 + 267]).tolist() == [6, 7, 8, 9, 10, 11]
        assert t[10:15].tolist() == ([1, 0, 0, 0, 0] if seat == 0 else [0, 1, 0, 0, 0])
