"""A bot does what its sentence says (issue: "each strategy bot's one-sentence rule gets a property
test that measures the behaviour").

For every Money Monsoon, Kuhhandel and Bohnanza strategy bot and for ``random``, seeded games are
played and EVERY decision where the bot's sentence (``gamekit bots GAME``) applies is checked
against what the sentence says, recomputed from the view with the public helpers it names
(``roll_value``, ``move_value``, ``rollout_value``, ``money_posterior``, ``best_response``, the
hypergeometric and ``gain_of_waiting`` of ``gamekit.theory.bohnanza``) or from the numbers it
states (set value times share, (2k-1)/3, (top + own) / 3), never with the bot's own private
methods. The one thing read from a bot is the seed of its 16 rollout races (its generator's
first draw in an auction): the races are its own sample, and ``rollout_value`` replays them. "Always"/"never" parts must hold at every decision (zero violations); a part with
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

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.bots.base import BOTS
from gamekit.core.actions import Action
from gamekit.games.bohnanza.rules import BEAN_COUNTS, HARVEST, top_of_beanometer
from gamekit.games.kuhhandel.rules import ANIMAL_VALUES
from gamekit.games.money_monsoon import rules as mm_rules
from gamekit.games.money_monsoon.bots import move_value, roll_value, rollout_value
from gamekit.games.money_monsoon.rules import HALVED_ROLL
from gamekit.theory.bohnanza import gain_of_waiting, hypergeometric, queue_before_forced
from gamekit.theory.bohnanza import unseen_beans as theory_unseen_beans
from gamekit.theory.kuhhandel import best_response, money_posterior, offer_posterior

from .bot_sentences_helpers import (
    ALPHA,
    Decision,
    Tally,
    bernoulli_pvalue,
    binomial_pvalue,
    chosen_index,
    near,
    pit_value,
    play_recorded,
    uniformity_pvalue,
)

BID_KINDS = ("bid", "bid-range")
SIT_OUT = "sit-out"  # the auctioneer's other sealed answer where the rules let it sit out (MM-A2)
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
    uniform on [0, 1) when every action has chance 1/n: one chi-square over all
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
def bid_probabilities(value: float, scale: Any, legal: list[Action], roll: int) -> dict[int, float]:
    """The chance of each legal bid action (by position) by the sentence: a value above 0 give or
    take one point (-1, 0, +1 alike, not below 0; a value of 0 as it is), scaled by ``scale``,
    rounded up with the chance of its fraction, then written as the legal action that holds it
    (clamped to what is allowed). Where the legal actions offer the auctioneer to sit out
    (MM-A2 read as optional), a bid of 0 on a roll other than 8 is sitting out, as the bots'
    module says."""
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
    sit_out = [i for i, a in enumerate(legal) if a.kind == SIT_OUT]
    for amount, p in amounts.items():
        if amount == 0 and sit_out and roll != HALVED_ROLL:
            index = sit_out[0]
        elif bids[0][1].kind == "bid-range":
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
    The legal actions are read, not assumed: where they let the auctioneer sit out, sitting out
    is the sentence's bid of 0 on a roll other than 8; where the view shows a broke bot bidding
    on credit, its value is divided by the cost of a borrowed point (the bots' module says so).
    Each bot must have enough decisions checked."""
    tally = Tally()
    seeds = _RolloutSeeds()
    spread = random.Random(7)
    pits: dict[str, list[float]] = {}
    zero_bids = Counter()
    for d in mm_decisions():
        if d.view["phase"] != "bid" or d.action.kind not in (*BID_KINDS, SIT_OUT):
            continue
        name = d.bot.split(":")[0]
        scaled = _roll_value_scale(d)
        value, scale = scaled if scaled is not None else _rollout_scale(d, seeds)
        me = d.view["viewer"]
        if d.view["points"][me] == 0 and d.view.get("bid_limits", [0] * d.view["players"])[me] > 0:
            # MM-E4 read as letting a broke player borrow: the bots' module says a bot bidding on
            # credit divides its value by the cost of a borrowed point (not in the one-line rules)
            scale = lambda w, s=scale: s(w / getattr(mm_rules, "INTEREST", 1.1))  # noqa: E731
            tally.checked[f"{name} on credit"] += 1
        probs = bid_probabilities(value, scale, d.legal, d.view["roll"])
        if d.action.kind == SIT_OUT:
            tally.checked[f"{name} sits out"] += 1
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
        assert uniformity_pvalue(pits[name]) > ALPHA, name
    for part in ("reserve as auctioneer", "zero8 on an 8"):
        assert tally.checked[part] >= 40, tally.checked
    print("money monsoon bid decisions checked:", dict(tally.checked), "worthless rolls:", dict(zero_bids))


# ---------------------------------------------------------------------------------- Kuhhandel
KH_TABLES = [
    ["value", "buyin", "bluffer", "cowtrader"],
    ["bluffer", "cowtrader", "value", "buyin", "bluffer:0.7"],
    ["cowtrader", "bluffer:0.7", "buyin:0.5", "value:0.8"],
    ["buyin", "bluffer", "cowtrader:2", "value", "bluffer:0.7"],
]
_KH: list[Decision] = []


def kh_decisions() -> list[Decision]:
    if not _KH:
        for seed in range(20):
            _KH.extend(play_recorded("kuhhandel", KH_TABLES[seed % len(KH_TABLES)], seed))
    return _KH


def _held(view: dict[str, Any], seat: int, animal: str) -> int:
    return view["animals"][seat].get(animal, 0)


def kh_worth(view: dict[str, Any], animal: str, cards: int = 1) -> float:
    """The animal's worth to the viewer's collection: set value times the share of the set it would then hold."""
    held = _held(view, view["viewer"], animal)
    return ANIMAL_VALUES[animal] * min(held + cards, 4) / 4


def card_gain(held: int, animal: str, cards: int) -> float:
    """The cow trader's count: the k-th card of an animal is worth its set value times (2k-1)/3."""
    return sum(ANIMAL_VALUES[animal] * (2 * k - 1) / 3 for k in range(held + 1, min(held + cards, 4) + 1))


def card_loss(held: int, animal: str, cards: int) -> float:
    return sum(ANIMAL_VALUES[animal] * (2 * k - 1) / 3 for k in range(max(held - cards, 0) + 1, held + 1))


def subset_totals(hand: list[int]) -> set[int]:
    totals = {0}
    for card in hand:
        totals |= {t + card for t in totals}
    return totals


def least_reaching(hand: list[int], amount: float) -> int:
    """The smallest total some of ``hand`` makes that reaches ``amount`` (all of it if none does)."""
    if amount <= 0:
        return 0
    reaching = [t for t in subset_totals(hand) if t >= amount]
    return min(reaching) if reaching else sum(hand)


def _name(d: Decision) -> str:
    return d.bot.split(":")[0]


def _param(d: Decision, default: float) -> float:
    return float(d.bot.split(":")[1]) if ":" in d.bot else default


KH_DEFAULTS = {"value": 1.0, "buyin": 1.0, "bluffer": 0.3, "cowtrader": 3.0}
SETTLING = "once the deck is empty"


def settles(name: str) -> bool:
    """Whether the bot's sentence settles animals once the deck is empty ("challenges a holder of
    as many cards first and sells a single card to a challenger holding more"); value and buyin
    trade like the bluffer. The clause is checked exactly where a sentence states it."""
    sentence = " ".join((BOTS["bluffer" if name in ("value", "buyin") else name].__doc__ or "").split())
    return SETTLING in sentence


def settling_answer(d: Decision) -> bool | None:
    """Under the settling clause, whether the answer must be to accept (a single card against a
    challenger holding more, once the deck is empty); None where the clause does not decide."""
    view, trade = d.view, d.view["trade"]
    if not settles(_name(d)) or view["deck_size"] != 0:
        return None
    mine = _held(view, view["viewer"], trade["animal"])
    theirs = _held(view, trade["active"], trade["animal"])
    if mine == 1 < theirs:
        return True
    return False if mine >= theirs else None  # more than one card against more: the sentence is silent


def test_kuhhandel_bots_bid_and_sell_as_their_sentences_say() -> None:
    """value, buyin and bluffer raise by 10 while the bid stays within `factor` (1 but for value)
    times the animal's worth to their collection and within their money, else hold; cowtrader
    likewise up to its count of the next card (set value times (2k-1)/3). As auctioneer value,
    bluffer and cowtrader always sell; buyin buys in when it can and the high bid is at most
    `margin` times the worth, else sells. Zero violations over every decision."""
    tally = Tally()
    for d in kh_decisions():
        view, name = d.view, _name(d)
        auction = view["auction"]
        if view["phase"] == "bidding":
            me, animal = view["viewer"], auction["animal"]
            if name == "cowtrader":
                limit = card_gain(_held(view, me, animal), animal, 1)
            else:
                limit = (_param(d, 1.0) if name == "value" else 1.0) * kh_worth(view, animal)
            raise_to = auction["high_bid"] + 10
            raises = [a for a in d.legal if a.kind == "bid" and a.value == raise_to]
            within = raise_to <= limit and raise_to <= sum(view["money"][me])
            expected = raises[0].text if within and raises else "hold"
            tally.check(
                f"{name} bidding", d.action.text == expected, lambda d=d, e=expected: f"{d.action} not {e}"
            )
        elif view["phase"] == "decide":
            buy = [a for a in d.legal if a.text == "buy"]
            if name == "buyin":
                wants = bool(buy) and auction["high_bid"] <= _param(d, 1.0) * kh_worth(
                    view, auction["animal"]
                )
            else:
                wants = False  # "always sells as auctioneer"
            expected = "buy" if wants else "sell"
            if wants:
                tally.checked["buyin buys"] += 1
            tally.check(
                f"{name} decide", d.action.text == expected, lambda d=d, e=expected: f"{d.action} not {e}"
            )
    assert tally.violations == [], tally.violations[:5]
    for name in KH_DEFAULTS:
        assert tally.checked[f"{name} bidding"] >= 100, tally.checked
        assert tally.checked[f"{name} decide"] >= 10, tally.checked
    print("kuhhandel auction decisions checked:", dict(tally.checked))


def _trade_stakes(d: Decision) -> tuple[float, float]:
    """(win, lose) of the cow trader in the trade on the table, by its card count."""
    trade, me = d.view["trade"], d.view["viewer"]
    held = _held(d.view, me, trade["animal"])
    return card_gain(held, trade["animal"], trade["stake"]), card_loss(held, trade["animal"], trade["stake"])


def test_kuhhandel_bots_trade_as_their_sentences_say() -> None:
    """The cow trade. Offering (its last step, ``offer``): value, buyin and bluffer hand over the
    least total of their cards that reaches the stake's worth to their collection, bluffer padded
    with all its 0 cards with probability `bluff_rate` (binomial), value and buyin never; the
    cow trader the least total reaching half of (win + lose), always padded with all its 0 cards.
    Answering: value, buyin and bluffer accept exactly when the offer's card count times the
    average unseen card's value reaches the worth, else counter with the least total reaching it;
    the cow trader accepts or counters with the total ``best_response`` gives against
    ``offer_posterior``."""
    tally = Tally()
    for d in kh_decisions():
        view, name = d.view, _name(d)
        trade, me = view["trade"], view["viewer"]
        if trade is None:
            continue
        hand = view["money"][me]
        nonzero = [c for c in hand if c]
        if view["phase"] == "offer" and d.action.text == "offer":
            built = trade["building"]
            if name == "cowtrader":
                win, lose = _trade_stakes(d)
                target = least_reaching(nonzero, (win + lose) / 2)
            else:
                target = least_reaching(nonzero, kh_worth(view, trade["animal"], trade["stake"]))
            zeros = built.count(0)
            if name == "cowtrader" or (name == "bluffer" and _param(d, 0.3) == 1.0):
                padding_ok = zeros == hand.count(0)  # always padded with all its 0 cards
            elif name in ("value", "buyin"):
                padding_ok = zeros == 0  # bluff rate 0: never padded
            else:
                padding_ok = zeros in (0, hand.count(0))  # all of its 0 cards or none; how often: below
            tally.check(
                f"{name} offer",
                sum(built) == target and padding_ok,
                lambda d=d, t=target: f"offered {d.view['trade']['building']}, not {t} and the 0s",
            )
        elif view["phase"] == "respond" and not trade["building"]:
            # the first step of an answer decides: accept, or start the counter-offer
            accept = any(a.text == "accept" for a in d.legal)
            settling = settling_answer(d)
            if settling is None and settles(name) and view["deck_size"] == 0:
                tally.checked[f"{name} answer left to the code (settling, 2+ cards against more)"] += 1
                continue
            if settling and accept:
                ok = d.action.text == "accept"
                tally.checked[f"{name} sells a single card"] += 1
            elif name == "cowtrader":
                win, lose = _trade_stakes(d)
                choice, total, _ = best_response(
                    offer_posterior(view), sorted(subset_totals(nonzero)), win, lose
                )
                ok = (d.action.text == "accept") == (choice == "accept" and accept)
            else:
                worth = kh_worth(view, trade["animal"], trade["stake"])
                counts = view["money_counts"]
                unseen_cards = sum(counts) - counts[me] + trade["offer_count"]
                average = (view["money_in_play"] - sum(hand)) / unseen_cards if unseen_cards else 0
                ok = (d.action.text == "accept") == (accept and trade["offer_count"] * average >= worth)
            tally.check(f"{name} answer", ok, lambda d=d: f"{d.action} in {d.view['trade']}")
        elif view["phase"] == "respond" and d.action.text == "counter":
            built = trade["building"]
            if name == "cowtrader":
                win, lose = _trade_stakes(d)
                choice, total, _ = best_response(
                    offer_posterior(view), sorted(subset_totals(nonzero)), win, lose
                )
                target = total or 0
            else:
                target = least_reaching(nonzero, kh_worth(view, trade["animal"], trade["stake"]))
            tally.check(
                f"{name} counter",
                sum(built) == target and 0 not in built,
                lambda d=d, t=target: f"countered {d.view['trade']['building']}, not {t}",
            )
    assert tally.violations == [], tally.violations[:5]
    for name in KH_DEFAULTS:
        for step in ("offer", "answer", "counter"):
            assert tally.checked[f"{name} {step}"] >= 5, tally.checked
    print("kuhhandel trade decisions checked:", dict(tally.checked))


BLUFF_RATES = (0.3, 0.7, 0.1, 0.5)


def test_kuhhandel_bluffer_pads_with_probability_bluff_rate() -> None:
    """bluffer pads an offer with all its 0 cards with probability `bluff_rate`: at every offer
    made while holding a 0 card, padded or not is one Bernoulli trial; a binomial test per
    rate and one pooled test over all rates (tables of four bluffers, rates 0.1 to 0.7)."""
    trials: dict[float, list[bool]] = {rate: [] for rate in BLUFF_RATES}
    for seed in range(30):
        table = [f"bluffer:{BLUFF_RATES[(seed + k) % 4]}" for k in range(4)]
        for d in play_recorded("kuhhandel", table, 500 + seed):
            hand = d.view["money"][d.view["viewer"]]
            if d.view["phase"] == "offer" and d.action.text == "offer" and 0 in hand:
                zeros = d.view["trade"]["building"].count(0)
                assert zeros in (0, hand.count(0)), d.view["trade"]  # all its 0 cards or none
                trials[_param(d, 0.3)].append(zeros > 0)
    for rate, padded in trials.items():
        assert len(padded) >= 40, {r: len(t) for r, t in trials.items()}
        assert binomial_pvalue(sum(padded), len(padded), rate) > ALPHA, (rate, sum(padded), len(padded))
    outcomes = [x for padded in trials.values() for x in padded]
    chances = [rate for rate, padded in trials.items() for _ in padded]
    assert bernoulli_pvalue(outcomes, chances) > ALPHA
    print("bluffer padded:", {rate: f"{sum(t)} of {len(t)}" for rate, t in trials.items()})


def _tier(view: dict[str, Any], action: Action) -> int:
    """2 for a challenge of a holder of as many cards, 1 of one holding fewer, 0 of one holding more."""
    partner, animal = action.value
    mine, theirs = _held(view, view["viewer"], animal), _held(view, partner, animal)
    return 2 if mine == theirs else 1 if mine > theirs else 0


def test_kuhhandel_bots_settle_once_the_deck_is_empty_where_their_sentences_say_so() -> None:
    """Where a sentence says so ("once the deck is empty, challenges a holder of as many cards
    first"), every challenge after the deck is of a holder of as many cards whenever one exists."""
    tally = Tally()
    for d in kh_decisions():
        view, name = d.view, _name(d)
        if view["phase"] != "turn" or view["deck_size"] != 0 or d.action.kind != "trade" or not settles(name):
            continue
        best = max(_tier(view, a) for a in d.legal if a.kind == "trade")
        tally.check(f"{name} settles", best < 2 or _tier(view, d.action) == 2, lambda d=d: f"{d.action}")
    assert tally.violations == [], tally.violations[:5]
    for name in KH_DEFAULTS:
        assert not settles(name) or tally.checked[f"{name} settles"] >= 10, tally.checked
    print("kuhhandel settling challenges checked:", dict(tally.checked))


def test_kuhhandel_cowtrader_challenges_as_its_sentence_says() -> None:
    """cowtrader on its turn: while the deck lasts it challenges for an animal it holds at least
    `trade_from` cards of, against a holder whose expected money (``money_posterior``) is below
    its own, and auctions when there is none; after the deck, any animal it shares. Either way
    its most-held animal, then the most valuable, against the poorest holder."""
    tally = Tally()
    for d in kh_decisions():
        view = d.view
        if _name(d) != "cowtrader" or view["phase"] != "turn":
            continue
        me = view["viewer"]
        mine = sum(view["money"][me])
        trades = [a for a in d.legal if a.kind == "trade"]
        rich = {
            p: sum(t * q for t, q in money_posterior(view, p).items()) for p in {a.value[0] for a in trades}
        }
        if any(a.text == "auction" for a in d.legal):
            trade_from = _param(d, 3.0)
            trades = [
                a for a in trades if _held(view, me, a.value[1]) >= trade_from and rich[a.value[0]] < mine
            ]
            part = "cowtrader turn, deck left"
        else:
            part = "cowtrader turn, deck gone"
        if not trades:
            tally.check(
                part, d.action.kind != "trade", lambda d=d: f"{d.action} with no animal to challenge for"
            )
            continue

        if part.endswith("gone") and settles("cowtrader"):
            # "challenges a holder of as many cards first": the rest of the order is ranked within
            # the chosen tier (the sentence does not order fewer against more)
            level = {a: _tier(view, a) for a in trades}
            if max(level.values()) == 2:
                trades = [a for a in trades if level[a] == 2]
            elif d.action in level:
                trades = [a for a in trades if level[a] == level[d.action]]
        ranks = {
            a: (_held(view, me, a.value[1]), ANIMAL_VALUES[a.value[1]], -rich[a.value[0]]) for a in trades
        }
        best = max(ranks.values())
        ok = ranks.get(d.action) == best and _held(view, d.action.value[0], d.action.value[1]) > 0
        tally.check(part, ok, lambda d=d, b=best, r=ranks: f"{d.action} ranks {r.get(d.action)}, not {b}")
        if d.action.kind == "trade":
            tally.checked[part + " (challenges)"] += 1
    assert tally.violations == [], tally.violations[:5]
    assert tally.checked["cowtrader turn, deck left"] >= 100, tally.checked
    assert tally.checked["cowtrader turn, deck left (challenges)"] >= 5, tally.checked
    assert tally.checked["cowtrader turn, deck gone"] >= 20, tally.checked
    print("kuhhandel cowtrader turns checked:", dict(tally.checked))


# ----------------------------------------------------------------------------------- Bohnanza
BO_TABLES = [
    ["planter", "trader", "grower"],
    ["trader", "grower", "planter", "trader:0.2"],
    ["grower", "planter:6", "trader", "grower:8", "trader:0.9"],
    ["grower", "trader", "grower:0", "planter:0"],
]
_BO: list[Decision] = []
TRADE_KINDS = ("offer", "give", "ask", "propose", "accept", "deal")


# A field reaching the top of its beanometer is rare in play (forced harvests come first), so a
# few games start with seat A holding three garden beans (top: 3) and two more turned up for it.
RIPE_STACK = {"first_player": 0, "hands": [["garden"] * 3 + ["red"] * 2], "deck": ["garden", "garden"]}


def bo_decisions() -> list[Decision]:
    if not _BO:
        for seed in range(40):
            _BO.extend(play_recorded("bohnanza", BO_TABLES[seed % len(BO_TABLES)], seed))
        for seed in range(20):
            table = [["planter", "trader"][seed % 2], "grower", "planter"]
            _BO.extend(play_recorded("bohnanza", table, 100 + seed, stack=RIPE_STACK))
    return _BO


BO_DEFAULTS = {"planter": 3.0, "trader": 0.5, "grower": 3.0}


def _fields(d: Decision) -> list[Any]:
    return d.view["fields"][d.view["viewer"]]


def _grown(fields: list[Any]) -> set[str]:
    return {f[0] for f in fields if f is not None}


def _ripe_harvests(d: Decision) -> list[Action]:
    """Legal harvests of a field at the top of its beanometer (more beans would pay no more)."""
    fields = _fields(d)
    return [
        a
        for a in d.legal
        if a.kind == "harvest" and fields[a.value - 1][1] >= top_of_beanometer(fields[a.value - 1][0])
    ]


def _forced(d: Decision) -> bool:
    """The card to plant fits no field: nothing may be planted (nor planting stopped) before a harvest."""
    return d.view["phase"] in ("plant", "plant-traded") and not any(
        a.kind in ("plant", "stop") for a in d.legal
    )


def test_bohnanza_bots_plant_buy_and_keep_out_of_trades_as_their_sentences_say() -> None:
    """All three plant a second card only onto a field of their own bean. planter never trades
    (never offers, gives, asks, proposes or accepts); planter and grower buy the third field once
    they hold `buy_at` thaler and never before; trader buys it as soon as it can (a ripe field is
    harvested first). Zero violations over every decision."""
    tally = Tally()
    for d in bo_decisions():
        view, name = d.view, _name(d)
        me = view["viewer"]
        fields = _fields(d)
        if view["phase"] == "plant" and view["planted"] == 1 and d.action.kind == "plant":
            front = view["hands"][me][0]
            tally.check(
                f"{name} second card",
                front in _grown(fields),
                lambda d=d: f"planted {d.view['hands'][d.view['viewer']][0]} onto a new field",
            )
        if name == "planter":
            tally.check("planter never trades", d.action.kind not in TRADE_KINDS, lambda d=d: f"{d.action}")
        can_buy = any(a.kind == "buy-field" for a in d.legal)
        if can_buy:
            coins = view["coins"][me]
            wants = name == "trader" or coins >= _param(d, BO_DEFAULTS[name])
            if _ripe_harvests(d) and name != "grower":
                continue  # "harvests ... any field at the top of its beanometer" comes first
            if wants and not _ripe_harvests(d):
                ok = d.action.kind == "buy-field"
            else:
                ok = d.action.kind != "buy-field" or wants
            tally.check(f"{name} third field", ok, lambda d=d, c=coins: f"{d.action} with {c} thaler")
    assert tally.violations == [], tally.violations[:5]
    for name in BO_DEFAULTS:
        assert tally.checked[f"{name} second card"] >= 50, tally.checked
        assert tally.checked[f"{name} third field"] >= 20, tally.checked
    assert tally.checked["planter never trades"] >= 1000, tally.checked
    print("bohnanza planting and field decisions checked:", dict(tally.checked))


def test_bohnanza_bots_harvest_as_their_sentences_say() -> None:
    """planter and trader harvest the best-paying field when forced and any field at the top of
    its beanometer, and no other field ever; grower, when forced, harvests the field with the
    smallest expected gain from waiting (``gamekit.theory.bohnanza``: its hand queue before the
    forced harvest and the unseen cards, two cards turned up a turn)."""
    tally = Tally()
    for d in bo_decisions():
        view, name = d.view, _name(d)
        me = view["viewer"]
        fields = _fields(d)
        harvests = [a for a in d.legal if a.kind == "harvest"]
        ripe = _ripe_harvests(d)
        if not harvests:
            continue
        if name in ("planter", "trader"):
            if ripe:
                tally.check(f"{name} ripe", d.action in ripe, lambda d=d: f"{d.action} with a ripe field")
            elif _forced(d):
                pays = {a: HARVEST[fields[a.value - 1][0]][fields[a.value - 1][1]] for a in harvests}
                ok = d.action in pays and pays[d.action] == max(pays.values())
                tally.check(
                    f"{name} forced", ok, lambda d=d, p=pays: f"{d.action} pays less than {max(p.values())}"
                )
            else:
                tally.check(
                    f"{name} unforced", d.action.kind != "harvest", lambda d=d: f"{d.action} unforced"
                )
        elif name == "grower" and _forced(d) and not ripe:
            unseen, total = theory_unseen_beans(view, BEAN_COUNTS)
            known, planted = queue_before_forced(fields, view["hands"][me])
            draws = 2 * max(1, planted)
            gains = {}
            for a in harvests:
                bean, count = fields[a.value - 1]
                gains[a] = gain_of_waiting(HARVEST[bean], count, known[bean], unseen[bean], total, draws)
            ok = d.action in gains and near(gains[d.action], min(gains.values()))
            tally.check("grower forced", ok, lambda d=d, g=gains: f"{d.action}: {g}")
    assert tally.violations == [], tally.violations[:5]
    for part in ("planter forced", "trader forced", "grower forced", "planter unforced", "trader unforced"):
        assert tally.checked[part] >= 100, tally.checked
    assert tally.checked["planter ripe"] >= 5 and tally.checked["trader ripe"] >= 5, tally.checked
    print("bohnanza harvest decisions checked:", dict(tally.checked))


def fits_fields(fields: list[Any], beans: list[str]) -> bool:
    """Whether ``beans`` can all be planted without a harvest: no more new types than empty fields."""
    new = {b for b in beans if b not in _grown(fields)}
    return len(new) <= sum(1 for f in fields if f is None)


def forcing_cards(view: dict[str, Any], depth: int) -> list[str]:
    """The cards (``bean`` turned up, ``bean#k`` k-th in hand) that would force the viewer to
    harvest: beans received are planted first, then the turned-up ones (the active player's),
    then the first ``depth`` hand cards, each onto its own bean's field or an empty one."""
    me = view["viewer"]
    fields = view["fields"][me]
    grown = set(_grown(fields))
    empty = sum(1 for f in fields if f is None)
    out = []

    def fits(bean: str) -> bool:
        nonlocal empty
        if bean in grown:
            return True
        if empty:
            grown.add(bean)
            empty -= 1
            return True
        return False

    for bean in view["received"][me]:
        fits(bean)
    if view["active"] == me:
        out += [bean for bean in view["trading_area"] if not fits(bean)]
    out += [f"{bean}#{k}" for k, bean in enumerate(view["hands"][me][:depth], 1) if not fits(bean)]
    return out


def test_bohnanza_trader_and_grower_answer_deals_as_their_sentences_say() -> None:
    """trader and grower accept any deal whose beans all fit their fields and that asks for none
    of the beans they grow, and no other (never a deal asking for a bean they grow)."""
    tally = Tally()
    for d in bo_decisions():
        view, name = d.view, _name(d)
        proposal = view["proposal"]
        if name == "planter" or proposal is None or not proposal["made"] or view["viewer"] == view["active"]:
            continue
        fields = _fields(d)
        welcome = fits_fields(fields, view["received"][view["viewer"]] + proposal["give"])
        welcome = welcome and not _grown(fields) & set(proposal["ask"])
        can_accept = any(a.kind == "accept" for a in d.legal)
        if d.action.kind in ("harvest", "buy-field"):
            continue  # an at-any-time step first (a ripe field, the third field); the answer comes after
        if name == "grower" and welcome and not can_accept:
            ok = d.action.kind in ("give", "reject")  # picks which copy of an asked bean to give
        else:
            ok = (d.action.kind == "accept") == (welcome and can_accept)
        tally.check(
            f"{name} answer", ok, lambda d=d, w=welcome: f"{d.action} to {d.view['proposal']} (welcome {w})"
        )
        if d.action.kind == "accept":
            tally.checked[f"{name} accepts"] += 1
    assert tally.violations == [], tally.violations[:5]
    for name in ("trader", "grower"):
        assert tally.checked[f"{name} answer"] >= 100, tally.checked
        assert tally.checked[f"{name} accepts"] >= 10, tally.checked
    print("bohnanza answers checked:", dict(tally.checked))


def _fullest(fields: list[Any]) -> str | None:
    """The bean of the fullest field (the first of equals), None with no field planted."""
    planted = [f for f in fields if f is not None]
    return max(planted, key=lambda f: f[1])[0] if planted else None


def test_bohnanza_trader_offers_as_its_sentence_says() -> None:
    """trader offers each other player in turn (the next seat first) the turned-up and front hand
    beans that would force it to harvest a field, and only while there are such beans; before
    proposing it asks one bean of its fullest field back, or nothing with probability
    `generosity` (binomial test at each generosity)."""
    tally = Tally()
    asked: Counter[float] = Counter()
    could_ask: Counter[float] = Counter()
    for d in bo_decisions():
        view = d.view
        me = view["viewer"]
        if _name(d) != "trader" or view["phase"] != "trade" or view["active"] != me:
            continue
        proposal = view["proposal"]
        unwanted = forcing_cards(view, 1)
        used = len(view["offers"])
        if proposal is None and d.action.kind in ("offer", "end-trading"):
            if d.action.kind == "offer":
                ok = bool(unwanted) and d.action.value == (me + 1 + used) % view["players"]
            else:
                ok = not unwanted or view["proposals_left"] == 0 or used >= view["players"] - 1
            tally.check("trader offer", ok, lambda d=d, u=unwanted: f"{d.action} with {u}")
        elif proposal is not None and not proposal["made"] and d.action.kind in ("propose", "ask"):
            ok = sorted(proposal["give_cards"]) == sorted(unwanted)
            fullest = _fullest(_fields(d))
            if d.action.kind == "ask":
                ok = ok and not proposal["ask"] and d.action.value == fullest
            else:
                ok = ok and proposal["ask"] in ([], [fullest])
            tally.check(
                "trader proposal", ok, lambda d=d, u=unwanted: f"{d.action}: {d.view['proposal']} not {u}"
            )
            if (
                not proposal["ask"]
                and fullest is not None
                and any(a.kind == "ask" and a.value == fullest for a in d.legal)
            ):
                generosity = _param(d, 0.5)
                could_ask[generosity] += 1
                asked[generosity] += d.action.kind == "ask"
    assert tally.violations == [], tally.violations[:5]
    assert tally.checked["trader offer"] >= 200 and tally.checked["trader proposal"] >= 100, tally.checked
    for generosity, n in could_ask.items():
        assert n >= 30, could_ask
        assert binomial_pvalue(asked[generosity], n, 1 - generosity) > ALPHA, (
            generosity,
            asked[generosity],
            n,
        )
    print(
        "bohnanza trader offers checked:", dict(tally.checked), "asked:", dict(asked), "of", dict(could_ask)
    )


def test_bohnanza_grower_offers_as_its_sentence_says() -> None:
    """grower, as active player, offers each other player once (those with the most fields of
    those beans first, then the poorest) the turned-up beans and those of its first three hand
    cards that would force it to harvest (only the beans that player grows, if any), asking one
    bean of its fullest field if that player does not grow it and holds one with probability at
    least 0.3 (hypergeometric over the unseen cards). The test also counts the offers where
    "growing any of the beans first" (the sentence's earlier wording) would pick another partner."""
    tally = Tally()
    readings_differ = 0
    for d in bo_decisions():
        view = d.view
        me = view["viewer"]
        if _name(d) != "grower" or view["phase"] != "trade" or view["active"] != me:
            continue
        proposal = view["proposal"]
        unwanted = forcing_cards(view, 3)
        used = len(view["offers"])
        if proposal is None and d.action.kind in ("offer", "end-trading"):
            asked = {o["partner"] for o in view["offers"]}
            left = [s for s in range(view["players"]) if s != me and s not in asked]
            beans = {c.split("#")[0] for c in unwanted}

            def grows(s: int, beans: set[str] = beans, fields: list[Any] = view["fields"]) -> int:
                return sum(1 for f in fields[s] if f is not None and f[0] in beans)

            if d.action.kind == "offer":
                best = min((-grows(s), view["coins"][s]) for s in left)
                ok = bool(unwanted) and d.action.value in left
                ok = ok and (-grows(d.action.value), view["coins"][d.action.value]) == best
                any_best = min((-min(grows(s), 1), view["coins"][s]) for s in left)
                readings_differ += (-min(grows(d.action.value), 1), view["coins"][d.action.value]) != any_best
            else:
                ok = not unwanted or view["proposals_left"] == 0 or used >= view["players"] - 1
            tally.check("grower offer", ok, lambda d=d, u=unwanted: f"{d.action} with {u}")
        elif proposal is not None and not proposal["made"] and d.action.kind in ("propose", "ask"):
            partner = proposal["partner"]
            theirs = _grown(view["fields"][partner])
            giving = [c for c in unwanted if c.split("#")[0] in theirs] or unwanted
            ok = sorted(proposal["give_cards"]) == sorted(giving)
            fullest = _fullest(_fields(d))
            can_ask = any(a.kind == "ask" and a.value == fullest for a in d.legal)
            if not proposal["ask"] and fullest is not None and fullest not in theirs and can_ask:
                unseen, total = theory_unseen_beans(view, BEAN_COUNTS)
                held = 1 - hypergeometric(0, unseen[fullest], total, view["hand_sizes"][partner])
                ok = ok and (d.action.kind == "ask") == (held >= 0.3)
                tally.checked["grower ask-or-not"] += 1
            else:
                ok = ok and d.action.kind == "propose"
            tally.check(
                "grower proposal", ok, lambda d=d, g=giving: f"{d.action}: {d.view['proposal']} not {g}"
            )
    assert tally.violations == [], tally.violations[:5]
    assert tally.checked["grower offer"] >= 200 and tally.checked["grower proposal"] >= 100, tally.checked
    assert tally.checked["grower ask-or-not"] >= 30, tally.checked
    print("bohnanza grower offers checked:", dict(tally.checked), "partner readings differ:", readings_differ)


# ------------------------------------------------------------- over seeds and player counts
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(4, 6),
    fractions=st.lists(st.sampled_from([0.0, 0.25, 0.6, 1.0, 1.5]), min_size=6, max_size=6),
)
def test_money_monsoon_valuation_bots_stay_in_their_support_at_any_table(
    seed: int, players: int, fractions: list[float]
) -> None:
    """At any seed, player count and fractions, every bid of truthful, shade and zero8 is one
    its sentence allows and every move is one ``move_value`` rates best (zero violations)."""
    names = ["truthful", "shade", "zero8"]
    table = [f"{names[k % 3]}:{fractions[k]}" if k % 3 else "truthful" for k in range(players)]
    tally = Tally()
    for d in play_recorded("money_monsoon", table, seed):
        me = d.view["viewer"]
        if d.view["phase"] == "move":
            best = max(move_value(d.view, me, a.value) for a in d.legal)
            tally.check("move", near(move_value(d.view, me, d.action.value), best), lambda d=d: f"{d.action}")
        elif d.action.kind in (*BID_KINDS, SIT_OUT) and d.view["points"][me] > 0:
            scaled = _roll_value_scale(d)
            assert scaled is not None
            probs = bid_probabilities(*scaled, d.legal, d.view["roll"])
            tally.check("bid", probs.get(chosen_index(d), 0.0) > 0, lambda d=d: f"{d.bot} {d.action}")
    assert tally.violations == [], tally.violations[:3]
    assert tally.checked["bid"] >= players


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 5), buy_at=st.integers(0, 12))
def test_bohnanza_planter_never_trades_at_any_table(seed: int, players: int, buy_at: int) -> None:
    """At any seed, player count and `buy_at`, planter never trades, no bot plants a second card
    onto a new field, and planter buys the third field only with at least `buy_at` thaler."""
    table = [[f"planter:{buy_at}", "trader", "grower"][k % 3] for k in range(players)]
    tally = Tally()
    for d in play_recorded("bohnanza", table, seed):
        view, name = d.view, _name(d)
        if view["phase"] == "plant" and view["planted"] == 1 and d.action.kind == "plant":
            front = view["hands"][view["viewer"]][0]
            tally.check("second card", front in _grown(_fields(d)), lambda d=d: f"{d.bot} {d.action}")
        if name == "planter":
            tally.check("planter", d.action.kind not in TRADE_KINDS, lambda d=d: f"{d.action}")
            if d.action.kind == "buy-field":
                tally.check("planter", view["coins"][view["viewer"]] >= buy_at, lambda d=d: "bought early")
    assert tally.violations == [], tally.violations[:3]
    assert tally.checked["planter"] >= 20
