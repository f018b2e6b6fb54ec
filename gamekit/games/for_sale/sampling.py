"""For Sale: a full state consistent with one seat's view, for search (MCTS's determinization).

``determinize(view, rng)``: every card the view hides is dealt at random from the cards the
view leaves unaccounted for (others' houses and cheques by their public counts, the decks, the
set-up's unseen removals, FS-C2/FS-C3), others' sealed house choices drawn from their sampled
hands (FS-S2), and a coin count the view hides (FS-B11) dealt uniformly (``hidden_coins``).
Every option is carried from the view. ``_restore`` is the one place a sample writes the engine.

With the seat's log (``determinize(view, rng, log=game.log_for(seat))``, what that seat may read)
nothing public is guessed: every pass and win names the house taken (FS-B5, FS-B8) and every
reveal the houses sold and cheques won (FS-S3), so each rival's hand and cheques are the log's
(``known_from_log``), and its coins are ``coins_from_log``; only the decks, the set-up's unseen
removals and the rivals' sealed choices are still dealt at random. A table that hides the counts
(FS-B11) hides them from the view, not from a seat that remembers.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.chance import draw_from
from ...core.sealed import SealedChoices
from .game import ForSale
from .rules import CHEQUES, HOUSES
from .views import coins_from_log

USES_LOG = True  # ``determinize`` takes the seat's log (``gamekit.rl.mcts.determinize`` passes it)


def options(view: dict[str, Any]) -> dict[str, Any]:
    """Every option of the game, as the view shows it."""
    return {o.name: view[o.name] for o in ForSale.options_declared}


def determinize(view: dict[str, Any], rng: random.Random, log: list[dict[str, Any]] | None = None) -> ForSale:
    """A For Sale game whose ``view(seat)`` is ``view`` (a seat's view), what it hides dealt at
    random (``rng``); with ``log`` (that seat's ``log_for``) what the log fixes is the log's."""
    game = ForSale(view["players"], seed=rng.getrandbits(32), options=options(view))
    known = known_from_log(view, log) if log is not None else None
    hands, removed_houses, house_deck = _houses(view, rng, len(game.removed_houses), known)
    cheques, removed_cheques, cheque_deck = _cheques(view, rng, known)
    houses = [sorted(hand) for hand in hands]
    dealt = {
        "houses": houses,
        "house_deck": house_deck,
        "cheques": cheques,
        "cheque_deck": cheque_deck,
        "removed": (removed_houses, removed_cheques),
        "coins": known["coins"] if known is not None else hidden_coins(view, rng),
        "chosen": None if view["phase"] == "buy" else _chosen(view, rng, houses),
    }
    _restore(game, view, dealt)
    return game


def known_from_log(view: dict[str, Any], log: list[dict[str, Any]]) -> dict[str, Any]:
    """What the public events of ``log`` fix, as a seat that remembers knows it: each seat's
    houses (taken, FS-B5 and FS-B8, less those sold, FS-S3), cheques (won, FS-S3) and coins
    (``coins_from_log``, FS-B11). Raises if the log does not add up to the view's counts."""
    n = view["players"]
    houses: list[list[int]] = [[] for _ in range(n)]
    cheques: list[list[int]] = [[] for _ in range(n)]
    sold: list[int] = []
    for event in log:
        kind = event["type"]
        if kind in ("pass", "win"):
            houses[event["seat"]].append(event["house"])
        elif kind == "reveal":
            for s, (house, cheque) in enumerate(zip(event["played"], event["won"], strict=True)):
                houses[s].remove(house)
                cheques[s].append(cheque)
                sold.append(house)
    for s in range(n):
        if len(houses[s]) != view["house_counts"][s] or len(cheques[s]) != view["cheque_counts"][s]:
            raise ValueError(f"the log does not match the view's counts for seat {s} (not this seat's log?)")
    return {"houses": houses, "cheques": cheques, "coins": coins_from_log(log), "sold": sold}


def _houses(
    view: dict[str, Any], rng: random.Random, removed: int, known: dict[str, Any] | None = None
) -> tuple[list[list[int]], list[int], Any]:
    """(every hand, the houses removed unseen, the deck or None while selling): the houses the
    viewer does not see dealt at random, others' hands by their public counts (or the log's)."""
    seat, n = view["viewer"], view["players"]
    own = view["houses"][seat]
    buying = view["phase"] == "buy"
    held = [h for hand in known["houses"] for h in hand] + known["sold"] if known is not None else own
    houses = [h for h in HOUSES if h not in held and not (buying and h in view["table"])]
    rng.shuffle(houses)
    if known is not None:
        hands = [list(own) if s == seat else list(known["houses"][s]) for s in range(n)]
    else:
        hands = [
            list(own) if s == seat else draw_from(rng, houses, view["house_counts"][s]) for s in range(n)
        ]
    removed_houses = draw_from(rng, houses, removed)
    deck = None
    if buying:  # the deck: every house dealt so far (held or on the table), then the rest
        held = [h for hand in hands for h in hand]
        deck = held + list(view["table"]) + draw_from(rng, houses, view["houses_left"])
    return hands, removed_houses, deck


def _cheques(
    view: dict[str, Any], rng: random.Random, known: dict[str, Any] | None = None
) -> tuple[list[list[int]], list[int], list[int]]:
    """(every seat's cheques, the cheques removed unseen, the cheque deck): others' cheques are
    the past cheques the viewer did not win (the log's, if given); the unseen ones are dealt to
    the deck and removals."""
    seat, n = view["viewer"], view["players"]
    buying = view["phase"] == "buy"
    past = Counter(view["past_cheques"])
    others = list((past - Counter(view["cheques"][seat])).elements())
    rng.shuffle(others)
    cheques = [
        list(view["cheques"][seat])
        if s == seat
        else list(known["cheques"][s])
        if known is not None
        else draw_from(rng, others, view["cheque_counts"][s])
        for s in range(n)
    ]
    unseen = list((Counter(CHEQUES) - past - Counter(view["table"] if not buying else [])).elements())
    rng.shuffle(unseen)
    rest = draw_from(rng, unseen, view["cheques_left"])
    removed = draw_from(rng, unseen, len(unseen))
    deck = rest if buying else sorted(view["past_cheques"]) + list(view["table"]) + rest
    return cheques, removed, deck


def hidden_coins(view: dict[str, Any], rng: random.Random) -> list[int]:
    """Each seat's coins behind its screen as the view shows them (FS-B10). A table that hides
    rivals' coins shows None for them; the view alone does not say how many they paid, so each
    hidden count is dealt uniformly from 0 to the start coins less the seat's bid on the table."""
    return [
        coins if coins is not None else rng.randint(0, max(0, view["start_coins"] - view["bids"][s]))
        for s, coins in enumerate(view["coins"])
    ]


def _restore(game: ForSale, view: dict[str, Any], dealt: dict[str, Any]) -> None:
    """Write the sampled state into a fresh game: the public state as the view shows it, the
    hidden as dealt. Derived attributes (current, high_bidder, box_coins) follow from these."""
    game.houses, game.cheques, game.coins = dealt["houses"], dealt["cheques"], dealt["coins"]
    if dealt["house_deck"] is not None:
        game.house_deck = dealt["house_deck"]
    game.cheque_deck = dealt["cheque_deck"]
    game._removed = dealt["removed"]
    game.phase, game.round, game.start_player = view["phase"], view["round"], view["start_player"]
    game.bids, game.passed, game.high_bid = list(view["bids"]), list(view["passed"]), view["high_bid"]
    game.table = list(view["table"])
    game._to_act = tuple(view["to_act"])
    game.sealed = None
    if dealt["chosen"] is not None:  # selling (FS-S2): the choices sealed so far
        game.sealed = SealedChoices(range(view["players"]))
        for s, house in dealt["chosen"].items():
            game.sealed.commit(s, house)


def _chosen(view: dict[str, Any], rng: random.Random, houses: list[list[int]]) -> dict[int, int]:
    """FS-S2: the houses sealed by the seats that have chosen: the viewer's as its view shows,
    the others' drawn from their sampled hands."""
    seat = view["viewer"]
    return {
        s: view["chosen"][s] if s == seat else rng.choice(houses[s])
        for s in range(view["players"])
        if s not in view["to_act"]
    }
