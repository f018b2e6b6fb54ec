"""For Sale's own tables for the lesson's plots, from ``simulate_records``' purchases and sales."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from ...analysis import group_means, mean_with_interval

if TYPE_CHECKING:
    from ...stats import PairedDifference


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
        raise ValueError(f"expected For Sale rows from gamekit.simulate; missing: {', '.join(missing)}")
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
