"""Hypothesis strategies for driving games with hostile input (issue 11), shared by the bounded
fuzz tests in ``make test`` (tests/core/test_fuzz_act.py) and a soak script run at length.

``positions(name)`` draws a game played by seeded random choices to a random step;
``anything()`` draws values of any type; ``hostile_actions(game)`` draws what a hostile caller
might hand ``act``: anything, hand-built ``Action`` values, and legal texts mutated (digit bombs,
appended junk, case changes, odd whitespace and digits); ``seats(game)`` draws seats of any type,
mostly real ones so the deeper checks run. ``check_act`` is the property itself.

``FUZZ_EXAMPLES`` (environment variable ``GAMEKIT_FUZZ_EXAMPLES``, default 60) is how many
examples each fuzz test runs.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from hypothesis import strategies as st

import gamekit
from gamekit import Action, IllegalAction
from gamekit.core.game import game_class

FUZZ_EXAMPLES = int(os.environ.get("GAMEKIT_FUZZ_EXAMPLES", "60"))
MAX_MESSAGE = 400
# Texts a game takes as shorthand for a sequence of listed steps (the public contract, "Playing"),
# so an action act takes need not be listed: Bohnanza's whole proposal, Kuhhandel's offer or
# counter naming its cards, Money Monsoon's bid written at once by a player who holds 500 points.
SHORTHAND_KINDS = {"bohnanza": {"deal"}, "kuhhandel": {"offer", "counter"}, "money_monsoon": {"bid"}}


def _play(name: str, players: int, seed: int, steps: int) -> gamekit.Game:
    game = gamekit.new_game(name, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        legal = game.legal_actions(seat)
        game.act(seat, legal[rng.randrange(len(legal))])
    return game


def positions(name: str, max_steps: int = 2000) -> st.SearchStrategy[gamekit.Game]:
    """A game of ``name`` played by seeded random choices for a random number of steps (its end
    included when the game is shorter)."""
    cls = game_class(name)
    return st.builds(
        _play,
        st.just(name),
        st.integers(cls.min_players, cls.max_players),
        st.integers(0, 2**32),
        st.integers(0, max_steps),
    )


def anything() -> st.SearchStrategy[Any]:
    """Values of any everyday type, nested a little."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-(10**6000), 10**6000),
        st.floats(),
        st.text(),
        st.binary(),
        st.complex_numbers(),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.tuples(inner, inner),
            st.dictionaries(st.text(max_size=5), inner, max_size=3),
            st.frozensets(st.integers(), max_size=3),
        ),
        max_leaves=8,
    )


KINDS = st.sampled_from(
    [
        *("bid", "pass", "sell", "move", "bid-range", "plant", "harvest", "offer", "give", "ask", "deal"),
        *("trade", "pay", "add", "counter", "hold", "auction", "accept", "buy-field", "draw", ""),
    ]
)


def _mutate(text: str, how: int, junk: str, digits: int) -> str:
    if how == 0:
        return text + junk
    if how == 1:
        return text.upper() if text.islower() else text.swapcase()
    if how == 2:
        return "".join(c + "9" * digits if c.isdigit() else c for c in text) or "9" * digits
    if how == 3:
        return text.replace(" ", junk[:1] or "\t")
    if how == 4:
        return text.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    if how == 5:
        return text.translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    if how == 6:
        return " " + text + " "
    if how == 7:
        return text + " " + "9" * digits
    if how == 8:
        return text.replace("1", "-1").replace("3", "0003")
    return text[: len(text) // 2]


def _legal_texts(game: gamekit.Game) -> list[str]:
    texts = [a.text for seat in range(game.players) for a in game.legal_actions(seat)]
    return texts or ["pass"]


def mutated_texts(game: gamekit.Game) -> st.SearchStrategy[str]:
    """A legal text of some seat, changed a little (junk appended, case, digit bombs, odd digits)."""
    return st.builds(
        _mutate,
        st.sampled_from(_legal_texts(game)),
        st.integers(0, 9),
        st.text(max_size=8),
        st.sampled_from([1, 5, 12, 300, 5000]),
    )


def _action(kind: Any, value: Any, text: Any) -> Action | None:
    """``Action(kind, value, text)``, or None where the constructor itself refuses (an unhashable
    text, a number too long to write)."""
    try:
        return Action(kind, value, text)
    except (TypeError, ValueError):
        return None


def _built(kind: Any, value: Any, text: Any) -> st.SearchStrategy[Action]:
    return st.builds(_action, kind, value, text).filter(lambda a: a is not None)  # type: ignore[return-value]


def hand_built(game: gamekit.Game) -> st.SearchStrategy[Action]:
    """``Action`` values built by hand: twins of legal actions, with odd values or texts, or
    anything at all."""
    legal = [a for seat in range(game.players) for a in game.legal_actions(seat)]
    twins = (
        st.sampled_from(legal).flatmap(
            lambda a: st.one_of(
                st.just(Action(a.kind, a.value)),
                st.just(Action(a.kind, a.value, a.text)),
                _built(st.just(a.kind), anything(), st.just(a.text)),
                _built(st.just(a.kind), anything(), st.none()),
                _built(st.just(a.kind), st.just(a.value), st.sampled_from([t.text for t in legal])),
                _built(KINDS, st.just(a.value), st.just(a.text)),
            )
        )
        if legal
        else st.nothing()
    )
    wild = _built(st.one_of(KINDS, anything()), anything(), st.one_of(st.none(), st.text(), anything()))
    return st.one_of(twins, wild)


def hostile_actions(game: gamekit.Game) -> st.SearchStrategy[Any]:
    """Whatever a hostile caller might pass to ``act`` as the action."""
    return st.one_of(
        anything(),
        hand_built(game),
        mutated_texts(game),
        st.sampled_from(_legal_texts(game)),
        st.text(alphabet=st.sampled_from("bidpasel 0123456789-+,#ABC\x00\t٣³３"), max_size=30),
    )


def seats(game: gamekit.Game) -> st.SearchStrategy[Any]:
    """Seats of any type; real seats (to act or not) most often."""
    return st.one_of(
        st.sampled_from(range(game.players)),
        st.sampled_from(game.to_act or (0,)),
        st.sampled_from([None, 1.0, True, False, -1, game.players, 10**100, "A", "0"]),
        anything(),
    )


def check_act(game: gamekit.Game, seat: Any, action: Any) -> bool:
    """``act(seat, action)`` either refuses with ``IllegalAction`` (a short message naming a rule,
    the game unchanged) or takes an action the seat could take, leaving a game that saves and
    loads. Returns whether the action was taken. Raises AssertionError naming what broke."""
    before = game.to_json()
    listed: list[Action] = []
    if type(seat) is int and 0 <= seat < game.players:
        listed = game.legal_actions(seat) + game.any_time_actions(seat)
    try:
        game.act(seat, action)
    except IllegalAction as exc:
        message = str(exc)
        assert exc.rule_id is not None, f"no rule named: {message[:200]!r}"
        assert len(message) < MAX_MESSAGE, f"message of {len(message)} characters: {message[:200]!r}"
        assert game.to_json() == before, f"refused but changed the game: {message[:200]!r}"
        return False
    taken = game.parse_action(game.history[-1][1])
    shorthand = taken.kind in SHORTHAND_KINDS.get(game.name, ())
    assert taken in listed or shorthand, f"took {taken.text!r} for seat {seat!r}, not a legal action"
    saved = game.to_json()
    assert gamekit.load_game(saved).to_json() == saved, "the game after the action does not load"
    json.loads(saved)
    return True
