"""Kuhhandel's cow trade (KH-K1..K5): two players bid money cards face down for animals.

The active player challenges a player who holds the same animal (KH-K1) and puts down an
offer face down, its card count public (KH-K2). The partner accepts it, taking the cards and
handing over the animals, or counters face down (KH-K3); then the offers are swapped and the
higher one wins the animals (KH-K4). On a tie each takes back their own offer and the trade is
repeated once; a second tie gives the animals to the active player free (KH-K5).

An offer or counter is put down one card at a time (``add V``, then ``offer`` or ``counter``)
so that the legal actions stay few. ``CowTrade`` holds the running trade; the functions carry
out its steps on the game, through its public state and the methods Kuhhandel keeps for its
sub-protocols (``emit``, ``tally``, ``give_animals``, ``end_turn``), never its private attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES
from ...core.sealed import SealedChoices
from . import rules
from .i18n import _
from .narration import animal_name
from .parsing import cards_text
from .rules import ANIMAL_INDEX, MONEY_VALUES, VALUE_INDEX

if TYPE_CHECKING:
    from .game import Kuhhandel


@dataclass(slots=True)
class CowTrade:
    """The running cow trade."""

    active: int
    partner: int
    animal: str
    stake: int  # how many animals change hands (KH-K1)
    round: int = 1  # KH-K5: a tie repeats the trade once
    # This round's offer and answer: sealed choices made one after the other (the partner commits
    # "accept" or a counter-offer), then revealed together.
    sealed: SealedChoices | None = None
    offer: tuple[int, ...] | None = None  # the active player's offer, lying face down (KH-K2)
    cards_added: list[int] = field(default_factory=list)  # the offer or counter being put down
    added_counts: list[int] = field(default_factory=lambda: [0] * len(MONEY_VALUES))  # by value

    def terms(self) -> dict[str, Any]:
        """Who trades what, public from the challenge on (KH-K1): the start of what views show."""
        return {
            "active": self.active,
            "partner": self.partner,
            "animal": self.animal,
            "stake": self.stake,
            "round": self.round,
        }


def start(game: Kuhhandel, seat: int, partner: int, animal: str) -> None:
    """KH-K1: the active player challenges another who holds the same animal."""
    text = f"trade {SEAT_NAMES[partner]} {animal}" if 0 <= partner < len(SEAT_NAMES) else "trade"
    if partner == seat:
        raise IllegalAction(_("{text}: a cow trade is with another player (KH-K1)", text=text))
    if not 0 <= partner < game.players:
        raise IllegalAction(
            _("{text}: there is no seat {seat} in this game (KH-K1)", text=text, seat=SEAT_NAMES[partner])
        )
    i = ANIMAL_INDEX[animal]
    mine, theirs = game.animals[seat][i], game.animals[partner][i]
    if not rules.can_trade(mine, theirs):
        who = SEAT_NAMES[seat] if not mine else SEAT_NAMES[partner]
        raise IllegalAction(
            _(
                "{text}: {who} holds no {animal}; both must hold the animal (KH-K1)",
                text=text,
                who=who,
                animal=animal_name(animal),
            )
        )
    trade = game.trade = CowTrade(seat, partner, animal, rules.stake(mine, theirs))
    game.tally(seat, "trades_started")
    game.emit("trade", seat, {"partner": partner, "animal": animal, "stake": trade.stake, "turn": game.turn})
    _open_round(game)


def _open_round(game: Kuhhandel) -> None:
    trade = game.trade
    assert trade is not None
    trade.sealed = SealedChoices((trade.active, trade.partner))
    trade.offer = None
    game.phase = "offer"
    game.to_act = (trade.active,)  # the plain attribute: the game runs, is_over stays False


def add(game: Kuhhandel, seat: int, value: int) -> None:
    """Put one more money card face down for an offer (KH-K2) or a counter-offer (KH-K3)."""
    trade = game.trade
    assert trade is not None
    i = VALUE_INDEX[value]
    if game.money[seat][i] - trade.added_counts[i] <= 0:
        rule = "KH-K2" if game.phase == "offer" else "KH-K3"
        raise IllegalAction(
            _(
                "add {value}: {name} has no {value} card left to add ({rule})",
                value=value,
                name=SEAT_NAMES[seat],
                rule=rule,
            )
        )
    trade.cards_added.append(value)
    trade.added_counts[i] += 1
    game.emit("add", seat, {"cards": len(trade.cards_added), "part": game.phase, "private": {"money": value}})


def _cards_put_down(
    game: Kuhhandel, seat: int, cards: tuple[int, ...] | None, verb: str, rule: str
) -> tuple[int, ...]:
    """The cards of an offer or counter: those added so far, or the shorthand's list."""
    trade = game.trade
    assert trade is not None
    if cards is None:
        return tuple(sorted(trade.cards_added))
    if trade.cards_added:
        raise IllegalAction(
            _(
                "{verb} {cards}: {name} has already put {count} card(s) "
                "down; add more with 'add V' or hand them over with '{verb}' ({rule})",
                verb=verb,
                cards=cards_text(cards),
                name=SEAT_NAMES[seat],
                count=len(trade.cards_added),
                rule=rule,
            )
        )
    if not rules.holds(game.money[seat], cards):
        raise IllegalAction(
            _(
                "{verb} {cards}: {name} does not hold these cards ({rule})",
                verb=verb,
                cards=cards_text(cards),
                name=SEAT_NAMES[seat],
                rule=rule,
            )
        )
    return tuple(cards)


def _lay_down(game: Kuhhandel, seat: int, cards: tuple[int, ...]) -> None:
    """The cards leave ``seat``'s hand for the table, and nothing is being added any more."""
    trade = game.trade
    assert trade is not None
    hand = game.money[seat]
    for card in cards:
        hand[VALUE_INDEX[card]] -= 1
    trade.cards_added = []
    trade.added_counts = [0] * len(MONEY_VALUES)


def _pick_up(game: Kuhhandel, seat: int, cards: tuple[int, ...] | list[int]) -> None:
    """Cards lying on the table (an offer) go into ``seat``'s hand."""
    hand = game.money[seat]
    for card in cards:
        hand[VALUE_INDEX[card]] += 1


def offer(game: Kuhhandel, seat: int, cards: tuple[int, ...] | None) -> None:
    """KH-K2: the active player's offer lies face down; its card count is public."""
    trade = game.trade
    cards = _cards_put_down(game, seat, cards, "offer", "KH-K2")
    _lay_down(game, seat, cards)
    assert trade is not None and trade.sealed is not None
    trade.sealed.commit(seat, cards)
    trade.offer = cards
    if 0 in cards:  # padded with zeros: more cards than money
        game.tally(seat, "bluffs")
    game.emit("offer", seat, {"cards": len(cards), "private": {"money": list(cards)}})
    game.phase = "respond"  # KH-K3
    game.to_act = (trade.partner,)  # the plain attribute, as in _open_round


def accept(game: Kuhhandel, seat: int) -> None:
    """KH-K3: the partner takes the offer and hands over the animals."""
    trade = game.trade
    assert trade is not None and trade.sealed is not None
    if trade.cards_added:
        raise IllegalAction(
            _(
                "accept: {name} has begun a counter-offer ({count} card(s) down); finish it with 'counter' (KH-K3)",
                name=SEAT_NAMES[seat],
                count=len(trade.cards_added),
            )
        )
    trade.sealed.commit(seat, "accept")
    active = trade.active
    cards = trade.sealed.reveal()[active]
    _pick_up(game, seat, cards)
    game.tally(seat, "received", sum(cards))
    game.tally(active, "paid", sum(cards))
    game.emit("accept", seat, {"from": active, "cards": len(cards), "private": {"money": list(cards)}})
    game.last_trade = _last_trade(trade, "accepted", active, cards, None)
    game.give_animals(active, seat, trade.animal, trade.stake, "KH-K3")
    game.end_turn()


def counter(game: Kuhhandel, seat: int, cards: tuple[int, ...] | None) -> None:
    """KH-K3, KH-K4: the partner's counter-offer; the two offers are swapped and compared."""
    trade = game.trade
    cards = _cards_put_down(game, seat, cards, "counter", "KH-K3")
    assert trade is not None and trade.sealed is not None
    _lay_down(game, seat, cards)
    trade.sealed.commit(seat, cards)
    shown = trade.sealed.reveal()
    offered, countered = shown[trade.active], shown[seat]
    if 0 in cards:
        game.tally(seat, "bluffs")
    game.emit("counter", seat, {"cards": len(cards), "private": {"money": list(cards)}})
    _swap_and_look(game, trade.active, seat, offered, countered)
    outcome = rules.trade_outcome(offered, countered)
    if outcome == "tie":
        _tie(game, offered, countered)
    else:
        _swap(game, outcome, offered, countered)


def _swap_and_look(
    game: Kuhhandel, active: int, partner: int, offered: tuple[int, ...], countered: tuple[int, ...]
) -> None:
    """KH-K4: the two offers are swapped, and each trader looks at what they were given."""
    game.emit(
        "look", active, {"other": partner, "cards": len(countered), "private": {"money": list(countered)}}
    )
    game.emit("look", partner, {"other": active, "cards": len(offered), "private": {"money": list(offered)}})


def _tie(game: Kuhhandel, offered: tuple[int, ...], countered: tuple[int, ...]) -> None:
    """KH-K5: each takes back their own offer; the first tie repeats the trade, the second gives
    the animals to the active player free."""
    trade = game.trade
    assert trade is not None
    active, partner = trade.active, trade.partner
    _pick_up(game, active, offered)
    _pick_up(game, partner, countered)
    again = trade.round == 2
    game.last_trade = _last_trade(
        trade, "second_tie" if again else "tie", active if again else None, offered, countered
    )
    game.emit("tie", None, {"players": [active, partner], "round": trade.round})
    if not again:
        trade.round = 2
        _open_round(game)
        return
    game.give_animals(active, partner, trade.animal, trade.stake, "KH-K5")
    game.tally(active, "trades_won")
    game.tally(partner, "trades_lost")
    game.end_turn()


def _swap(game: Kuhhandel, outcome: str, offered: tuple[int, ...], countered: tuple[int, ...]) -> None:
    """KH-K4: each trader keeps the other's offer; the higher offer wins the animals."""
    trade = game.trade
    assert trade is not None
    active, partner = trade.active, trade.partner
    _pick_up(game, active, countered)
    _pick_up(game, partner, offered)
    offer_value, counter_value = sum(offered), sum(countered)
    game.tally(active, "paid", offer_value)
    game.tally(active, "received", counter_value)
    game.tally(partner, "paid", counter_value)
    game.tally(partner, "received", offer_value)
    winner, loser = (active, partner) if outcome == "active" else (partner, active)
    game.last_trade = _last_trade(trade, "won", winner, offered, countered)
    # Other players learn only who won (KH-K4).
    game.emit("trade_won", winner, {"loser": loser, "animal": trade.animal, "count": trade.stake})
    game.tally(winner, "trades_won")
    game.tally(loser, "trades_lost")
    game.give_animals(winner, loser, trade.animal, trade.stake, "KH-K4")
    game.end_turn()


def _last_trade(
    trade: CowTrade,
    outcome: str,
    winner: int | None,
    offered: tuple[int, ...],
    countered: tuple[int, ...] | None,
) -> dict[str, Any]:
    """What the view shows of the trade just ended (the two traders see the cards, KH-K4)."""
    return {
        **trade.terms(),
        "outcome": outcome,
        "winner": winner,
        "offer_count": len(offered),
        "counter_count": None if countered is None else len(countered),
        "offer": list(offered),
        "counter": None if countered is None else list(countered),
    }
