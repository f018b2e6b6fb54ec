"""The palette's marks, the direct labels of lines, and the figures' words in both languages."""

from __future__ import annotations

import pytest

pd = pytest.importorskip("pandas")
go = pytest.importorskip("plotly.graph_objects")

from gamekit.core.i18n import language  # noqa: E402
from gamekit.plots import agents, figure, label_lines, palette, win_rates  # noqa: E402
from gamekit.plots.labels import GAP_PX, plain  # noqa: E402


def test_series_keyword_arguments_carry_colour_symbol_and_dash():
    kwargs = palette.series(1)
    assert kwargs["mode"] == "lines+markers"
    assert kwargs["line"] == {"color": palette.SERIES[1], "dash": "dash"}
    assert kwargs["marker"] == {"color": palette.SERIES[1], "symbol": "square"}
    assert "line" not in palette.series(0, mode="markers")
    assert palette.marker(2, size=9)["size"] == 9 and palette.line(0, dash="dot")["dash"] == "dot"
    assert palette.bar(1)["pattern"]["shape"] == "/" and palette.bar(0)["pattern"]["shape"] == ""
    assert palette.colour(len(palette.SERIES)) == palette.SERIES[0]  # cycles, marks still differ
    assert palette.symbol(len(palette.SERIES)) != palette.symbol(0)
    assert palette.rgba("#D55E00", 0.2) == "rgba(213,94,0,0.2)"
    assert palette.format_index("first_price") == 0 and palette.format_index("unknown") == len(
        palette.FORMATS
    )


def _two_lines(y_first, y_second, extra_markers=False):
    fig = figure("t", "x", "y")
    fig.add_scatter(x=[0, 1, 2], y=y_first, name="first series", **palette.series(0))
    fig.add_scatter(x=[0, 1, 2], y=y_second, name="the second series, with a long name", **palette.series(1))
    if extra_markers:
        fig.add_scatter(x=[1], y=[1], name="a point", mode="markers")
    return fig


def test_each_line_is_named_at_its_end_in_its_colour_and_the_legend_goes():
    fig = label_lines(_two_lines([0, 1, 2], [2, 1, 0]))
    texts = {plain(a.text): a for a in fig.layout.annotations}
    assert set(texts) == {"━━ first series", "━━ the second series, with a long name"}
    first = texts["━━ first series"]
    assert (first.x, first.y, first.xanchor) == (2, 2, "left") and palette.SERIES[0] in first.text
    assert "<br>" in texts["━━ the second series, with a long name"].text  # wrapped
    assert fig.layout.showlegend is False
    assert fig.layout.margin.r > 150  # room for the labels


def test_japanese_labels_wrap_by_the_width_of_their_characters():
    from gamekit.plots.labels import WRAP, _wrap, width

    lines = _wrap("実際にめくったカードで計算した同じ式")
    assert len(lines) == 2 and all(width(line) <= WRAP for line in lines)
    assert "".join(lines) == "実際にめくったカードで計算した同じ式"
    assert _wrap("against 2 x house_value:1.5") == ["against 2 x", "house_value:1.5"]


def test_labels_that_would_overlap_are_moved_apart():
    fig = label_lines(_two_lines([0, 1, 1.0], [0, 1, 1.001]))
    a, b = sorted(fig.layout.annotations, key=lambda a: a.yshift)
    assert b.yshift - a.yshift >= GAP_PX  # the same height: pushed at least a line apart


def test_the_legend_stays_for_series_without_a_label():
    fig = label_lines(_two_lines([0, 1, 2], [2, 1, 0], extra_markers=True))
    assert len(fig.layout.annotations) == 2 and fig.layout.showlegend is not False


def test_labels_on_a_log_axis_use_log_units():
    sweep = pd.DataFrame(
        {
            "opponents": ["a"] * 2 + ["b"] * 2,
            "simulations": [10, 100] * 2,
            "win share": [0.2, 0.4, 0.3, 0.5],
            "ci_low": [0.1, 0.3, 0.2, 0.4],
            "ci_high": [0.3, 0.5, 0.4, 0.6],
            "even share": [0.5] * 4,
        }
    )
    fig = agents.win_share_against_simulations(sweep)
    labels = [a for a in fig.layout.annotations if "against" in plain(a.text)]
    assert len(labels) == 2 and all(a.x == pytest.approx(2.0) for a in labels)


def test_the_figures_words_follow_the_language():
    seats = pd.DataFrame(
        {
            "game": [0, 0, 1, 1],
            "seat": [0, 1, 0, 1],
            "bot": ["a", "b", "a", "b"],
            "win_share": [1.0, 0.0, 0.0, 1.0],
            "score": [3, 2, 1, 4],
        }
    )
    english = win_rates(seats)
    with language("ja"):
        japanese = win_rates(seats)
    assert english.layout.title.text == "Win rate per bot (95 % interval)"
    assert japanese.layout.title.text == "ボットごとの勝率（95 % 信頼区間）"
    assert japanese.layout.xaxis.title.text == "ボット" and japanese.layout.yaxis.title.text == "勝率"
    assert english.data[0].marker.color == japanese.data[0].marker.color  # only the words differ
