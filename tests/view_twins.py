"""Twin games one seat cannot tell apart, and a driver that plays them side by side.

A pair of twins is two games that differ only in what ``seat`` may not see: the values in other
seats' hands (money, houses, cheques, beans, For Sale's hidden coin counts), the order of a
face-down pile, a sealed choice another seat has made. Everything public is the same (sizes and
counts included). The driver plays both with the same action texts, chosen by seeded bots in the
first game, and after every step asserts that the seat sees the same in both: its view, its log,
whose turn it is and its own legal actions. A difference means the engine lets hidden information out.

The pair stops, without a failure, where the rules themselves reveal the difference: an action
legal in one twin and not in the other (the acting seat is then not ``seat``, and the difference
is about the actor's own hidden cards), an event that differs only in the actor's own public
event (a Bohnanza bean planted from the front of a hand), or an event a rule makes public for
everyone (listed per twin in ``reveals``: Kuhhandel's over-bidder showing their money, KH-A7;
the reveal of sealed choices; For Sale's final scores).

The twins are made by changing a copy of a played game (state surgery): they are states the
public record allows, which is what a seat can know, and the check is stronger than two
histories built by play: no output a seat reads may depend on another seat's hidden values.

``tests/core/test_view_leaks.py`` runs a few dozen pairs per game; a soak script can run
``check_pair`` at length (``KINDS`` lists every game's kinds of twin).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import gamekit
from gamekit.bots.base import describe, make_bot
from gamekit.core.game import Game

MAX_STEPS = 400  # actions per pair after the twins are made


class LeakFound(AssertionError):
    """A seat sees a difference between two games it may not tell apart."""


@dataclass
class Twins:
    """Two games that differ only in what ``seat`` may not see."""

    name: str
    kind: str
    a: Game
    b: Game
    seat: int
    how: str  # what differs, for messages
    reveals: frozenset[str] = frozenset()  # event types a rule makes public for everyone
    revealed: Callable[[Game, Game], bool] | None = None  # a face-down pile's difference is dealt
    steps: int = 0
    stopped: str = ""
    history: list[tuple[int, str]] = field(default_factory=list)


# ------------------------------------------------------------------ playing
def bots_for(name: str, players: int, rng: random.Random) -> list[Any]:
    """One seeded bot per seat, drawn from the game's registered bots (random among them)."""
    names = [row["name"] for row in describe(name)]
    return [make_bot(rng.choice(names), name) for _ in range(players)]


def _step(game: Game, bots: list[Any], rng: random.Random) -> tuple[int, Any]:
    seat = rng.choice(game.to_act)
    legal = game.legal_actions(seat)
    return seat, bots[seat].choose(game.view(seat), legal, rng)


def played(name: str, players: int, seed: int, steps: int, rng: random.Random, stack=None) -> Game:
    """A game of ``name`` after up to ``steps`` actions by seeded bots."""
    game = gamekit.new_game(name, players, seed=seed, stack=stack)
    bots = bots_for(name, players, rng)
    for _ in range(steps):
        if game.is_over:
            break
        seat, action = _step(game, bots, rng)
        game.act(seat, action)
    if game.is_over and game.history:  # the game ended first: go back to a point of its play
        game = game.at(rng.randrange(len(game.history)))
    return game


def _others(game: Game, seat: int, rng: random.Random) -> tuple[int, int]:
    q, r = rng.sample([s for s in range(game.players) if s != seat], 2)
    return q, r


def _split(pool: list, sizes: tuple[int, int], low_first: bool) -> tuple[list, list]:
    """Deal ``pool`` into two hands of ``sizes``: the first gets the lowest cards or the highest."""
    ordered = sorted(pool, key=str) if low_first else sorted(pool, key=str, reverse=True)
    return ordered[: sizes[0]], ordered[sizes[0] :]


# ------------------------------------------------------------ the builders
def _kuhhandel_money(name, players, seed, prefix, seat, rng) -> Twins | None:
    """Kuhhandel: two other seats' money cards are dealt between them again, every hand keeping its
    number of cards (KH-C3). In one twin the first gets the lowest values, in the other the highest,
    so a hand of only 0s (or none) in one twin is worth something in the other."""
    from gamekit.games.kuhhandel.rules import cards_of, counts_of

    base = played(name, players, seed, prefix, rng)
    while base.phase != "turn" and not base.is_over:  # finish the running auction or trade
        s, action = _step(base, bots_for(name, players, rng), rng)
        base.act(s, action)
    if base.is_over:
        return None
    q, r = sorted(_others(base, seat, rng), key=lambda s: sum(base.money[s]))
    pool = cards_of(base.money[q]) + cards_of(base.money[r])
    sizes = (sum(base.money[q]), sum(base.money[r]))
    a, b = base.copy(), base.copy()
    for game, low in ((a, True), (b, False)):
        mine, theirs = _split(pool, sizes, low)
        game.money[q], game.money[r] = counts_of(mine), counts_of(theirs)
    how = f"{q}:{a.view()['money'][q]} {r}:{a.view()['money'][r]} vs {q}:{b.view()['money'][q]}"
    return Twins(name, "money", a, b, seat, how, reveals=frozenset({"cannot_pay"}))


def _deep_swap(base: Game, pile: str, top_is_end: bool, rng: random.Random, seat: int, kind: str):
    """Two cards of a face-down pile change places below its top few; the pair stops once the
    higher of the two is dealt (it is then in someone's hand or on the table)."""
    cards = getattr(base, pile)
    if len(cards) < 4:
        return None
    i, j = sorted(rng.sample(range(2, len(cards)), 2))  # positions from the top
    b = base.copy()
    deck = getattr(b, pile)
    at = (lambda k: len(deck) - 1 - k) if top_is_end else (lambda k: k)
    if deck[at(i)] == deck[at(j)]:
        return None
    deck[at(i)], deck[at(j)] = deck[at(j)], deck[at(i)]
    size = len(cards)

    def revealed(a: Game, _b: Game) -> bool:
        left = len(getattr(a, pile))
        return size - left > i or left > size  # dealt, or a reshuffle made a new pile

    return Twins(base.name, kind, base, b, seat, f"{pile} positions {i} and {j} swapped", revealed=revealed)


def _kuhhandel_deck(name, players, seed, prefix, seat, rng) -> Twins | None:
    """Kuhhandel: two animals deep in the deck change places (the deck is face down, KH-C1)."""
    base = played(name, players, seed, prefix, rng)
    return None if base.is_over else _deep_swap(base, "deck", False, rng, seat, "deck")


def _for_sale_hands(name, players, seed, prefix, seat, rng) -> Twins | None:
    """For Sale: two other seats' houses (and cheques, when selling) are dealt between them again,
    each keeping its counts (FS-B10), at a point where no sealed choice is pending."""
    base = played(name, players, seed, prefix, rng)
    if base.is_over or (base.phase == "sell" and len(base.to_act) != players):
        return None
    q, r = _others(base, seat, rng)
    a, b = base.copy(), base.copy()
    for attr in ("houses", "cheques"):
        pool = getattr(base, attr)[q] + getattr(base, attr)[r]
        sizes = (len(getattr(base, attr)[q]), len(getattr(base, attr)[r]))
        for game, low in ((a, True), (b, False)):
            mine, theirs = _split(pool, sizes, low)
            getattr(game, attr)[q], getattr(game, attr)[r] = sorted(mine), sorted(theirs)
    return Twins(name, "hands", a, b, seat, f"seats {q} and {r}", reveals=frozenset({"reveal", "end"}))


def _for_sale_coins(name, players, seed, prefix, seat, rng) -> Twins | None:
    """For Sale with its default coin_counts="hidden" (FS-B11): some coins move from one other
    seat's hidden count to another's; the final scores reveal the counts."""
    base = played(name, players, seed, prefix, rng)
    if base.is_over or base.options["coin_counts"] != "hidden":
        return None
    q, r = _others(base, seat, rng)
    if base.coins[r] == 0:
        q, r = r, q
    if base.coins[r] == 0:
        return None
    moved = rng.randint(1, base.coins[r])
    a, b = base.copy(), base.copy()
    a.coins[q] += moved
    a.coins[r] -= moved
    return Twins(name, "coins", a, b, seat, f"{moved} coin(s) from {r} to {q}", reveals=frozenset({"end"}))


def _sealed(name, players, seed, prefix, seat, rng, phase: str) -> Twins | None:
    """Another seat seals a different choice in each twin (FS-S2, MM-A2)."""
    base = played(name, players, seed, prefix, rng)
    bots = bots_for(name, players, rng)
    for _ in range(MAX_STEPS):
        if base.is_over:
            return None
        if base.phase == phase:
            choosers = [s for s in base.to_act if s != seat and len(base.legal_actions(s)) > 1]
            if choosers:
                q = rng.choice(choosers)
                x, y = rng.sample(base.legal_actions(q), 2)
                a, b = base.copy(), base.copy()
                events = [*a.act(q, x), *b.act(q, y)]
                if any(e["type"] == "reveal" for e in events):  # q chose last: all is shown
                    return None
                return Twins(
                    name, "sealed", a, b, seat, f"{q} seals {x} or {y}", reveals=frozenset({"reveal"})
                )
        s, action = _step(base, bots, rng)
        base.act(s, action)
    return None


def _for_sale_sealed(name, players, seed, prefix, seat, rng) -> Twins | None:
    return _sealed(name, players, seed, prefix, seat, rng, "sell")


def _money_monsoon_sealed(name, players, seed, prefix, seat, rng) -> Twins | None:
    return _sealed(name, players, seed, prefix, seat, rng, "bid")


def _money_monsoon_dice(name, players, seed, prefix, seat, rng) -> Twins | None:
    """Money Monsoon: a future roll differs (the die is thrown in the open, MM-A1, but not before)."""
    rolls = [rng.randint(1, 8) for _ in range(3)]  # MM-C1: a die of 1 to 8
    other = list(rolls)
    other[-1] = 1 + (rolls[-1] - 1 + rng.randint(1, 7)) % 8
    a = gamekit.new_game(name, players, seed=seed, stack={"dice": rolls})
    b = gamekit.new_game(name, players, seed=seed, stack={"dice": other})
    rolled = len(rolls)

    def revealed(x: Game, _y: Game) -> bool:
        return sum(e["type"] == "roll" for e in x.log) >= rolled

    return Twins(name, "dice", a, b, seat, f"rolls {rolls} or {other}", revealed=revealed)


def _bohnanza_hands(name, players, seed, prefix, seat, rng) -> Twins | None:
    """Bohnanza: two other seats' hands are dealt between them again, each keeping its size and the
    front card (planted in the open, BO-C2): the beans behind it and their order change."""
    base = played(name, players, seed, prefix, rng)
    while not base.is_over and (base.phase != "plant" or base.proposal is not None):
        s, action = _step(base, bots_for(name, players, rng), rng)
        base.act(s, action)
    if base.is_over:
        return None
    q, r = _others(base, seat, rng)
    a, b = base.copy(), base.copy()
    hq, hr = base.hands[q], base.hands[r]
    pool = hq[1:] + hr[1:]
    shuffled = list(pool)
    rng.shuffle(shuffled)
    k = max(len(hq) - 1, 0)
    b.hands[q] = hq[:1] + shuffled[:k]
    b.hands[r] = hr[:1] + shuffled[k:]
    return Twins(name, "hands", a, b, seat, f"seats {q} and {r}")


def _bohnanza_deck(name, players, seed, prefix, seat, rng) -> Twins | None:
    """Bohnanza: two beans deep in the draw pile change places (face down, BO-D1)."""
    base = played(name, players, seed, prefix, rng)
    return None if base.is_over else _deep_swap(base, "deck", True, rng, seat, "deck")


Builder = Callable[..., "Twins | None"]
KINDS: dict[str, dict[str, Builder]] = {
    "for_sale": {"hands": _for_sale_hands, "sealed": _for_sale_sealed, "coins": _for_sale_coins},
    "money_monsoon": {"sealed": _money_monsoon_sealed, "dice": _money_monsoon_dice},
    "bohnanza": {"hands": _bohnanza_hands, "deck": _bohnanza_deck},
    "kuhhandel": {"money": _kuhhandel_money, "deck": _kuhhandel_deck},
}


def make_twins(name: str, kind: str, players: int, seed: int, prefix: int, seat: int) -> Twins | None:
    """Twins of ``kind`` after a seeded prefix of ``prefix`` actions, or None when there are none
    to make (the game ended, nothing hidden differs)."""
    rng = random.Random(f"{name} {kind} {players} {seed} {prefix} {seat}")
    twins = KINDS[name][kind](name, players, seed, prefix, seat % players, rng)
    if twins is None or twins.a.to_json() == twins.b.to_json():
        return None
    return twins


# -------------------------------------------------------------- comparing
def _public(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [
        e if "private" not in e or e["seat"] == seat else {k: v for k, v in e.items() if k != "private"}
        for e in events
    ]


def _texts(actions: list[Any]) -> list[str]:
    return [str(x) for x in actions]


def _same(twins: Twins, what: str, x: Any, y: Any) -> None:
    if x != y:
        raise LeakFound(
            f"{twins.name} ({twins.kind}: {twins.how}): seat {twins.seat} sees a different {what} "
            f"after {twins.steps} step(s) {twins.history[-3:]}:\n  {x!r}\n  {y!r}"
        )


def public_view(game: Game) -> dict[str, Any]:
    """The parts of the views that every seat sees alike (the public view; views with a seat only)."""
    views = [game.view(s) for s in range(game.players)]
    return {k: v for k, v in views[0].items() if k != "viewer" and all(w[k] == v for w in views[1:])}


def check_same(twins: Twins) -> None:
    """What ``twins.seat`` sees is the same in both games, and so is what every seat sees."""
    a, b, p = twins.a, twins.b, twins.seat
    _same(twins, "to_act", a.to_act, b.to_act)
    _same(twins, "is_over", a.is_over, b.is_over)
    _same(twins, "view", a.view(p), b.view(p))
    _same(twins, "legal_actions", _texts(a.legal_actions(p)), _texts(b.legal_actions(p)))
    _same(twins, "public view", public_view(a), public_view(b))


def drive(twins: Twins, rng: random.Random, max_steps: int = MAX_STEPS) -> Twins:
    """Play both twins with the same actions (chosen by bots in ``a``) until the rules reveal the
    difference, the game ends or ``max_steps``; raises ``LeakFound`` on the first difference."""
    a, b, p = twins.a, twins.b, twins.seat
    bots = bots_for(a.name, a.players, rng)
    check_same(twins)
    _same(twins, "log", a.log_for(p), b.log_for(p))
    while twins.steps < max_steps:
        if a.is_over:
            twins.stopped = "game over"
            break
        seat, action = _step(a, bots, rng)
        text = str(action)
        if text not in _texts(b.legal_actions(seat)):
            _same(twins, f"legality of {text!r}", seat != p, True)
            twins.stopped = f"legal in one twin only: {text!r} by seat {seat}"
            break
        twins.steps += 1
        twins.history.append((seat, text))
        ea, eb = list(a.act(seat, action)), list(b.act(seat, text))
        if any(e["type"] in twins.reveals for e in ea + eb):
            twins.stopped = "a rule reveals the difference"
            break
        if twins.revealed is not None and twins.revealed(a, b):
            twins.stopped = "the pile's difference is dealt"
            break
        pa, pb = _public(ea, p), _public(eb, p)
        if pa != pb and seat != p and len(pa) == len(pb):
            differing = [x for x, y in zip(pa, pb, strict=True) if x != y]
            if all(x["seat"] == seat for x in differing):
                twins.stopped = f"a seat shows its own card: seat {seat}"
                break
        _same(twins, "log entries", pa, pb)
        check_same(twins)
    else:
        twins.stopped = "max steps"
    return twins


def check_pair(
    name: str, kind: str, players: int, seed: int, prefix: int, seat: int, max_steps: int = MAX_STEPS
) -> Twins | None:
    """Make twins and drive them; None when no twins could be made at that point."""
    twins = make_twins(name, kind, players, seed, prefix, seat)
    if twins is None:
        return None
    return drive(twins, random.Random(f"drive {seed} {prefix}"), max_steps)


def soak(pairs_per_kind: int, seed: int = 0, max_steps: int = MAX_STEPS) -> dict[str, Any]:
    """Run ``pairs_per_kind`` random pairs of every game's every kind; the figures of the run.

    A leak raises ``LeakFound`` (its message names the game, the kind, the seat and the steps).
    """
    from gamekit.core.game import game_class

    rng = random.Random(seed)
    figures: dict[str, Any] = {"pairs": 0, "steps": 0, "leaks": 0, "stops": {}}
    for name in gamekit.GAMES:
        cls = game_class(name)
        for kind in KINDS[name]:
            for _ in range(pairs_per_kind):
                players = rng.randint(cls.min_players, cls.max_players)
                args = (players, rng.randrange(2**32), rng.randint(0, 150), rng.randrange(players))
                twins = check_pair(name, kind, *args, max_steps=max_steps)
                if twins is None:
                    continue
                figures["pairs"] += 1
                figures["steps"] += twins.steps
                key = f"{name}/{kind}: {twins.stopped.split(':')[0]}"
                figures["stops"][key] = figures["stops"].get(key, 0) + 1
    return figures
