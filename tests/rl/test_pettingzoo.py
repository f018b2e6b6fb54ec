"""The PettingZoo environments: PettingZoo's own API and seed tests for every game, the rewards,
the sealed steps asked seat by seat, refusals and the docstring's random-agent loop."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import gamekit
import gamekit.rl
from gamekit.rl import pettingzoo as gk_pettingzoo
from gamekit.rl.pettingzoo import rank_reward

# Players per game for PettingZoo's tests: the fewest, so Bohnanza's long games stay short.
PLAYERS = {"for_sale": 4, "money_monsoon": 4, "bohnanza": 3, "kuhhandel": 3}


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_pettingzoo_api_test_passes(name: str) -> None:
    env = gamekit.rl.pettingzoo_env(name, players=PLAYERS[name])
    with warnings.catch_warnings():
        # PettingZoo warns that an unbounded Box has no finite bounds and that a mostly-zero
        # observation is "all zeros"; neither is an error.
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=400)


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_pettingzoo_seed_test_passes(name: str) -> None:
    seed_test(lambda: gamekit.rl.pettingzoo_env(name, players=PLAYERS[name]), num_cycles=100)


def _play(env, seed: int) -> dict[str, float]:
    """A seeded random game to the end; each agent's reward from its last ``env.last()``."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return final


def test_rewards_come_at_the_end_by_rank() -> None:
    env = gamekit.rl.pettingzoo_env("for_sale", players=4)
    final = _play(env, seed=5)
    result = env.unwrapped.game.result()
    assert result["finished"]
    assert final == {f"player_{s}": rank_reward(r, 4) for s, r in enumerate(result["ranks"])}
    assert (
        rank_reward(1, 4) == 1.0 and rank_reward(4, 4) == -1.0 and rank_reward(2, 4) == pytest.approx(1 / 3)
    )
    assert env.agents == []


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_every_game_plays_to_its_end_and_every_agent_leaves_with_its_reward(name: str) -> None:
    env = gamekit.rl.pettingzoo_env(name, players=PLAYERS[name])
    final = _play(env, seed=11)
    result = env.unwrapped.game.result()
    assert env.agents == [] and set(final) == set(env.possible_agents)
    if result["finished"]:
        assert final == {f"player_{s}": rank_reward(r, PLAYERS[name]) for s, r in enumerate(result["ranks"])}
    else:
        assert set(final.values()) == {0.0}


def test_a_game_stopped_by_the_turn_limit_is_truncated_with_no_reward() -> None:
    env = gamekit.rl.pettingzoo_env("money_monsoon", players=4, max_turns=3)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    while not any(env.truncations.values()):
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert set(env.rewards.values()) == {0.0}
    assert not env.unwrapped.game.result()["finished"]


def test_fs_s2_sellers_are_asked_in_turn_and_a_later_one_never_sees_an_earlier_choice() -> None:
    envs = [gamekit.rl.pettingzoo_env("for_sale", players=3) for _ in range(2)]
    for env in envs:
        env.reset(seed=3)
    rng = np.random.default_rng(3)
    while envs[0].unwrapped.game.phase != "sell":  # the same buying in both
        action = int(rng.choice(np.flatnonzero(envs[0].last()[0]["action_mask"])))
        for env in envs:
            env.step(action)
    assert envs[0].agent_selection == "player_0"
    legal = np.flatnonzero(envs[0].last()[0]["action_mask"])
    envs[0].step(int(legal[0]))
    envs[1].step(int(legal[-1]))  # player_0 seals a different house in each
    for env in envs:
        assert env.agent_selection == "player_1"
        assert not env.observe("player_0")["action_mask"].any()
    seen = [env.observe("player_1") for env in envs]
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
    assert not np.array_equal(
        envs[0].observe("player_0")["observation"], envs[1].observe("player_0")["observation"]
    )


def test_an_action_outside_the_mask_is_refused_and_changes_nothing() -> None:
    env = gamekit.rl.pettingzoo_env("kuhhandel", players=3)
    env.reset(seed=0)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(gamekit.IllegalAction, match="is not legal"):
        env.step(illegal)
    with pytest.raises(gamekit.IllegalAction, match="None is only"):
        env.step(None)
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], before["observation"])
    assert env.unwrapped.game.history == []


def test_bad_settings_are_refused() -> None:
    with pytest.raises(gamekit.ConfigError):
        gamekit.rl.pettingzoo_env("for_sale", players=4, edition="pirate")
    with pytest.raises(gamekit.ConfigError, match="render_mode"):
        gamekit.rl.pettingzoo_env("for_sale", render_mode="rgb_array")
    with pytest.raises(gamekit.ConfigError, match="no game"):
        gamekit.rl.pettingzoo_env("chess")


def test_render_gives_the_narration_since_the_last_render(capsys) -> None:
    env = gamekit.rl.pettingzoo_env("for_sale", players=3, render_mode="ansi")
    env.reset(seed=2)
    first = env.render()
    assert first == "\n".join(e["text"] for e in env.unwrapped.game.log)
    seat = int(env.agent_selection.removeprefix("player_"))
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[1]))  # bid 1
    assert env.render() == f"{'ABC'[seat]} bids 1" and env.render() == ""
    human = gamekit.rl.pettingzoo_env("for_sale", players=3, render_mode="human")
    human.reset(seed=2)
    human.step(0)  # pass
    assert "passes" in capsys.readouterr().out


def test_the_docstrings_random_agent_loop_runs_as_written(capsys) -> None:
    code = re.search(r"::\n\n(.*?)\n\n[A-Z]", gk_pettingzoo.__doc__, re.S).group(1)
    exec(compile(re.sub(r"^    ", "", code, flags=re.M), "docstring", "exec"), {})
    ranks = eval(capsys.readouterr().out)
    assert sorted(ranks)[0] == 1 and len(ranks) == 4


def test_kuhhandel_payments_are_laid_down_card_by_card_through_the_environment() -> None:
    env = gamekit.rl.pettingzoo_env("kuhhandel", players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    laid = 0
    for _ in range(3000):
        if not env.agents or any(env.terminations.values()):
            break
        game = env.unwrapped.game
        observation = env.last()[0]
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        if game.phase == "pay":
            assert 13 <= action <= 19  # pay+V or pay-done
            laid += 1
        env.step(action)
    assert laid > 5
