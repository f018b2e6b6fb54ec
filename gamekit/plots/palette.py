"""The colours, markers, dashes and bar patterns every figure of gamekit takes its series from.

One reader in twelve men sees red and green alike, and a projector or a grey print-out loses
colour for everyone; so a series is never told apart by colour alone. Series ``i`` of a figure
takes ``colour(i)``, ``symbol(i)``, ``dash(i)`` and (for bars) ``pattern(i)``: two series of one
figure always differ in colour *and* in mark. The colours are Okabe & Ito's (2008, "Color
Universal Design"), ordered so that the first few are as far apart as the palette allows under
protanopia, deuteranopia and tritanopia (``gamekit.plots.cvd``; the order is chosen greedily, each
next colour the one whose smallest simulated CIE76 ΔE to those before is largest, yellow last
because it is faint on white). ``tests/test_cvd.py`` checks every figure against it.

Reference lines that are not data (a diagonal, a theory the data is compared with, a fair share)
are ``REFERENCE`` (black) and dotted or dashed; faint context (a band, a neutral bar) is ``NEUTRAL``.
"""

from __future__ import annotations

from typing import Any

# Okabe & Ito (2008): the palette's names are theirs.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}

# The order series take them in: the first two are ΔE ≥ 90 apart under every simulation, the first
# three ≥ 24, the first four ≥ 20, all seven ≥ 16 (measured by tests/test_cvd.py).
SERIES: tuple[str, ...] = tuple(
    OKABE_ITO[name]
    for name in ("blue", "vermillion", "sky blue", "reddish purple", "orange", "bluish green", "yellow")
)
REFERENCE = OKABE_ITO["black"]
NEUTRAL = "#8C8C8C"  # context, never a series told apart by colour

# The auction formats of lesson 05 and the classroom, each with its series index (so one format
# keeps its colour, marker and dash in every figure); the two a class meets first are farthest apart.
FORMATS: tuple[str, ...] = (
    "first_price",
    "second_price",
    "english",
    "all_pay",
    "war_of_attrition",
    "losers_pay_half",
)


def format_index(fmt: str) -> int:
    """The series index of an auction format (unknown formats after the known ones)."""
    return FORMATS.index(fmt) if fmt in FORMATS else len(FORMATS)


SYMBOLS: tuple[str, ...] = (
    "circle",
    "square",
    "diamond",
    "triangle-up",
    "x",
    "triangle-down",
    "star",
    "cross",
)
# Markers of a mean drawn over the points it summarises: every one a diamond (lessons call them
# "the diamonds"), each series' its own kind, drawn with a white outline or cross.
DIAMONDS: tuple[str, ...] = (
    "diamond",
    "diamond-cross",
    "diamond-x",
    "diamond-tall",
    "diamond-wide",
    "diamond-dot",
)
DASHES: tuple[str, ...] = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")
PATTERNS: tuple[str, ...] = ("", "/", ".", "x", "\\", "-", "|", "+")


def colour(i: int) -> str:
    """The colour of series ``i`` (cycling past the seventh: its mark still differs)."""
    return SERIES[i % len(SERIES)]


def symbol(i: int) -> str:
    return SYMBOLS[i % len(SYMBOLS)]


def diamond(i: int) -> str:
    return DIAMONDS[i % len(DIAMONDS)]


def dash(i: int) -> str:
    return DASHES[i % len(DASHES)]


def pattern(i: int) -> str:
    return PATTERNS[i % len(PATTERNS)]


def line(i: int, **extra: Any) -> dict[str, Any]:
    """Plotly ``line`` of series ``i``: its colour and dash (``extra`` adds or overrides: width, shape)."""
    return {"color": colour(i), "dash": dash(i), **extra}


def marker(i: int, **extra: Any) -> dict[str, Any]:
    """Plotly ``marker`` of series ``i``: its colour and symbol (``extra``: size, opacity, ...)."""
    return {"color": colour(i), "symbol": symbol(i), **extra}


def bar(i: int, **extra: Any) -> dict[str, Any]:
    """Plotly bar ``marker`` of series ``i``: its colour and fill pattern, drawn in white on the
    colour so the pattern shows on dark and light colours alike."""
    shape = pattern(i)
    return {
        "color": colour(i),
        "pattern": {"shape": shape, "fgcolor": "white", "fgopacity": 0.45, "solidity": 0.2, "size": 9},
        **extra,
    }


def series(i: int, mode: str = "lines+markers", **marker_extra: Any) -> dict[str, Any]:
    """Keyword arguments of ``add_scatter`` for series ``i`` drawn as ``mode``."""
    out: dict[str, Any] = {"mode": mode}
    if "lines" in mode:
        out["line"] = line(i)
    if "markers" in mode:
        out["marker"] = marker(i, **marker_extra)
    return out


def rgba(hex_colour: str, alpha: float) -> str:
    """``#rrggbb`` as a plotly ``rgba(...)`` with opacity ``alpha`` (a band around a line)."""
    text = hex_colour.lstrip("#")
    r, g, b = (int(text[k : k + 2], 16) for k in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha:g})"


__all__ = [
    "DASHES",
    "DIAMONDS",
    "FORMATS",
    "NEUTRAL",
    "OKABE_ITO",
    "PATTERNS",
    "REFERENCE",
    "SERIES",
    "SYMBOLS",
    "bar",
    "colour",
    "dash",
    "diamond",
    "format_index",
    "line",
    "marker",
    "pattern",
    "rgba",
    "series",
]
