"""The figure helpers every game's plots share."""

from __future__ import annotations

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("plotly")

from gamekit.plots import error_bars  # noqa: E402


def test_error_bars_reach_from_the_centre_to_each_end_of_the_interval():
    table = pd.DataFrame({"mean": [0.5, 0.2], "ci_low": [0.4, 0.0], "ci_high": [0.7, 0.3], "x": [1, 1]})
    bars = error_bars(table)
    assert bars["type"] == "data" and bars["symmetric"] is False
    assert list(bars["array"].round(9)) == [0.2, 0.1] and list(bars["arrayminus"].round(9)) == [0.1, 0.2]
    other = error_bars(table, centre="x", low="ci_low", high="ci_high")
    assert list(other["arrayminus"]) == [0.6, 1.0]
