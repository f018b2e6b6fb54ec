"""Which strategies survive: empirical game-theoretic analysis of a set of bots.

A game with n seats and k candidate strategies (bots) is reduced to a *meta-game*:
each player picks one of the k strategies and receives its expected payoff in the
game (by default its share of wins). The meta-game is symmetric, so its payoff
table is the **heuristic payoff table** of Walsh et al. (2002) and Wellman (2006):
one row per *profile*, a multiset of n strategies (how many seats play each), and
the mean payoff of each strategy present in that profile. There are C(k+n-1, n)
profiles; from the table the expected payoff of a strategy against opponents who
each draw a strategy from a mixture x is a multinomial sum, which is all that
replicator dynamics and a regret check need.

Every profile is played on the same seed (common random numbers: game i is dealt
the same way in every profile), with the seats rotating from game to game as
``gamekit.simulate`` does; each entry carries a 95 % normal interval over games.

``game`` is either a registered game name or a *payoff function*
``payoff(profile, games, seed) -> array (games, len(profile))`` giving one payoff
per sample and seat, for models too small to be a game (the first-price auction
test-bed ``first_price_payoffs`` below, whose symmetric equilibrium is known).

numpy only; ``nashpy`` (imported when asked) solves 2-player tables exactly.
"""

from __future__ import annotations

import itertools
import math
import pickle
import warnings
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .core.errors import ConfigError
from .core.i18n import _
from .core.registry import game_class

if TYPE_CHECKING:
    import pandas as pd

PayoffFunction = Callable[[tuple[Any, ...], int, int], np.ndarray]
Z95 = 1.96


# ----------------------------------------------------------------- profiles
def profiles(strategies: int, players: int) -> np.ndarray:
    """Every multiset of ``players`` strategies out of ``strategies``, as counts (one row each).

    Rows come in lexicographic order of the sorted strategy tuples; there are
    C(strategies + players - 1, players) of them.
    """
    rows = []
    for combo in itertools.combinations_with_replacement(range(strategies), players):
        rows.append(np.bincount(combo, minlength=strategies))
    return np.array(rows, dtype=int)


def _seats_of(counts: np.ndarray) -> tuple[int, ...]:
    """The strategy of each seat in a profile: strategy indices, sorted."""
    return tuple(int(s) for s, c in enumerate(counts) for _ in range(int(c)))


# ----------------------------------------------------------------- the table
@dataclass(frozen=True, eq=False)  # arrays inside: compared by identity
class PayoffTable:
    """A heuristic payoff table: ``counts[p, s]`` seats play strategy s in profile p, and
    there s earns ``payoff[p, s]`` on average (NaN where ``counts[p, s] == 0``), with
    standard error ``stderr[p, s]`` over ``games`` games (samples) per profile."""

    strategies: tuple[str, ...]
    players: int
    counts: np.ndarray
    payoff: np.ndarray
    stderr: np.ndarray
    games: int
    column: str = "win_share"

    @property
    def ci_low(self) -> np.ndarray:
        return self.payoff - Z95 * self.stderr

    @property
    def ci_high(self) -> np.ndarray:
        return self.payoff + Z95 * self.stderr

    def frame(self) -> pd.DataFrame:
        """The table, tidy: one row per profile and strategy present in it."""
        import pandas as pd

        rows = []
        for p, counts in enumerate(self.counts):
            name = " ".join(f"{self.strategies[s]}×{c}" for s, c in enumerate(counts) if c)
            for s, c in enumerate(counts):
                if c:
                    rows.append(
                        {
                            "profile": name,
                            "strategy": self.strategies[s],
                            "count": int(c),
                            "payoff": float(self.payoff[p, s]),
                            "ci_low": float(self.ci_low[p, s]),
                            "ci_high": float(self.ci_high[p, s]),
                            "games": self.games,
                        }
                    )
        return pd.DataFrame(rows)

    def _weights(self, mix: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For every (profile, strategy present) pair: the strategy's index, the profile's index
        and the probability that the other n-1 seats, each drawing from ``mix``, make that profile."""
        cached = self.__dict__.get("_pairs")
        if cached is None:
            rows, cols = np.nonzero(self.counts)
            others = self.counts[rows].copy()
            others[np.arange(len(rows)), cols] -= 1
            factorials = np.array([math.factorial(int(c)) for c in range(self.players + 1)], dtype=float)
            coefficient = math.factorial(self.players - 1) / np.prod(factorials[others], axis=1)
            # where x_j ** others[., j] sits in the flattened table of powers x_j ** c, c = 0..n-1
            flat = np.arange(len(self.strategies))[None, :] * self.players + others
            cached = (rows, cols, flat, coefficient)
            object.__setattr__(self, "_pairs", cached)
        rows, cols, flat, coefficient = cached
        powers = mix[:, None] ** np.arange(self.players)[None, :]
        weight = coefficient * np.prod(powers.ravel()[flat], axis=1)
        return rows, cols, weight

    def expected_payoffs(self, mix: Sequence[float] | np.ndarray) -> np.ndarray:
        """u_s(x): the expected payoff of one seat playing strategy s while each other seat
        plays a strategy drawn independently from ``mix``."""
        return self._expected(_check_mix(mix, len(self.strategies)))

    def _expected(self, x: np.ndarray) -> np.ndarray:
        rows, cols, weight = self._weights(x)
        return np.bincount(cols, weight * self.payoff[rows, cols], minlength=len(self.strategies))

    def regret(self, mix: Sequence[float] | np.ndarray) -> tuple[float, float]:
        """How much a seat gains by leaving ``mix`` for its best pure strategy, and the widest
        half-width of the 95 % intervals of the gains u_s(x) - ū(x) over pure strategies s:
        a regret below that margin is no evidence that the mix is not an equilibrium.

        The intervals treat the table's entries as independent (linear propagation of their
        standard errors); common random numbers correlate the profiles positively, which
        narrows the true interval of a difference, so these usually err wide.
        """
        x = _check_mix(mix, len(self.strategies))
        rows, cols, weight = self._weights(x)
        u = np.bincount(cols, weight * self.payoff[rows, cols], minlength=len(self.strategies))
        gain = float(np.max(u) - x @ u)
        spread = weight * self.stderr[rows, cols]
        margin = 0.0
        for s in range(len(self.strategies)):
            # gain_s = sum over entries (p, j) of weight * (delta(j, s) - x_j) * payoff[p, j]
            coefficient = (cols == s).astype(float) - x[cols]
            margin = max(margin, Z95 * math.sqrt(float(np.sum((coefficient * spread) ** 2))))
        return max(gain, 0.0), margin


def _check_mix(mix: Sequence[float] | np.ndarray, k: int) -> np.ndarray:
    x = np.asarray(mix, dtype=float)
    if (
        x.shape != (k,)
        or not np.all(np.isfinite(x))
        or np.any(x < 0)
        or not math.isclose(x.sum(), 1, abs_tol=1e-9)
    ):
        raise ConfigError(
            _("a mix is {k} non-negative weights adding up to 1, not {mix}", k=k, mix=repr(mix))
        )
    return x


# ----------------------------------------------------------------- playing the profiles
def _label(strategy: Any) -> str:
    if isinstance(strategy, float):
        return f"{strategy:g}"
    return str(strategy)


def _game_samples(
    name: str,
    players: int,
    bots: Sequence[Any],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
    column: str,
    workers: Any = 1,
) -> np.ndarray:
    """Per game, the payoff of each position of ``bots`` (not each seat: the seats rotate)."""
    from .simulate import simulate

    table = simulate(name, players, list(bots), games, seed=seed, options=options, workers=workers)
    if column not in table.columns:
        raise ConfigError(f"simulate's table has no column {column!r}; columns: {', '.join(table.columns)}")
    # In game i seat s is played by bots[(s + i) mod n] (simulate's seat rotation).
    position = (table["seat"].to_numpy() + table["game"].to_numpy()) % players
    samples = np.empty((games, players))
    samples[table["game"].to_numpy(), position] = table[column].to_numpy(dtype=float)
    return samples


Result = tuple[np.ndarray, np.ndarray, np.ndarray | None]


def _profile_result(
    game: str | PayoffFunction,
    strategies: Sequence[Any],
    counts: np.ndarray,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
    column: str,
    keep_first: bool = False,
    workers: Any = 1,
) -> Result:
    """Mean and standard error, per strategy, of one profile's payoffs (NaN where absent), and
    if asked, the payoff of strategy 0 in each game (a sweep's bot, to pair across profiles)."""
    seats = _seats_of(counts)
    chosen = tuple(strategies[s] for s in seats)
    if isinstance(game, str):
        samples = _game_samples(game, players, chosen, games, seed, options, column, workers)
    else:
        samples = np.asarray(game(chosen, games, seed), dtype=float)
        if samples.shape != (games, players):
            raise ConfigError(
                f"a payoff function returns an array of shape (games, players) = {(games, players)}, "
                f"not {samples.shape}"
            )
    k = len(strategies)
    mean, stderr = np.full(k, np.nan), np.full(k, np.nan)
    seat_strategy = np.array(seats)
    for s in range(k):
        if counts[s]:
            per_game = samples[:, seat_strategy == s].mean(axis=1)  # the seats of s, averaged per game
            mean[s] = per_game.mean()
            stderr[s] = per_game.std(ddof=1) / math.sqrt(games)
    first = samples[:, seat_strategy == 0].mean(axis=1) if keep_first else None
    return mean, stderr, first


def _profile_result_remote(name: str | None, module: str | None, payload: bytes, *args: Any) -> Result:
    if name is not None and module is not None:  # a game registered outside gamekit is known here too,
        from .simulate import import_game  # and its bots unpickle

        import_game(name, module)
    game, strategies = pickle.loads(payload)
    return _profile_result(game, strategies, *args)


Job = tuple[Sequence[Any], np.ndarray]  # the strategies, and how many seats play each


def _play_profiles(
    game: str | PayoffFunction,
    jobs: Sequence[Job],
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
    workers: Any,
    column: str,
    keep_first: bool = False,
) -> list[Result]:
    """Every profile's result.

    ``workers`` is any kind ``simulate`` takes (a number of processes, an Executor, a Dask
    ``Client`` or scheduler address). The profiles, not the games of one profile, are spread over
    them: a profile is usually fewer games than one ``simulate`` chunk (250), and one pool for
    the whole table starts its processes once, where ``simulate(workers=2)`` would start a pool
    per profile (400 For Sale games take 3.1 s that way, 2.3 s on one process). Each profile is
    the very ``simulate`` call of ``workers=1``, so the table does not depend on ``workers``.
    """
    from .simulate import _pickled_bots, _workers_kind, run_calls

    args = (players, games, seed, options, column, keep_first)
    module = game_class(game).__module__ if isinstance(game, str) else None
    if _workers_kind(workers) == "one":
        return [_profile_result(game, s, c, *args) for s, c in jobs]
    payloads: dict[int, bytes] = {}  # the strategies of a table's profiles are pickled once
    calls = []
    for s, c in jobs:
        if id(s) not in payloads:
            payloads[id(s)] = _pickled_bots([game, list(s)])
        name = game if isinstance(game, str) else None
        calls.append((_profile_result_remote, (name, module, payloads[id(s)], c, *args)))
    return run_calls(workers, calls)


def _strategies(game: str | PayoffFunction, bots: Sequence[Any]) -> tuple[list[Any], tuple[str, ...]]:
    if isinstance(game, str):
        from .bots.base import bot_label, make_bot

        made = [make_bot(b, game) for b in bots]
        labels = tuple(bot_label(b) for b in made)
        chosen = list(bots)
    elif callable(game):
        labels = tuple(_label(b) for b in bots)
        chosen = list(bots)
    else:
        raise ConfigError(f"game is a registered game name or a payoff function, not {game!r}")
    if len(set(labels)) != len(labels):
        raise ConfigError(f"the strategies need different labels, got {', '.join(labels)}")
    return chosen, labels


def _check_counts(players: int, games: int) -> None:
    if type(players) is not int or players < 2:
        raise ConfigError(f"players must be a whole number >= 2, not {players!r}")
    if type(games) is not int or games < 2:
        raise ConfigError(f"games must be a whole number >= 2 (an interval needs two), not {games!r}")


def payoff_table(
    game: str | PayoffFunction,
    players: int,
    bots: Sequence[Any],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: Any = 1,
    column: str = "win_share",
) -> PayoffTable:
    """The heuristic payoff table of ``bots`` (names, bot objects, or a payoff function's
    strategies) in ``game`` with ``players`` seats: every multiset of strategies played for
    ``games`` games on the same ``seed`` (common random numbers, seats rotated; choose
    ``games`` a multiple of ``players`` so every position plays every seat equally often).

    ``column`` is the column of ``simulate``'s table that is the payoff (``win_share`` by
    default, ``score`` for points). ``workers`` play the profiles: any kind ``simulate`` takes
    (a number of local processes, a ``concurrent.futures.Executor``, a Dask ``Client`` or
    scheduler address); the table is the same for every kind.

    An entry's interval is the normal one over games, so an entry whose games all paid the
    same (a bot that never won in a few games) has a zero-width interval: play more games.
    """
    _check_counts(players, games)
    chosen, labels = _strategies(game, bots)
    if not chosen:
        raise ConfigError("a payoff table needs at least one strategy")
    counts = profiles(len(chosen), players)
    jobs = [(chosen, c) for c in counts]
    results = _play_profiles(game, jobs, players, games, seed, options, workers, column)
    payoff = np.array([mean for mean, _, _ in results])
    stderr = np.array([se for _, se, _ in results])
    return PayoffTable(labels, players, counts, payoff, stderr, games, column)


# ----------------------------------------------------------------- equilibria
def replicator(
    table: PayoffTable,
    start: Sequence[float] | np.ndarray | None = None,
    steps: int = 20000,
    rate: float = 1.0,
    tolerance: float = 1e-9,
) -> np.ndarray:
    """The mix that replicator dynamics reach from ``start`` (uniform by default).

    Discrete replicator: x_s grows by ``rate`` · x_s · (u_s(x) - ū(x)) / range, where range
    is the spread of the table's payoffs, so the step does not depend on the payoff's unit
    and, with ``rate`` at most 1, no share turns negative. Stops when no share moves more than
    ``tolerance``. A rest point need not be an equilibrium (rock-paper-scissors cycles; a
    strategy absent from the start never returns): ``PayoffTable.regret`` is the check.
    """
    k = len(table.strategies)
    x = np.full(k, 1 / k) if start is None else _check_mix(start, k).copy()
    spread = float(np.nanmax(table.payoff) - np.nanmin(table.payoff)) or 1.0
    for _step in range(steps):
        u = table._expected(x)
        moved = x + rate * x * (u - x @ u) / spread
        moved = np.clip(moved, 0, None)
        moved /= moved.sum()
        if np.max(np.abs(moved - x)) < tolerance:
            return moved
        x = moved
    return x


def symmetric_equilibria(
    table: PayoffTable,
    starts: int = 8,
    seed: int = 0,
    exact: bool = True,
    steps: int = 20000,
) -> pd.DataFrame:
    """Symmetric equilibria of the meta-game: replicator dynamics from the uniform mix, each
    pure-ish corner and random starts (``starts`` in all), plus, for 2 players and ``exact``,
    every symmetric equilibrium nashpy's vertex enumeration finds for the bimatrix (A, Aᵀ).

    One row per distinct mix found: a column per strategy (its share), ``regret`` (what the
    best pure strategy gains against the mix), ``regret_margin`` (the widest half-width of the
    95 % intervals of the pure strategies' gains: a regret below it is no evidence that the
    mix is not an equilibrium; see ``PayoffTable.regret``) and ``method``. Sorted by regret.
    """
    import pandas as pd

    k = len(table.strategies)
    rng = np.random.default_rng(seed)
    found: list[tuple[np.ndarray, str]] = []
    begin = [np.full(k, 1 / k)]
    for s in range(k):  # near each corner: a population mostly playing s, invaded by the rest
        corner = np.full(k, 0.1 / max(k - 1, 1))
        corner[s] = 0.9 if k > 1 else 1.0
        begin.append(corner)
    while len(begin) < starts:
        begin.append(rng.dirichlet(np.ones(k)))
    if exact and table.players == 2:  # first, so that a mix both methods find is named exact
        found.extend((mix, "nashpy") for mix in bimatrix_equilibria(table))
    for start in begin[: max(starts, 1)]:
        found.append((replicator(table, start, steps=steps), "replicator"))
    rows, kept = [], []
    for mix, method in found:
        if any(np.max(np.abs(mix - other)) < 1e-3 for other in kept):
            continue
        kept.append(mix)
        regret, margin = table.regret(mix)
        rows.append(
            {
                **dict(zip(table.strategies, mix.tolist(), strict=True)),
                "regret": regret,
                "regret_margin": margin,
                "method": method,
            }
        )
    return pd.DataFrame(rows).sort_values("regret", kind="mergesort", ignore_index=True)


def bimatrix(table: PayoffTable) -> np.ndarray:
    """For a 2-player table, A[i, j]: the payoff of strategy i against strategy j."""
    if table.players != 2:
        raise ConfigError(f"a bimatrix is a 2-player table's, not a {table.players}-player one's")
    k = len(table.strategies)
    a = np.empty((k, k))
    for p, counts in enumerate(table.counts):
        i, j = _seats_of(counts)
        a[i, j], a[j, i] = table.payoff[p, i], table.payoff[p, j]
    return a


def bimatrix_equilibria(table: PayoffTable) -> list[np.ndarray]:
    """The symmetric equilibria (x, x) of the symmetric bimatrix game (A, Aᵀ), by nashpy's
    vertex enumeration (every equilibrium of a nondegenerate game; a degenerate one may have
    more). Support enumeration finds the same but tries 4^k supports: minutes for k = 9."""
    try:
        import nashpy
    except ImportError:  # pragma: no cover - a dependency of gamekit
        raise ConfigError("the exact 2-player solver needs nashpy (pip install nashpy)") from None
    a = bimatrix(table)
    mixes = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nashpy warns on degenerate games; the regret check judges
        for x, y in nashpy.Game(a, a.T).vertex_enumeration():
            if np.allclose(x, y, atol=1e-9):
                # Vertex enumeration leaves rounding dust (weights like -2e-17): clip and renormalise,
                # or the mix check downstream refuses a true equilibrium.
                mix = np.clip(np.asarray(x, dtype=float), 0.0, None)
                mixes.append(mix / mix.sum())
    return mixes


# ----------------------------------------------------------------- best responses
def _opponent_mix(against: Any) -> list[tuple[Any, float]]:
    pairs = [(s, float(w)) for s, w in against.items()] if isinstance(against, Mapping) else [(against, 1.0)]
    total = sum(w for _, w in pairs)
    if not pairs or any(w < 0 or not math.isfinite(w) for _, w in pairs) or not total > 0:
        raise ConfigError(
            _(
                "against is one strategy or a mapping of strategies to weights above 0, not {against}",
                against=repr(against),
            )
        )
    return [(s, w / total) for s, w in pairs if w > 0]


def best_response_sweep(
    game: str | PayoffFunction,
    players: int,
    bot_factory: Callable[[float], Any],
    parameters: Sequence[float],
    against: Any,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: Any = 1,
    column: str = "win_share",
) -> pd.DataFrame:
    """The payoff of ``bot_factory(x)`` for each x in ``parameters`` against opponents who each
    play a strategy drawn from ``against`` (one strategy, or a mapping strategy -> weight).

    The expectation over the opponents' draws is exact: every multiset of n-1 opponents is
    played (``games`` games each, one seed for all: common random numbers) and weighted by
    its multinomial probability; the interval is over games of that weighted payoff. Returns one row per parameter: ``parameter``, ``payoff``,
    ``ci_low``, ``ci_high`` (95 %), ``games`` (per opponent profile).
    """
    import pandas as pd

    _check_counts(players, games)
    if len(parameters) == 0:
        raise ConfigError("a sweep needs at least one parameter value")
    mix = _opponent_mix(against)
    opponents = [s for s, _ in mix]
    weights = np.array([w for _, w in mix])
    rows = []
    jobs: list[tuple[list[Any], np.ndarray, float]] = []
    for x in parameters:
        for combo in itertools.combinations_with_replacement(range(len(opponents)), players - 1):
            others = np.bincount(combo, minlength=len(opponents))
            probability = math.factorial(players - 1) / math.prod(math.factorial(int(c)) for c in others)
            probability *= float(np.prod(weights**others))
            strategies = [bot_factory(x), *opponents]
            counts = np.concatenate([[1], others])
            jobs.append((strategies, counts, probability))
    if isinstance(game, str):
        for strategies, _, _ in jobs:
            _strategies(game, strategies[:1])  # a factory's bot must be a bot for this game
    played = [(strategies, counts) for strategies, counts, _ in jobs]
    results = _play_profiles(game, played, players, games, seed, options, workers, column, keep_first=True)
    per = len(jobs) // len(parameters)
    for n, x in enumerate(parameters):
        # Per game, the mix's weighted payoff: the opponent profiles share their games' seeds,
        # so their payoffs are correlated and are combined game by game, not entry by entry.
        per_game = sum(jobs[j][2] * results[j][2] for j in range(n * per, (n + 1) * per))
        payoff = float(np.mean(per_game))
        half = Z95 * float(np.std(per_game, ddof=1)) / math.sqrt(games)
        rows.append(
            {
                "parameter": x,
                "payoff": payoff,
                "ci_low": payoff - half,
                "ci_high": payoff + half,
                "games": games,
            }
        )
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class MixDifference:
    """``candidate`` minus ``reference`` in one seat while every other seat draws a strategy from
    ``mix``: both payoffs, their difference and its 95 % interval over ``games`` paired games."""

    candidate: str
    reference: str
    mix: dict[str, float]
    payoff_candidate: float
    payoff_reference: float
    difference: float
    ci_low: float
    ci_high: float
    games: int
    column: str = "win_share"

    @property
    def detectable(self) -> bool:
        """True when the interval excludes 0."""
        return self.ci_low > 0 or self.ci_high < 0

    def __str__(self) -> str:
        against = ", ".join(f"{s} {w:.0%}" for s, w in self.mix.items())
        return _(
            "{candidate} minus {reference} against the mix ({against}): {difference} {what} "
            "(95% CI {low} to {high}, {games} paired games)",
            candidate=self.candidate,
            reference=self.reference,
            against=against,
            difference=format(self.difference, "+.3f"),
            what=self.column.replace("_", " "),
            low=format(self.ci_low, "+.3f"),
            high=format(self.ci_high, "+.3f"),
            games=self.games,
        )


def difference_at_mix(
    game: str | PayoffFunction,
    players: int,
    candidate: Any,
    reference: Any,
    against: Mapping[Any, float],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: Any = 1,
    column: str = "win_share",
    min_weight: float = 0.01,
) -> MixDifference:
    """Does ``candidate`` do better than ``reference`` against a population playing ``against``
    (a mapping strategy -> weight, e.g. a meta-game's equilibrium mix)?

    One seat plays ``candidate`` (then, on the very same deals, ``reference``); each other seat
    plays a strategy drawn from ``against``. As in ``best_response_sweep`` the expectation over
    the opponents' draws is exact (every multiset of n-1 opponents, weighted by its multinomial
    probability); strategies of weight below ``min_weight`` are left out and the rest
    renormalised, so that a trace of a strategy does not cost a profile of its own. Both arms
    share every seed, so each game gives one paired difference; the interval is Student's t.
    """
    from scipy import stats as scipy_stats

    _check_counts(players, games)
    mix = [(s, w) for s, w in _opponent_mix(against) if w >= min_weight]
    if not mix:
        raise ConfigError(f"no strategy in {against!r} has a weight of at least {min_weight}")
    total = sum(w for _, w in mix)
    opponents, weights = [s for s, _ in mix], np.array([w / total for _, w in mix])
    _chosen, labels = _strategies(game, [candidate, reference])
    _chosen, opponent_labels = _strategies(game, opponents)
    jobs: list[tuple[list[Any], np.ndarray]] = []
    probabilities: list[float] = []
    for first in (candidate, reference):
        for combo in itertools.combinations_with_replacement(range(len(opponents)), players - 1):
            others = np.bincount(combo, minlength=len(opponents))
            probability = math.factorial(players - 1) / math.prod(math.factorial(int(c)) for c in others)
            probabilities.append(probability * float(np.prod(weights**others)))
            jobs.append(([first, *opponents], np.concatenate([[1], others])))
    results = _play_profiles(game, jobs, players, games, seed, options, workers, column, keep_first=True)
    half = len(jobs) // 2
    arm_a = sum(probabilities[j] * results[j][2] for j in range(half))
    arm_b = sum(probabilities[j] * results[j][2] for j in range(half, len(jobs)))
    diff = arm_a - arm_b
    mean = float(np.mean(diff))
    se = float(np.std(diff, ddof=1)) / math.sqrt(games)
    t = float(scipy_stats.t.ppf(0.975, games - 1))
    return MixDifference(
        labels[0],
        labels[1],
        dict(zip(opponent_labels, weights.tolist(), strict=True)),
        float(np.mean(arm_a)),
        float(np.mean(arm_b)),
        mean,
        mean - t * se,
        mean + t * se,
        games,
        column,
    )


def equilibrium_mix(table: PayoffTable, **kwargs: Any) -> tuple[dict[str, float], float, float]:
    """The symmetric equilibrium of lowest regret that ``symmetric_equilibria`` finds, as a
    mapping strategy -> share (shares under 0.001 dropped), with its regret and regret margin."""
    best = symmetric_equilibria(table, **kwargs).iloc[0]
    mix = {s: float(best[s]) for s in table.strategies if best[s] >= 1e-3}
    total = sum(mix.values())
    return {s: w / total for s, w in mix.items()}, float(best["regret"]), float(best["regret_margin"])


def table_to_dict(table: PayoffTable) -> dict[str, Any]:
    """A payoff table as plain JSON-ready data (NaN as None); ``table_from_dict`` reads it back."""

    def plain(a: np.ndarray) -> list[list[float | None]]:
        return [[None if math.isnan(v) else float(v) for v in row] for row in a]

    return {
        "strategies": list(table.strategies),
        "players": table.players,
        "counts": table.counts.astype(int).tolist(),
        "payoff": plain(table.payoff),
        "stderr": plain(table.stderr),
        "games": table.games,
        "column": table.column,
    }


def table_from_dict(data: Mapping[str, Any]) -> PayoffTable:
    """The payoff table ``table_to_dict`` wrote."""

    def array(rows: Any) -> np.ndarray:
        return np.array([[np.nan if v is None else v for v in row] for row in rows], dtype=float)

    try:
        table = PayoffTable(
            tuple(data["strategies"]),
            int(data["players"]),
            np.array(data["counts"], dtype=int),
            array(data["payoff"]),
            array(data["stderr"]),
            int(data["games"]),
            str(data["column"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ConfigError(f"not a stored payoff table: {error}") from None
    k = len(table.strategies)
    if table.counts.shape != (math.comb(k + table.players - 1, table.players), k) or (
        table.payoff.shape != table.counts.shape or table.stderr.shape != table.counts.shape
    ):
        raise ConfigError("a stored payoff table's arrays do not match its strategies and players")
    return table


# ----------------------------------------------------------------- a test-bed with a known answer
def first_price_payoffs(profile: tuple[Hashable, ...], games: int, seed: int) -> np.ndarray:
    """First-price sealed-bid auction, private values U[0, 1], bidder i bids ``profile[i]`` · v:
    per auction (``games`` of them, values drawn from ``seed``: the same values for every
    profile) and bidder, the winner's v - bid, 0 for the others (ties split). The symmetric
    equilibrium of n bidders bids (n-1)/n · v."""
    factors = np.asarray(profile, dtype=float)
    values = np.random.default_rng(seed).random((games, len(factors)))
    bids = values * factors[None, :]
    top = bids.max(axis=1, keepdims=True)
    winners = bids == top
    share = winners / winners.sum(axis=1, keepdims=True)
    return share * (values - bids)
