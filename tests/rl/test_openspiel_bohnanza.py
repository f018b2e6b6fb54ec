"""OpenSpiel's consistency test on Bohnanza (a file of its own: one game takes ~30 s)."""

import pytest

pyspiel = pytest.importorskip("pyspiel")

import gamekit.rl.openspiel as gos  # noqa: E402


def test_random_sim_test_passes_for_bohnanza():
    pyspiel.random_sim_test(gos.load("bohnanza", 3), num_sims=1, serialize=False, verbose=False)
