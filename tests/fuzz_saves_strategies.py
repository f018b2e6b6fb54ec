"""Hypothesis strategies for fuzzing set-ups and saves (issue 11), shared by the bounded tests in
``tests/core/test_fuzz_saves.py`` and any soak script that runs them at length.

- ``setup_calls(name)``: arguments for ``new_game``: a mix of plausible values (the game's own
  names, seats, cards and option values) and arbitrary ones (JSON-like values of every type,
  huge numbers, deep nesting, objects whose ``==``/``repr``/``hash`` raise).
- ``save_texts(name)``: texts for ``load_game``: arbitrary text, cut or wrapped real saves, and
  real saves of random positions with one JSON path tampered (a type changed, a number moved,
  a key deleted or added, list items swapped or dropped, a value nested deeply).
- ``same_meaning(a, b)``: whether two JSON texts say the same thing (1, 1.0 and true differ).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from hypothesis import strategies as st

import gamekit
from gamekit.core.game import game_class
from gamekit.games.bohnanza.rules import BEANS
from gamekit.games.for_sale.rules import CHEQUES
from gamekit.games.kuhhandel.rules import ANIMALS


class Hostile:
    """An object whose comparison, hashing and printing all raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing me")

    def __hash__(self) -> int:
        raise RuntimeError("no hashing me")

    def __repr__(self) -> str:
        raise RuntimeError("no printing me")

    def __len__(self) -> int:
        raise RuntimeError("no measuring me")


def deep_list(depth: int) -> list:
    nested: list = []
    for _ in range(depth):
        nested = [nested]
    return nested


# Numbers past Python's int-to-text limit (4300 digits) are built, not listed: hypothesis prints
# the strategies it reports on.
BIG_NUMBERS = st.one_of(
    st.sampled_from([-1, 2**63, 2**128, 10**100]),
    st.integers(4400, 5000).map(lambda digits: 10**digits),
    st.integers(4400, 5000).map(lambda digits: -(10**digits)),
)
# Scalars a JSON text can hold (``json.dumps`` writes NaN and Infinity, which no save holds).
JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([-1, 2**63, 2**128, 10**100, -(10**4000)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.just("x" * 100_000),
)


def _nested(scalars: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=5),
            st.dictionaries(st.text(max_size=12), inner, max_size=5),
        ),
        max_leaves=20,
    )


JSON_VALUES = _nested(JSON_SCALARS)  # what a text may hold
JSON_LIKE = _nested(st.one_of(JSON_SCALARS, BIG_NUMBERS))  # ... and numbers too long to write
OBJECTS = st.one_of(
    st.builds(object),
    st.builds(Hostile),
    st.binary(max_size=20),
    st.complex_numbers(),
    st.sets(st.integers(), max_size=4),
    st.frozensets(st.text(max_size=5), max_size=4),
    st.tuples(st.integers(), st.text(max_size=5)),
    st.dictionaries(st.integers() | st.tuples(st.integers()), st.integers(), max_size=3),
    st.integers(0, 3000).map(deep_list),
)
ANY_VALUE = st.one_of(JSON_LIKE, OBJECTS)


def _cards(name: str) -> dict[str, st.SearchStrategy[Any]]:
    """Plausible values of each stack key: lists of the game's cards, with the odd stranger."""
    card = {
        "for_sale": st.integers(-2, 32),
        "money_monsoon": st.integers(-1, 9),
        "bohnanza": st.sampled_from(BEANS),
        "kuhhandel": st.sampled_from(ANIMALS),
    }[name]
    stranger = st.one_of(card, ANY_VALUE)
    pile = st.one_of(st.lists(card, max_size=40), st.lists(stranger, max_size=8), ANY_VALUE)
    keys: dict[str, st.SearchStrategy[Any]] = {}
    if name == "for_sale":
        keys["houses"] = pile
        keys["cheques"] = st.one_of(st.lists(st.sampled_from(sorted(set(CHEQUES))), max_size=30), pile)
    elif name == "money_monsoon":
        keys["dice"] = pile
    elif name == "bohnanza":
        keys["hands"] = st.one_of(
            st.lists(st.one_of(st.none(), st.lists(card, max_size=6)), max_size=6), pile
        )
        keys["deck"] = pile
    else:
        keys["animals"] = pile
    keys["first_player"] = st.one_of(st.integers(-1, 7), ANY_VALUE)
    return keys


def _options(name: str) -> st.SearchStrategy[Any]:
    declared = game_class(name).options_declared
    values = {
        o.name: st.one_of(
            st.sampled_from(o.choices) if o.choices else st.nothing(),
            st.integers(-2, 50) if o.minimum is not None else st.nothing(),
            ANY_VALUE,
        )
        for o in declared
    }
    plausible = st.fixed_dictionaries({}, optional=values) if values else st.just({})
    return st.one_of(
        st.none(), plausible, st.dictionaries(ANY_VALUE.filter(_hashable), ANY_VALUE, max_size=3)
    )


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except Exception:
        return False
    return True


@st.composite
def setup_calls(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """Keyword arguments for ``gamekit.new_game``."""
    cls = game_class(name)
    stack_values = _cards(name)
    stack = st.one_of(
        st.none(),
        st.fixed_dictionaries({}, optional=stack_values),
        ANY_VALUE,
    )
    return {
        "name": draw(st.one_of(st.just(name), st.just(name), ANY_VALUE)),
        "players": draw(
            st.one_of(st.integers(cls.min_players, cls.max_players), st.integers(-1, 9), ANY_VALUE)
        ),
        "seed": draw(st.one_of(st.integers(0, 2**64), st.none(), ANY_VALUE)),
        "options": draw(_options(name)),
        "stack": draw(stack),
    }


# ----------------------------------------------------------------- saves
@functools.lru_cache(maxsize=256)
def real_save(name: str, players: int, seed: int, steps: int, stacked: bool) -> str:
    """A save of a game played ``steps`` random legal actions from ``seed`` (a stacked
    ``first_player``, and for Money Monsoon stacked dice, if ``stacked``)."""
    stack: dict[str, Any] = {}
    if stacked:
        stack["first_player"] = seed % players
        if name == "money_monsoon":
            stack["dice"] = [1 + (seed + i) % 8 for i in range(6)]
    g = gamekit.new_game(name, players, seed=seed, stack=stack)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        seat = g.to_act[rng.randrange(len(g.to_act))]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g.to_json()


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every JSON path in ``value`` (the root included)."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _paths(inner, (*path, i))
    return found


_DEEP = "\u0000deep\u0000"  # stands where a deeply nested value goes; spliced in as text


def _tamper(saved: dict[str, Any], path: tuple, how: str, draw: st.DrawFn) -> str:
    """The text of ``saved`` with one tamper at ``path``."""
    if not path:
        parent, key = None, None
        target = saved
    else:
        parent = saved
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        target = parent[key]
    splice = None

    def put(value: Any) -> None:
        nonlocal saved
        if parent is None:
            saved = value
        else:
            parent[key] = value

    if how == "type":
        put(draw(JSON_VALUES))
    elif how == "number":
        if type(target) is int:
            put(target + draw(st.sampled_from([-1, 1, -target, 10**6, 10**4000, -(10**4000)])))
        else:
            put(draw(st.integers(-3, 10) | st.floats(allow_nan=True)))
    elif how == "delete" and parent is not None:
        del parent[key]
    elif how == "add":
        if isinstance(target, dict):
            target[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif isinstance(target, list):
            target.insert(draw(st.integers(0, len(target))), draw(JSON_VALUES))
        else:
            put([target, draw(JSON_VALUES)])
    elif how == "swap" and isinstance(target, list) and len(target) > 1:
        i = draw(st.integers(0, len(target) - 1))
        j = draw(st.integers(0, len(target) - 1))
        target[i], target[j] = target[j], target[i]
    elif how == "nest":
        depth = draw(st.sampled_from([1, 2, 50, 5000, 100_000]))
        splice = "[" * depth + json.dumps(target) + "]" * depth
        put(_DEEP)
    elif how == "digits":  # a number too long for Python to read
        splice = draw(st.sampled_from(["9" * 5000, "-" + "1" * 4400, "1e999", "NaN", "-Infinity"]))
        put(_DEEP)
    elif how == "copy" and parent is not None:
        other = draw(st.sampled_from(_paths(saved)))
        source = saved
        for step in other:
            source = source[step]
        put(json.loads(json.dumps(source)))
    text = json.dumps(saved, sort_keys=True)
    if splice is not None:
        text = text.replace(json.dumps(_DEEP), splice, 1)
    return text


TAMPERS = ("type", "number", "delete", "add", "swap", "nest", "digits", "copy")


@st.composite
def tampered_saves(draw: st.DrawFn, name: str) -> str:
    """A real save of ``name`` with one JSON path tampered."""
    cls = game_class(name)
    players = draw(st.integers(cls.min_players, cls.max_players))
    text = real_save(
        name,
        players,
        draw(st.integers(0, 40)),
        draw(st.sampled_from([0, 1, 5, 20, 60, 150])),
        draw(st.booleans()),
    )
    saved = json.loads(text)
    # Tamper where it matters most as often as anywhere: the envelope and the stack.
    paths = _paths(saved)
    envelope = [p for p in paths if len(p) <= 1 or p[0] in ("stack", "options")]
    path = draw(st.one_of(st.sampled_from(paths), st.sampled_from(envelope)))
    return _tamper(saved, path, draw(st.sampled_from(TAMPERS)), draw)


@st.composite
def save_texts(draw: st.DrawFn, name: str) -> Any:
    """Anything ``load_game`` may be handed: mostly tampered saves, also junk of any type."""
    cls = game_class(name)
    real = st.builds(
        real_save, st.just(name), st.just(cls.min_players), st.integers(0, 5), st.just(10), st.just(False)
    )
    return draw(
        st.one_of(
            tampered_saves(name),
            tampered_saves(name),
            tampered_saves(name),
            st.text(max_size=200),
            JSON_VALUES.map(json.dumps),
            real.flatmap(lambda t: st.integers(0, len(t)).map(lambda n: t[:n])),
            real.map(lambda t: t.encode()),
            ANY_VALUE,
        )
    )


def same_meaning(a: str, b: str) -> bool:
    """Whether two JSON texts hold the same data, types included (``1``, ``1.0`` and ``true`` differ)."""
    return json.dumps(json.loads(a), sort_keys=True) == json.dumps(json.loads(b), sort_keys=True)
