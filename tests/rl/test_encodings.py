"""data/rl/ENCODINGS.md says what each slice of the tensors means, and agrees with the tensors."""

from __future__ import annotations

import re

import pytest

pyspiel = pytest.importorskip("pyspiel")

import gamekit  # noqa: E402
import gamekit.rl.openspiel as gos  # noqa: E402
from gamekit.rl import encodings  # noqa: E402
from gamekit.rl.spaces import Spaces  # noqa: E402


def test_the_document_is_the_one_the_encoders_give():
    """Run ``python -m gamekit.rl.encodings`` after changing an encoder (and write its meaning)."""
    assert encodings.DOCUMENT.read_text(encoding="utf-8") == encodings.markdown()


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_the_documented_slices_tile_the_tensors_openspiel_gives(name):
    text = encodings.DOCUMENT.read_text(encoding="utf-8")
    section = text.split(f"(`{name}`)", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| (\d+):(\d+) \|", section, flags=re.M)
    assert rows, f"no table for {name}"
    ends = [0] + [int(stop) for _, _, stop in rows]
    assert [int(start) for _, start, _ in rows] == ends[:-1]  # contiguous, from 0
    game = gos.load(name, encodings.PLAYERS)
    observation = Spaces(name, encodings.PLAYERS).observation_size
    assert [p for p, _, _ in rows][-1] == "my_steps"
    assert int(rows[-1][1]) == observation == game.observation_tensor_size()
    assert ends[-1] == game.information_state_tensor_size() == observation + game.num_distinct_actions()


def test_a_part_without_a_meaning_is_named():
    with pytest.raises(KeyError, match="no meaning written for observation part 'nonsense'"):
        encodings.meaning("for_sale", "nonsense")
