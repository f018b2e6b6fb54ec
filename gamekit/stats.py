"""Statistics that hold: paired differences, intervals clustered by game, and how many games to play.

A lesson that says "bot A wins more than bot B" needs an interval that is honest about how its
numbers were made. Three things make simulation results special:

- **Shared games.** ``gamekit.simulate`` deals game i from the same seed whatever bots play it,
  and rotates seats, so two bots (or two runs with the same seed) meet the same deals. Comparing
  them game by game (common random numbers) cancels the luck of the deal: ``paired_difference``.
- **Events within a game are not independent.** The prices of the auctions of one game depend on
  the same hands and the same players; an interval that treats them as independent is too narrow.
  ``clustered_mean`` widens it by treating each game as one unit of evidence.
- **Planning.** ``games_needed`` says how many games detect a given difference;
  ``detectable_difference`` says what a given number of games can detect.

Wins are still summarised with the Wilson interval (``wilson_interval``, also importable from
``gamekit.analysis``, whose tables use it), which counts a shared win as a share.

pandas, numpy, scipy and statsmodels are imported inside the functions, and this module imports
no other part of gamekit (``gamekit.analysis`` imports it, not the other way), so
``import gamekit.stats`` stays light.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .core.i18n import N_, _

# The columns the lessons measure, by name, so a sentence about them reads in the chosen language.
_COLUMNS = (N_("score"), N_("win share"), N_("error"), N_("rank"), N_("value"), N_("excess"), N_("game"))

if TYPE_CHECKING:
    import pandas as pd


def _decimals(se: float) -> int:
    """Decimals that show a standard error to two significant figures (between 0 and 4)."""
    if not se > 0 or not math.isfinite(se):
        return 3
    return max(0, min(4, 1 - math.floor(math.log10(se))))


def _percent(confidence: float) -> str:
    return f"{confidence * 100:g}%"


def _check_confidence(confidence: float) -> None:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1 (0.95 for 95 %), not {confidence!r}")


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (95 % for z = 1.96).

    Wilson rather than the textbook ``p ± z·sqrt(p(1-p)/n)`` because it stays
    inside [0, 1] and keeps a sensible width when a bot almost never (or almost
    always) wins. ``successes`` may be fractional: a shared win counts as a
    share. With ``n == 0`` nothing is known, so the interval is (0, 1).
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes!r}, n={n!r}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half_width = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return max(0.0, centre - half_width), min(1.0, centre + half_width)


# ------------------------------------------------------------------ paired differences
@dataclass(frozen=True)
class PairedDifference:
    """The mean of ``column`` for ``bot_a`` minus that for ``bot_b``, game by game, with its interval.

    ``ci_low`` to ``ci_high``: if the same experiment were run again and again with new seeds,
    95 % of intervals made this way would contain the true difference (at ``confidence=0.95``).
    """

    column: str
    bot_a: str
    bot_b: str
    difference: float  # mean over games of (bot_a's value - bot_b's value)
    se: float  # standard error of that mean
    ci_low: float
    ci_high: float
    n: int  # paired games
    p_value: float  # two-sided, for "no difference"
    sd: float  # standard deviation of one game's difference: what games_needed asks for
    mean_a: float
    mean_b: float
    confidence: float = 0.95

    @property
    def excludes_zero(self) -> bool:
        """True when the interval lies wholly on one side of zero: the data tell the bots apart."""
        return self.ci_low > 0 or self.ci_high < 0

    def __str__(self) -> str:
        d = _decimals(self.se)
        what = _(self.column.replace("_", " "))  # a column the catalogue names (_COLUMNS)
        return _(
            "{difference} {what} ({confidence} CI {low} to {high}, {n} paired games)",
            difference=format(self.difference, f"+,.{d}f"),
            what=what,
            confidence=_percent(self.confidence),
            low=format(self.ci_low, f"+,.{d}f"),
            high=format(self.ci_high, f"+,.{d}f"),
            n=format(self.n, ","),
        )


def share_row(shares: list[float], players: int) -> dict[str, float | int]:
    """A table row of game-by-game win shares (1, 1/k in a k-way tie, 0): the games, the mean
    share and its Wilson interval (rounded to 3 places), and the even share ``1 / players``
    beside them (lesson 07's sweeps and learning curve)."""
    low, high = wilson_interval(sum(shares), len(shares))
    return {
        "games": len(shares),
        "win share": round(sum(shares) / len(shares), 3),
        "ci_low": round(low, 3),
        "ci_high": round(high, 3),
        "even share": round(1 / players, 3),
    }


def _rows_of(table: pd.DataFrame, bot: str, column: str, which: str) -> pd.DataFrame:
    missing = [c for c in ("game", "seat", "bot", column) if c not in table.columns]
    if missing:
        raise ValueError(
            f"{which} should be a table from gamekit.simulate; missing column(s): {', '.join(missing)}"
        )
    rows = table.loc[table["bot"] == bot, ["game", "seat", column]]
    if rows.empty:
        bots = ", ".join(repr(b) for b in sorted(table["bot"].unique()))
        raise ValueError(f"{which} has no rows of bot {bot!r}; its bots are {bots}")
    return rows


def paired_difference(
    table: pd.DataFrame,
    bot_a: str,
    bot_b: str,
    column: str = "win_share",
    *,
    table_b: pd.DataFrame | None = None,
    confidence: float = 0.95,
) -> PairedDifference:
    """How much more ``column`` (win share by default) ``bot_a`` gets than ``bot_b`` on the same games.

    With one table (from ``gamekit.simulate``), both bots played every game: each game gives one
    difference, bot_a's value minus bot_b's (each averaged over its seats if seated twice), and
    seat rotation gives each bot every seat equally often. With ``table_b``, ``bot_a`` is read from
    ``table`` and ``bot_b`` from ``table_b``, two runs with the same seed in which the two bots
    took the same place in the list of bots: rows are paired by game and seat, so each pair shares
    its deal and its opponents.

    The interval is Student's t over games, which are independent of each other; the p-value is
    that of the paired t-test of "no difference".
    """
    from scipy import stats as scipy_stats

    _check_confidence(confidence)
    rows_a = _rows_of(table, bot_a, column, "table")
    if table_b is None:
        if bot_a == bot_b:
            raise ValueError(f"bot_a and bot_b are both {bot_a!r}; to compare two runs pass table_b")
        rows_b = _rows_of(table, bot_b, column, "table")
        per_game = (
            rows_a.groupby("game")[column]
            .mean()
            .to_frame("a")
            .join(rows_b.groupby("game")[column].mean().to_frame("b"), how="inner")
        )
    else:
        rows_b = _rows_of(table_b, bot_b, column, "table_b")
        both = set(rows_a["game"]) & set(rows_b["game"])
        rows_a, rows_b = rows_a[rows_a["game"].isin(both)], rows_b[rows_b["game"].isin(both)]
        pairs = rows_a.merge(rows_b, on=["game", "seat"], how="outer", suffixes=("_a", "_b"), indicator=True)
        unpaired = pairs[pairs["_merge"] != "both"]
        if not unpaired.empty:
            game, seat = int(unpaired["game"].iloc[0]), int(unpaired["seat"].iloc[0])
            raise ValueError(
                f"{bot_a!r} in table and {bot_b!r} in table_b do not sit in the same seats (game {game}, "
                f"seat {seat}): run both simulations with the same seed and the two bots in the same "
                "place of the list of bots"
            )
        per_game = pairs.groupby("game")[[f"{column}_a", f"{column}_b"]].mean()
        per_game.columns = ["a", "b"]
    n = len(per_game)
    if n < 2:
        raise ValueError(f"a paired interval needs at least 2 games in which both bots played, got {n}")
    diffs = (per_game["a"] - per_game["b"]).astype(float)
    mean, sd = float(diffs.mean()), float(diffs.std(ddof=1))
    se = sd / math.sqrt(n)
    if se > 0:
        half = float(scipy_stats.t.ppf(0.5 + confidence / 2, n - 1)) * se
        p_value = float(2 * scipy_stats.t.sf(abs(mean) / se, n - 1))
    else:  # every game gave the same difference
        half, p_value = 0.0, (1.0 if mean == 0 else 0.0)
    return PairedDifference(
        column=column,
        bot_a=bot_a,
        bot_b=bot_b,
        difference=mean,
        se=se,
        ci_low=mean - half,
        ci_high=mean + half,
        n=n,
        p_value=p_value,
        sd=sd,
        mean_a=float(per_game["a"].mean()),
        mean_b=float(per_game["b"].mean()),
        confidence=confidence,
    )


# ------------------------------------------------------------------ clustered means
@dataclass(frozen=True)
class ClusteredMean:
    """The mean of an event-level value with an interval that treats each game as one unit.

    ``ci_low`` to ``ci_high``: 95 % of intervals made this way, over new sets of games, would
    contain the true mean, even though the events of one game move together (at
    ``confidence=0.95``).
    """

    value: str
    cluster: str
    mean: float
    se: float  # cluster-robust (CR1) standard error
    ci_low: float
    ci_high: float
    n: int  # events
    clusters: int  # games (or whatever ``cluster`` names)
    naive_se: float  # the standard error if every event were independent
    confidence: float = 0.95

    @property
    def design_effect(self) -> float:
        """How many times more games than independent events the correlation costs: (se / naive_se)²."""
        return (self.se / self.naive_se) ** 2 if self.naive_se > 0 else math.nan

    def __str__(self) -> str:
        d = _decimals(self.se)
        what = _(self.value.replace("_", " "))
        return _(
            "{mean} {what} ({confidence} CI {low} to {high}, {n} events in {clusters} {cluster}s)",
            mean=format(self.mean, f",.{d}f"),
            what=what,
            confidence=_percent(self.confidence),
            low=format(self.ci_low, f",.{d}f"),
            high=format(self.ci_high, f",.{d}f"),
            n=format(self.n, ","),
            clusters=format(self.clusters, ","),
            cluster=_(self.cluster),
        )


def clustered_mean(
    events: pd.DataFrame, value: str, cluster: str = "game", *, confidence: float = 0.95
) -> ClusteredMean:
    """The mean of ``events[value]`` (e.g. the price of each auction) with an interval clustered by game.

    The standard error is the cluster-robust (CR1) one of a regression on a constant, from
    statsmodels, and the interval is Student's t with (number of games - 1) degrees of freedom.
    Rows whose value is missing are left out (``n`` counts the rows used).

    Clustering usually widens the interval (events of one game share its cards and players), but
    it narrows it when the events of a game share out a fixed total: in For Sale every game has
    the same houses and coins, so a high price in one auction means lower ones in the others.
    """
    import numpy as np
    import statsmodels.api as sm

    _check_confidence(confidence)
    missing = [c for c in (value, cluster) if c not in events.columns]
    if missing:
        raise ValueError(f"events has no column(s) {', '.join(missing)}")
    used = events.loc[events[value].notna(), [value, cluster]]
    n = len(used)
    groups = used[cluster].astype("category").cat.codes.to_numpy()
    clusters = len(np.unique(groups))
    if clusters < 2:
        raise ValueError(f"a clustered interval needs events from at least 2 {cluster}s, got {clusters}")
    y = used[value].to_numpy(dtype=float)
    fit = sm.OLS(y, np.ones(n)).fit(cov_type="cluster", cov_kwds={"groups": groups}, use_t=True)
    low, high = fit.conf_int(alpha=1 - confidence)[0]
    return ClusteredMean(
        value=value,
        cluster=cluster,
        mean=float(fit.params[0]),
        se=float(fit.bse[0]),
        ci_low=float(low),
        ci_high=float(high),
        n=n,
        clusters=clusters,
        naive_se=float(y.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan,
        confidence=confidence,
    )


# ------------------------------------------------------------------ planning
def _power_solver(paired: bool):  # -> statsmodels power class instance
    from statsmodels.stats.power import TTestIndPower, TTestPower

    return TTestPower() if paired else TTestIndPower()


def _check_planning(sd: float, power: float, alpha: float) -> None:
    if not (sd > 0 and math.isfinite(sd)):
        raise ValueError(f"sd must be a positive number, not {sd!r}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1, not {alpha!r}")
    if not alpha < power < 1:
        raise ValueError(f"power must be between alpha ({alpha}) and 1, not {power!r}")


def games_needed(
    difference: float, sd: float, power: float = 0.8, alpha: float = 0.05, paired: bool = True
) -> int:
    """How many games detect a true ``difference``: with that many, a two-sided test at level
    ``alpha`` finds it (its interval excludes zero) in a fraction ``power`` of experiments.

    ``paired=True`` (the default) is for ``paired_difference``: ``sd`` is the standard deviation of
    one game's difference (``PairedDifference.sd`` of a pilot run), and the answer counts paired
    games. ``paired=False`` is for two independent runs (different seeds): ``sd`` is that of one
    game's value for one bot, and the answer is the games of each run. Computed for the t-test by
    statsmodels; the textbook normal formula ((z_{1-alpha/2} + z_power) * sd / difference)²
    (doubled when unpaired) gives one or two games fewer.
    """
    _check_planning(sd, power, alpha)
    if not (difference != 0 and math.isfinite(difference)):
        raise ValueError(f"difference must be a non-zero number, not {difference!r}")
    effect = abs(difference) / sd
    if detectable_difference(2, 1.0, power, alpha, paired) <= effect:
        return 2
    nobs = _power_solver(paired).solve_power(effect_size=effect, power=power, alpha=alpha)
    return max(2, math.ceil(float(nobs) - 1e-9))


def detectable_difference(
    n: int, sd: float, power: float = 0.8, alpha: float = 0.05, paired: bool = True
) -> float:
    """The smallest true difference that ``n`` games detect with probability ``power`` (two-sided
    test at level ``alpha``): the inverse of ``games_needed``, with ``sd`` and ``paired`` as there."""
    _check_planning(sd, power, alpha)
    if type(n) is not int or n < 2:
        raise ValueError(f"n must be a whole number of games >= 2, not {n!r}")
    size = {"nobs": n} if paired else {"nobs1": n}  # unpaired: n games in each of the two runs
    effect = _power_solver(paired).solve_power(**size, power=power, alpha=alpha)
    return float(effect) * sd


# ------------------------------------------------------------------ position at the table
@dataclass(frozen=True)
class PositionEffect:
    """Whether the win share depends on the seat's position after the first start player.

    ``shares[k]`` is the win share of position k (0: the first start player), ``ci_low`` and
    ``ci_high`` its Wilson interval; ``chi2`` and ``p_value`` test that every position wins
    1/players of the games (a chi-square goodness-of-fit test on the winners' positions, a shared
    win split between the tied positions), with ``players - 1`` degrees of freedom.
    """

    games: int
    players: int
    shares: tuple[float, ...]
    ci_low: tuple[float, ...]
    ci_high: tuple[float, ...]
    chi2: float
    p_value: float

    @property
    def fair(self) -> float:
        return 1 / self.players

    def __str__(self) -> str:
        positions = ", ".join(
            f"{k}: {share:.3f} [{low:.3f}, {high:.3f}]"
            for k, (share, low, high) in enumerate(zip(self.shares, self.ci_low, self.ci_high, strict=True))
        )
        return _(
            "win share by position after the first start player ({positions}); equal shares of {fair}: "
            "chi-square {chi2} with {df} df, p = {p}, {games} games",
            positions=positions,
            fair=format(self.fair, ".3f"),
            chi2=format(self.chi2, ".2f"),
            df=self.players - 1,
            p=format(self.p_value, ".3g"),
            games=format(self.games, ","),
        )


def position_effect(seats: pd.DataFrame) -> PositionEffect:
    """Test whether position at the table (``position``: seats after the first start player)
    changes who wins, from ``simulate`` rows of finished games.

    Only a table where every position meets the same bots says something about the game: seat
    the same bot everywhere (``experiments.seat_experiment`` does), or bots rotated so each
    meets every position equally often. Unfinished games are left out.
    """
    from scipy import stats

    missing = [c for c in ("game", "position", "win_share", "finished") if c not in seats.columns]
    if missing:
        raise ValueError(f"expected rows from gamekit.simulate with positions; missing: {', '.join(missing)}")
    done = seats[seats["finished"].astype(bool)]
    players = int(done.groupby("game").size().max()) if len(done) else 0
    if players < 2:
        raise ValueError("position_effect needs finished games of at least 2 players")
    games = int(done["game"].nunique())
    wins = done.groupby("position")["win_share"].sum().reindex(range(players), fill_value=0.0)
    observed = wins.to_numpy(dtype=float)
    chi2, p_value = stats.chisquare(observed, [games / players] * players)
    intervals = [wilson_interval(float(w), games) for w in observed]
    return PositionEffect(
        games=games,
        players=players,
        shares=tuple(float(w) / games for w in observed),
        ci_low=tuple(low for low, _high in intervals),
        ci_high=tuple(high for _low, high in intervals),
        chi2=float(chi2),
        p_value=float(p_value),
    )


__all__ = [
    "ClusteredMean",
    "PairedDifference",
    "PositionEffect",
    "clustered_mean",
    "detectable_difference",
    "games_needed",
    "paired_difference",
    "position_effect",
    "wilson_interval",
]
