"""Kuhhandel's own tables for the lesson: what a card count gives away, and the experiments'
data (buy-ins, bluffs, prices against donkeys, the sets that win), from ``simulate_records``.

The record tables come from ``Kuhhandel.records``: ``auctions`` (one row per animal
auctioned, ``seat`` = the auctioneer), ``trades`` (one row per cow trade, ``seat`` = the
active player) and ``sets`` (one row per completed set at the end).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ...analysis import group_means, mean_with_interval, wilson_interval
from . import rules
from .i18n import N_, _, _n


# ------------------------------------------------------------ what a count tells
@dataclass(frozen=True)
class PublicInfo:
    """What one player knows about the money they cannot see (KH-C2, KH-C3).

    The 55 money cards are known, the bank lies open and your own cards are yours,
    so the cards everybody else holds (and any offer lying face down) are known as a
    whole — only not who holds which. ``money_in_play`` and ``money_counts`` are public.
    """

    own: tuple[int, ...]
    bank: tuple[int, ...]
    money_in_play: int
    money_counts: tuple[int, ...]

    @property
    def unseen(self) -> tuple[int, ...]:
        """The money cards this player cannot see, ascending: all cards minus the bank and their own."""
        left = Counter(rules.cards_of(rules.MONEY_SUPPLY))
        left.subtract(self.bank)
        left.subtract(self.own)
        if any(n < 0 for n in left.values()):
            raise ValueError(
                _("the bank and the player's own cards hold more cards than the game has (KH-C2)")
            )
        return tuple(sorted(left.elements()))

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> PublicInfo:
        """The public information of a player's view (``game.view(seat)``)."""
        seat = view["viewer"]
        if seat is None:
            raise ValueError(_("the teacher's view sees every card; take a player's view, game.view(seat)"))
        return cls(
            own=tuple(view["money"][seat]),
            bank=tuple(view["bank"]),
            money_in_play=view["money_in_play"],
            money_counts=tuple(view["money_counts"]),
        )


@dataclass(frozen=True)
class OfferInference:
    """The totals a face-down offer of ``cards`` cards could have, seen from one seat.

    ``low`` and ``high`` are certain: the smallest and largest cards unseen. The
    ``distribution`` is what the count alone says if every unseen card were as likely
    to be offered as any other; a real player chooses, and a 0 card adds a card but
    no money, so a long offer may be a bluff.
    """

    cards: int
    low: int
    high: int
    distribution: dict[int, float]

    @property
    def mean(self) -> float:
        return sum(total * p for total, p in self.distribution.items())

    def chance_below(self, amount: int) -> float:
        """The chance the offer totals less than ``amount``."""
        return sum(p for total, p in self.distribution.items() if total < amount)

    def table(self) -> pd.DataFrame:
        """One row per possible total: ``total``, ``chance`` and ``at_least`` (the chance of that or more)."""
        totals = sorted(self.distribution)
        chances = [self.distribution[t] for t in totals]
        at_least = [sum(chances[i:]) for i in range(len(chances))]
        return pd.DataFrame({"total": totals, "chance": chances, "at_least": at_least})


def offer_inference(card_count: int, info: PublicInfo | Sequence[int]) -> OfferInference:
    """What an offer of ``card_count`` face-down cards can total, for a player with ``info``.

    ``info`` is that player's ``PublicInfo`` (or directly the unseen cards). Every set of
    ``card_count`` unseen cards is counted once (multivariate hypergeometric): the
    chance of a total is the share of those sets that add up to it.
    """
    unseen = info.unseen if isinstance(info, PublicInfo) else tuple(sorted(info))
    if not 0 <= card_count <= len(unseen):
        raise ValueError(
            _(
                "an offer of {count} cards is impossible: {unseen} cards are unseen",
                count=card_count,
                unseen=len(unseen),
            )
        )
    # Ways to pick n cards adding up to t, one denomination at a time.
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, held in sorted(Counter(unseen).items()):
        grown: Counter[tuple[int, int]] = Counter()
        for (n, t), w in ways.items():
            for k in range(min(held, card_count - n) + 1):
                grown[n + k, t + k * value] += w * math.comb(held, k)
        ways = dict(grown)
    totals = {t: w for (n, t), w in ways.items() if n == card_count}
    every = math.comb(len(unseen), card_count)
    return OfferInference(
        cards=card_count,
        low=sum(unseen[:card_count]),
        high=sum(unseen[len(unseen) - card_count :]),
        distribution={total: totals[total] / every for total in sorted(totals)},
    )


def trade_inference(view: Mapping[str, Any]) -> OfferInference | None:
    """What the viewer can tell about the active player's face-down offer from its card count.

    The offer on the table, or the cards being put down for it (their number is public,
    KH-K2); None when no offer is being made or the viewer is the one making it.
    """
    trade, seat = view["trade"], view["viewer"]
    if trade is None or seat is None or seat == trade["active"]:
        return None
    if trade["offer_count"] is not None:
        count = trade["offer_count"]
    elif view["phase"] == "offer":
        count = trade["building_count"]
    else:
        return None
    return offer_inference(count, PublicInfo.of(view))


# ------------------------------------------------------------------ experiments
def first_bot(table: pd.DataFrame, players: int) -> pd.Series:
    """Which rows belong to the first bot listed to ``simulate`` (in game i it sits in seat -i mod n)."""
    from ...simulate import listed_first

    return listed_first(table, players)


def swept(
    runs: Mapping[float, Mapping[str, pd.DataFrame]], players: int, table: str = "seats"
) -> pd.DataFrame:
    """Several runs' ``table`` stacked; the first bot's rows carry the run's key as ``value``.

    Runs keyed by a bot parameter (0 = the plain ``value`` bot) become one table that
    ``experiments.sweep_summary`` reads, like a ``sweep``, with the records kept.
    """
    frames = []
    for value, run in runs.items():
        frame = run[table].copy()
        frame["value"] = [float(value) if mine else float("nan") for mine in first_bot(frame, players)]
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def buyin_summary(auctions: pd.DataFrame) -> pd.DataFrame:
    """Per buy-in margin (``value``): what the swept bot's own auctions brought it (KH-A5).

    ``auctions`` is ``swept(runs, players, "auctions")``. Columns: ``auctions`` run,
    ``bought_in`` (share bought in), ``price_sold`` and ``price_bought_in`` (mean closing
    bids), ``money`` (mean money received per auction: the cards paid to it on a sale,
    minus what it paid on a buy-in) and ``worth`` (mean worth to its collection of the
    animals it bought in, per auction: set value × cards held then / 4).

    Each of these means has a 95 % interval, ``<column>_low`` and ``<column>_high``, clustered by
    game (``gamekit.stats.clustered_mean``): the auctions of one game share its hands and rivals,
    so they are not independent; a margin whose column has values from fewer than 2 games gets
    a missing interval. A table without a ``game`` column gets t intervals over auctions.
    """
    own = auctions.dropna(subset=["value"])
    sold = own["outcome"] == "sold"
    bought = own["outcome"] == "bought_in"
    frame = pd.DataFrame(
        {
            "value": own["value"],
            "bought_in": bought.astype(float),
            "price_sold": own["price"].where(sold),
            "price_bought_in": own["price"].where(bought),
            "money": own["paid"].where(sold, 0) - own["paid"].where(bought, 0),
            "worth": (own["set_value"] * (own["taker_had"] + 1) / rules.CARDS_PER_ANIMAL).where(bought, 0),
        }
    )
    grouped = frame.groupby("value")
    table = grouped.mean()
    table.insert(0, "auctions", grouped.size())
    table = table.reset_index()
    if "game" in own.columns:
        frame["game"] = own["game"]
    for column in BUYIN_MEASURES:
        means = group_means(frame, column, "value")
        table[f"{column}_low"] = means["ci_low"].to_numpy()
        table[f"{column}_high"] = means["ci_high"].to_numpy()
    return table


BUYIN_MEASURES = ("bought_in", "price_sold", "price_bought_in", "money", "worth")


def bluff_summary(trades: pd.DataFrame) -> pd.DataFrame:
    """Per bluff rate (``value``): the swept bot's cow-trade offers, how many it padded with
    0 cards, and how often padded and plain offers were accepted (KH-K2, KH-K3).

    ``trades`` is ``swept(runs, players, "trades")``.
    """
    own = trades.dropna(subset=["value"])
    rows = []
    for value, part in own.groupby("value"):
        padded = part["offer_zeros"] > 0
        accepted = part["response"] == "accept"
        rows.append(
            {
                "value": value,
                "offers": len(part),
                "padded": padded.mean(),
                "accepted_plain": accepted[~padded].mean() if (~padded).any() else float("nan"),
                "accepted_padded": accepted[padded].mean() if padded.any() else float("nan"),
                "won": (part["winner"] == part["seat"]).mean(),
                "offer_total": part["offer_total"].mean(),
            }
        )
    return pd.DataFrame(rows)


def acceptance(trades: pd.DataFrame) -> pd.DataFrame:
    """Acceptance rate (Wilson 95 %) of offers with and without 0 cards, over every trade."""
    rows = []
    for padded, part in trades.groupby(trades["offer_zeros"] > 0):
        accepted = int((part["response"] == "accept").sum())
        low, high = wilson_interval(accepted, len(part))
        rows.append(
            {
                "offer": N_("padded with 0 cards") if padded else N_("no 0 cards"),
                "offers": len(part),
                "accepted": accepted / len(part),
                "ci_low": low,
                "ci_high": high,
            }
        )
    return pd.DataFrame(rows)


def price_by_donkeys(auctions: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """Mean closing price of the animals that found a bidder, by donkeys turned up so far (KH-A2).

    Optionally per ``by`` column (e.g. ``animal``); free animals (KH-A4) are left out.
    """
    bid = auctions[auctions["outcome"] != "no_bid"]
    keys = ["donkeys_seen"] if by is None else [by, "donkeys_seen"]
    return mean_with_interval(bid.groupby(keys)["price"])


def money_per_player(players: int) -> pd.DataFrame:
    """Money in play per player after 0-4 donkeys (KH-E3): the ceiling prices rise against."""
    return pd.DataFrame(
        {
            "donkeys_seen": range(len(rules.DONKEY_PAYOUTS) + 1),
            "money_per_player": [
                rules.money_in_play(players, d) / players for d in range(len(rules.DONKEY_PAYOUTS) + 1)
            ],
        }
    )


def set_win_rates(sets: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """Per animal: how often the player who completed its set won (Wilson 95 %), cheapest first.

    ``sets`` and ``seats`` are the tables of the same games (``simulate_records``, or
    several runs stacked with a ``setting`` column); a shared win counts its share.
    """
    keys = [k for k in ("setting", "game", "seat") if k in sets.columns and k in seats.columns]
    merged = sets.merge(seats[[*keys, "win_share"]], on=keys)
    rows = []
    for animal in rules.ANIMALS:
        part = merged[merged["animal"] == animal]
        wins = float(part["win_share"].sum())
        low, high = wilson_interval(wins, len(part))
        rows.append(
            {
                "animal": animal,
                "set_value": rules.ANIMAL_VALUES[animal],
                "sets": len(part),
                "win_rate": wins / len(part) if len(part) else float("nan"),
                "ci_low": low,
                "ci_high": high,
            }
        )
    return pd.DataFrame(rows)


def win_rate_by_sets(seats: pd.DataFrame) -> pd.DataFrame:
    """Win rate (Wilson 95 %) by the number of completed sets a player ends with (KH-E2)."""
    rows = []
    for sets, part in seats.groupby("sets"):
        wins = float(part["win_share"].sum())
        low, high = wilson_interval(wins, len(part))
        rows.append(
            {"sets": sets, "players": len(part), "win_rate": wins / len(part), "ci_low": low, "ci_high": high}
        )
    return pd.DataFrame(rows)


def mid_game_trades(records: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """The cow trades started while the deck still had cards: those before a game's last auction.

    ``records`` is ``simulate_records``'s output; a trade's turn before the turn of the game's
    last auction means an animal was still to be drawn (auctions need a card, KH-T1).
    """
    trades, auctions = records["trades"], records["auctions"]
    last = auctions.groupby("game")["turn"].max().rename("last_auction")
    joined = trades.join(last, on="game")
    return joined[joined["turn"] < joined["last_auction"]].drop(columns="last_auction")


STRENGTH_BOTS = ("cowtrader", "value:1")  # issue 12: the cow trader against today's best (value ≈ bluffer)


def strength_records(games: int, seed: int = 0, players: int = 4) -> dict[str, pd.DataFrame]:
    """``games`` seat-rotated games, half the seats the cow trader and half the value bidder."""
    from ...simulate import simulate_records

    bots = list(STRENGTH_BOTS) * (players // 2)
    return simulate_records("kuhhandel", players, bots, games, seed=seed)


def strength(games: int, seed: int = 0) -> Any:
    """The cow trader's paired win-share difference against the value bidder (4 players)."""
    from ...stats import paired_difference

    table = strength_records(games, seed)["seats"]
    return paired_difference(table, "cowtrader:3", "value:1")


def explorer_measures(records: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per game of what the rule explorer compares (``experiments.compare_measures``):
    the closing price of an auction that had a bid (KH-A3), the share the auctioneer bought in
    (KH-A5), the share of animals no one bid for (KH-A4) and the cow trades of a game (KH-K1).
    (Money left is no measure: the money in play is shared out, its total fixed by the donkeys.)"""
    auctions, trades, seats = records["auctions"], records.get("trades"), records["seats"]
    games = pd.Index(sorted(seats["game"].unique()), name="game")
    sold = auctions[auctions["outcome"] != "no_bid"]
    bought_in = (sold["taker"] == sold["seat"]).groupby(sold["game"]).mean()
    cow_trades = (
        trades.groupby("game").size() if trades is not None and not trades.empty else pd.Series(dtype=float)
    )
    return pd.DataFrame(
        {
            "closing price": sold.groupby("game")["price"].mean(),
            "bought in (share)": bought_in,
            "no bid (share)": (auctions["outcome"] == "no_bid").groupby(auctions["game"]).mean(),
            "cow trades": cow_trades.reindex(games, fill_value=0).astype(float),
        },
        index=games,
    )


# ------------------------------------------------------------------ lesson 03 (issue 13)
def offer_models(log: Sequence[Mapping[str, Any]], view: Mapping[str, Any]) -> pd.DataFrame:
    """What a face-down offer can total under three models, seen from one seat (KH-C2, KH-C3, KH-K2).

    ``view`` is that seat's view while an offer is put down or lies on the table, ``log`` its
    ``game.log_for(seat)``. One row per total with the chance under

    - ``pooled``: any unseen card as likely as any other (``offer_inference``), forgetting that
      everyone starts with the same known hand;
    - ``counts``: the equal start hands and the public card counts
      (``gamekit.theory.kuhhandel.offer_posterior``, what a bot can compute from its view);
    - ``log``: the challenger's hand from the whole public history (``log_posterior``, exact),
      the offer a uniform draw of its cards.
    """
    from ...theory import kuhhandel as theory

    trade = view["trade"]
    if trade is None or view["viewer"] is None or view["viewer"] == trade["active"]:
        raise ValueError(_("take the view of a player who is not making the offer, while an offer is made"))
    active = trade["active"]
    laid = trade["offer_count"] is not None
    cards = trade["offer_count"] if laid else trade["building_count"]
    # While the offer is put down its cards are still counted in the hand; once laid, they are not.
    in_hand = view["money_counts"][active] + (cards if laid else 0)
    counts_view = {
        **view,
        "money_counts": [
            *view["money_counts"][:active],
            in_hand - cards,
            *view["money_counts"][active + 1 :],
        ],
        "trade": {**trade, "offer_count": cards},
    }
    counts = theory.offer_posterior(counts_view)
    before = list(log)
    if laid:  # the hands just before the offer left the challenger's hand
        last = max(
            i for i, e in enumerate(before) if e["type"] in ("offer", "counter") and e["seat"] == active
        )
        before = before[:last]
    exact: dict[int, float] = {}
    for hands, w in theory.log_posterior(before).items():
        for total, p in theory.subset_totals(hands[active], cards).items():
            exact[total] = exact.get(total, 0.0) + w * p
    pooled = offer_inference(cards, PublicInfo.of(view)).distribution
    totals = sorted(set(pooled) | set(counts) | set(exact))
    return pd.DataFrame(
        {
            "total": totals,
            "pooled": [pooled.get(t, 0.0) for t in totals],
            "counts": [counts.get(t, 0.0) for t in totals],
            "log": [exact.get(t, 0.0) for t in totals],
        }
    )


def offer_note(view: Mapping[str, Any]) -> str:
    """One sentence: what the viewer can tell about the offer being made, from the card count alone.

    Uses ``gamekit.theory.kuhhandel.offer_posterior`` (equal start hands, public counts); an
    empty string when the viewer sees no offer being made by someone else.
    """
    from ...theory import kuhhandel as theory

    trade, seat = view["trade"], view["viewer"]
    if seat is None:
        raise ValueError(_("the teacher's view sees every card; take a player's view, game.view(seat)"))
    if trade is None or seat == trade["active"]:
        return _("{name} sees no offer being made by someone else.", name=_letter(seat))
    laid = trade["offer_count"] is not None
    cards = trade["offer_count"] if laid else trade["building_count"]
    if not cards:
        return _("{name} has put down no card yet.", name=_letter(trade["active"]))
    active = trade["active"]
    in_hand = view["money_counts"][active] + (cards if laid else 0)
    counts_view = {
        **view,
        "money_counts": [
            *view["money_counts"][:active],
            in_hand - cards,
            *view["money_counts"][active + 1 :],
        ],
        "trade": {**trade, "offer_count": cards},
    }
    dist = theory.offer_posterior(counts_view)
    low, high = min(t for t, p in dist.items() if p > 0), max(t for t, p in dist.items() if p > 0)
    return _n(
        "{active} has put down {n} card: from the count alone {me} can tell the total lies between "
        "{low} and {high}, {mean} on average (equal start hands, public card counts).",
        "{active} has put down {n} cards: from the count alone {me} can tell the total lies between "
        "{low} and {high}, {mean} on average (equal start hands, public card counts).",
        cards,
        active=_letter(active),
        me=_letter(seat),
        low=low,
        high=high,
        mean=format(theory.mean(dist), ".0f"),
    )


def _letter(seat: int) -> str:
    return "ABCDEFGH"[seat]


def watch_offers(bots: Sequence[str], games: int, seed: int = 0, players: int = 4) -> dict[str, pd.DataFrame]:
    """Play ``games`` seat-rotated games between ``bots`` and keep every cow-trade offer as its
    responder saw it: ``{"offers": ..., "seats": ...}``.

    Game i is dealt from ``(seed, i)`` whatever the bots, and the first listed bot sits in seat
    -i mod ``players`` (as in ``simulate``), so two runs with the same seed pair game by game
    (``gamekit.stats.paired_difference(seats, a, b, table_b=...)``). ``seats``: ``game``,
    ``seat``, ``bot``, ``score``, ``win_share``, ``sets``.

    ``offers``, one row per offer (each round of a trade): ``game``, ``turn``, ``bot`` (the
    challenger), ``cards``, ``zeros`` and ``total`` (the truth), ``deck`` (animals still in the
    deck: > 0 is mid-game), ``response`` (``accept`` or ``counter``: the responder's first
    step), ``posterior`` (``offer_posterior`` from the responder's view, a dict
    total -> chance), its ``mean``, ``below`` = P(T < total) + P(T = total)/2 under it (uniform on
    [0, 1] for a calibrated model), ``uniform`` (the exact distribution of a uniform draw of that
    many cards from the challenger's true hand: what the model assumes an offer is).
    """
    import random

    import gamekit

    from ...bots import make_bot
    from ...theory import kuhhandel as theory

    offers, seats = [], []
    for index in range(games):
        game = gamekit.new_game("kuhhandel", players, seed=seed * 100_003 + index)
        names = [bots[(seat + index) % len(bots)] for seat in range(players)]
        seated = [make_bot(name, "kuhhandel") for name in names]
        rngs = [random.Random(seed * 1_000_003 + index * 17 + seat) for seat in range(players)]
        while not game.is_over:
            for seat in game.to_act:
                view = game.view(seat)
                trade = view["trade"]
                watched = (
                    view["phase"] == "respond" and trade["offer_count"] is not None and not trade["building"]
                )
                if watched:
                    truth = game.view()
                    offer = truth["trade"]["offer"]
                    hand = rules.counts_of([*truth["money"][trade["active"]], *offer])
                    dist = theory.offer_posterior(view)
                    total = sum(offer)
                    offers.append(
                        {
                            "game": index,
                            "turn": view["turn"],
                            "bot": names[trade["active"]],
                            "cards": len(offer),
                            "zeros": offer.count(0),
                            "total": total,
                            "deck": view["deck_size"],
                            "posterior": dist,
                            "mean": theory.mean(dist),
                            "below": sum(p for t, p in dist.items() if t < total) + dist.get(total, 0.0) / 2,
                            "uniform": theory.subset_totals(hand, len(offer)),
                        }
                    )
                action = seated[seat].choose(view, game.legal_actions(seat), rngs[seat])
                if watched:  # the responder's first step: accept, or start a counter
                    offers[-1]["response"] = "accept" if str(action) == "accept" else "counter"
                game.act(seat, action)
        result, final = game.result(), game.view()
        for seat in range(players):
            seats.append(
                {
                    "game": index,
                    "seat": seat,
                    "bot": names[seat],
                    "score": result["scores"][seat],
                    "win_share": 1 / len(result["winners"]) if seat in result["winners"] else 0.0,
                    "sets": len(final["sets"][seat]),
                }
            )
    return {"offers": pd.DataFrame(offers), "seats": pd.DataFrame(seats)}


def calibration_curves(
    offers: pd.DataFrame, cards: int | None = None, resamples: int = 400, seed: int = 0
) -> pd.DataFrame:
    """The model's chance that an offer totals at most t beside the share of offers that did.

    ``offers`` from ``watch_offers`` (optionally only those of ``cards`` cards). Per total
    ``t``: ``model`` = mean over offers of P(T <= t) under their posteriors (a mixture: the
    model's forecast for a random offer), ``uniform`` = the same for a uniform draw of as many
    cards from each challenger's true hand (what the model assumes; it matches ``model`` when
    the model of the hands is right), ``simulated`` = share of offers whose true total is at
    most t, with a 95 % interval ``ci_low``/``ci_high``; ``offers`` the number of offers.

    The offers of one game are not independent (the same traders, often the same offer again),
    so with a ``game`` column the interval is a pointwise percentile bootstrap that resamples
    whole games (``resamples`` times, seeded); without one it is the Dvoretzky-Kiefer-Wolfowitz
    band for independent offers, which holds for every t at once.
    """
    import numpy as np

    part = offers if cards is None else offers[offers["cards"] == cards]
    if part.empty:
        raise ValueError(_("no offers of {cards} cards", cards=cards))
    totals = sorted(
        set(part["total"]) | {t for column in ("posterior", "uniform") for d in part[column] for t in d}
    )
    where = {t: i for i, t in enumerate(totals)}
    n = len(part)

    def mixture(column: str) -> np.ndarray:
        mass = np.zeros(len(totals))
        for dist in part[column]:
            for t, p in dist.items():
                mass[where[t]] += p
        return np.cumsum(mass) / n

    truth = np.zeros(len(totals))
    np.add.at(truth, [where[t] for t in part["total"]], 1.0)
    simulated = np.cumsum(truth) / n
    if "game" in part.columns and part["game"].nunique() >= 2:
        games = sorted(part["game"].unique())
        index = {g: i for i, g in enumerate(games)}
        per_game = np.zeros((len(games), len(totals)))
        np.add.at(per_game, ([index[g] for g in part["game"]], [where[t] for t in part["total"]]), 1.0)
        rng = np.random.default_rng(seed)
        picks = rng.integers(0, len(games), size=(resamples, len(games)))
        counts = per_game[picks].sum(axis=1)  # resamples x totals
        curves = np.cumsum(counts, axis=1) / counts.sum(axis=1, keepdims=True)
        low, high = np.percentile(curves, [2.5, 97.5], axis=0)
    else:
        half = math.sqrt(math.log(2 / 0.05) / (2 * n))
        low, high = np.clip(simulated - half, 0, 1), np.clip(simulated + half, 0, 1)
    return pd.DataFrame(
        {
            "total": totals,
            "model": mixture("posterior"),
            "uniform": mixture("uniform"),
            "simulated": simulated,
            "ci_low": low,
            "ci_high": high,
            "offers": n,
        }
    )


def auction_gains(records: Mapping[str, pd.DataFrame], players: int) -> pd.DataFrame:
    """Per game, what the first listed bot's own auctions brought it: one row per game.

    Columns ``game``, ``seat``, ``bot`` (as in the seats table, so ``gamekit.stats.
    paired_difference`` pairs two runs with ``table_b``), ``money`` (cards paid to it on a sale
    minus what it paid on a buy-in, KH-A5), ``worth`` (set value × cards held then / 4 of the
    animals it bought in), ``bought_in`` (buy-ins) and ``net`` = money + worth.
    """
    seats = records["seats"]
    mine = seats[first_bot(seats, players)][["game", "seat", "bot"]]
    auctions = records["auctions"]
    own = auctions[first_bot(auctions, players)]
    sold = own["outcome"] == "sold"
    bought = own["outcome"] == "bought_in"
    frame = pd.DataFrame(
        {
            "game": own["game"],
            "money": own["paid"].where(sold, 0) - own["paid"].where(bought, 0),
            "worth": (own["set_value"] * (own["taker_had"] + 1) / rules.CARDS_PER_ANIMAL).where(bought, 0),
            "bought_in": bought.astype(float),
        }
    )
    per_game = frame.groupby("game")[["money", "worth", "bought_in"]].sum()
    table = mine.join(per_game, on="game").fillna({"money": 0.0, "worth": 0.0, "bought_in": 0.0})
    table["net"] = table["money"] + table["worth"]
    return table.reset_index(drop=True)


def set_win_excess(sets: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """Per animal: how much more its set's owner won than players with as many complete sets.

    Owning any set goes with winning (sets multiply the score, KH-E2), so an owner's win share is
    compared with the win rate of every player who ended with the same number of sets (the
    baseline): ``excess`` = mean over owners of (win share - baseline for their number of sets),
    with a 95 % interval clustered by game (``gamekit.stats.clustered_mean``; a game's owners share
    its outcome). Also ``owners``, ``win_rate`` and ``baseline`` (its mean over the owners).
    ``sets`` and ``seats`` as in ``set_win_rates``.

    Ten intervals are a family: at 95 % each, one in two such tables shows an animal apart from 0
    by chance alone. So ``p`` (two-sided, of "no excess", from the same clustered fit) comes with
    ``p_holm``, Holm's step-down adjustment over the animals that have a ``p``: an animal is
    apart from 0 for the family only where ``p_holm`` < 0.05.
    """
    from scipy import stats

    from ...claims import holm
    from ...stats import clustered_mean

    keys = [k for k in ("setting", "game", "seat") if k in sets.columns and k in seats.columns]
    base = seats.groupby("sets")["win_share"].mean().rename("baseline")
    merged = sets.merge(seats[[*keys, "win_share", "sets"]], on=keys).join(base, on="sets")
    merged["excess"] = merged["win_share"] - merged["baseline"]
    cluster = [k for k in ("setting", "game") if k in merged.columns]
    merged["cluster"] = merged[cluster].astype(str).agg("/".join, axis=1)
    rows = []
    for animal in rules.ANIMALS:
        part = merged[merged["animal"] == animal]
        low = high = p = float("nan")
        if part["cluster"].nunique() >= 2:
            fit = clustered_mean(part, "excess", "cluster")
            low, high = fit.ci_low, fit.ci_high
            if fit.se > 0:
                p = float(2 * stats.t.sf(abs(fit.mean / fit.se), fit.clusters - 1))
        rows.append(
            {
                "animal": animal,
                "set_value": rules.ANIMAL_VALUES[animal],
                "owners": len(part),
                "win_rate": float(part["win_share"].mean()) if len(part) else float("nan"),
                "baseline": float(part["baseline"].mean()) if len(part) else float("nan"),
                "excess": float(part["excess"].mean()) if len(part) else float("nan"),
                "ci_low": low,
                "ci_high": high,
                "p": p,
            }
        )
    table = pd.DataFrame(rows)
    tested = table["p"].notna()
    table["p_holm"] = float("nan")
    if tested.any():
        table.loc[tested, "p_holm"] = holm(table.loc[tested, "p"].tolist())
    return table
