"""Money Monsoon's fixed action numbers and observation encoder for the RL adapters (``gamekit.rl.spaces``).

Actions: ``N`` bid N for N < 500; from 500 points the engine writes a bid in steps (MM-A2):
``600 + k`` picks the k-th of the listed ranges (``bid 200-299``; at most 100), then
``500 + N % 100`` the bid N of a range of 100 at or above 500 (bids below 500 keep index N);
``700 + k`` the k-th of the 56 moves (``MOVES``: one pawn 1..8 either way, the splits of a 7),
and ``756`` the auctioneer's ``sit out`` (MM-A2). Bids have no upper bound (points grow), which
is why the large ones are numbered by their last two digits within the range chosen.
Pure Python: the adapters bring numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.game import Game
from . import bidding
from .rules import BID_LIST_LIMIT, DIE_FACES

RANGES = 100  # MM-A2: at most 100 ranges to choose from
_PHASE_AT = {"bid": 0, "move": 1, "over": 2}
RANGE_BASE, MOVE_BASE = 600, 700


def _moves() -> tuple[str, ...]:
    """Every move text a die can call for (MM-M1, MM-M4), in a fixed order."""
    moves = [
        f"move {pawn}{'+' if signed > 0 else '-'}{abs(signed)}"
        for steps in range(1, DIE_FACES + 1)
        for pawn in "ab"
        for signed in (steps, -steps)
    ]
    moves += [
        f"move a{a:+d} b{b:+d}"
        for share in range(1, 7)
        for a in (share, -share)
        for b in (7 - share, share - 7)
    ]
    return tuple(moves)


MOVES = _moves()
SIT_OUT = MOVE_BASE + len(MOVES)  # the last index: the auctioneer's sit out


_BIDS = bidding.BIDS  # bid N, N = 0..3999 (the engine's own actions, listed as they are)
_NUMBERED: dict[tuple[int, bool], dict[int, Any]] = {}  # (bids listed, sit out listed) → index → action
_KEEP = 128  # lists kept in ``_NUMBERED`` at most (a few MB if every count were kept)


class Numbering:
    """Money Monsoon's numbering (the same for every player count) and its track's length."""

    size = SIT_OUT + 1

    def __init__(self, probe: Game) -> None:
        self.track = probe.view()["track_length"]
        n = self._players = probe.players
        self._orders = [[(seat + k) % n for k in range(n)] for seat in range(n)]  # by_seat's order
        # ``values``' zeros: the parts of ``encode`` in order (16 seat-long parts, 3 by space)
        self._zeros = [0.0] * (3 + 1 + DIE_FACES + 1 + 16 * n + 4 + 2 + 3 * (self.track + 1))

    def index(self, game: Game, seat: int, text: str) -> int:
        word, _, rest = text.partition(" ")
        if word == "move":
            return MOVE_BASE + MOVES.index(text)
        if text == "sit out":
            return SIT_OUT
        if "-" in rest:
            ranges = [str(a) for a in game.legal_actions(seat) if a.kind == "bid-range"]
            return RANGE_BASE + ranges.index(text)
        amount = int(rest)
        return amount if amount < BID_LIST_LIMIT else BID_LIST_LIMIT + amount % 100

    def numbered(self, legal: list[Any]) -> dict[int, Any] | None:
        """The legal actions by index when they are every bid from 0 at once (below 500: bid N
        is index N), the auctioneer's sit out perhaps last (MM-A2), made by arithmetic and kept
        per count; None for any other list (numbered one by one)."""
        count = len(legal)
        if count < 2 or legal[0] is not _BIDS[0]:
            return None
        sit = legal[-1] is bidding.SIT_OUT
        bids = count - 1 if sit else count
        if bids > BID_LIST_LIMIT or legal[bids - 1] is not _BIDS[bids - 1]:
            return None
        if legal[:bids] != _BIDS[:bids]:  # a C loop over the same objects: every bid 0..bids-1
            return None
        made = _NUMBERED.get((bids, sit))
        if made is None:
            made = dict(zip(range(bids), _BIDS[:bids], strict=True))
            if sit:
                made[SIT_OUT] = bidding.SIT_OUT
            if len(_NUMBERED) >= _KEEP:
                _NUMBERED.clear()
            _NUMBERED[(bids, sit)] = made
        return dict(made)

    def fixed_index(self, text: str) -> bool:
        """Whether ``index`` of ``text`` is the same in every state (the adapters keep it): all
        but a bid range's, which is its place among the ranges listed now."""
        return not (text.startswith("bid ") and "-" in text)

    def label(self, index: int) -> str:
        if index < BID_LIST_LIMIT:
            return f"bid {index}"
        if index < RANGE_BASE:
            return f"bid of 500 or more ending in {index - BID_LIST_LIMIT:02d}"
        if index < MOVE_BASE:
            return f"bid range number {index - RANGE_BASE} of those listed (from 0)"
        if index == SIT_OUT:
            return "sit out"
        return MOVES[index - MOVE_BASE]

    def encode(self, v: Any, view: dict[str, Any], paying: Sequence[int]) -> None:
        n, thousand = v.players, 1000.0
        v.one_hot("phase", ("bid", "move", "over").index(view["phase"]), 3)
        v.add("turn", [view["turn"] / (view["max_turns"] or 1000)])
        v.one_hot("roll", None if view["roll"] is None else view["roll"] - 1, DIE_FACES)
        v.add("steps", [(view["steps"] or 0) / DIE_FACES])
        for key in ("start_player", "active", "winner", "payee", "mover", "free_mover"):
            v.seat_hot(key, view[key])
        v.seat_mask("to_act", view["to_act"])
        for key in ("points", "debt", "borrowed", "repaid"):
            v.by_seat(key, view[key], thousand)
        v.by_seat("pawn_a", [p[0] for p in view["pawns"]], self.track)
        v.by_seat("pawn_b", [p[1] for p in view["pawns"]], self.track)
        bids = view["bids"] or [None] * n
        v.by_seat("bids", bids, thousand)
        v.by_seat("bid_known", [b is not None for b in bids])
        v.by_seat("bonuses", view["bonuses"] or [0] * n, thousand)
        v.add(
            "bank_price_rebids_free",
            [
                view["bank"] / thousand,
                (view["price"] or 0) / thousand,
                view["rebids"] / 3,
                float(view["free_move"]),
            ],
        )
        self._encode_pawns(v, view)

    def values(self, game: Any, seat: int, paying: Sequence[int]) -> list[float]:
        """``encode`` of ``view(seat)`` as a list of floats, read straight from the game (no view
        dict, no vector builder): what the seat's view shows and nothing else (MM-A2: others'
        sealed bids and bid ranges hidden), part for part in ``encode``'s order with the same
        arithmetic (a property test holds the two equal)."""
        n, track, thousand = game.players, self.track, 1000.0
        if n != self._players:
            return []  # not these spaces' game: ``Spaces.observe`` refuses it by its length
        order = self._orders[seat]
        out = self._zeros[:]
        phase = game.phase
        out[_PHASE_AT[phase]] = 1.0
        out[3] = game.turn / (game.max_turns or 1000)
        roll = game.roll
        if roll is not None:
            out[4 + roll - 1] = 1.0
        out[4 + DIE_FACES] = (game.steps or 0) / DIE_FACES
        at = 5 + DIE_FACES
        for who in (game.start_player, game.active, game.winner, game.payee, game.mover, game.free_mover):
            if who is not None:
                out[at + (who - seat) % n] = 1.0
            at += n
        for s in game.to_act:
            out[at + (s - seat) % n] = 1.0
        at += n
        for values in (game.points, game.debt, game.borrowed, game.repaid):
            out[at : at + n] = [0.0 if values[s] is None else values[s] / thousand for s in order]
            at += n
        pawns = game.pawns
        out[at : at + n] = [pawns[s][0] / track for s in order]
        at += n
        out[at : at + n] = [pawns[s][1] / track for s in order]
        at += n
        sealed = game.sealed
        if phase == "bid" and sealed is not None:  # MM-A2: only one's own sealed bid
            visible = sealed.visible_to(seat)
            bids = [visible.get(s) for s in range(n)]
        else:
            bids = game.bids
        if bids:
            out[at : at + n] = [0.0 if bids[s] is None else bids[s] / thousand for s in order]
            out[at + n : at + 2 * n] = [0.0 if bids[s] is None else 1.0 for s in order]
        at += 2 * n
        bonuses = game.bonuses
        if bonuses:
            out[at : at + n] = [bonuses[s] / thousand for s in order]
        at += n
        out[at] = game.bank / thousand
        out[at + 1] = (game.price or 0) / thousand
        out[at + 2] = game.rebids / 3
        out[at + 3] = float(game.moving_free)
        at += 4
        mine = game.ranges[seat]
        if mine is not None:
            out[at] = mine[0] / thousand
            out[at + 1] = mine[1] / thousand
        at += 2
        share = 1.0 / (2 * n)
        for s, pair in enumerate(pawns):
            if s != seat:
                for p in pair:
                    out[at + p] += share
        at += track + 1
        a, b = pawns[seat]
        if not (0 <= a <= track and 0 <= b <= track):
            return []  # a pawn off the track: refused by its length, as ``encode``'s one-hot is
        out[at + a] = 1.0
        out[at + track + 1 + b] = 1.0
        return out

    def _encode_pawns(self, v: Any, view: dict[str, Any]) -> None:
        me, track, thousand = v.seat, self.track, 1000.0
        mine = view["bid_range"][me]
        v.add("my_bid_range", [0.0, 0.0] if mine is None else [mine[0] / thousand, mine[1] / thousand])
        others = [0.0] * (track + 1)
        for s, pawns in enumerate(view["pawns"]):
            if s != me:
                for p in pawns:
                    others[p] += 1.0 / (2 * v.players)
        v.add("others_pawns_by_space", others)
        v.one_hot("my_pawn_a_space", view["pawns"][me][0], track + 1)
        v.one_hot("my_pawn_b_space", view["pawns"][me][1], track + 1)


# What each part of the observation means (a regular expression matching the part's whole
# name → its meaning): ``data/rl/ENCODINGS.md`` (``gamekit.rl.encodings``) is written from it.
MEANINGS: dict[str, str] = {
    "phase": "one-hot: bid, move, over",
    "turn": "turn / max_turns (1000 without a limit)",
    "roll": "one-hot of the die's face 1..8 (none before the roll)",
    "steps": "steps to move / 8",
    "start_player|active|winner|payee|mover|free_mover": (
        "seat one-hot: the first player, the auctioneer, the auction's winner, who is paid, "
        "who moves, who moves for free"
    ),
    "to_act": "seat mask: whose decision is awaited (sealed bids: every seat still bidding)",
    "points|debt|borrowed|repaid": "by seat: points, debt, borrowed, repaid / 1000",
    "pawn_a|pawn_b": "by seat: the space of the seat's pawn a (b) / track_length",
    "bids": "by seat: bid / 1000 (hidden until revealed: 0)",
    "bid_known": "by seat: 1 if that bid is known to me",
    "bonuses": "by seat: bonuses paid at the end / 1000 (0 before)",
    "bank_price_rebids_free": "bank / 1000, price / 1000, rebids / 3, 1 if the move is free",
    "my_bid_range": "the bid range I chose (low / 1000, high / 1000), bids of 500 or more",
    "others_pawns_by_space": "per space 0..track_length: the other seats' pawns there / (2 players)",
    "my_pawn_a_space|my_pawn_b_space": "one-hot of the space of my pawn a (b), 0..track_length",
}
