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


class Numbering:
    """Bohnanza's numbering for a player count (the partners of ``offer``)."""

    def __init__(self, probe: Game) -> None:
        self.offer_base = len(FIXED)
        self.give_base = self.offer_base + probe.players - 1
        self.size = self.give_base + DECK_SIZE

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
        v.one_hot("phase", ("plant", "trade", "plant-traded", "draw", "over").index(view["phase"]), 5)
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
    r"seat\d+_field\d+_count": "seat k after me, its field f: beans in it / 20",
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
