"""Ranks with shared places, as every game's result needs them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def shared_ranks(keys: Sequence[Any]) -> list[int]:
    """1-based ranks, higher key better; equal keys share the better rank (1, 1, 3)."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]
