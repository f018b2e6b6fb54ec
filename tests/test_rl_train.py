"""gamekit.rl.train: the single-seat environment over the PettingZoo env, a tiny training run end to
end, and the stored learning curve of lesson 07 (its format, how it was made, what the lesson says)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("sb3_contrib")

from gamekit.core.errors import ConfigError
from gamekit.rl import train
from gamekit.rl.pettingzoo import rank_reward

COLUMNS = [
    "game",
    "players",
    "agent",
    "steps",
    "opponents",
    "games",
    "win share",
    "ci_low",
    "ci_high",
    "even share",
    "seconds",
    "seed",
]


def _random_game(env: train.BotTable, rng: np.random.Generator) -> tuple[int, float, bool, bool]:
    """Play the learner's seat at random to the end; (decisions, reward, terminated, truncated)."""
    decisions, done = 0, env.raw.game.is_over
    reward, terminated, truncated = 0.0, False, False
    while not done:
        game = env.raw.game
        assert game.to_act[0] == env.seat  # asked only at its own seat
        mask = env.action_masks()
        assert mask.dtype == bool and mask.any()
        assert set(np.flatnonzero(mask)) == {
            env.spaces.index(game, env.seat, str(a)) for a in game.legal_actions(env.seat)
        }
        _, reward, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        decisions += 1
        done = terminated or truncated
        if not done:
            assert reward == 0.0
    return decisions, reward, terminated, truncated


def test_bot_table_learner_seat_turns_and_reward_is_its_rank() -> None:
    env = train.BotTable("for_sale", 3, ("random", "house_value:1.5"), seed=7)
    rng = np.random.default_rng(0)
    seats = []
    for _ in range(6):
        observation, info = env.reset()
        assert observation.shape == env.observation_space.shape and info == {}
        seats.append(env.seat)
        decisions, reward, terminated, truncated = _random_game(env, rng)
        assert decisions > 0 and terminated and not truncated
        rank = env.raw.game.result()["ranks"][env.seat]
        assert reward == rank_reward(rank, 3)
    assert seats == [0, 1, 2, 0, 1, 2]


def test_bot_table_same_seed_same_games() -> None:
    def record(seed: int) -> list:
        env = train.BotTable("for_sale", 3, ("random", "random"), seed=seed)
        out = []
        for _ in range(3):
            env.reset()
            _random_game(env, np.random.default_rng(1))
            out.append(env.raw.game.result()["scores"])
        return out

    assert record(3) == record(3)


def test_bot_table_bots_play_the_other_seats_as_gamekit_plays_them() -> None:
    """A bot in the learner's seat through the table wins the share gamekit's bots win: house_value
    in the learner's seat beats two random bots nearly always, and random wins about a third."""
    shares = train.reference_shares("house_value:1.5", "for_sale", 3, ("random", "random"), 60, 11)
    assert sum(shares) / len(shares) > 0.8
    shares = train.reference_shares("random", "for_sale", 3, ("random", "random"), 60, 11)
    assert 0.1 < sum(shares) / len(shares) < 0.6


def test_bot_table_refuses_a_wrong_table() -> None:
    with pytest.raises(ConfigError, match="needs 2 opponents"):
        train.BotTable("for_sale", 3, ("random",))
    with pytest.raises(ConfigError, match="seat 3"):
        train.BotTable("for_sale", 3, ("random", "random"), seat=3)
    with pytest.raises(ConfigError, match="piece by piece"):
        train.BotTable("kuhhandel", 3, ("random", "random"))


def test_tiny_training_run_end_to_end() -> None:
    """A few thousand steps: the curve has a row per checkpoint and rivals, then the reference
    bots' rows, in the stored format; every share lies inside its interval."""
    curve = train.learning_curve(steps=2048, eval_every=1024, eval_games=6, seed=5)
    assert list(curve.columns) == COLUMNS
    trained = curve[curve["agent"] == train.AGENT]
    assert list(trained["steps"]) == [0, 0, 1024, 1024, 2048, 2048]
    assert set(trained["opponents"]) == {" + ".join(o) for o in train.EVAL_OPPONENTS}
    references = curve[curve["agent"] != train.AGENT]
    assert set(references["agent"]) == set(train.REFERENCE_AGENTS)
    assert references["steps"].isna().all()
    assert ((curve["ci_low"] <= curve["win share"]) & (curve["win share"] <= curve["ci_high"])).all()
    assert (curve["games"] == 6).all() and (curve["even share"] == round(1 / 3, 3)).all()
    summary = train.ends(curve)
    assert list(summary["first steps"]) == [0, 0] and list(summary["last steps"]) == [2048, 2048]


def test_learning_curve_refuses_no_steps() -> None:
    with pytest.raises(ValueError, match="steps"):
        train.learning_curve(steps=0)


# --------------------------------------------------------------------- the stored curve
def _stored() -> pd.DataFrame:
    return pd.read_csv(train.CURVE, dtype={"steps": "Int64"})


def test_stored_curve_format_and_provenance() -> None:
    curve = _stored()
    assert list(curve.columns) == COLUMNS
    made = json.loads(train.PROVENANCE.read_text(encoding="utf-8"))
    assert made["command"] == "python -m gamekit.rl.train"
    assert set(made["versions"]) >= {"python", "gamekit-edu", "torch", "stable-baselines3", "sb3-contrib"}
    settings = made["settings"]
    assert settings == train._settings()  # the stored run is the module's defaults
    assert (curve["seed"] == settings["seed"]).all() and (curve["game"] == settings["name"]).all()
    trained = curve[curve["agent"] == train.AGENT]
    checkpoints = sorted(set(trained["steps"]))
    # every eval_every steps, and once more where training stopped: PPO ends a rollout of 2,048 steps
    ended = -(-settings["steps"] // 2048) * 2048
    assert checkpoints == sorted({*range(0, settings["steps"] + 1, settings["eval_every"]), ended})
    assert (curve["games"] == settings["eval_games"]).all()
    assert ((curve["ci_low"] <= curve["win share"]) & (curve["win share"] <= curve["ci_high"])).all()
    assert made["cpu seconds"] < 10 * 60  # minutes of one core


def test_stored_curve_shows_what_lesson_07_says() -> None:
    """Lesson 07's sentences: against two random bots the trained agent's last interval lies wholly
    above its first and above the even share, yet its share is below house_value:1.5's in its seat;
    against two house_value:1.5 its last interval lies above its first and below the even share."""
    summary = train.ends(_stored()).set_index("opponents")
    easy = summary.loc["random + random"]
    assert easy["learned"] and easy["last ci"][0] > easy["even share"]
    assert easy["last share"] < easy["house_value:1.5 share"]
    hard = summary.loc["house_value:1.5 + house_value:1.5"]
    assert hard["learned"] and hard["last ci"][1] < hard["even share"]


def test_learning_curve_figure() -> None:
    pytest.importorskip("plotly")
    from gamekit.plots.training import learning_curve

    fig = learning_curve(_stored())
    lines = [t for t in fig.data if t.type == "scatter" and t.error_y.array is not None]
    assert len(lines) == len(train.EVAL_OPPONENTS)
    assert len(fig.layout.shapes) == len(train.EVAL_OPPONENTS) + 1  # a bot per rivals, the even share


def test_reading_the_curve_needs_no_torch() -> None:
    """Lesson 07 reads and plots the stored curve with the ``rl`` extra alone: importing
    ``gamekit.rl.train`` loads neither torch nor Stable-Baselines3."""
    import subprocess
    import sys

    code = "import sys, gamekit.rl.train; print(sorted({'torch', 'stable_baselines3', 'sb3_contrib'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
