"""Setting up a Bohnanza game: reading the stacked cards, dealing, and the declared bound on decisions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.chance import without
from ...core.errors import ConfigError
from ...core.quoting import quote
from ...core.stacking import stacked_pile
from . import rules
from .i18n import _


def read_stack(stack: Mapping[str, Any], players: int) -> tuple[list[list[str]], list[str]]:
    """The stacked hands (front first, per seat) and deck top, checked against BO-C1/BO-C2."""
    n = players
    hands = stack.get("hands")
    deck = stack.get("deck")
    if hands is None:
        hands = []
    if not isinstance(hands, list | tuple) or len(hands) > n:
        raise ConfigError(
            _(
                "stack hands must be a list of at most {n} hands (front first, one per seat), not {hands}",
                n=n,
                hands=quote(hands),
            )
        )
    hands = [[] if h is None else h for h in hands]
    hands += [[] for _ in range(n - len(hands))]
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list | tuple) or len(hand) > rules.HAND_SIZE:
            raise ConfigError(
                _(
                    "stack hands: seat {seat}'s hand must be a list of at most {hand_size} beans, not {hand} (BO-C2)",
                    seat=seat,
                    hand_size=rules.HAND_SIZE,
                    hand=quote(hand),
                )
            )
    if deck is None:
        deck = []
    if not isinstance(deck, list | tuple):
        raise ConfigError(_("stack deck must be a list of beans, top first, not {deck}", deck=quote(deck)))
    # The hands and the deck together hold no bean more often than the deck has it (so at most
    # its 104 cards).
    cards = [c for h in hands for c in h] + list(deck)
    stacked_pile("hands and deck", cards, rules.BEAN_COUNTS, what="beans", noun="bean", rule="BO-C1")
    return [list(h) for h in hands], list(deck)


def unstacked(pile: Sequence[str], stacked_hands: list[list[str]], stacked_deck: list[str]) -> list[str]:
    """The shuffled ``pile`` without the stacked cards, one card of a bean per stacked card."""
    return without(pile, [*(c for hand in stacked_hands for c in hand), *stacked_deck])


def dealer_and_first(first: int | None, rng: random.Random, players: int) -> tuple[int, int]:
    """The dealer and the first player, on the dealer's left (BO-C4): the stacked ``first_player``,
    or else a dealer drawn from the seed."""
    if first is None:
        dealer = rng.randrange(players)
        return dealer, (dealer + 1) % players
    return (first - 1) % players, first


def deal(
    first: int, stacked_hands: list[list[str]], stacked_deck: list[str], rest: list[str]
) -> tuple[list[list[str]], list[str]]:
    """(hands front first, deck with its top card last): BO-C2, dealt one at a time from the
    dealer's left, each card behind the ones before, stacked cards where they are stacked."""
    n = len(stacked_hands)
    hands: list[list[str]] = [[] for _ in range(n)]
    top = 0
    for r in range(rules.HAND_SIZE):
        for i in range(n):
            seat = (first + i) % n
            if r < len(stacked_hands[seat]):
                hands[seat].append(stacked_hands[seat][r])
            else:
                hands[seat].append(rest[top])
                top += 1
    deck_top_first = list(stacked_deck) + rest[top:]
    return hands, deck_top_first[::-1]  # the top card is the last: drawing pops it


def decision_bound(players: int, max_decisions: int, proposals_per_turn: int | None) -> int:
    """A true upper bound on decisions; see ``Bohnanza.max_decisions``."""
    n = players
    draws = rules.DECK_SIZE - rules.HAND_SIZE * n + (rules.LAST_EXHAUSTION - 1) * rules.DECK_SIZE
    turns = draws // (rules.TURN_UP + rules.DRAW) + 1
    plantings = draws + rules.HAND_SIZE * n
    limit = max_decisions
    proposals = proposals_per_turn
    if proposals is None:  # BO-T4: no bound on trading but the safety limit
        return limit
    # One proposal: offer, gives (turned-up + the giver's hand), asks and the partner's picks
    # (at most the partner's hand each; both hands together hold at most the deck), propose, answer.
    per_proposal = 3 + rules.TURN_UP + 2 * rules.DECK_SIZE
    per_turn = 3 + proposals * per_proposal  # stop, end-trading, draw
    # Harvests <= plantings; one field bought each.
    return min(limit, turns * per_turn + 2 * plantings + n)
