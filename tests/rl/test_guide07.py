"""The teacher's guide quotes lesson 07's planning numbers as the package computes them."""

import json
from pathlib import Path

import pandas as pd
import pytest

pytest.importorskip("pyspiel")

from gamekit import claims
from gamekit.rl.mcts import RESULTS, games_to_tell_apart, paired_pilot_sd

GUIDE = Path(__file__).resolve().parents[2] / "notebooks" / "teacher_guide.ipynb"


def _lesson_07_section() -> str:
    cells = json.loads(GUIDE.read_text(encoding="utf-8"))["cells"]
    return next(
        "".join(c["source"]) for c in cells if "".join(c["source"]).startswith("## Lesson 07")
    ).replace("\n   ", " ")


def test_answer_2_quotes_the_unpaired_and_the_pilots_paired_numbers():
    text = _lesson_07_section()
    plan = games_to_tell_apart(0.05, 1 / 3, paired_sd=paired_pilot_sd())
    assert f"games_needed(0.05, {plan['sd of one game']:.2f}, paired=False)" in text
    assert f"gives {plan['unpaired games per run']:,} games per run" in text
    assert f"about {plan['paired sd if unrelated']:.2f} when the two" in text
    assert (
        f"`games_needed(0.05, {plan['paired sd']:.2f})` gives {plan['paired games']:,} paired games" in text
    )
    assert f"the same {claims.evidence('07-more-simulations-win-more').pooled.n:,} games" in text
    row = pd.read_csv(RESULTS).iloc[0]
    assert f"the interval {row['ci_low']:g} to {row['ci_high']:g}" in text
    # the old answer put one game's spread into the paired formula
    assert "games_needed(0.05, 0.47)` gives" not in text
