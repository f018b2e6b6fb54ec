"""Kuhhandel's components and rule arithmetic as small pure functions (rules KH-* of the rules reference, `gamekit rules`).

Money in a hand is kept as counts per denomination, in the order of
``MONEY_VALUES`` (0, 10, 50, 100, 200, 500): ``[2, 4, 1, 0, 0, 0]`` is the
starting hand of KH-C2. A payment or an offer is a tuple of card values in
ascending order, e.g. ``(10, 10, 50)``.

The open auction's bidding order and closing rule are the shared ones of
``gamekit.auctions``; the no-change payment helpers (``payment_options``,
``payment_problem``) do not depend on animals either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ...core.ranking import shared_ranks
from .i18n import _

# KH-C1: ten animals, four cards each; the value is that of a completed set of four. The rules
# guide (kuhhandel-guide) names no animals and no values: these are the published cards.
ANIMALS: tuple[str, ...] = (
    "rooster",
    "goose",
    "cat",
    "dog",
    "sheep",
    "goat",
    "donkey",
    "pig",
    "cow",
    "horse",
)
ANIMAL_VALUES: dict[str, int] = {
    "rooster": 10,
    "goose": 40,
    "cat": 90,
    "dog": 160,
    "sheep": 250,
    "goat": 350,
    "donkey": 500,
    "pig": 650,
    "cow": 800,
    "horse": 1000,
}
ANIMAL_INDEX: dict[str, int] = {a: i for i, a in enumerate(ANIMALS)}
CARDS_PER_ANIMAL = 4
DONKEY = "donkey"

# KH-C2: money cards; each player starts with 2x0, 4x10, 1x50. The rules guide (kuhhandel-guide)
# does not count the bank's cards; these are the published 55 cards, which hold exactly the 5-player donkey payouts.
MONEY_VALUES: tuple[int, ...] = (0, 10, 50, 100, 200, 500)
VALUE_INDEX: dict[int, int] = {v: i for i, v in enumerate(MONEY_VALUES)}
START_MONEY: tuple[int, ...] = (2, 4, 1, 0, 0, 0)
MONEY_SUPPLY: tuple[int, ...] = (10, 20, 10, 5, 5, 5)

# KH-A2: what every player receives from the bank when the 1st, 2nd, 3rd, 4th donkey is turned up.
DONKEY_PAYOUTS: tuple[int, ...] = (50, 100, 200, 500)
BID_STEP = 10  # KH-A3: bids are multiples of 10 (our reading: the guide lets bidders call freely)


# ------------------------------------------------------------------ money
def money_total(counts: Sequence[int]) -> int:
    """The value of a hand kept as counts per denomination."""
    _, c10, c50, c100, c200, c500 = counts  # written out: the engines call this on every bid
    return 10 * c10 + 50 * c50 + 100 * c100 + 200 * c200 + 500 * c500


def cards_of(counts: Sequence[int]) -> list[int]:
    """The card values of a hand, ascending: ``[2, 1, 0, 0, 0, 0]`` → ``[0, 0, 10]``."""
    # Written out for the six denominations of MONEY_VALUES (the unpacking refuses any other
    # length): every over-bid's event shows the bidder's cards, so this runs often.
    c0, c10, c50, c100, c200, c500 = counts
    cards = [0] * c0
    if c10:  # each denomination only when held: most hands lack most of them
        cards += [10] * c10
    if c50:
        cards += [50] * c50
    if c100:
        cards += [100] * c100
    if c200:
        cards += [200] * c200
    if c500:
        cards += [500] * c500
    return cards


def counts_of(cards: Iterable[int]) -> list[int]:
    """Counts per denomination of a list of card values (each must be a money card)."""
    counts = [0] * len(MONEY_VALUES)
    for card in cards:
        counts[VALUE_INDEX[card]] += 1
    return counts


def holds(counts: Sequence[int], cards: Iterable[int]) -> bool:
    """Whether a hand holds all of ``cards`` (a multiset of values)."""
    wanted = counts_of(cards)
    return all(w <= c for w, c in zip(wanted, counts, strict=True))


def money_in_play(players: int, donkeys_seen: int) -> int:
    """All the money the players hold between them: the starting hands plus the donkey payouts (KH-E3)."""
    return players * (money_total(START_MONEY) + sum(DONKEY_PAYOUTS[:donkeys_seen]))


def donkey_payout(nth: int) -> int:
    """The card every player gets from the bank when the ``nth`` donkey (1-4) is turned up (KH-A2)."""
    return DONKEY_PAYOUTS[nth - 1]


def _reach(counts: Sequence[int]) -> list[int]:
    """``reach[i]``: what the cards of denominations 0..i are worth together (for pruning)."""
    reach, total = [], 0
    for c, v in zip(counts, MONEY_VALUES):  # noqa: B905 (six each; a keyword slows the call)
        total += c * v
        reach.append(total)
    return reach


def exact_payments(counts: Sequence[int], price: int) -> list[tuple[int, ...]]:
    """Every way to pay exactly ``price`` from a hand, without 0 cards (they add nothing) (KH-A6)."""
    found: list[tuple[int, ...]] = []
    reach = _reach(counts)

    def rec(i: int, rest: int, chosen: tuple[int, ...]) -> None:
        if rest == 0:
            found.append(chosen)
            return
        if i == 0 or reach[i] < rest:  # the smaller cards cannot make up the rest
            return
        value = MONEY_VALUES[i]
        for k in range(min(counts[i], rest // value), -1, -1):
            rec(i - 1, rest - k * value, (value,) * k + chosen)

    rec(len(MONEY_VALUES) - 1, price, ())
    return found


def minimal_overpayments(counts: Sequence[int], price: int) -> list[tuple[int, ...]]:
    """Every set of cards worth at least ``price`` from which no card could be left out (KH-A6).

    Built from the highest denomination down: as soon as the cards chosen reach
    the price, no smaller card is added (it could be left out), and the last
    card added is the smallest, so leaving it out must fall below the price.
    """
    found: list[tuple[int, ...]] = []
    reach = _reach(counts)

    def rec(i: int, total: int, chosen: tuple[int, ...]) -> None:
        if i == 0 or total + reach[i] < price:
            return
        value = MONEY_VALUES[i]
        rec(i - 1, total, chosen)  # none of this denomination
        for k in range(1, counts[i] + 1):
            if total + k * value >= price:
                found.append((value,) * k + chosen)
                return
            rec(i - 1, total + k * value, (value,) * k + chosen)

    rec(len(MONEY_VALUES) - 1, 0, ())
    return found


def payment_options(counts: Sequence[int], price: int) -> list[tuple[int, ...]]:
    """The sensible ways to pay ``price`` with no change given (KH-A6), cheapest first.

    Exactly the price when the cards allow it; otherwise every set worth more
    from which no card could be left out; [] when the hand is worth less.
    """
    options = exact_payments(counts, price)
    if not options and money_total(counts) >= price:
        options = minimal_overpayments(counts, price)
    return sorted(options, key=lambda cards: (sum(cards), len(cards), cards))


def can_pay_exactly(counts: Sequence[int], price: int) -> bool:
    """Whether some of the cards add up to exactly ``price`` (KH-A6)."""
    reach = _reach(counts)

    def rec(i: int, rest: int) -> bool:
        if rest == 0:
            return True
        if i == 0 or reach[i] < rest:
            return False
        value = MONEY_VALUES[i]
        return any(rec(i - 1, rest - k * value) for k in range(min(counts[i], rest // value), -1, -1))

    return rec(len(MONEY_VALUES) - 1, price)


def payment_problem(counts: Sequence[int], cards: Sequence[int], price: int) -> str | None:
    """Why handing over ``cards`` for ``price`` breaks KH-A6, or None if it is a sensible payment."""
    listed = ",".join(map(str, cards)) or _("nothing")
    if not holds(counts, cards):
        return _("the payer does not hold the cards {listed}", listed=listed)
    paid = sum(cards)
    if paid < price:
        return _("{listed} makes {paid}, less than the price {price}", listed=listed, paid=paid, price=price)
    if 0 in cards:
        return _("a 0 card adds nothing to a payment, so it is left out")
    if paid > price:
        if can_pay_exactly(counts, price):
            return _(
                "{listed} makes {paid}; the payer's cards can make exactly {price}, and no change is given",
                listed=listed,
                paid=paid,
                price=price,
            )
        if paid - min(cards) >= price:
            return _(
                "{listed} makes {paid}: the {card} could be left out and {price} would still be paid",
                listed=listed,
                paid=paid,
                card=min(cards),
                price=price,
            )
    return None


# ---------------------------------------------------------------- auction
def bid_cap(money_in_play: int) -> int:
    """The highest bid allowed: all the money in play, in steps of 10 (KH-A3)."""
    return money_in_play - money_in_play % BID_STEP


def over_bid(counts: Sequence[int], bid: int) -> bool:
    """Whether a closing high bid is more than the bidder's money: a mistake KH-A7 punishes."""
    return bid > money_total(counts)


# -------------------------------------------------------------- cow trade
def can_trade(mine: int, theirs: int) -> bool:
    """Whether two players may trade an animal they hold ``mine`` and ``theirs`` of (KH-K1).

    Both must hold the animal; a completed set of four leaves the other with none.
    """
    return mine > 0 and theirs > 0


def stake(mine: int, theirs: int) -> int:
    """How many animal cards a cow trade is for: two when both hold two, else one (KH-K1)."""
    return 2 if mine == 2 and theirs == 2 else 1


def trade_outcome(offer: Sequence[int], counter: Sequence[int]) -> str:
    """Who takes the animals after the swap: ``"active"``, ``"partner"`` or ``"tie"`` (KH-K4, KH-K5)."""
    a, b = sum(offer), sum(counter)
    return "active" if a > b else "partner" if b > a else "tie"


# ---------------------------------------------------------------- scoring
def completed_sets(animals: Mapping[str, int]) -> list[str]:
    """The animals a player holds all four of (KH-E1)."""
    return [a for a in ANIMALS if animals.get(a, 0) == CARDS_PER_ANIMAL]


def score(animals: Mapping[str, int]) -> int:
    """Sum of the completed sets' values times their number; money does not count (KH-E2)."""
    sets = completed_sets(animals)
    return sum(ANIMAL_VALUES[a] for a in sets) * len(sets)


def ranks(scores: Sequence[int]) -> list[int]:
    """Highest score first; the rules guide (kuhhandel-guide) gives no tie-break, so ties share the place (KH-E2)."""
    return shared_ranks(scores)


def game_complete(held: Sequence[Sequence[int]]) -> bool:
    """Whether every animal is a completed set of four in one player's hands (KH-E1).

    ``held[seat][animal index]`` is how many cards of that animal the seat holds.
    """
    # Asked after every turn once the deck is empty: each animal's column of counts (one per
    # seat, from zip) is searched in C, in a plain loop (a generator would be a call of its own).
    if not held:
        return False
    for column in zip(*held):  # noqa: B905, SIM110 (no strict=: any keyword sends zip down a slower path)
        if CARDS_PER_ANIMAL not in column:
            return False
    return True
