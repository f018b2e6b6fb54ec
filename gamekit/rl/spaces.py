"""A fixed action numbering and a flat observation for each game, shared by the RL adapters.

Both adapters (``gamekit.rl.pettingzoo`` and ``gamekit.rl.openspiel``) drive a game through a
``Table``: the engine's game plus the few half-made steps the adapter keeps itself. Numbers and
observations depend only on the game's name, its player count and its options (``Spaces``).

Actions: every action text the engine can list maps to one index in ``range(spaces.size)``
and back. Indices keep one meaning across states, so a policy can learn them:

- For Sale: ``0`` pass, ``N`` bid N (1..starting coins C), ``C + H`` sell house H (1..30).
- Money Monsoon: ``N`` bid N for N < 500; from 500 points the engine writes a bid in steps
  (MM-A2): ``600 + k`` picks the k-th of the listed ranges (``bid 200-299``; at most 100), then
  ``500 + N % 100`` the bid N of a range of 100 at or above 500 (bids below 500 keep index N);
  ``700 + k`` the k-th of the 56 moves (``MONEY_MONSOON_MOVES``: one pawn 1..8 either way, the
  splits of a 7), and ``756`` the auctioneer's ``sit out`` (MM-A2).
- Bohnanza: 0..8 ``plant stop draw propose cancel accept reject end-trading buy-field``,
  9..11 ``plant F``, 12..19 ``plant BEAN``, 20..43 ``plant BEAN F``, 44..46 ``harvest F``,
  47..54 ``ask BEAN``, 55..62 ``give BEAN`` (a turned-up card), then ``offer P`` by the partner's
  place after the acting seat (next seat first, players - 1 of them), then ``give BEAN#K`` by
  hand position K (1..104; the bean is the one at K in the seat's own hand).
- Kuhhandel: 0..6 ``auction hold sell buy offer accept counter``, 7..12 ``add V`` (V in 0, 10,
  50, 100, 200, 500), 13..18 ``pay+V`` and 19 ``pay-done`` (below), then ``trade P ANIMAL``
  (partner by place after the acting seat, then animal in rulebook order), then ``bid N`` for
  N = 10, 20 .. all the money that can be in play for that many players.

The engines' steps are small and fixed except two, which this module steps further:

- Money Monsoon's bids: ``bid N`` has no upper bound (points grow), so bids of 500 and more are
  numbered by their last two digits within the range the seat narrowed them to (above).
- Kuhhandel's payments: the engine lists every sensible set of cards (``pay 10,10,50``; up to
  several hundred sets, not a fixed list). The adapter pays card by card: ``pay+V`` lays down a
  card of value V when some listed set still holds the cards laid down so far; ``pay-done``
  hands them over when they form a listed set that a further card could still extend. A set
  that nothing extends is handed over with its last card. The cards laid down are the payer's
  own knowledge (``Table.paying``) and show only in the payer's observation.

Any time actions (Bohnanza's ``harvest F`` and ``buy-field``, BO-H1/H3) are in the numbering;
the adapters offer them to the seat being asked, with its other choices (see ``Table``).

Observations: ``Spaces.observe`` encodes ``game.view(seat)`` (never the game itself) as a flat
float32 vector of fixed length ``Spaces.observation_size``; ``Spaces.layout`` names its parts
in order. Seats appear relative to the viewer: "by seat" parts list the viewer first, then the
next seat, and so on; one-hot seat parts use the same order. Counts are divided by a fixed
bound so most entries lie in [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

import numpy as np

import gamekit
from gamekit.core.actions import Action
from gamekit.core.errors import ConfigError, IllegalAction
from gamekit.core.game import SEAT_NAMES, Game

# ---------------------------------------------------------------- game constants (from the rules)
FOR_SALE_HOUSES = 30  # FS-C1
FOR_SALE_CHEQUES = (0, *range(2000, 16000, 1000))  # FS-C1: the distinct cheque values
MONEY_MONSOON_BID_LIST = 500  # MM-A2: below, every bid is listed at once
MONEY_MONSOON_RANGES = 100  # MM-A2: at most 100 ranges to choose from
DIE_FACES = 8  # MM-C1
BEANS = ("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")  # BO-C1
BOHNANZA_DECK = 104  # BO-C1
FIELDS = 3  # BO-H3
ANIMALS = ("rooster", "goose", "cat", "dog", "sheep", "goat", "donkey", "pig", "cow", "horse")  # KH-C1
MONEY_VALUES = (0, 10, 50, 100, 200, 500)  # KH-C2
BID_STEP = 10  # KH-A3
KUHHANDEL_START_MONEY = 90  # KH-C2: 2x0, 4x10, 1x50
KUHHANDEL_DONKEY_PAYOUTS = (50, 100, 200, 500)  # KH-A2


def _money_monsoon_moves() -> tuple[str, ...]:
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


MONEY_MONSOON_MOVES = _money_monsoon_moves()
BOHNANZA_WORDS = (
    "plant",
    "stop",
    "draw",
    "propose",
    "cancel",
    "accept",
    "reject",
    "end-trading",
    "buy-field",
)
KUHHANDEL_WORDS = ("auction", "hold", "sell", "buy", "offer", "accept", "counter")
PAY_STEP = "pay+"  # Kuhhandel: lay down one card of a payment, "pay+10"
PAY_DONE = "pay-done"  # Kuhhandel: hand over the cards laid down


def _rel(seat: int, other: int, players: int) -> int:
    """Place of ``other`` after ``seat`` (0 is the seat itself)."""
    return (other - seat) % players


# ------------------------------------------------------------------------ observation builder
class _Vector:
    """Appends named parts of an observation; records the layout as it goes."""

    def __init__(self, seat: int, players: int) -> None:
        self.seat, self.players = seat, players
        self.values: list[float] = []
        self.parts: list[tuple[str, int]] = []

    def add(self, name: str, values: Sequence[float]) -> None:
        self.values.extend(float(v) for v in values)
        self.parts.append((name, len(values)))

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        row = [0.0] * size
        if index is not None:
            row[index] = 1.0
        self.add(name, row)

    def seat_hot(self, name: str, seat: int | None) -> None:
        self.one_hot(name, None if seat is None else _rel(self.seat, seat, self.players), self.players)

    def seat_mask(self, name: str, seats: Sequence[int]) -> None:
        row = [0.0] * self.players
        for s in seats:
            row[_rel(self.seat, s, self.players)] = 1.0
        self.add(name, row)

    def by_seat(self, name: str, values: Sequence[Any], scale: float = 1.0) -> None:
        """One value per seat, viewer first; ``None`` (hidden or not yet) counts as 0."""
        order = [(self.seat + k) % self.players for k in range(self.players)]
        self.add(name, [0.0 if values[s] is None else float(values[s]) / scale for s in order])

    def counts(self, name: str, items: Sequence[Any] | None, kinds: Sequence[Any], scale: float) -> None:
        index = {k: i for i, k in enumerate(kinds)}
        row = [0.0] * len(kinds)
        for item in items or ():
            row[index[item]] += 1.0 / scale
        self.add(name, row)


# ------------------------------------------------------------------------------ the numbering
class Spaces:
    """The action numbering and observation encoding of one game for a player count and options.

    ``size`` actions, ``observation_size`` floats. Build with ``spaces_for(game)`` or
    ``Spaces(name, players, options)``; equal arguments give equal numberings.
    """

    def __init__(self, name: str, players: int, options: dict[str, Any] | None = None) -> None:
        if name not in gamekit.GAMES:
            raise ConfigError(f"no game {name!r}; games: {', '.join(gamekit.GAMES)}")
        self.name, self.players = name, players
        probe = gamekit.new_game(name, players, seed=0, options=options)
        self.options = dict(probe.options)
        n = players
        if name == "for_sale":
            self.coins = probe.view()["start_coins"]
            self.size = 1 + self.coins + FOR_SALE_HOUSES
        elif name == "money_monsoon":
            self.track = probe.view()["track_length"]
            self.size = 700 + len(MONEY_MONSOON_MOVES) + 1  # the last index: the auctioneer's sit out
        elif name == "bohnanza":
            self.offer_base = 63
            self.give_base = 63 + n - 1
            self.size = self.give_base + BOHNANZA_DECK
        else:
            # KH-A3: bids go up to all the money that can be in play, rounded down to a step.
            most = n * (KUHHANDEL_START_MONEY + sum(KUHHANDEL_DONKEY_PAYOUTS))
            self.cap = most - most % BID_STEP
            self.trade_base = 20
            self.bid_base = 20 + (n - 1) * len(ANIMALS)
            self.size = self.bid_base + self.cap // BID_STEP
        encoded = self._encode(probe.view(0), 0, ())
        self.layout: list[tuple[str, int, int]] = [
            (part, start - length, length)
            for (part, length), start in zip(
                encoded.parts, accumulate(p[1] for p in encoded.parts), strict=True
            )
        ]
        self.observation_size = len(encoded.values)

    def __repr__(self) -> str:
        return (
            f"Spaces({self.name!r}, players={self.players}, actions={self.size}, obs={self.observation_size})"
        )

    # ------------------------------------------------------------------------------ actions
    def index(self, game: Game, seat: int, text: str) -> int:
        """The index of a step text that ``seat`` may choose now (engine text or adapter step)."""
        text = str(text)
        name, n = self.name, self.players
        word, _, rest = text.partition(" ")
        if name == "for_sale":
            if text == "pass":
                return 0
            if word == "bid":
                return int(rest)
            return self.coins + int(rest)
        if name == "money_monsoon":
            if word == "move":
                return 700 + MONEY_MONSOON_MOVES.index(text)
            if text == "sit out":
                return 700 + len(MONEY_MONSOON_MOVES)
            if "-" in rest:
                ranges = [str(a) for a in game.legal_actions(seat) if a.kind == "bid-range"]
                return 600 + ranges.index(text)
            amount = int(rest)
            return amount if amount < MONEY_MONSOON_BID_LIST else MONEY_MONSOON_BID_LIST + amount % 100
        if name == "bohnanza":
            if text in BOHNANZA_WORDS:
                return BOHNANZA_WORDS.index(text)
            args = rest.split()
            if word == "plant":
                if len(args) == 1 and args[0].isdigit():
                    return 9 + int(args[0]) - 1
                if len(args) == 1:
                    return 12 + BEANS.index(args[0])
                return 20 + BEANS.index(args[0]) * FIELDS + int(args[1]) - 1
            if word == "harvest":
                return 44 + int(rest) - 1
            if word == "ask":
                return 47 + BEANS.index(rest)
            if word == "offer":
                return self.offer_base + _rel(seat, SEAT_NAMES.index(rest), n) - 1
            bean, _, k = rest.partition("#")
            return self.give_base + int(k) - 1 if k else 55 + BEANS.index(bean)
        if text in KUHHANDEL_WORDS:
            return KUHHANDEL_WORDS.index(text)
        if word == "add":
            return 7 + MONEY_VALUES.index(int(rest))
        if text.startswith(PAY_STEP):
            return 13 + MONEY_VALUES.index(int(text[len(PAY_STEP) :]))
        if text == PAY_DONE:
            return 19
        if word == "trade":
            partner, animal = rest.split()
            place = _rel(seat, SEAT_NAMES.index(partner), n) - 1
            return self.trade_base + place * len(ANIMALS) + ANIMALS.index(animal)
        if word == "bid":
            return self.bid_base + int(rest) // BID_STEP - 1
        raise IllegalAction(
            f"{text!r} is not a step of the numbering; a payment is paid card by card (pay+V)"
        )

    def label(self, index: int) -> str:
        """A state-free name of an index, for printing (``bid 5`` or ``give the hand card 4``)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action {index} is outside 0..{self.size - 1}")
        name = self.name
        if name == "for_sale":
            return (
                "pass"
                if index == 0
                else f"bid {index}"
                if index <= self.coins
                else f"sell {index - self.coins}"
            )
        if name == "money_monsoon":
            if index < 500:
                return f"bid {index}"
            if index < 600:
                return f"bid of 500 or more ending in {index - 500:02d}"
            if index < 700:
                return f"bid range number {index - 600} of those listed (from 0)"
            if index == 700 + len(MONEY_MONSOON_MOVES):
                return "sit out"
            return MONEY_MONSOON_MOVES[index - 700]
        if name == "bohnanza":
            fixed = [
                *BOHNANZA_WORDS,
                *(f"plant {f}" for f in range(1, FIELDS + 1)),
                *(f"plant {b}" for b in BEANS),
                *(f"plant {b} {f}" for b in BEANS for f in range(1, FIELDS + 1)),
                *(f"harvest {f}" for f in range(1, FIELDS + 1)),
                *(f"ask {b}" for b in BEANS),
                *(f"give {b}" for b in BEANS),
            ]
            if index < len(fixed):
                return fixed[index]
            if index < self.give_base:
                return f"offer to the seat {index - self.offer_base + 1} after me"
            return f"give hand card #{index - self.give_base + 1}"
        fixed = [
            *KUHHANDEL_WORDS,
            *(f"add {v}" for v in MONEY_VALUES),
            *(f"{PAY_STEP}{v}" for v in MONEY_VALUES),
            PAY_DONE,
        ]
        if index < len(fixed):
            return fixed[index]
        if index < self.bid_base:
            place, animal = divmod(index - self.trade_base, len(ANIMALS))
            return f"trade with the seat {place + 1} after me: {ANIMALS[animal]}"
        return f"bid {(index - self.bid_base + 1) * BID_STEP}"

    # ------------------------------------------------------------------------- observation
    def observe(self, game: Game, seat: int, paying: Sequence[int] = ()) -> np.ndarray:
        """The observation of ``seat``: its view encoded (``layout``), float32 of fixed length."""
        values = self._encode(game.view(seat), seat, paying).values
        if len(values) != self.observation_size:
            raise ConfigError(
                f"{self.name}: observation of {len(values)} values, not {self.observation_size}; "
                "the game does not match these spaces (players or options)"
            )
        return np.asarray(values, dtype=np.float32)

    def _encode(self, view: dict[str, Any], seat: int, paying: Sequence[int]) -> _Vector:
        vec = _Vector(seat, self.players)
        ENCODERS[self.name](self, vec, view, paying)
        return vec


# ------------------------------------------------------------------------------- encoders
def _for_sale(sp: Spaces, v: _Vector, view: dict[str, Any], _paying: Sequence[int]) -> None:
    c, me = float(sp.coins), v.seat
    v.one_hot("phase", ("buy", "sell", "over").index(view["phase"]), 3)
    v.add("round", [view["round"] / max(view["rounds"], 1)])
    v.seat_hot("start_player", view["start_player"])
    v.seat_mask("to_act", view["to_act"])
    v.by_seat("coins", view["coins"], c)
    v.by_seat("bids", view["bids"], c)
    v.by_seat("passed", view["passed"])
    v.by_seat("house_counts", view["house_counts"], FOR_SALE_HOUSES)
    v.by_seat("cheque_counts", view["cheque_counts"], FOR_SALE_HOUSES)
    v.add("high_bid", [view["high_bid"] / c])
    v.seat_hot("high_bidder", view["high_bidder"])
    v.counts("my_houses", view["houses"][me], range(1, FOR_SALE_HOUSES + 1), 1)
    v.counts("my_cheques", view["cheques"][me], FOR_SALE_CHEQUES, 2)
    buying = view["phase"] == "buy"
    v.counts("table_houses", view["table"] if buying else (), range(1, FOR_SALE_HOUSES + 1), 1)
    v.counts("table_cheques", () if buying else view["table"], FOR_SALE_CHEQUES, 2)
    v.counts("past_cheques", view["past_cheques"], FOR_SALE_CHEQUES, 2)
    mine = view["chosen"][me]
    v.counts("my_sealed_house", () if mine is None else [mine], range(1, FOR_SALE_HOUSES + 1), 1)
    v.add("left", [view["houses_left"] / FOR_SALE_HOUSES, view["cheques_left"] / FOR_SALE_HOUSES])


def _money_monsoon(sp: Spaces, v: _Vector, view: dict[str, Any], _paying: Sequence[int]) -> None:
    me, n, track = v.seat, sp.players, sp.track
    thousand = 1000.0
    v.one_hot("phase", ("bid", "move", "over").index(view["phase"]), 3)
    v.add("turn", [view["turn"] / (view["max_turns"] or 1000)])
    v.one_hot("roll", None if view["roll"] is None else view["roll"] - 1, DIE_FACES)
    v.add("steps", [(view["steps"] or 0) / DIE_FACES])
    for key in ("start_player", "active", "winner", "payee", "mover", "free_mover"):
        v.seat_hot(key, view[key])
    v.seat_mask("to_act", view["to_act"])
    for key in ("points", "debt", "borrowed", "repaid"):
        v.by_seat(key, view[key], thousand)
    v.by_seat("pawn_a", [p[0] for p in view["pawns"]], track)
    v.by_seat("pawn_b", [p[1] for p in view["pawns"]], track)
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
    mine = view["bid_range"][me]
    v.add("my_bid_range", [0.0, 0.0] if mine is None else [mine[0] / thousand, mine[1] / thousand])
    others = [0.0] * (track + 1)
    for s, pawns in enumerate(view["pawns"]):
        if s != me:
            for p in pawns:
                others[p] += 1.0 / (2 * n)
    v.add("others_pawns_by_space", others)
    v.one_hot("my_pawn_a_space", view["pawns"][me][0], track + 1)
    v.one_hot("my_pawn_b_space", view["pawns"][me][1], track + 1)


def _bohnanza(sp: Spaces, v: _Vector, view: dict[str, Any], _paying: Sequence[int]) -> None:
    me, n = v.seat, sp.players
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
    order = [(me + k) % n for k in range(n)]
    for place, s in enumerate(order):
        fields = view["fields"][s]
        for f in range(FIELDS):
            field = fields[f] if f < len(fields) else None
            v.one_hot(
                f"seat{place}_field{f + 1}_bean", None if field is None else BEANS.index(field[0]), len(BEANS)
            )
            v.add(f"seat{place}_field{f + 1}_count", [0.0 if field is None else field[1] / 10])
        v.add(f"seat{place}_third_field", [float(len(fields) == FIELDS)])
        v.counts(f"seat{place}_received", view["received"][s], BEANS, 5)
    v.add(
        "piles",
        [view["deck_size"] / BOHNANZA_DECK, view["discard_size"] / BOHNANZA_DECK, view["exhaustions"] / 3],
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


HAND_SHOWN = 12  # Bohnanza: the front hand cards encoded one by one (the rest by counts)


def _kuhhandel(sp: Spaces, v: _Vector, view: dict[str, Any], paying: Sequence[int]) -> None:
    me, cap = v.seat, float(sp.cap)
    phases = ("turn", "bidding", "decide", "pay", "offer", "respond", "over")
    v.one_hot("phase", phases.index(view["phase"]), len(phases))
    v.add("turn", [view["turn"] / (view["max_turns"] or 1000)])
    v.seat_hot("active", view["active"])
    v.seat_hot("start_player", view["start_player"])
    v.seat_mask("to_act", view["to_act"])
    for animal in ANIMALS:
        v.by_seat(f"animals_{animal}", [herd.get(animal, 0) for herd in view["animals"]], 4)
    v.by_seat("money_counts", view["money_counts"], 20)
    v.counts("my_money", view["money"][me], MONEY_VALUES, 10)
    v.counts("bank", view["bank"], MONEY_VALUES, 10)
    v.add("money_in_play", [view["money_in_play"] / cap])
    v.add("deck", [view["deck_size"] / 40, view["donkeys_seen"] / 4])
    auction = view["auction"] or {}
    v.add("auction", [float(bool(auction)), auction.get("high_bid", 0) / cap, auction.get("run", 0) / 3])
    v.one_hot("auction_animal", ANIMALS.index(auction["animal"]) if auction else None, len(ANIMALS))
    v.seat_hot("auctioneer", auction.get("auctioneer"))
    v.seat_hot("high_bidder", auction.get("high_bidder"))
    v.seat_hot("bidder", auction.get("bidder"))
    v.seat_mask("bidders", auction.get("bidders", ()))
    v.seat_mask("held", auction.get("held", ()))
    v.seat_mask("excluded", auction.get("excluded", ()))
    payment = view["payment"] or {}
    v.add("payment", [float(bool(payment)), payment.get("price", 0) / cap])
    v.seat_hot("payer", payment.get("payer"))
    v.seat_hot("payee", payment.get("payee"))
    trade = view["trade"] or {}
    v.add(
        "trade",
        [
            float(bool(trade)),
            trade.get("stake", 0) / 2,
            trade.get("round", 0) / 2,
            (trade.get("offer_count") or 0) / 10,
            trade.get("building_count", 0) / 10,
        ],
    )
    v.one_hot("trade_animal", ANIMALS.index(trade["animal"]) if trade else None, len(ANIMALS))
    v.seat_hot("trade_active", trade.get("active"))
    v.seat_hot("trade_partner", trade.get("partner"))
    v.counts("my_trade_offer", trade.get("offer"), MONEY_VALUES, 10)
    v.counts("my_trade_building", trade.get("building"), MONEY_VALUES, 10)
    last = view["last_trade"] or {}
    v.counts("last_trade_offer", last.get("offer"), MONEY_VALUES, 10)
    v.counts("last_trade_counter", last.get("counter"), MONEY_VALUES, 10)
    v.counts("my_payment_laid_down", paying, MONEY_VALUES, 10)


ENCODERS: dict[str, Callable[[Spaces, _Vector, dict[str, Any], Sequence[int]], None]] = {
    "for_sale": _for_sale,
    "money_monsoon": _money_monsoon,
    "bohnanza": _bohnanza,
    "kuhhandel": _kuhhandel,
}


_MADE: dict[tuple[str, int, str], Spaces] = {}


def spaces_for(game: Game) -> Spaces:
    """The spaces of a running game (its name, players and options); made once per setting."""
    key = (game.name, game.players, repr(sorted(game.options.items())))
    made = _MADE.get(key)
    if made is None:
        made = _MADE[key] = Spaces(game.name, game.players, dict(game.options))
    return made


# ------------------------------------------------------------------------------------ table
def _counts(cards: Sequence[int]) -> tuple[int, ...]:
    return tuple(sum(1 for c in cards if c == v) for v in MONEY_VALUES)


class Table:
    """A game and the adapter's own half-made steps (a Kuhhandel payment being laid down).

    ``legal(seat)`` maps each legal index to its step text; ``act(seat, index)`` takes one.
    A seat is asked only when it is in ``game.to_act``; Bohnanza's any-time actions are among
    its choices then (the engine lists them with the rest), and a seat not asked never acts.
    """

    def __init__(self, game: Game, spaces: Spaces | None = None) -> None:
        self.game = game
        self.spaces = spaces or spaces_for(game)
        self.paying: tuple[int, ...] = ()  # Kuhhandel: cards the payer has laid down so far

    def copy(self) -> Table:
        twin = Table(self.game.copy(), self.spaces)
        twin.paying = self.paying
        return twin

    def _payments(self, seat: int) -> list[Action] | None:
        game = self.game
        if self.spaces.name != "kuhhandel" or game.phase != "pay" or seat not in game.to_act:
            return None
        return game.legal_actions(seat)

    def legal(self, seat: int) -> dict[int, str]:
        """Every index ``seat`` may choose now, with its step text; {} for a seat not asked."""
        game = self.game
        if game.is_over or seat not in game.to_act:
            return {}
        pays = self._payments(seat)
        if pays is not None:
            return {self.spaces.index(game, seat, t): t for t in self._pay_steps(pays)}
        return {self.spaces.index(game, seat, str(a)): str(a) for a in game.legal_actions(seat)}

    def _pay_steps(self, pays: list[Action]) -> list[str]:
        laid = _counts(self.paying)
        sets = [_counts(a.value) for a in pays]
        steps = [
            f"{PAY_STEP}{value}"
            for i, value in enumerate(MONEY_VALUES)
            if any(all(s[j] >= laid[j] + (j == i) for j in range(len(laid))) for s in sets)
        ]
        if laid in sets:
            steps.append(PAY_DONE)
        return steps

    def legal_indices(self, seat: int) -> list[int]:
        return sorted(self.legal(seat))

    def action_mask(self, seat: int) -> np.ndarray:
        """1 for each index ``seat`` may choose now, else 0 (int8, length ``spaces.size``)."""
        mask = np.zeros(self.spaces.size, dtype=np.int8)
        mask[list(self.legal(seat))] = 1
        return mask

    def text(self, seat: int, index: int) -> str:
        """The step text of a legal index; ``IllegalAction`` naming the choices otherwise."""
        legal = self.legal(seat)
        if index not in legal:
            choices = ", ".join(f"{i}={t}" for i, t in sorted(legal.items())[:12])
            raise IllegalAction(
                f"action {index} ({self.spaces.label(index) if 0 <= index < self.spaces.size else 'out of range'}) "
                f"is not legal for seat {seat} now; legal: {choices or 'none'}"
            )
        return legal[index]

    def act(self, seat: int, index: int) -> list[dict[str, Any]]:
        """Take the legal step ``index`` for ``seat``; the engine's new events (none for a card laid down)."""
        text = self.text(seat, int(index))
        if text == PAY_DONE:
            return self._hand_over(seat)
        if text.startswith(PAY_STEP):
            self.paying = tuple(sorted((*self.paying, int(text[len(PAY_STEP) :]))))
            if self._pay_steps(self.game.legal_actions(seat)) == [PAY_DONE]:
                return self._hand_over(seat)
            return []
        return list(self.game.act(seat, text))

    def _hand_over(self, seat: int) -> list[dict[str, Any]]:
        laid = _counts(self.paying)
        (action,) = [a for a in self.game.legal_actions(seat) if _counts(a.value) == laid]
        self.paying = ()
        return list(self.game.act(seat, action))

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation (its view, plus the cards it has laid down for a payment)."""
        return self.spaces.observe(self.game, seat, self.paying if self._payments(seat) is not None else ())


def action_mask(game: Game, seat: int) -> np.ndarray:
    """The legal indices of ``seat`` in a game with no half-made adapter step (see ``Table``)."""
    return Table(game).action_mask(seat)


def observe(game: Game, seat: int) -> np.ndarray:
    """``seat``'s observation of a game (``Spaces.observe``)."""
    return spaces_for(game).observe(game, seat)
