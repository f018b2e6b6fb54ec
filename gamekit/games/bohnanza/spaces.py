"""Bohnanza's fixed action numbers and observation encoder for the RL adapters (``gamekit.rl.spaces``).

Actions: 0..8 ``plant stop draw propose cancel accept reject end-trading buy-field``,
9..11 ``plant F``, 12..19 ``plant BEAN``, 20..43 ``plant BEAN F``, 44..46 ``harvest F``,
47..54 ``ask BEAN``, 55..62 ``give BEAN`` (a turned-up card), then ``offer P`` by the partner's
place after the acting seat (next seat first, players - 1 of them), then ``give BEAN#K`` by
hand position K (1..104; the bean is the one at K in the seat's own hand). The any-time actions
(``harvest F``, ``buy-field``, BO-H1/H3) are in the numbering like the rest.
Pure Python: the adapters bring numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.game import SEAT_NAMES, Game
from .rules import BEANS, DECK_SIZE, MAX_FIELDS

WORDS = ("plant", "stop", "draw", "propose", "cancel", "accept", "reject", "end-trading", "buy-field")
FIXED = (
    *WORDS,
    *(f"plant {f}" for f in range(1, MAX_FIELDS + 1)),
    *(f"plant {b}" for b in BEANS),
    *(f"plant {b} {f}" for b in BEANS for f in range(1, MAX_FIELDS + 1)),
    *(f"harvest {f}" for f in range(1, MAX_FIELDS + 1)),
    *(f"ask {b}" for b in BEANS),
    *(f"give {b}" for b in BEANS),
)
HAND_SHOWN = 12  # the front hand cards encoded one by one (the rest by counts)
PHASES = ("plant", "trade", "plant-traded", "draw", "over")
_PHASE_AT = {p: i for i, p in enumerate(PHASES)}
_BEAN_AT = {b: i for i, b in enumerate(BEANS)}
_KINDS = len(BEANS)
_SEAT_PART = MAX_FIELDS * (_KINDS + 1) + 1 + _KINDS  # a seat's fields, third field and received


def _sums(scale: int) -> list[float]:
    """``counts``' sums of k cards at 1/scale each, added one by one as the vector builder adds
    them (0.1 + 0.1 + 0.1 is not 3 * 0.1), for k up to the whole deck."""
    sums, step = [0.0], 1.0 / scale
    for _ in range(DECK_SIZE):
        sums.append(sums[-1] + step)
    return sums


_BY_2, _BY_3, _BY_5, _BY_10, _BY_20 = (_sums(k) for k in (2, 3, 5, 10, 20))


class Numbering:
    """Bohnanza's numbering for a player count (the partners of ``offer``)."""

    def __init__(self, probe: Game) -> None:
        self.offer_base = len(FIXED)
        self.give_base = self.offer_base + probe.players - 1
        self.size = self.give_base + DECK_SIZE
        n = self._players = probe.players
        self._orders = [[(seat + k) % n for k in range(n)] for seat in range(n)]  # by_seat's order
        # ``values``' zeros: ``encode``'s fixed parts (157 floats) and its parts by seat
        self._zeros = [0.0] * (157 + (5 + _SEAT_PART) * n)

    def index(self, game: Game, seat: int, text: str) -> int:
        word, _, rest = text.partition(" ")
        if text in WORDS:
            return WORDS.index(text)
        args = rest.split()
        if word == "plant":
            if len(args) == 1 and args[0].isdigit():
                return 9 + int(args[0]) - 1
            if len(args) == 1:
                return 12 + BEANS.index(args[0])
            return 20 + BEANS.index(args[0]) * MAX_FIELDS + int(args[1]) - 1
        if word == "harvest":
            return 44 + int(rest) - 1
        if word == "ask":
            return 47 + BEANS.index(rest)
        if word == "offer":
            return self.offer_base + (SEAT_NAMES.index(rest) - seat) % game.players - 1
        bean, _, k = rest.partition("#")
        return self.give_base + int(k) - 1 if k else 55 + BEANS.index(bean)

    def fixed_index(self, text: str) -> bool:
        """Whether ``index`` of ``text`` is the same in every state for a seat (the adapters keep
        it): always (an offer's place depends on the seat and the player count only)."""
        return True

    def label(self, index: int) -> str:
        if index < len(FIXED):
            return FIXED[index]
        if index < self.give_base:
            return f"offer to the seat {index - self.offer_base + 1} after me"
        return f"give hand card #{index - self.give_base + 1}"

    def encode(self, v: Any, view: dict[str, Any], paying: Sequence[int]) -> None:
        me = v.seat
        v.one_hot("phase", PHASES.index(view["phase"]), len(PHASES))
        v.add("turn", [min(view["turn"] / 100, 1.0)])
        v.seat_hot("active", view["active"])
        v.seat_mask("to_act", view["to_act"])
        hand = view["hands"][me]
        for k in range(HAND_SHOWN):  # hand order matters (BO-C2): the front cards one by one
            v.one_hot(f"hand_{k + 1}", BEANS.index(hand[k]) if k < len(hand) else None, len(BEANS))
        v.counts("hand_beans", hand, BEANS, 10)
        v.by_seat("hand_sizes", view["hand_sizes"], 20)
        v.by_seat("coins", view["coins"], 20)
        _encode_fields(v, view)
        v.add(
            "piles",
            [view["deck_size"] / DECK_SIZE, view["discard_size"] / DECK_SIZE, view["exhaustions"] / 3],
        )
        v.add("planted", [view["planted"] / 2])
        left = view["proposals_left"]
        v.add("proposals_left", [1.0 if left is None else min(left / 3, 1.0)])
        v.counts("trading_area", view["trading_area"], BEANS, 2)
        v.counts("discard", view["discard"], BEANS, 20)
        proposal = view["proposal"] or {}
        v.add("proposal", [float(bool(proposal)), float(bool(proposal.get("made")))])
        v.seat_hot("proposal_partner", proposal.get("partner"))
        v.counts("proposal_give", proposal.get("give"), BEANS, 3)
        v.counts("proposal_ask", proposal.get("ask"), BEANS, 3)
        picks = [p.partition("#")[0] for p in proposal.get("picks") or ()]
        v.counts("proposal_my_picks", picks, BEANS, 3)

    def values(self, game: Any, seat: int, paying: Sequence[int]) -> list[float]:
        """``encode`` of ``view(seat)`` as a list of floats, read straight from the game (no view
        dict, no vector builder): what the seat's view shows and nothing else, part for part in
        ``encode``'s order with the same arithmetic (a property test holds the two equal)."""
        n = game.players
        if n != self._players:
            return []  # not these spaces' game: ``Spaces.observe`` refuses it by its length
        order, bean_at = self._orders[seat], _BEAN_AT
        out = self._zeros[:]
        out[_PHASE_AT[game.phase]] = 1.0  # phase
        out[5] = min(game.turn / 100, 1.0)  # turn
        out[6 + (game.active - seat) % n] = 1.0  # active
        at = 6 + n
        for s in game.to_act:  # to_act
            out[at + (s - seat) % n] = 1.0
        at += n
        hand = game.hands[seat]  # BO-C2: my hand only, front first
        for k, bean in enumerate(hand[:HAND_SHOWN]):  # hand_1 .. hand_12
            out[at + k * _KINDS + bean_at[bean]] = 1.0
        at += HAND_SHOWN * _KINDS
        if hand:  # hand_beans
            out[at : at + _KINDS] = [_BY_10[hand.count(b)] for b in BEANS]
        at += _KINDS
        hands, coins = game.hands, game.coins
        out[at : at + n] = [len(hands[s]) / 20 for s in order]  # hand_sizes (public)
        at += n
        out[at : at + n] = [len(coins[s]) / 20 for s in order]  # coins
        at += n
        fields_of, received = game.fields, game.received
        for s in order:  # seat k's fields, third field, beans received (all public)
            fields = fields_of[s]
            for field in fields:
                if field:
                    out[at + bean_at[field[0]]] = 1.0
                    out[at + _KINDS] = field[1] / 10
                at += _KINDS + 1
            at += (MAX_FIELDS - len(fields)) * (_KINDS + 1)
            if len(fields) == MAX_FIELDS:
                out[at] = 1.0
            mine = received[s]
            if mine:
                out[at + 1 : at + 1 + _KINDS] = [_BY_5[mine.count(b)] for b in BEANS]
            at += 1 + _KINDS
        discard = game.discard
        out[at] = len(game.deck) / DECK_SIZE  # piles: the deck's size only
        out[at + 1] = len(discard) / DECK_SIZE
        out[at + 2] = game.exhaustions / 3
        out[at + 3] = game.planted / 2
        left = game.proposals_left
        out[at + 4] = 1.0 if left is None else min(left / 3, 1.0)
        at += 5
        area = game.trading_area
        if area:  # trading_area
            out[at : at + _KINDS] = [_BY_2[area.count(b)] for b in BEANS]
        at += _KINDS
        if discard:
            out[at : at + _KINDS] = [_BY_20[discard.count(b)] for b in BEANS]
        at += _KINDS
        proposal = game.proposal
        if proposal is not None:
            made = proposal.made
            out[at] = 1.0  # proposal
            out[at + 1] = float(bool(made))
            out[at + 2 + (proposal.partner - seat) % n] = 1.0  # proposal_partner (public)
            at += 2 + n
            if made or seat == game.active:  # BO-T4: the draft is the active player's own
                for bean, _k in proposal.give:  # proposal_give
                    out[at + bean_at[bean]] += 1.0 / 3
                for bean in proposal.ask:  # proposal_ask
                    out[at + _KINDS + bean_at[bean]] += 1.0 / 3
            at += 2 * _KINDS
            if seat == proposal.partner:  # proposal_my_picks: the partner's own
                for bean, _k in proposal.picks:
                    out[at + bean_at[bean]] += 1.0 / 3
        return out


def _encode_fields(v: Any, view: dict[str, Any]) -> None:
    """Every seat's fields (viewer first), its third field and the beans it received."""
    me, n = v.seat, v.players
    for place, s in enumerate((me + k) % n for k in range(n)):
        fields = view["fields"][s]
        for f in range(MAX_FIELDS):
            field = fields[f] if f < len(fields) else None
            v.one_hot(
                f"seat{place}_field{f + 1}_bean", None if field is None else BEANS.index(field[0]), len(BEANS)
            )
            v.add(f"seat{place}_field{f + 1}_count", [0.0 if field is None else field[1] / 10])
        v.add(f"seat{place}_third_field", [float(len(fields) == MAX_FIELDS)])
        v.counts(f"seat{place}_received", view["received"][s], BEANS, 5)


# What each part of the observation means (a regular expression matching the part's whole
# name → its meaning): ``data/rl/ENCODINGS.md`` (``gamekit.rl.encodings``) is written from it.
MEANINGS: dict[str, str] = {
    "phase": "one-hot: plant, trade, plant-traded, draw, over",
    "turn": "min(turn / 100, 1)",
    "active": "seat one-hot: whose turn it is",
    "to_act": "seat mask: whose decision is awaited",
    r"hand_\d+": "one-hot of the bean of my k-th hand card from the front (order matters, BO-C2)",
    "hand_beans": "counts / 10 of my hand's beans by kind (blue, chili, stink, green, soy, black-eyed, red, garden: every bean part)",
    "hand_sizes": "by seat: hand size / 20",
    "coins": "by seat: thaler / 20",
    r"seat\d+_field\d+_bean": "seat k after me (0: me), its field f: one-hot of the bean planted there",
    r"seat\d+_field\d+_count": "seat k after me, its field f: beans in it / 10",
    r"seat\d+_third_field": "seat k after me: 1 if it has bought its third field",
    r"seat\d+_received": "seat k after me: counts of the beans it received in trade, to plant",
    "piles": "deck size / deck, discard size / deck, deck exhaustions / 3",
    "planted": "cards planted from hand this turn / 2",
    "proposals_left": "proposals left this turn / 3 (at most 1; 1 without a limit)",
    "trading_area": "counts / 2 of the turned-up cards by bean",
    "discard": "counts / 20 of the discard pile by bean",
    "proposal": "1 if a proposal is open, 1 if it has been made",
    "proposal_partner": "seat one-hot: the proposal's partner",
    "proposal_give|proposal_ask": "counts / 3 of the beans given (asked) by the proposal",
    "proposal_my_picks": "counts / 3 of the beans I picked for it",
}
