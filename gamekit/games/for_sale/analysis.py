"""For Sale's own tables for the lesson's plots, from ``simulate_records``' purchases and sales."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd

from ...analysis import group_means, mean_with_interval
from .i18n import _

# Lesson 01's sweep of spread:f against three house_value: 0 to 1 in steps of 0.05. The response is
# sharply non-monotone (almost no wins up to 0.3, a peak near 0.45, a drop at 0.5), so a coarse grid
# such as 0, 0.25, 0.5, 1 misses the fractions that beat house_value.
SWEEP_FRACTIONS: tuple[float, ...] = tuple(round(0.05 * i, 2) for i in range(21))

if TYPE_CHECKING:
    from ...stats import PairedDifference
    from ...teach import Replay


def price_by_house(purchases: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """Mean coins paid (lost to the box) for each house number, optionally per ``by`` column.

    ``purchases`` is the For Sale table of ``simulate_records``: one row per house
    taken, with what the player bid and what they lost (FS-B5, FS-B8).
    """
    keys = ["house"] if by is None else [by, "house"]
    return mean_with_interval(purchases.groupby(keys)["paid"])


def cheque_by_hand_rank(sales: pd.DataFrame, by: str | None = "bot") -> pd.DataFrame:
    """Mean cheque won by the house's rank in its seller's hand (1 = best house held)."""
    keys = ["hand_rank"] if by is None else [by, "hand_rank"]
    return mean_with_interval(sales.groupby(keys)["cheque"])


def cheque_by_house(sales: pd.DataFrame) -> pd.DataFrame:
    """Mean cheque won by house number: what a house is worth in phase 2 (FS-S3)."""
    return mean_with_interval(sales.groupby("house")["cheque"])


def money_split(seats: pd.DataFrame) -> pd.DataFrame:
    """Per bot: mean coins kept and mean cheques, in thousands, and the share of money from coins.

    ``coins_low``/``coins_high`` and ``money_low``/``money_high`` (thousands) are 95 % intervals of
    ``coins_kept`` and ``money_k``, clustered by game when ``seats`` has a ``game`` column (a bot
    seated twice plays both seats of the same deal; ``analysis.group_means``).
    """
    needed = ("bot", "coins_left", "cheques_total", "score")
    missing = [c for c in needed if c not in seats.columns]
    if missing:
        raise ValueError(
            _("expected For Sale rows from gamekit.simulate; missing: {missing}", missing=", ".join(missing))
        )
    grouped = seats.groupby("bot")
    table = pd.DataFrame(
        {
            "coins_kept": grouped["coins_left"].mean(),
            "cheques_k": grouped["cheques_total"].mean() / 1000,
            "money_k": grouped["score"].mean() / 1000,
        }
    )
    table["coin_share"] = table["coins_kept"] / table["money_k"]
    table = table.reset_index()
    coins = group_means(seats, "coins_left", "bot")
    money = group_means(seats.assign(score=seats["score"] / 1000), "score", "bot")
    table["coins_low"], table["coins_high"] = coins["ci_low"].to_numpy(), coins["ci_high"].to_numpy()
    table["money_low"], table["money_high"] = money["ci_low"].to_numpy(), money["ci_high"].to_numpy()
    return table


def strength(
    games: int = 1000, seed: int = 0, bot: str = "save_top", players: int = 4, baseline: str = "spread"
) -> PairedDifference:
    """``bot`` against ``baseline`` (today's best For Sale bot), seats alternating (two each with 4
    players; with an odd count ``bot`` takes one more) and rotated from game to game: the paired
    difference of win share (``gamekit.stats.paired_difference``), bot minus baseline."""
    from ... import simulate
    from ...bots import make_bot
    from ...stats import paired_difference

    a, b = make_bot(bot, "for_sale"), make_bot(baseline, "for_sale")
    table = simulate("for_sale", players, [a if s % 2 == 0 else b for s in range(players)], games, seed=seed)
    return paired_difference(table, a.label, b.label)


def explorer_measures(records: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per game of what the rule explorer compares (``experiments.compare_measures``):
    the coins paid per house in phase 1, the share of houses taken for nothing, and the coins a
    player keeps to the end (they count in the score, FS-E1)."""
    purchases, seats = records["purchases"], records["seats"]
    by_game = purchases.groupby("game")["paid"]
    return pd.DataFrame(
        {
            "coins paid per house": by_game.mean(),
            "houses taken free (share)": (purchases["paid"] == 0).groupby(purchases["game"]).mean(),
            "coins kept per player": seats.groupby("game")["coins_left"].mean(),
        }
    ).rename_axis("game")


# ---------------------------------------------------------------------- lesson 01 (issue 13)
def compare_to_baseline(
    seats: pd.DataFrame, baseline: str, columns: tuple[str, ...] = ("win_share", "cheques_total")
) -> pd.DataFrame:
    """Every other bot of a ``simulate`` table against ``baseline``, game by game.

    One row per (bot, column): the paired difference bot minus baseline on the games both
    played (``gamekit.stats.paired_difference``): ``difference``, ``ci_low``, ``ci_high``,
    ``p_value``, ``n`` and ``excludes_zero``. With bots that bid alike and sell differently
    (``spread``, ``save_top``, ``skew_match``), a cheque difference is the selling rule's.
    """
    from ...stats import paired_difference

    if baseline not in set(seats["bot"]):
        raise ValueError(
            _(
                "no rows of baseline {baseline}; bots are {bots}",
                baseline=repr(baseline),
                bots=sorted(seats["bot"].unique()),
            )
        )
    rows = []
    for bot in sorted(set(seats["bot"]) - {baseline}):
        for column in columns:
            d = paired_difference(seats, bot, baseline, column)
            rows.append(
                {
                    "bot": bot,
                    "column": column,
                    "difference": d.difference,
                    "ci_low": d.ci_low,
                    "ci_high": d.ci_high,
                    "p_value": d.p_value,
                    "n": d.n,
                    "excludes_zero": d.excludes_zero,
                }
            )
    return pd.DataFrame(rows)


def free_share_by_house(purchases: pd.DataFrame) -> pd.DataFrame:
    """Per house number: how often it was taken for nothing (``paid == 0``), with a Wilson 95 %
    interval (``gamekit.analysis.wilson_interval``) — columns house, free, n, share, ci_low, ci_high."""
    from ...analysis import wilson_interval

    grouped = purchases.assign(free=purchases["paid"] == 0).groupby("house")["free"]
    table = pd.DataFrame({"free": grouped.sum().astype(int), "n": grouped.size()}).reset_index()
    table["share"] = table["free"] / table["n"]
    bounds = [wilson_interval(float(f), int(n)) for f, n in zip(table["free"], table["n"], strict=True)]
    table["ci_low"] = [low for low, _ in bounds]
    table["ci_high"] = [high for _, high in bounds]
    return table


@dataclass(frozen=True)
class WhatIfPlayouts:
    """A changed move judged over many deals of what was still hidden, not over one playout.

    ``table`` has one row per playout (``deal`` is the set-up's seed): the seat's score and win
    share in the recorded line and after the change, both finished by the same bots on the same
    deal. ``change`` is the mean score change with its Student t interval; ``win_change`` the
    same for win share (a paired comparison: each deal is its own control).
    """

    seat: int
    action: str
    table: pd.DataFrame
    change: float
    ci_low: float
    ci_high: float
    win_change: float
    win_ci_low: float
    win_ci_high: float

    @property
    def playouts(self) -> int:
        return len(self.table)

    def __str__(self) -> str:
        return _(
            "{action} instead of the recorded move, over {deals} deals: score change "
            "{change} (95 % CI {low} to {high}), win share change "
            "{win} (95 % CI {win_low} to {win_high})",
            action=repr(self.action),
            deals=self.playouts,
            change=format(self.change, "+,.0f"),
            low=format(self.ci_low, "+,.0f"),
            high=format(self.ci_high, "+,.0f"),
            win=format(self.win_change, "+.3f"),
            win_low=format(self.win_ci_low, "+.3f"),
            win_high=format(self.win_ci_high, "+.3f"),
        )


def _t_interval(values: pd.Series, confidence: float = 0.95) -> tuple[float, float, float]:
    from scipy import stats as scipy_stats

    n = len(values)
    mean = float(values.mean())
    sd = float(values.std(ddof=1)) if n > 1 else 0.0
    half = float(scipy_stats.t.ppf(0.5 + confidence / 2, n - 1)) * sd / n**0.5 if n > 1 else float("inf")
    return mean, mean - half, mean + half


def what_if_playouts(
    recorded: Replay,
    step: int,
    seat: int,
    action: str,
    bots: Any = "house_value",
    playouts: int = 100,
    seed: int = 0,
    rest: str = "recorded",
) -> WhatIfPlayouts:
    """``gamekit.teach.what_if`` over ``playouts`` deals: the replay's set-up with new seeds.

    A stacked set-up (a worked example) keeps every card it stacks, so what the players have
    seen at ``step`` stays the same while the cards still hidden (the rest of the piles, the
    cards removed unseen) are dealt afresh; the recorded line and the changed one are both
    finished by ``bots`` on each deal. Needs at least 2 playouts for an interval.
    """
    from ...teach import Replay as _Replay
    from ...teach import what_if

    if playouts < 2:
        raise ValueError(_("an interval needs at least 2 playouts, not {playouts}", playouts=repr(playouts)))
    rows = []
    for k in range(playouts):
        deal = seed + k
        replay = _Replay({**recorded.setup, "seed": deal}, recorded.actions, start=recorded.start)
        result = what_if(replay, step, seat, action, rest=rest, bots=bots)
        before, after = result.original.result(), result.alternative.result()
        rows.append(
            {
                "deal": deal,
                "original score": before["scores"][seat],
                "new score": after["scores"][seat],
                "original win": _win_share(before["ranks"], seat),
                "new win": _win_share(after["ranks"], seat),
            }
        )
    table = pd.DataFrame(rows)
    table["change"] = table["new score"] - table["original score"]
    change = _t_interval(table["change"])
    win = _t_interval(table["new win"] - table["original win"])
    return WhatIfPlayouts(seat, action, table, *change, *win)


def _win_share(ranks: list[int], seat: int) -> float:
    """1 for a sole winner, 1/k for each of k tied winners, else 0 (FS-E2)."""
    return 1 / ranks.count(1) if ranks[seat] == 1 else 0.0


# ---------------------------------------------------------------------- what the bots do (issue 1)
def decisions(bots: Any, games: int, seed: int = 0, players: int = 4) -> pd.DataFrame:
    """Every decision of ``games`` games of ``bots`` (one spec per seat, or one for all), beside
    what rank matching would have sold from the same view: a bot's one-sentence rule, measured.

    One row per decision: game, seat, bot (label), phase, round and the action's kind and number
    (``value``: the bid's total or the house sold). Buying rows add ``high_bid`` (before the
    decision) and ``holding`` (coins plus this round's bid, the most the seat may bid); selling
    rows add ``hand`` (sorted), ``best_cheque`` and ``rank_matched`` (``bots.rank_matched_house``
    of the same view). The bots draw from ``simulate.bot_rng`` of each game's seed, as in ``play``.
    """
    from ...bots import make_bot
    from ...core.game import new_game
    from ...simulate import bot_rng, game_seed
    from .bots import rank_matched_house

    rows: list[dict[str, Any]] = []
    for index in range(games):
        game = new_game("for_sale", players, seed=game_seed(seed, index))
        specs = [bots] * players if isinstance(bots, str) or not isinstance(bots, list | tuple) else bots
        seated = [make_bot(spec, "for_sale") for spec in specs]
        rngs = [bot_rng(game.seed, s) for s in range(players)]
        while not game.is_over:
            for seat in game.to_act:
                view = game.view(seat)
                action = seated[seat].choose(view, game.legal_actions(seat), rngs[seat])
                row = {
                    "game": index,
                    "seat": seat,
                    "bot": seated[seat].label,
                    "phase": view["phase"],
                    "round": view["round"],
                    "kind": action.kind,
                    "value": action.value,
                }
                if view["phase"] == "buy":
                    row["high_bid"] = view["high_bid"]
                    row["holding"] = view["coins"][seat] + view["bids"][seat]
                    row["table"] = tuple(view["table"])
                else:
                    row["hand"] = tuple(view["houses"][seat])
                    row["table"] = tuple(view["table"])
                    row["best_cheque"] = max(view["table"])
                    row["rank_matched"] = rank_matched_house(view)
                rows.append(row)
                game.act(seat, action)
    return pd.DataFrame(rows)


def sold_against_rank_matching(table: pd.DataFrame) -> pd.DataFrame:
    """Per bot, its selling decisions of ``decisions`` counted against rank matching: how often
    it sold a higher house than rank matching would have from the same view, the same, a lower.

    Columns bot, decisions, higher, same, lower, and the shares higher_share, lower_share."""
    sells = table[table["phase"] == "sell"]
    sign = (sells["value"] > sells["rank_matched"]).astype(int) - (
        sells["value"] < sells["rank_matched"]
    ).astype(int)
    grouped = sign.groupby(sells["bot"])
    out = pd.DataFrame(
        {
            "decisions": grouped.size(),
            "higher": grouped.apply(lambda s: int((s > 0).sum())),
            "same": grouped.apply(lambda s: int((s == 0).sum())),
            "lower": grouped.apply(lambda s: int((s < 0).sum())),
        }
    )
    out["higher_share"] = out["higher"] / out["decisions"]
    out["lower_share"] = out["lower"] / out["decisions"]
    return out.reset_index()
