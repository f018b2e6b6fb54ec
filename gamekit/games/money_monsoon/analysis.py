"""Money Monsoon's own tables for the lesson: the one-shot auction sandbox and the experiments.

The sandbox tables come from ``gamekit.auctions`` (the pricing code the game
runs); the experiment tables from ``simulate`` / ``simulate_records`` rows and
``MoneyMonsoon.records()`` (``auctions``, ``bids``, ``moves``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from ...analysis import group_means, mean_with_interval, wilson_interval
from ...auctions import bidder_outcome, vickrey_payoffs
from .i18n import _


# ---------------------------------------------------------------- the sandbox
def payoff_table(
    value: float,
    rival_bids: Sequence[int],
    top_tie: str = "void",
    free_value: float | None = None,
    highest: int | None = None,
) -> pd.DataFrame:
    """Every bid from 0 to ``highest`` against fixed rival bids: what it wins, pays and is worth.

    The bidder is seat 0, first in seat order; ``free_value`` makes the lot a roll
    of 8 whose free half (worth ``free_value``) goes to the lowest unique bid (MM-M5).
    Columns: ``bid``, ``payoff`` (``auctions.vickrey_payoffs``), ``wins``, ``price``,
    ``free`` and ``outcome`` (a few words for a hover label).
    """
    payoffs = vickrey_payoffs(value, rival_bids, top_tie, free_value, highest)
    rows = []
    for bid, payoff in payoffs:
        wins, price, free = bidder_outcome(bid, rival_bids, top_tie, halved=free_value is not None)
        if wins:
            outcome = (
                _("win, pay {price} and take the free 4 too", price=price)
                if free
                else _("win, pay {price}", price=price)
            )
        elif free:
            outcome = _("lose, but take the free 4")
        else:
            outcome = _("lose")
        rows.append(
            {"bid": bid, "payoff": payoff, "wins": wins, "price": price, "free": free, "outcome": outcome}
        )
    return pd.DataFrame(rows)


def payoff_lines(table: pd.DataFrame, value: float, bid: int) -> list[str]:
    """The sandbox in words: your bid's outcome, bidding your value's payoff, and the best payoff."""
    by_bid = table.set_index("bid")
    best = table["payoff"].max()
    best_bids = table.loc[table["payoff"] == best, "bid"].tolist()
    mine = by_bid.loc[bid]
    lines = [
        _(
            "Your bid {bid}: {outcome}, payoff {payoff}.",
            bid=bid,
            outcome=mine["outcome"],
            payoff=format(mine["payoff"], "g"),
        )
    ]
    if round(value) in by_bid.index:
        lines.append(
            _(
                "Bidding your value {value}: payoff {payoff}.",
                value=round(value),
                payoff=format(by_bid.loc[round(value), "payoff"], "g"),
            )
        )
    lines.append(_("Best payoff {best}, with bids {bids}.", best=format(best, "g"), bids=_runs(best_bids)))
    return lines


def payoff_summary(table: pd.DataFrame, value: float, bid: int) -> str:
    """``payoff_lines`` as one line of text."""
    return " ".join(payoff_lines(table, value, bid))


def _runs(values: Sequence[int]) -> str:
    """``[0, 1, 2, 5, 7, 8]`` as ``0-2, 5, 7-8``."""
    parts: list[str] = []
    start = prev = None
    for v in [*values, None]:
        if start is not None and v is not None and v == prev + 1:
            prev = v
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = v
    return ", ".join(parts)


def random_cases(
    count: int, rivals: int = 3, high: int = 20, seed: int = 0
) -> list[tuple[int, tuple[int, ...]]]:
    """``count`` seeded (value, rival bids) pairs, each a whole number from 0 to ``high``.

    A small ``high`` makes ties between rival bids, and between a rival and the
    value, common: the cases where tie rules matter.
    """
    rng = random.Random(seed)
    return [(rng.randint(0, high), tuple(rng.randint(0, high) for _ in range(rivals))) for _ in range(count)]


def regret_table(
    cases: Iterable[tuple[float, Sequence[int]]],
    top_tie: str = "void",
    free_value: float | None = None,
) -> pd.DataFrame:
    """For each (value, rival bids): the payoff of bidding the value and of the best bid.

    ``regret`` is how much more the best bid earns than bidding one's value; a
    weakly dominant strategy has regret 0 in every case. ``free_value`` makes
    every lot a roll of 8 (MM-M5).
    """
    rows = []
    for value, rivals in cases:
        table = vickrey_payoffs(value, rivals, top_tie, free_value)
        truthful = dict(table)[round(value)]
        best_bid, best = max(table, key=lambda row: (row[1], -row[0]))
        rows.append(
            {
                "value": value,
                "rival_bids": tuple(rivals),
                "truthful_payoff": truthful,
                "best_payoff": best,
                "best_bid": best_bid,
                "regret": best - truthful,
            }
        )
    return pd.DataFrame(rows)


# ----------------------------------------------------------- the experiments
def sweep_fields(sweeps: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """``experiments.sweep_summary`` of several sweeps, one per field of opponents, with a ``field`` column."""
    from ...experiments import sweep_summary

    return pd.concat(
        [sweep_summary(df).assign(field=field) for field, df in sweeps.items()], ignore_index=True
    )


FLOW_COLUMNS = (
    "score",
    "bonus",
    "prices_received",
    "prices_paid",
    "fees_collected",
    "fees_paid",
    "rolls_won",
    "free_moves",
)


def money_flows(seats: pd.DataFrame) -> pd.DataFrame:
    """Per bot, mean points per game by source: where a strategy's score comes from.

    Columns: the bot, its games, and the means of ``FLOW_COLUMNS`` (bonuses, prices
    received as auctioneer and paid as winner, landing fees collected and paid,
    rolls won, free 4s of an 8).
    """
    missing = [c for c in ("bot", *FLOW_COLUMNS) if c not in seats.columns]
    if missing:
        raise ValueError(
            _(
                "expected Money Monsoon rows from gamekit.simulate; missing: {missing}",
                missing=", ".join(missing),
            )
        )
    grouped = seats.groupby("bot")
    table = grouped[list(FLOW_COLUMNS)].mean()
    table.insert(0, "games", grouped.size())
    return table.reset_index()


def _with_share(table: pd.DataFrame, hits: str, total: str, prefix: str) -> pd.DataFrame:
    intervals = [wilson_interval(h, int(n)) for h, n in zip(table[hits], table[total], strict=True)]
    table[f"{prefix}_share"] = [
        h / n if n else float("nan") for h, n in zip(table[hits], table[total], strict=True)
    ]
    table[f"{prefix}_low"] = [low for low, _ in intervals]
    table[f"{prefix}_high"] = [high for _, high in intervals]
    return table


def zero_bids_on_eight(
    bids: pd.DataFrame, seats: pd.DataFrame, by: str = "setting", bot: str = "zero8"
) -> pd.DataFrame:
    """Per ``by`` group: how often a bid of 0 on a roll of 8 got the free 4 (MM-M5), and how often
    the bots whose label starts with ``bot`` won the game.

    ``bids`` is the ``bids`` record table (every seat's bid, with ``free`` when a
    lower bid got the free 4); ``seats`` the matching ``simulate`` rows.
    Columns: ``zero_bids``, ``free``, ``free_share`` (with its Wilson interval
    ``free_low``/``free_high``), ``games`` and ``wins`` of those bots, ``win_share``
    (with ``win_low``/``win_high``).
    """
    zeros = bids[(bids["roll"] == 8) & (bids["bid"] == 0)]
    table = zeros.groupby(by).agg(zero_bids=("bid", "size"), free=("free", "sum")).reset_index()
    table = _with_share(table, "free", "zero_bids", "free")
    mine = seats[seats["bot"].str.startswith(bot)]
    wins = mine.groupby(by).agg(games=("win_share", "size"), wins=("win_share", "sum")).reset_index()
    table = table.merge(wins, on=by, how="outer").fillna({"zero_bids": 0, "free": 0, "games": 0, "wins": 0})
    table = _with_share(table, "wins", "games", "win")
    return table.sort_values(by, ignore_index=True)


TIE_COLUMNS = ("top_tied", "lapsed", "auctioneer_wins_tie", "price_share", "turns")


def tie_summary(auctions: pd.DataFrame, seats: pd.DataFrame, by: str = "setting") -> pd.DataFrame:
    """Per ``by`` group (a ``top_tie`` rule, MM-A5): what ties do to the auctions and the games.

    - ``top_tied``: share of biddings whose highest bid was tied;
    - ``lapsed``: share of biddings in which every bid was void, so no one moved (MM-A6);
    - ``auctioneer_wins_tie``: of the biddings with a tied top bid that someone won,
      the share the auctioneer won (first in seat order under ``seat``);
    - ``price_share``: mean price as a share of the winning bid (1 = paid one's own bid);
    - ``turns``: mean turns per game.

    Each has a 95 % interval, ``<column>_low`` and ``<column>_high``: the biddings of one game
    share its players and board, so the shares are means of 0/1 values clustered by game
    (``gamekit.stats.clustered_mean``), not Wilson intervals over independent biddings; ``turns``
    has one value per game, so its interval is a t interval over games.
    """
    rows = []
    for key, part in auctions.groupby(by):
        won = part[part["winner"].notna()]
        tied_won = won[won["top_tied"]]
        paid = won[won["winning_bid"] > 0]
        games = seats[seats[by] == key].groupby("game")["turns"].first()
        row = {
            by: key,
            "biddings": len(part),
            "top_tied": part["top_tied"].mean(),
            "lapsed": part["winner"].isna().mean(),
            "auctioneer_wins_tie": (tied_won["winner"] == tied_won["seat"]).mean(),
            "price_share": (paid["price"] / paid["winning_bid"]).mean(),
            "turns": games.mean(),
        }
        events = {
            "top_tied": part.assign(x=part["top_tied"].astype(float)),
            "lapsed": part.assign(x=part["winner"].isna().astype(float)),
            "auctioneer_wins_tie": tied_won.assign(x=(tied_won["winner"] == tied_won["seat"]).astype(float)),
            "price_share": paid.assign(x=paid["price"] / paid["winning_bid"]),
            "turns": games.rename("x").reset_index(),
        }
        for column, frame in events.items():
            interval = group_means(frame.assign(key=0), "x", "key")
            low, high = (
                (interval["ci_low"].iloc[0], interval["ci_high"].iloc[0]) if len(interval) else (None, None)
            )
            row[f"{column}_low"], row[f"{column}_high"] = low, high
        rows.append(row)
    return pd.DataFrame(rows).astype({f"{c}_{e}": float for c in TIE_COLUMNS for e in ("low", "high")})


def tied_rolls(
    auctions: pd.DataFrame, bids: pd.DataFrame, keys: Sequence[str] = ("setting",)
) -> pd.DataFrame:
    """One row per sold roll whose top bids tied (MM-A5): the auctioneer's part in the tie.

    ``tied`` is how many top bids tied (k); ``auctioneer_tied`` says the auctioneer was one of
    them; ``auctioneer_won`` that it won the roll; ``fair_share`` is 1/k when it was among the
    k tied, else 0: what it would win on average if a tie went to a tied bidder at random. Why:
    the auctioneer's even share of tied rolls is not a quarter, it depends on how often it ties.
    """
    on = [*keys, "game", "turn", "rebid"]
    sold = auctions[auctions["winner"].notna() & auctions["top_tied"]]
    tops = bids.merge(sold[[*on, "high_bid"]], on=on)
    tops = tops[tops["bid"] == tops["high_bid"]]
    tied = tops.groupby(on).agg(tied=("seat", "size"), auctioneer_tied=("auctioneer", "any")).reset_index()
    rows = sold[[*on, "seat", "winner"]].merge(tied, on=on)
    won = rows["winner"] == rows["seat"]
    fair = rows["auctioneer_tied"] / rows["tied"]
    return rows.assign(auctioneer_won=won, fair_share=fair, excess=won.astype(float) - fair)


def game_table(seats: pd.DataFrame, keys: Sequence[str] = ()) -> pd.DataFrame:
    """One row per game: turns, whether it finished, and where the players' points came from.

    ``fee_share`` is the landing fees collected (MM-M3) over all points the players
    gained: fees, prices received as auctioneer (MM-A4) and bonuses (MM-E2).
    ``keys`` are extra columns that identify a game (e.g. ``setting``).
    """
    grouped = seats.groupby([*keys, "game"])
    table = grouped.agg(
        turns=("turns", "first"),
        finished=("finished", "first"),
        fees=("fees_collected", "sum"),
        prices=("prices_received", "sum"),
        bonuses=("bonus", "sum"),
    ).reset_index()
    gained = table["fees"] + table["prices"] + table["bonuses"]
    table["fee_share"] = (table["fees"] / gained.where(gained > 0)).fillna(0.0)
    return table


def track_summary(seats_by_field: Mapping[str, pd.DataFrame], setting: str = "setting") -> pd.DataFrame:
    """Game length and the landing fees' share of points per track length, for each field of bots.

    ``seats_by_field`` maps a label (e.g. "strategy bots") to stacked ``simulate``
    rows whose ``setting`` column holds the track length (MM-C2). Columns:
    ``field``, ``track_length``, ``games``, ``turns`` and ``fee_share`` with 95 %
    intervals (``turns_low``, ``turns_high``, ``fee_low``, ``fee_high``).
    """
    frames = []
    for field, seats in seats_by_field.items():
        games = game_table(seats.assign(track_length=seats[setting].astype(int)), keys=["track_length"])
        turns = mean_with_interval(games.groupby("track_length")["turns"])
        fees = mean_with_interval(games.groupby("track_length")["fee_share"])
        frames.append(
            pd.DataFrame(
                {
                    "field": field,
                    "track_length": turns["track_length"],
                    "games": turns["n"],
                    "turns": turns["mean"],
                    "turns_low": turns["ci_low"],
                    "turns_high": turns["ci_high"],
                    "fee_share": fees["mean"],
                    "fee_low": fees["ci_low"],
                    "fee_high": fees["ci_high"],
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def from_start_player(seats: pd.DataFrame, auctions: pd.DataFrame, keys: Sequence[str] = ()) -> pd.DataFrame:
    """The ``seats`` rows with ``seat`` renumbered clockwise from each game's start player (MM-C3).

    The start player is the auctioneer of turn 1. The table seat is kept in
    ``table_seat``; ``analysis.seat_summary`` and ``plots.seat_advantage`` then
    read seat 0 as the start player.
    """
    first = auctions[auctions["turn"] == 1].groupby([*keys, "game"])["seat"].first().rename("start_player")
    table = seats.merge(first.reset_index(), on=[*keys, "game"])
    players = table.groupby([*keys, "game"])["seat"].transform("size")
    return table.assign(table_seat=table["seat"], seat=(table["seat"] - table["start_player"]) % players)


# ---------------------------------------------------------------- strength
# The strongest of truthful / shade / zero8: 800 4-player games (seed 7) of truthful, shade,
# zero8 and shade:0.3 gave win shares 0.175, 0.336, 0.309 and 0.180.
BEST_TODAY = "shade"


def strength(
    games: int, seed: int, bot: str = "rollout:0.6", players: int = 4, workers: int | str = 1
) -> Any:
    """``bot``'s paired win-share difference against today's best bot (``shade``), a PairedDifference.

    The default, ``rollout:0.6``, is the strongest new bot found (a sweep of the fraction on seed
    12, confirmed on seed 13: +0.152, 95 % CI +0.120 to +0.183, 2,000 games).

    One table of ``games`` seat-rotated games, ``bot`` against ``shade``, ``truthful`` and
    ``zero8`` (more than 4 players: the extra seats get ``truthful``), so both bots meet the same
    deals and rivals in every game; the difference is ``bot``'s win share minus ``shade``'s.
    """
    from ...bots import make_bot
    from ...simulate import simulate
    from ...stats import paired_difference

    new = make_bot(bot)
    old = make_bot(BEST_TODAY)
    rivals = ["truthful", "zero8", *(["truthful"] * (players - 4))]
    table = simulate("money_monsoon", players, [new, old, *rivals], games, seed=seed, workers=workers)
    return paired_difference(table, new.label, old.label)


__all__ = [
    "BEST_TODAY",
    "FLOW_COLUMNS",
    "TIE_COLUMNS",
    "from_start_player",
    "game_table",
    "money_flows",
    "payoff_lines",
    "payoff_summary",
    "payoff_table",
    "random_cases",
    "regret_table",
    "strength",
    "sweep_fields",
    "tie_summary",
    "track_summary",
    "zero_bids_on_eight",
]


def explorer_measures(records: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per game of what the rule explorer compares (``experiments.compare_measures``):
    the share of biddings that lapsed (every bid void, MM-A6), the share with tied top bids
    (MM-A5), the price paid as a share of the winning bid (the second price, MM-A3) and the
    game's length in turns."""
    auctions, seats = records["auctions"], records["seats"]
    won = auctions[auctions["winner"].notna() & (auctions["winning_bid"] > 0)]
    return pd.DataFrame(
        {
            "biddings lapsed (share)": auctions["winner"].isna().groupby(auctions["game"]).mean(),
            "tied top bids (share)": auctions["top_tied"].astype(float).groupby(auctions["game"]).mean(),
            "price / winning bid": (won["price"] / won["winning_bid"]).groupby(won["game"]).mean(),
            "turns": seats.groupby("game")["turns"].max(),
        }
    ).rename_axis("game")


# lesson 02 (issue 13)
# Truthful means bidding the rollout value: the shading experiment on ``rollout:f`` against a strong
# field with paired intervals, the auctioneer's reserve in the game, and the theory figure's tables.
def head_to_head_runs(
    bots: Sequence[str], opponent: str, games: int, seed: int, players: int = 4
) -> dict[str, pd.DataFrame]:
    """Each of ``bots`` against ``opponent`` at one table, half the seats each, the seats alternating.

    One ``simulate`` table per bot, keyed by its spec, all on the same seed: every bot meets the
    same deals in the same seats (rotated from game to game), so a bot can be compared with the
    opponent game by game (within a table) and with another bot seat by seat (across tables).
    This is the table of ``gamekit.bench``'s strength cases.
    """
    from ...bots import make_bot
    from ...simulate import simulate

    runs = {}
    for spec in bots:
        bot, rival = make_bot(spec, "money_monsoon"), make_bot(opponent, "money_monsoon")
        if bot.label == rival.label:
            raise ValueError(
                _(
                    "{spec} is the opponent {opponent} itself: nothing to compare",
                    spec=repr(spec),
                    opponent=repr(opponent),
                )
            )
        seated = [bot if seat % 2 == 0 else rival for seat in range(players)]
        runs[spec] = simulate("money_monsoon", players, seated, games, seed=seed)
    return runs


def _label(table: pd.DataFrame, even_seat: bool) -> str:
    """The label of the bot listed first (``even_seat``) or second in a ``head_to_head_runs`` table."""
    from ...simulate import listed_first

    first = table[listed_first(table)]
    labels = set(first["bot"])
    if even_seat:
        return labels.pop()
    return (set(table["bot"]) - labels).pop()


def head_to_head(
    runs: Mapping[str, pd.DataFrame],
    baseline: str | None = None,
    fractions: Mapping[str, float] | None = None,
) -> pd.DataFrame:
    """One row per run of ``head_to_head_runs``: the bot's win share against its opponent's, paired.

    Columns: ``spec``, ``bot``, ``opponent``, ``fraction`` (from ``fractions``, else NaN),
    ``games``, ``win_share`` and ``opponent_share`` (mean per seat) with t intervals over games
    (``win_low``/``win_high``, ``opponent_low``/``opponent_high``), ``difference`` (the bot's win
    share minus the opponent's, game by game, ``gamekit.stats.paired_difference``) with
    ``ci_low``/``ci_high``/``p_value``, and, with ``baseline`` (a key of ``runs``), ``vs_baseline``:
    the bot's win share minus the baseline bot's in the same seats of the same games
    (``paired_difference`` with ``table_b``), with ``vs_low``/``vs_high`` and ``vs_sd``, the standard
    deviation of one game's difference (what ``gamekit.stats.games_needed`` asks for).
    """
    from ...stats import paired_difference

    fractions = fractions or {}
    rows = []
    for spec, table in runs.items():
        bot, opponent = _label(table, True), _label(table, False)
        found = paired_difference(table, bot, opponent)
        per_game = table.groupby(["bot", "game"])["win_share"].mean()
        shares = mean_with_interval(per_game.groupby(level="bot")).set_index("bot")
        shares[["ci_low", "ci_high"]] = shares[["ci_low", "ci_high"]].clip(0.0, 1.0)  # a share's range
        row = {
            "spec": spec,
            "bot": bot,
            "opponent": opponent,
            "fraction": fractions.get(spec, float("nan")),
            "games": found.n,
            "win_share": shares.loc[bot, "mean"],
            "win_low": shares.loc[bot, "ci_low"],
            "win_high": shares.loc[bot, "ci_high"],
            "opponent_share": shares.loc[opponent, "mean"],
            "opponent_low": shares.loc[opponent, "ci_low"],
            "opponent_high": shares.loc[opponent, "ci_high"],
            "difference": found.difference,
            "ci_low": found.ci_low,
            "ci_high": found.ci_high,
            "p_value": found.p_value,
        }
        if baseline is not None:
            base = runs[baseline]
            base_bot = _label(base, True)
            if spec == baseline:
                row.update(vs_baseline=0.0, vs_low=0.0, vs_high=0.0, vs_sd=0.0)
            else:
                # Two runs with the same seed: relabel so the pairing is by seat, not by name.
                across = paired_difference(
                    table.replace({"bot": {bot: "a"}}),
                    "a",
                    "b",
                    table_b=base.replace({"bot": {base_bot: "b"}}),
                )
                row.update(
                    vs_baseline=across.difference,
                    vs_low=across.ci_low,
                    vs_high=across.ci_high,
                    vs_sd=across.sd,
                )
        rows.append(row)
    return pd.DataFrame(rows)


def first_seat_difference(table_a: pd.DataFrame, table_b: pd.DataFrame, column: str = "win_share") -> Any:
    """The first-listed bot of ``table_a`` against that of ``table_b``, seat by seat (a PairedDifference).

    Both tables come from ``simulate`` with the same seed and players, and differ only in the
    first bot of the list: ``simulate`` seats bot k in seat (k - game) mod players, so the first
    bot's rows are found by seat, whatever its label (the others may share it).
    """
    from ...simulate import listed_first
    from ...stats import paired_difference

    def first(table: pd.DataFrame) -> pd.DataFrame:
        return table[listed_first(table)].assign(bot="first")

    return paired_difference(first(table_a), "first", "first", column, table_b=first(table_b))


def auctioneer_payoff_table(
    bids: Sequence[float], own: float, top: float, others: int, auctions: int, seed: int
) -> pd.DataFrame:
    """The auctioneer's expected payoff against its bid: the theory's and simulated rolls'.

    Columns: ``bid``, ``theory`` (MM-A4: the auctioneer who wins pays the bank,
    ``gamekit.theory.money_monsoon.auctioneer_model_payoff``), ``reserve_theory`` (a textbook
    seller whose bid is a plain reserve, Myerson 1981), and ``simulated`` with a 95 % interval
    (``sim_low``/``sim_high``) over ``auctions`` rolls priced by the game's rule
    (``simulated_auctioneer_payoffs``, the same rival values for every bid).
    """
    from ...theory.money_monsoon import auctioneer_model_payoff, simulated_auctioneer_payoffs

    sample = simulated_auctioneer_payoffs(bids, own, top, others, auctions, seed)
    half = 1.96 * sample.std(axis=0, ddof=1) / len(sample) ** 0.5
    mean = sample.mean(axis=0)
    return pd.DataFrame(
        {
            "bid": list(bids),
            "theory": [auctioneer_model_payoff(b, own, top, others) for b in bids],
            "reserve_theory": [auctioneer_model_payoff(b, own, top, others, "reserve") for b in bids],
            "simulated": mean,
            "sim_low": mean - half,
            "sim_high": mean + half,
        }
    )


def exact_bid_regret(values: Sequence[int], top: int, others: int, top_tie: str = "void") -> pd.DataFrame:
    """The regret of bidding one's value against rivals bidding whole numbers uniform on 0..``top``, exactly.

    Every one of the (top + 1) ** others rival bid lists is weighed alike, so the expected payoff
    of each whole bid is an exact mean, not a sample: one row per value with ``best_bid`` (the
    lowest whole bid of largest expected payoff), ``payoff`` (the expected payoff of bidding the
    value) and ``regret`` (its expected payoff minus that of
    bidding the value). Why: under ``top_tie="void"`` (MM-A5) a tie among rivals can make a low
    bid pay, and this says whether that shows against bids one has not seen.
    """
    from itertools import product

    import numpy as np

    from ...auctions import bidder_outcome

    bids = range(max(top, *values) + 2)
    outcomes = [
        [bidder_outcome(b, list(r), top_tie) for b in bids] for r in product(range(top + 1), repeat=others)
    ]
    wins = np.array([[w for w, _, _ in row] for row in outcomes], dtype=float)
    prices = np.array([[p for _, p, _ in row] for row in outcomes], dtype=float)
    rows = []
    for value in values:
        expected = (wins * (value - prices)).mean(axis=0)
        best = int(expected.argmax())
        rows.append(
            {
                "value": value,
                "best_bid": best,
                "payoff": float(expected[value]),
                "regret": float(expected[best] - expected[value]),
            }
        )
    return pd.DataFrame(rows)


def truthful_regret_table(
    values: Sequence[int], top: int, others: int, samples: int, seed: int
) -> pd.DataFrame:
    """The regret of bidding one's value in one roll's auction, as bidder and as auctioneer.

    Rivals bid whole numbers uniform on 0..``top`` (ties happen, as at the table). One row per
    value and role, with ``theory`` and the simulated ``regret`` with a 95 % interval
    (``ci_low``/``ci_high``):

    - ``bidder, seat ties``: an ordinary bidder, textbook tie rule; theory 0 (Vickrey 1961);
    - ``bidder, void ties (MM-A5)``: the game's rule; no closed form (theory NaN): tied rivals
      void each other, so a bid below them can win cheaper (``one_shot_regret``);
    - ``auctioneer (MM-A4)``: bidding its value against the best bid (top + value) / 3 when a
      rival's price comes to it and its own win pays the bank; theory ``auctioneer_regret`` on
      rival values uniform on [0, top], simulated on rolls priced by the game's rule.
    """
    from ...theory.money_monsoon import (
        auctioneer_model_bid,
        auctioneer_regret,
        one_shot_regret,
        simulated_auctioneer_payoffs,
    )

    rng = random.Random(seed)
    rivals = [[rng.randint(0, top) for _ in range(others)] for _ in range(samples)]
    rows = []
    for value in values:
        for role, rule, theory in (
            ("bidder, seat ties", "seat", 0.0),
            ("bidder, void ties (MM-A5)", "void", None),
        ):
            _sample, mean, low, high = one_shot_regret(value, rivals, [value] * samples, top_tie=rule)
            rows.append(
                {
                    "value": value,
                    "role": role,
                    "theory": theory,
                    "regret": mean,
                    "ci_low": low,
                    "ci_high": high,
                }
            )
        best = auctioneer_model_bid(value, top, others)
        sample = simulated_auctioneer_payoffs([best, value], value, top, others, samples, seed + value)
        gap = sample[:, 0] - sample[:, 1]
        half = 1.96 * gap.std(ddof=1) / len(gap) ** 0.5
        rows.append(
            {
                "value": value,
                "role": "auctioneer (MM-A4)",
                "theory": auctioneer_regret(value, top, others),
                "regret": gap.mean(),
                "ci_low": gap.mean() - half,
                "ci_high": gap.mean() + half,
            }
        )
    return pd.DataFrame(rows).astype({"theory": float})


__all__ += [
    "auctioneer_payoff_table",
    "exact_bid_regret",
    "first_seat_difference",
    "head_to_head",
    "head_to_head_runs",
    "truthful_regret_table",
]
