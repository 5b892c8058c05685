"""PettingZoo's own API test on meeple's AEC environments, and Gymnasium's env checker on the
single-agent wrapper."""

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import meeple.pettingzoo  # noqa: E402


GAMES = [("bang", 4), ("catcafe", 2), ("connect4", 2), ("ekonos", 3), ("laserreflection", 1), ("lewisclark", 3),
         ("locomomo", 2),
         ("mow", 3), ("president", 4), ("sevenwondersarchitects", 3), ("sevenwondersduel", 2)]


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("game,players", GAMES)
def test_pettingzoo_api_test(game, players):
    api_test(meeple.pettingzoo.env(game, players=players), num_cycles=200)


def test_a_random_game_ends_with_returns():
    env = meeple.pettingzoo.env("connect4")
    env.reset(seed=3)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0]
        assert obs["observation"].shape == (126,)
        env.step(int(legal[0]))
    assert sorted(total.values()) in ([0.0, 1.0], [0.5, 0.5])


@pytest.mark.parametrize("game,opponents,players", [("connect4", "greedy", 2), ("mow", "random", 3)])
def test_gymnasium_check_env(game, opponents, players):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import meeple.gymnasium

    env = meeple.gymnasium.env(game, opponents=opponents, players=players)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1)
    done, reward = False, 0.0
    while not done:
        action = int(info["action_mask"].nonzero()[0][0])
        obs, reward, done, truncated, info = env.step(action)
    assert 0.0 <= reward <= 1.0


def test_pettingzoo_takes_options_as_keyword_arguments():
    env = meeple.pettingzoo.env("mow", players=3, six_specials=False)
    assert env.unwrapped.options == {"six_specials": False}
    env = meeple.pettingzoo.env("laserreflection", players=2, options={"rounds": 1}, shapes="none")
    assert env.unwrapped.options == {"rounds": 1, "shapes": "none"}
    assert meeple.pettingzoo.env("mow", players=3, options={"six_specials": False}).unwrapped.options == {
        "six_specials": False}
    with pytest.raises(ValueError, match="six_specials must be true or false"):
        meeple.pettingzoo.env("mow", players=3, six_specials="no")
    with pytest.raises(TypeError, match=r"option\(s\) six_specials given both in options=\{...\} and as keyword"):
        meeple.pettingzoo.env("mow", players=3, options={"six_specials": True}, six_specials=False)


def test_gymnasium_takes_options_as_keyword_arguments():
    pytest.importorskip("gymnasium")
    import meeple.gymnasium

    env = meeple.gymnasium.env("mow", players=3, six_specials=False)
    assert (env.unwrapped.options, env.unwrapped.opponents) == ({"six_specials": False}, "random")
    with pytest.raises(TypeError, match=r"option\(s\) six_specials given both"):
        meeple.gymnasium.env("mow", players=3, options={"six_specials": True}, six_specials=False)
