"""For Sale's components and rule arithmetic as small pure functions (rules FS-* of the rules reference, `gamekit rules`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ...auctions import half_back
from ...core.ranking import shared_ranks

# FS-C1: houses 1-30; cheques two each of 0 and 2,000 ... 15,000, 30 in all (no 1,000 cheque).
# The IELLO 2020 rules (iello-2020) settle the list; the BGA guide's "0 to 15,000 in 1,000
# steps, two each" (bga-classic) would make 32 cards, so its wording is not followed.
HOUSES: tuple[int, ...] = tuple(range(1, 31))
CHEQUES: tuple[int, ...] = tuple(sorted([0, 0] + [v * 1000 for v in range(2, 16) for _ in range(2)]))
COIN_VALUE = 1000

EDITIONS = ("iello-2020", "classic")
ROUNDINGS = ("down", "up")
COIN_COUNTS = ("hidden", "shown")  # FS-B11: how many coins another seat holds, in a view


@dataclass(frozen=True)
class EditionSetup:
    """What one edition sets up for one player count."""

    removed: int  # houses removed unseen, and as many cheques
    coins: int  # coins each player starts with


# FS-C2 (edition iello-2020, from the IELLO 2020 rules) and FS-C3 (edition classic, from the
# BGA guide, bga-classic).
_SETUPS: dict[str, dict[int, EditionSetup]] = {
    "iello-2020": {
        3: EditionSetup(0, 28),
        4: EditionSetup(2, 21),
        5: EditionSetup(0, 16),
        6: EditionSetup(0, 14),
    },
    "classic": {
        3: EditionSetup(6, 18),
        4: EditionSetup(2, 18),
        5: EditionSetup(0, 14),
        6: EditionSetup(0, 14),
    },
}


def edition_setup(edition: str, players: int) -> EditionSetup:
    """Cards removed and starting coins for an edition and player count (FS-C2, FS-C3)."""
    return _SETUPS[edition][players]


def refund(bid: int, rounding: str) -> int:
    """Coins a passing player gets back: half their bid, rounded down or up (FS-B5, FS-B6).

    Down is the default for both editions; up is a table setting the BGA guide mentions. The
    arithmetic is ``gamekit.auctions.half_back``, which the classroom's clock runs too.
    """
    return half_back(bid, rounding)


@cache
def refund_table(rounding: str, most: int) -> tuple[int, ...]:
    """``refund(bid, rounding)`` for every bid from 0 to ``most``, looked up in the step loop."""
    return tuple(refund(bid, rounding) for bid in range(most + 1))


def match_houses_to_cheques(played: Mapping[int, int], cheques: Sequence[int]) -> dict[int, int]:
    """Seat → cheque: the highest house takes the highest cheque, and so on down (FS-S3)."""
    seats = sorted(played, key=played.__getitem__, reverse=True)
    return dict(zip(seats, sorted(cheques, reverse=True), strict=True))


def score(cheques: Sequence[int], coins: int) -> int:
    """Final money: the cheques plus 1,000 per coin left (FS-E1)."""
    return sum(cheques) + COIN_VALUE * coins


def ranks(scores: Sequence[int], coins: Sequence[int]) -> list[int]:
    """Most money first; ties broken by coins left; still tied → shared place (FS-E2)."""
    return shared_ranks(list(zip(scores, coins, strict=True)))


_PRINTED = {c: f"{c:,}" for c in CHEQUES}


def money(amount: int) -> str:
    """A cheque or score as printed: 13000 → '13,000'."""
    printed = _PRINTED.get(amount)
    return printed if printed is not None else f"{amount:,}"
