"""A bot does what its sentence says (issue: "each strategy bot's one-sentence rule gets a property
test that measures the behaviour").

For every Money Monsoon, Kuhhandel and Bohnanza strategy bot and for ``random``, seeded games are
played and EVERY decision where the bot's sentence (``gamekit bots GAME``) applies is checked
against what the sentence says, recomputed from the view with the public helpers it names
(``roll_value``, ``move_value``, ``rollout_value``, ``collection_worth``, ``money_posterior``,
``best_response``, the hypergeometric of ``gamekit.theory.bohnanza`` ...), never with the bot's own
private methods. "Always"/"never" parts must hold at every decision (zero violations); a part with
chance ("give or take one point at random", "with probability `bluff_rate`") must stay inside its
exact support at every decision and match its frequency by a chi-square or binomial test at
alpha 1e-4 on fixed seeds. Each test also requires a minimum number of decisions checked, so that
none passes vacuously.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from gamekit.core.actions import Action
from gamekit.games.money_monsoon.bots import move_value, roll_value, rollout_value
from gamekit.games.money_monsoon.rules import HALVED_ROLL

from .bot_sentences_helpers import (
    ALPHA,
    Decision,
    Tally,
    chosen_index,
    near,
    pit_value,
    play_recorded,
    uniformity_pvalue,
)

BID_KINDS = ("bid", "bid-range")
ROLLOUTS = 16  # the sentence's "16 random races"


# ------------------------------------------------------------------------------------- random
RANDOM_TABLES = {  # game: (players, games)
    "for_sale": (4, 12),
    "money_monsoon": (4, 3),
    "kuhhandel": (4, 3),
    "bohnanza": (4, 3),
}


def test_random_is_uniform_over_the_legal_actions() -> None:
    """``random``: "Chooses uniformly at random among the legal actions." The chosen action's
    position among n legal actions, spread by an independent uniform ((index + U) / n), is
    uniform on [0, 1) exactly when every action has chance 1/n: one chi-square over all
    decisions of every game, and one per game."""
    spread = random.Random(2026)
    pooled: list[float] = []
    for game_name, (players, games) in RANDOM_TABLES.items():
        values = []
        for seed in range(games):
            for d in play_recorded(game_name, ["random"] * players, seed):
                n = len(d.legal)
                assert d.action in d.legal
                if n > 1:
                    values.append((chosen_index(d) + spread.random()) / n)
        assert len(values) >= 300, (game_name, len(values))
        assert uniformity_pvalue(values) > ALPHA, game_name
        print(f"random, {game_name}: {len(values)} decisions with a choice")
        pooled += values
    assert uniformity_pvalue(pooled, bins=20) > ALPHA


# ------------------------------------------------------------------------------ Money Monsoon
def bid_probabilities(value: float, scale: Any, legal: list[Action]) -> dict[int, float]:
    """The chance of each legal bid action (by position) by the sentence: a value above 0 give or
    take one point (-1, 0, +1 alike, not below 0; a value of 0 as it is), scaled by ``scale``,
    rounded up with the chance of its fraction, then written as the legal action that holds it
    (clamped to what is allowed)."""
    amounts: Counter[int] = Counter()
    jitters = (-1, 0, 1) if value > 0 else (0,)
    for d in jitters:
        b = scale(max(value + d, 0.0))
        low = math.floor(b)
        fraction = b - low
        amounts[low] += (1 - fraction) / len(jitters)
        if fraction > 0:
            amounts[low + 1] += fraction / len(jitters)
    probs: Counter[int] = Counter()
    bids = [(i, a) for i, a in enumerate(legal) if a.kind in BID_KINDS]
    for amount, p in amounts.items():
        if bids[0][1].kind == "bid-range":
            index = next((i for i, a in bids if amount <= a.value[1]), bids[-1][0])
        else:
            values = [a.value for _, a in bids]
            clamped = min(max(amount, min(values)), max(values))
            index = next(i for i, a in bids if a.value == clamped)
        probs[index] += p
    return dict(probs)


MM_BOTS = ["truthful", "shade", "zero8", "rollout", "reserve", "shade:0.3", "zero8:0.5", "reserve:0.8"]


def _mm_games() -> list[Decision]:
    decisions = []
    for seed in range(40):
        players = 4 + seed % 3
        table = [MM_BOTS[(seed + k) % len(MM_BOTS)] for k in range(players)]
        decisions += play_recorded("money_monsoon", table, seed)
    return decisions


_MM: list[Decision] = []


def mm_decisions() -> list[Decision]:
    if not _MM:
        _MM.extend(_mm_games())
    return _MM


def _fraction(spec: str, default: float) -> float:
    return float(spec.split(":")[1]) if ":" in spec else default


def test_money_monsoon_bots_make_the_move_move_value_rates_best() -> None:
    """Every Money Monsoon strategy bot "makes the move that `move_value` rates best": at every
    move decision, no legal move is worth more to it by ``move_value``."""
    tally = Tally()
    for d in mm_decisions():
        if d.view["phase"] != "move":
            continue
        me = d.view["viewer"]
        best = max(move_value(d.view, me, a.value) for a in d.legal)
        got = move_value(d.view, me, d.action.value)
        tally.check(
            d.bot.split(":")[0], near(got, best), lambda d=d, got=got, best=best: f"{d.action} {got} < {best}"
        )
    assert tally.violations == []
    for name in ("truthful", "shade", "zero8", "rollout", "reserve"):
        assert tally.checked[name] >= 15, tally.checked


def _roll_value_scale(d: Decision) -> tuple[float, Any] | None:
    """(value, scale) of a truthful, shade or zero8 bid decision by its sentence; None for other bots."""
    name = d.bot.split(":")[0]
    value = roll_value(d.view)
    if name == "truthful":
        return value, lambda w: w
    if name == "shade":
        f = _fraction(d.bot, 0.6)
        return value, lambda w: f * w
    if name == "zero8":
        f = _fraction(d.bot, 1.0)
        if d.view["roll"] == HALVED_ROLL:
            return value, lambda w: 0.0
        return value, lambda w: f * w
    return None


class _RolloutSeeds:
    """The seed of the 16 races a rollout bot drew for the auction on the table: its generator's
    first draw in that auction (the races are the bot's own; this is the one thing read from it)."""

    def __init__(self) -> None:
        self.seen: dict[tuple[Any, ...], int] = {}

    def seed(self, d: Decision) -> int:
        key = (d.game, d.seat, d.view["turn"], d.view["roll"], d.view["rebids"], repr(d.view["pawns"]))
        if key not in self.seen:
            rng = random.Random()
            rng.setstate(d.rng_state)
            self.seen[key] = int(rng.random() * 2**31)
        return self.seen[key]


def _rollout_scale(d: Decision, seeds: _RolloutSeeds) -> tuple[float, Any]:
    """(value, scale) of a rollout or reserve bid decision by its sentence."""
    name = d.bot.split(":")[0]
    f = _fraction(d.bot, 1.0)
    me = d.view["viewer"]
    seed = seeds.seed(d)
    own = rollout_value(d.view, me, ROLLOUTS, seed)
    if name == "reserve" and d.view["active"] == me:
        others = [rollout_value(d.view, s, ROLLOUTS, seed) for s in range(d.view["players"]) if s != me]
        top = max(others, default=0.0)
        if top <= 0:
            return own, lambda w: f * w
        # the theory's best auctioneer bid: (top + own) / 3, capped at top
        return own, lambda w: f * min(max((top + w) / 3, 0.0), top)
    if name == "reserve":  # "otherwise bids its rollout value": `fraction` scales only the auctioneer's bid
        return own, lambda w: w
    return own, lambda w: f * w


def test_money_monsoon_bots_bid_what_their_sentences_say() -> None:
    """truthful bids `roll_value`, shade `fraction` of it, zero8 0 on an 8 and `fraction` of it
    otherwise, rollout `fraction` of its 16-race rollout value, reserve as auctioneer `fraction`
    of (top + own) / 3 capped at top (else like rollout), each give or take one point at random
    and rounded up or down at random in proportion; a worthless roll is bid 0.

    Support: every bid is one the sentence allows (zero violations). Frequency: the chosen
    bid's randomised PIT under the sentence's exact distribution is uniform (chi-square).
    Only decisions whose chosen action is a bid are checked (an auctioneer that may sit out
    reads that from its legal actions); each bot must have enough of them."""
    tally = Tally()
    seeds = _RolloutSeeds()
    spread = random.Random(7)
    pits: dict[str, list[float]] = {}
    zero_bids = Counter()
    for d in mm_decisions():
        if d.view["phase"] != "bid" or d.action.kind not in BID_KINDS:
            continue
        name = d.bot.split(":")[0]
        scaled = _roll_value_scale(d)
        value, scale = scaled if scaled is not None else _rollout_scale(d, seeds)
        probs = bid_probabilities(value, scale, d.legal)
        index = chosen_index(d)
        if name == "reserve" and d.view["active"] == d.view["viewer"]:
            tally.checked["reserve as auctioneer"] += 1
        if name == "zero8" and d.view["roll"] == HALVED_ROLL:
            tally.checked["zero8 on an 8"] += 1
        tally.check(
            name, probs.get(index, 0.0) > 0, lambda d=d, v=value, p=probs: f"{d.action} for value {v}: {p}"
        )
        pits.setdefault(name, []).append(pit_value(probs, index, spread.random()))
        if value <= 0:
            zero_bids[name] += 1  # truthful, shade, zero8, rollout: bid 0 for sure (scale(0) = 0)
    assert tally.violations == [], tally.violations[:5]
    for name in ("truthful", "shade", "zero8", "rollout", "reserve"):
        assert tally.checked[name] >= 150, tally.checked
    for part in ("reserve as auctioneer", "zero8 on an 8"):
        assert tally.checked[part] >= 40, tally.checked
        assert uniformity_pvalue(pits[name]) > ALPHA, name
    print("money monsoon bid decisions checked:", dict(tally.checked), "worthless rolls:", dict(zero_bids))
