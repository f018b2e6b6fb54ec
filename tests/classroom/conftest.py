"""The server and the class of three students most classroom tests start from, on 127.0.0.1."""

from __future__ import annotations

import pytest

from gamekit.classroom import Limits, serve

from .classroom_client import TEACHER, Class


@pytest.fixture
def limits() -> Limits:
    """The tests play faster than a person: the rate limit (test_security) is set out of the way.
    A module overrides this fixture for limits of its own."""
    return Limits(rate=10_000, burst=10_000)


@pytest.fixture
def server(tmp_path, limits):
    with serve(tmp_path / "class.db", teacher_token=TEACHER, limits=limits) as running:
        running.db = tmp_path / "class.db"
        yield running


@pytest.fixture
def room(server):
    made = Class(server.url, ["Aiko", "Ben", "Chiara"])
    yield made
    made.close()
