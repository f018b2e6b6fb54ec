"""A measured figure in a lesson's or the guide's prose comes from code, not from a keyboard.

Issue 23: every sentence a lesson, the guide or the start page states about a game is a registered
claim, shown from the registry (``claims.show``), so the text and its evidence cannot drift apart.
This test reads the markdown of every notebook and flags what looks like a measured figure: a
confidence interval ("95 % CI a to b", "[a, b]" with decimals, "(a to b)"), a p-value or a test
statistic, or a decimal figure (or a percentage) next to words such as "wins", "share", "measured"
or "per game". Such a figure is backed when the same number appears in that notebook's executed
code-cell outputs (a shown claim, a computed table) or in one of its code cells' ``assert`` lines
(a value computed and checked there); otherwise the notebook typed it in by hand.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))

# A number as prose and outputs write it: signs (ASCII or typographic), thousands commas,
# decimals and an exponent ("1e-14").
NUMBER = r"[−–+-]?\d[\d,]*(?:\.\d+)?(?:e[−–-]?\d+)?"
DECIMAL = r"[−–+-]?\d[\d,]*\.\d+"
# Not a figure: a bot's parameter (`rollout:0.6`), part of a longer token (a version, an id).
ALONE = r"(?<![\w.:/])"
AFTER = r"(?![\w.]*\w)"
INTERVAL = re.compile(
    rf"CI\s*:?\s*\(?\s*{NUMBER}\s*(?:to|,|–|—)\s*{NUMBER}"
    rf"|\[\s*{DECIMAL}\s*,\s*{DECIMAL}\s*\]"
    rf"|\(\s*{DECIMAL}\s+to\s+{DECIMAL}\s*[;)]"
)
TEST = re.compile(rf"\bp\s*(?:=|<|≤|≈|~)\s*{NUMBER}|\bchi-square\s*(?:of\s*)?{NUMBER}", re.I)
WORDS = (
    r"wins?|winning|won|measured|shares?|per (?:game|deal|auction|turn|player|purchase|sale|decision)"
    r"|beats?|loses?|lost|earns?|burn\w*|pays?|costs?"
)
# A decimal, or a percentage that is not a confidence level, a power or a significance level.
FIGURE = (
    rf"{ALONE}(?:{DECIMAL}{AFTER}(?:\s*%)?|\d+\s*%(?!\s*(?:CI|interval|confidence|power|level|significance)))"
)
NEAR = re.compile(
    rf"\b(?:{WORDS})\b[^.;:!?\n]{{0,40}}?{FIGURE}|{FIGURE}[^.;:!?\n]{{0,40}}?\b(?:{WORDS})\b",
    re.I,
)

# Figures a lesson states in prose that this test flags but that are not measured figures.
# (notebook, a phrase of the prose that holds the flagged text) → why.
ALLOWED: dict[tuple[str, str], str] = {
    ("02_money_monsoon.ipynb", "a difference of 0.03 in win share"): (
        "a question's target difference for stats.games_needed, not a measured figure"
    ),
    ("05_auction_lab.ipynb", "costs less in second price (shade 1.2) than in first price (shade 0.8"): (
        "the two strategies' parameters (bids of 1.2 and 0.8 times the value), which the question compares"
    ),
}


@dataclass(frozen=True)
class Figure:
    """A figure in a notebook's markdown that no code output or assert of the notebook shows."""

    cell: int
    kind: str
    text: str
    missing: tuple[str, ...]


def _normal(number: str) -> str:
    """A number without sign, thousands commas or typographic minus: what prose and output share."""
    return number.replace("−", "-").replace("–", "-").replace(",", "").lstrip("+-").rstrip("%").strip()


def _numbers(text: str) -> set[str]:
    return {_normal(n) for n in re.findall(NUMBER, text)}


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def backing(notebook: dict[str, Any]) -> set[str]:
    """Every number the notebook's code shows (its outputs) or checks (its ``assert`` lines)."""
    found: set[str] = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        for output in cell.get("outputs", []):
            if "text" in output:
                found |= _numbers(_text(output["text"]))
            for kind, value in output.get("data", {}).items():
                if kind.startswith("text/"):
                    found |= _numbers(_text(value))
        found |= _numbers("\n".join(_asserts(_text(cell["source"]))))
    return found


def _asserts(source: str) -> list[str]:
    """The text of every ``assert`` statement of a cell (over several lines too)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a cell with IPython magics: its assert lines
        return [line for line in source.splitlines() if line.lstrip().startswith("assert")]
    return [
        ast.get_source_segment(source, node) or "" for node in ast.walk(tree) if isinstance(node, ast.Assert)
    ]


def typed_figures(notebook: dict[str, Any], name: str = "") -> list[Figure]:
    """The measured-looking figures of the notebook's markdown that its code does not back."""
    backed = backing(notebook)
    found = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        prose = re.sub(r"\s+", " ", _text(cell["source"]))
        for kind, pattern in (("interval", INTERVAL), ("test", TEST), ("figure", NEAR)):
            for match in pattern.finditer(prose):
                text = match.group(0)
                if any(n == name and text in phrase and phrase in prose for n, phrase in ALLOWED):
                    continue
                numbers = re.findall(NUMBER, text) if kind != "figure" else re.findall(FIGURE, text)
                missing = tuple(n for n in (_normal(x) for x in numbers) if n and n not in backed)
                if missing:
                    found.append(Figure(index, kind, text, missing))
    return found


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", ALL, ids=[p.stem for p in ALL])
def test_no_notebook_states_a_measured_figure_its_code_does_not_show(path):
    found = typed_figures(_load(path), path.name)
    assert not found, "\n".join(
        f"cell {f.cell}: {f.kind} {f.text!r} (not in outputs: {f.missing})" for f in found
    )


def test_every_allowed_figure_is_still_there():
    """An allowance whose sentence is gone (or now backed) would hide the next one: drop it."""
    for (name, text), why in ALLOWED.items():
        cells = _load(NOTEBOOKS / name)["cells"]
        prose = re.sub(
            r"\s+", " ", " ".join(_text(c["source"]) for c in cells if c["cell_type"] == "markdown")
        )
        assert text in prose, f"{name}: {text!r} is allowed ({why}) but no longer in the notebook"


# ------------------------------------------------------------------ the detector itself
def _notebook(markdown: str, outputs: str = "", source: str = "claims.show('01-x')") -> dict[str, Any]:
    return {
        "cells": [
            {"cell_type": "markdown", "source": markdown.splitlines(keepends=True)},
            {
                "cell_type": "code",
                "source": source,
                "outputs": [{"output_type": "stream", "name": "stdout", "text": outputs}] if outputs else [],
            },
        ]
    }


@pytest.mark.parametrize(
    "markdown",
    [
        "`house_value` beats `spread` by +0.313 (95 % CI +0.279 to\n+0.347) over 500 games.",
        "Position 0 wins 0.305 [0.285, 0.325] of the games.",
        "The coins burnt are 0.95 of the contested prize (0.94 to 0.97) with 21 coins.",
        "Deals changed the winner in 28 of 65 (Fisher p = 0.008).",
        "The chi-square is 67.7 (p ≈ 1e-14).",
        "Under `seat` the auctioneer takes 47.6 % of the tied rolls (measured).",
        "The bots sit out on 13 % of their auctioneer turns, measured over 60 games.",
        "A lost 1 coin; `rollout:0.6` earns 0.2026 a game.",
    ],
)
def test_a_typed_figure_is_found(markdown):
    found = typed_figures(_notebook(markdown))
    assert found, markdown


def test_the_same_figure_shown_by_the_code_is_backed():
    markdown = "`house_value` beats `spread` by +0.313 (95 % CI +0.279 to +0.347) in these games."
    assert typed_figures(_notebook(markdown))  # typed
    shown = "+0.313 win share per game (95 % CI 0.279 to 0.347; 5 seeds × 500 games) → holds"
    assert not typed_figures(_notebook(markdown, outputs=shown))  # the claim's output shows it
    other = "+0.311 win share per game (95 % CI 0.279 to 0.347; 5 seeds × 500 games) → holds"
    assert [f.missing for f in typed_figures(_notebook(markdown, outputs=other))] == [("0.313",)]


def test_a_value_the_code_asserts_is_backed_but_not_one_it_only_mentions():
    markdown = "Bidding below the line costs 0.018 per auction."
    assert not typed_figures(_notebook(markdown, source="assert round(regret, 3) == 0.018"))
    assert typed_figures(_notebook(markdown, source="regret = 0.018  # not checked"))
    over_lines = "assert (\n    round(regret, 3)\n    == 0.018\n)"
    assert not typed_figures(_notebook(markdown, source=over_lines))


@pytest.mark.parametrize(
    "markdown",
    [
        "Bid with `rollout:0.6` or `spread:0.5` against three `shade` bots.",  # bots' parameters
        "A paired 95 % interval that excludes 0, at 80 % power and the 5 % level.",
        "Lesson 05 (section 2) and FS-B6 give 17 back from a drop at 35.",
        "The interval narrows roughly as 1/√(deals).",
    ],
)
def test_words_and_parameters_are_not_figures(markdown):
    assert not typed_figures(_notebook(markdown)), markdown
