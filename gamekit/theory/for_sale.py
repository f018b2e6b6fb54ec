"""For Sale: what a house is worth in phase 2, and how much of that phase 1 burns in bids.

Units: cheques are in money (a 13,000 cheque is 13000); a coin is worth 1,000 (FS-E1), so a
value of ``v`` money is ``v / 1000`` coins. That is the conversion every coin figure here uses.

- ``one_round_value``: the exact expected cheque of house ``h`` in a one-round sale, the other
  ``players - 1`` houses drawn at random from the 29 others and the ``players`` cheques at
  random from the 30 (no card removed). Pure Python, no numpy, so it lives beside the game
  (``gamekit.games.for_sale.values``, where the ``house_value`` bot reads it) and is re-exported here.
- ``house_values``: the same expectation by simulation over a whole phase 2 (random hands of
  ``rounds`` houses each, everyone selling by the rank-matching rule of the shipped bots), with
  an interval per house; with ``rounds=1`` it estimates ``one_round_value``.
- ``price_and_value``: per house, its mean phase-1 price (coins lost to the box) beside its
  mean phase-2 cheque (in coins), from ``gamekit.simulate_records``.
- ``coins_from_log`` and ``estimated_coins`` (from the game's views): with coin counts hidden
  (FS-B11), every count rebuilt from the public log, or guessed from one view (state samplers).
- ``rent_dissipation``: per game, the coins lost to the box in phase 1 divided by the value of
  the houses bought (the cheques they bring in phase 2, in coins), with an interval over games.
  That is the wrong prize for For Sale: everyone gets a house each round, so it can never exceed
  the budget ratio (every coin ÷ the value of every house) and says little.
- ``contested_dissipation``: the coins burnt against the *contested* prize, what the auctions
  decide: each house's value above the value of its round's lowest house (which the first to drop
  out takes for at most half a bid), with the budget's own cap beside it (``contested_by_game``).
"""

from __future__ import annotations

import random
from typing import Any

from ..games.for_sale.rules import CHEQUES, COIN_VALUE, HOUSES, match_houses_to_cheques
from ..games.for_sale.values import cheque_order_means, one_round_value
from ..games.for_sale.views import coins_from_log, estimated_coins

__all__ = [
    "cheque_order_means",
    "coins_from_log",
    "contested_by_game",
    "contested_dissipation",
    "dissipation_by_game",
    "estimated_coins",
    "house_values",
    "match_houses_to_cheques",
    "one_round_value",
    "one_round_values",
    "price_and_value",
    "purchase_against_passing",
    "rent_dissipation",
    "simulate_phase2",
]


def simulate_phase2(players: int, rounds: int, games: int, seed: int = 0) -> list[tuple[int, int]]:
    """(house, cheque) for every house sold in ``games`` random phase 2s.

    Each game deals ``players * rounds`` houses and as many cheques at random from the 30 of
    each; each round turns up ``players`` cheques and every player sells by rank matching (the
    best cheque's place among the cheques not yet won picks the house at that place in the hand).
    """
    from ..games.for_sale.bots import rank_matched_house

    rng = random.Random(seed)
    n = players * rounds
    out: list[tuple[int, int]] = []
    for _ in range(games):
        houses = rng.sample(HOUSES, n)
        cheques = rng.sample(CHEQUES, n)
        hands = [sorted(houses[p * rounds : (p + 1) * rounds]) for p in range(players)]
        past: list[int] = []
        for r in range(rounds):
            table = sorted(cheques[r * players : (r + 1) * players])
            played = [
                rank_matched_house({"houses": [hand], "viewer": 0, "table": table, "past_cheques": past})
                for hand in hands
            ]
            order = sorted(range(players), key=played.__getitem__)
            for seat, cheque in zip(order, table, strict=True):
                out.append((played[seat], cheque))
                hands[seat].remove(played[seat])
            past.extend(table)
    return out


def house_values(players: int, rounds: int | None = None, games: int = 2000, seed: int = 0) -> Any:
    """Mean cheque (money) per house over ``games`` simulated phase 2s, with 95% intervals.

    ``rounds`` is the houses per hand (default: all 30 houses dealt, ``30 // players``). A
    DataFrame with columns house, mean, n, ci_low, ci_high (``gamekit.analysis.mean_with_interval``).
    """
    import pandas as pd

    from ..analysis import mean_with_interval

    rounds = len(HOUSES) // players if rounds is None else rounds
    sold = pd.DataFrame(simulate_phase2(players, rounds, games, seed), columns=["house", "cheque"])
    return mean_with_interval(sold.groupby("house")["cheque"])


def price_and_value(records: dict[str, Any]) -> Any:
    """Per house: mean coins paid in phase 1 beside the mean cheque it brought, both in coins.

    ``records`` is ``gamekit.simulate_records("for_sale", ...)``. Columns: house, price,
    price_lo, price_hi, value, value_lo, value_hi (value = cheque / 1,000), surplus (value − price).
    """
    from ..games.for_sale.analysis import cheque_by_house, price_by_house

    price = price_by_house(records["purchases"]).set_index("house")
    value = cheque_by_house(records["sales"]).set_index("house")
    table = price[["mean", "ci_low", "ci_high"]].rename(
        columns={"mean": "price", "ci_low": "price_lo", "ci_high": "price_hi"}
    )
    table["value"] = value["mean"] / COIN_VALUE
    table["value_lo"] = value["ci_low"] / COIN_VALUE
    table["value_hi"] = value["ci_high"] / COIN_VALUE
    table["surplus"] = table["value"] - table["price"]
    return table.reset_index()


def dissipation_by_game(records: dict[str, Any]) -> Any:
    """Per game: coins paid to the box (by drop-outs and by winners), the value of the houses
    bought (the cheques they brought, in coins) and their ratio ``dissipation``."""
    import pandas as pd

    purchases, sales = records["purchases"], records["sales"]
    # The last player of a round takes its highest house (FS-B8); everyone else dropped out.
    top = purchases.groupby(["game", "round"])["house"].transform("max")
    winners = purchases["house"] == top
    paid = (
        purchases.assign(by_winner=purchases["paid"].where(winners, 0))
        .groupby("game")[["paid", "by_winner"]]
        .sum()
    )
    value = sales.groupby("game")["cheque"].sum() / COIN_VALUE
    table = pd.DataFrame({"paid": paid["paid"], "paid_by_winners": paid["by_winner"], "value": value})
    table["paid_by_dropouts"] = table["paid"] - table["paid_by_winners"]
    table["dissipation"] = table["paid"] / table["value"]
    return table.reset_index()


def rent_dissipation(records: dict[str, Any], confidence: float = 0.95) -> dict[str, float]:
    """Share of the houses' value burnt in phase 1: mean over games of coins paid / value won.

    Definition: in one game, ``paid`` is every coin lost to the box in phase 1 (the drop-outs'
    unrefunded halves, FS-B5, and the last players' whole bids, FS-B8) and ``value`` is what the
    houses bought bring in phase 2 — the sum of the cheques handed out, in coins (1 coin =
    1,000). Dissipation = paid / value: 0 if every house went free, 1 if the bidders burnt
    the whole prize. Returns mean, lo, hi (Student's t over games), n, and the mean coins paid,
    split into drop-outs' and winners' shares.
    """
    from scipy import stats as scipy_stats

    table = dissipation_by_game(records)
    d = table["dissipation"].astype(float)
    n = len(d)
    mean = float(d.mean())
    half = float(scipy_stats.t.ppf(0.5 + confidence / 2, n - 1)) * float(d.std(ddof=1)) / n**0.5
    return {
        "mean": mean,
        "lo": mean - half,
        "hi": mean + half,
        "n": n,
        "paid": float(table["paid"].mean()),
        "paid_by_dropouts": float(table["paid_by_dropouts"].mean()),
        "paid_by_winners": float(table["paid_by_winners"].mean()),
        "value": float(table["value"].mean()),
    }


# ---------------------------------------------------------------------- lesson 01 (issue 13)
def one_round_values(players: int) -> Any:
    """``one_round_value`` of every house, in coins (1 coin = 1,000): columns house, value.

    The exact benchmark a lesson draws beside simulated values and prices."""
    import pandas as pd

    return pd.DataFrame(
        {"house": list(HOUSES), "value": [one_round_value(h, players) / COIN_VALUE for h in HOUSES]}
    )


# ---------------------------------------------------------------------- the contested prize (issue 2)
def contested_by_game(records: dict[str, Any], players: int | None = None) -> Any:
    """Per game: the coins burnt in phase 1 against the contested prize of its auctions.

    Everyone takes one house each round (FS-C5), so what a round's auction decides is only which
    house: the contested prize of a round is each of its houses' value above the value of the
    round's lowest house. Two values of a house, both in coins (1 coin = 1,000): ``expected``, its
    exact one-round value (``one_round_value``, known when the auction is held), and ``ex_post``,
    the cheque it then brought. Columns: game, paid (coins to the box, FS-B5, FS-B8), budget
    (every coin the players started with), value (the cheques of every house), contested and
    contested_ex_post, dissipation (paid ÷ contested), cap (budget ÷ contested: no bidder can burn
    more than it holds) and share_of_value (paid ÷ value, ``rent_dissipation``'s ratio).
    """
    import pandas as pd

    purchases, sales, seats = records["purchases"], records["sales"], records["seats"]
    players = int(seats.groupby("game").size().iloc[0]) if players is None else players
    exact = {h: one_round_value(h, players) / COIN_VALUE for h in HOUSES}
    bought = purchases.merge(sales[["game", "house", "cheque"]], on=["game", "house"], how="left")
    if bought["cheque"].isna().any():
        raise ValueError("every house bought must be sold: pass records of finished games")
    bought = bought.assign(expected=bought["house"].map(exact), ex_post=bought["cheque"] / COIN_VALUE)
    lowest = bought.loc[
        bought.groupby(["game", "round"])["house"].idxmin(), ["game", "round", "expected", "ex_post"]
    ]
    bought = bought.merge(lowest, on=["game", "round"], suffixes=("", "_lowest"))
    bought["above"] = bought["expected"] - bought["expected_lowest"]
    bought["above_ex_post"] = bought["ex_post"] - bought["ex_post_lowest"]
    per_game = bought.groupby("game")
    table = pd.DataFrame(
        {
            "paid": per_game["paid"].sum(),
            "value": per_game["ex_post"].sum(),
            "contested": per_game["above"].sum(),
            "contested_ex_post": per_game["above_ex_post"].sum(),
        }
    )
    table["budget"] = table["paid"] + seats.groupby("game")["coins_left"].sum()
    table["dissipation"] = table["paid"] / table["contested"]
    table["cap"] = table["budget"] / table["contested"]
    table["share_of_value"] = table["paid"] / table["value"]
    return table.reset_index()


def contested_dissipation(records: dict[str, Any], confidence: float = 0.95) -> dict[str, float]:
    """Coins burnt ÷ the contested prize (``contested_by_game``), mean over games with a Student t
    interval (mean, lo, hi, n); the budget cap on the same scale (cap, cap_lo, cap_hi); the ex post
    ratio over all games (``ex_post``: coins burnt ÷ the cheques' contested prize, pooled) and the
    share of the whole value (``share_of_value``) beside its own cap (``budget_ratio``: budget ÷
    value), to show why the whole value is the wrong prize. Baye, Kovenock and de Vries's full
    dissipation is a ratio of 1 to the contested prize."""
    table = contested_by_game(records)
    mean, lo, hi = _t_mean(table["dissipation"], confidence)
    cap, cap_lo, cap_hi = _t_mean(table["cap"], confidence)
    return {
        "mean": mean,
        "lo": lo,
        "hi": hi,
        "n": len(table),
        "cap": cap,
        "cap_lo": cap_lo,
        "cap_hi": cap_hi,
        "ex_post": float(table["paid"].sum() / table["contested_ex_post"].sum()),
        "paid": float(table["paid"].mean()),
        "budget": float(table["budget"].mean()),
        "contested": float(table["contested"].mean()),
        "share_of_value": float((table["paid"] / table["value"]).mean()),
        "budget_ratio": float((table["budget"] / table["value"]).mean()),
    }


def _t_mean(values: Any, confidence: float) -> tuple[float, float, float]:
    """Mean and its Student t interval over ``values`` (at least two)."""
    from scipy import stats as scipy_stats

    d = values.astype(float)
    n = len(d)
    if n < 2:
        raise ValueError(f"an interval needs at least 2 games, not {n}")
    mean = float(d.mean())
    half = float(scipy_stats.t.ppf(0.5 + confidence / 2, n - 1)) * float(d.std(ddof=1)) / n**0.5
    return mean, mean - half, mean + half


# ---------------------------------------------------------------------- was a purchase worth it? (issue 8)
def purchase_against_passing(replay: Any, step: int, seat: int, bots: Any = "house_value") -> dict[str, Any]:
    """A seat's purchase in the round of ``step`` against passing at ``step`` instead, in money.

    The house the seat took in the recorded line and what it paid, beside the house passing at
    ``step`` gives it (the engine replays the change, ``teach.what_if`` with the others' recorded
    moves while they stay legal) and what that costs: ``gain`` is the exact one-round value
    (``one_round_value``) of the house taken minus that of the house passing gives, ``extra_cost``
    the coins paid minus the coins passing costs (both × 1,000), and ``net`` their difference: a
    purchase is worth it by this measure when ``net`` > 0. The right alternative is the one the
    seat had, not another player's house."""
    from ..teach import what_if

    result = what_if(replay, step, seat, "pass", rest="recorded", bots=bots)
    players = replay.setup["players"]
    round_ = _round_at(result.original, step)

    def taken(game: Any) -> tuple[int, int]:
        row = next(p for p in game.records()["purchases"] if p["round"] == round_ and p["seat"] == seat)
        return row["house"], row["paid"]

    house, paid = taken(result.original)
    other, other_paid = taken(result.alternative)
    gain = one_round_value(house, players) - one_round_value(other, players)
    extra = (paid - other_paid) * COIN_VALUE
    return {
        "seat": seat,
        "house": house,
        "paid": paid,
        "house_if_pass": other,
        "paid_if_pass": other_paid,
        "gain": gain,
        "extra_cost": extra,
        "net": gain - extra,
    }


def _round_at(game: Any, step: int) -> int:
    """The buying round in which decision ``step`` (0 = the first) of ``game`` was made."""
    return game.at(step).round
