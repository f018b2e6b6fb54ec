"""``simulate`` and ``simulate_records`` give, row for row, the tables they gave when the digests in
``simulate_golden.json`` were written: each game on fixed seeds, its strongest bot against random,
on one process and on two workers.

A refactoring of the simulation (or of an engine) must not change a single game; a change of the
rules that does is deliberate, and then the digests are written again with
``PYTHONPATH=. python -m tests.test_simulate_golden --write`` (say why in the commit).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import gamekit
from gamekit.core.registry import game_class
from gamekit.simulate import simulate, simulate_records

GOLDEN = Path(__file__).with_name("simulate_golden.json")
GAMES, SEED, CHUNK = 6, 24, 2  # chunks of 2: two workers each play several


def _digest(frame: Any) -> str:
    """The table's columns, types and every value, as one hash."""
    text = json.dumps([list(frame.columns), [str(t) for t in frame.dtypes]]) + frame.to_csv(index=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _bots(name: str) -> tuple[int, list[str]]:
    cls = game_class(name)
    players = cls.default_players
    return players, [cls.strongest_bot if seat % 2 == 0 else "random" for seat in range(players)]


def digests(name: str, workers: int = 1) -> dict[str, str]:
    """The digests of game ``name``'s seats table and of each of its records' tables."""
    players, bots = _bots(name)
    tables = simulate_records(name, players, bots, GAMES, seed=SEED, workers=workers, chunk=CHUNK)
    seats = simulate(name, players, bots, GAMES, seed=SEED, workers=workers, chunk=CHUNK)
    assert seats.equals(tables["seats"])
    return {key: _digest(table) for key, table in sorted(tables.items())}


def _stored() -> dict[str, dict[str, str]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("name", sorted(_stored()))
def test_simulate_gives_the_stored_tables(name, workers):
    assert digests(name, workers) == _stored()[name], (
        f"{name}'s simulated games changed; if a rule change meant it, write the digests again "
        "(python -m tests.test_simulate_golden --write)"
    )


def test_the_digests_cover_every_game_shipped():
    assert set(_stored()) >= set(gamekit.GAMES)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    found = {name: digests(name) for name in gamekit.GAMES}
    GOLDEN.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
