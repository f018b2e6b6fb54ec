"""Every sentence a lesson states about a game or a strategy, with the evidence behind it.

A lesson that says "``house_value`` beats ``spread``" makes a claim. Here each such sentence is
registered once (``register(Claim(...))``) with its scope ("these bots at this table", or "the
game, against opponents drawn from the meta-game's equilibrium mix"), the package function that
measures it, and what it asserts of that measure (above or below a threshold, between two
bounds, or no detectable difference). The lesson shows the sentence from here (``show``), so the
text and its evidence cannot drift apart, and its check cell asserts the stored verdict
(``check``).

**The evidence.** A claim's ``measure(seed, games)`` returns one value per unit (usually one
paired difference per game on common seeds, or a 0/1 per game) whose mean is the quantity the
sentence is about. ``regenerate`` runs it on at least five independent seeds at benchmark size
and stores, per seed, the number of units, their mean and standard deviation in
``data/claims/<lesson>.json``. Everything else is derived from those numbers by the pure
functions below: the interval of each seed and of all seeds pooled (Student's t over units), the
pooled p-value, Holm's correction within a family of comparisons, and the verdict:

- ``holds``: the pooled test supports the sentence after Holm's correction, and so does every
  seed on its own;
- ``holds on k of n seeds``: the pooled test supports it, but only k seeds do on their own;
- ``not shown``: the pooled test does not support it; a lesson does not state such a sentence.

For ``no_difference`` a claim holds where the interval contains the threshold (the data cannot
tell the two apart at this size); Holm's correction is not applied to it, since widening an
interval would only make "no difference" easier to reach.

**Runs that do not vary.** Student's t needs variation. Where a run's values are all the same
it reads them one of two ways (``read``), so no zero-width interval or meaningless p is shown:

- a share at the end of its range: a claim that declares the range its values lie in
  (``value_range=(0, 1)`` for a win share per game) and whose run sits wholly at one end (no win
  in 100 games) gets the exact Clopper–Pearson interval and the exact binomial p, which hold for
  any measure bounded by that range (0 of 100: the share lies below 3.6 %, not at exactly 0);
- otherwise an exact value: a computation that gives the same number on every seed (a NashConv),
  or a run whose every unit gave the same number, is shown as that number, with no interval and
  no p-value, and the verdict compares it with the threshold. It takes no part in Holm's
  correction, being no test.

The tests re-derive every stored verdict from its stored numbers and replay a sample of the runs
exactly (same seed, same figures), so a stored number is what the code gives, not one typed in::

    gamekit claims 01                              # lesson 01's claims, with their figures
    python -m gamekit.claims --regenerate 01       # re-run lesson 01's claims (IDs work too)
    python -m gamekit.claims --refresh             # rewrite sentences and verdicts, running nothing

scipy and statsmodels are imported inside the functions, so ``import gamekit.claims`` stays light.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from .core.data import data_dir
from .core.errors import ConfigError
from .core.i18n import LANGS, N_, SOURCE_LANG, Text, _, domain_of

Direction = Literal["above", "below", "between", "no_difference"]
DIRECTIONS: tuple[str, ...] = ("above", "below", "between", "no_difference")
ID_PATTERN = re.compile(r"^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*$")
MIN_SEEDS = 5
DEFAULT_SEEDS = (1, 2, 3, 4, 5)
HOLDS = "holds"
NOT_SHOWN = "not shown"
# Modules that register the game-free lessons' claims; each game's own are in its folder
# (``gamekit.games.<game>.claims``), found through the registry.
GAME_FREE_MODULES = ("gamekit.theory.claims", "gamekit.rl.claims")


@dataclass(frozen=True)
class Claim:
    """One sentence a lesson states, and how it is measured.

    ``measure(seed, games)`` returns the per-unit values whose mean the sentence is about;
    ``direction`` and ``threshold`` (or ``bounds``) say what the sentence asserts of that mean.
    """

    id: str
    lesson: str
    sentence: str
    scope: str
    measure: Callable[[int, int], Sequence[float]]
    games: int
    direction: Direction = "above"
    threshold: float = 0.0
    bounds: tuple[float, float] | None = None
    family: str | None = None
    unit: str = ""
    units: str = N_("games")  # what one value of the measure is, in the plural: games, auctions, decisions
    seeds: tuple[int, ...] = DEFAULT_SEEDS
    confidence: float = 0.95
    # The range every value of the measure lies in, when it is bounded by the game (a win share per
    # game: (0, 1); a win share less 1/4: (-0.25, 0.75)). Only a run that sits wholly at one end uses
    # it (exact binomial); it is how the numbers are read, not part of the run (not in ``setup``).
    value_range: tuple[float, float] | None = None
    # The module that made the claim (found when it is made): its part's catalogue translates the
    # sentence and scope (``gamekit.games.<game>.claims`` → the game's; theory, rl → gamekit's).
    module: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.module:
            object.__setattr__(self, "module", sys._getframe(2).f_globals.get("__name__", ""))
        match = ID_PATTERN.match(self.id)
        if not match:
            raise ConfigError(
                f"claim id {self.id!r} should be a two-digit lesson number and a slug, like '01-skew-match-sells-high'"
            )
        if match.group(1) != self.lesson:
            raise ConfigError(f"claim {self.id!r} belongs to lesson {match.group(1)}, not {self.lesson!r}")
        if self.direction not in DIRECTIONS:
            raise ConfigError(f"claim {self.id!r}: direction must be one of {', '.join(DIRECTIONS)}")
        if (self.direction == "between") != (self.bounds is not None):
            raise ConfigError(
                f"claim {self.id!r}: bounds=(low, high) go with direction 'between', and only with it"
            )
        if self.bounds is not None and not self.bounds[0] < self.bounds[1]:
            raise ConfigError(
                f"claim {self.id!r}: bounds {self.bounds} should be (low, high) with low < high"
            )
        if len(set(self.seeds)) < MIN_SEEDS or len(set(self.seeds)) != len(self.seeds):
            raise ConfigError(
                f"claim {self.id!r} needs at least {MIN_SEEDS} distinct seeds, not {self.seeds}"
            )
        if self.games < 1:
            raise ConfigError(f"claim {self.id!r}: games per seed must be at least 1")
        if self.family is not None and not self.family.startswith(f"{self.lesson}-"):
            raise ConfigError(
                f"claim {self.id!r}: a family stays within its lesson (start it with '{self.lesson}-')"
            )
        if not 0 < self.confidence < 1:
            raise ConfigError(f"claim {self.id!r}: confidence must lie between 0 and 1")
        if self.value_range is not None and not (
            len(self.value_range) == 2
            and all(math.isfinite(v) for v in self.value_range)
            and self.value_range[0] < self.value_range[1]
        ):
            raise ConfigError(
                f"claim {self.id!r}: value_range {self.value_range} should be (low, high) with low < high"
            )

    def words(self, text: str) -> str:
        """``text`` (the claim's sentence, scope or units) in the current language, from the
        catalogue of the part that made the claim; the English where it has none."""
        if not text:
            return text
        if isinstance(text, Text):  # made with its values (``_("… `{bot}` …", bot=...)``): tell it again
            return text.render()
        part = domain_of(self.module or self.measure.__module__)
        if all(text not in part.catalogue(lang).messages for lang in LANGS if lang != SOURCE_LANG):
            part = domain_of("gamekit")  # a word every claim shares ("games", "rounds"): gamekit's
        return part(text)

    def text(self) -> str:
        """The sentence in the current language."""
        return self.words(self.sentence)

    def scope_text(self) -> str:
        """The scope in the current language."""
        return self.words(self.scope)

    @property
    def measured_by(self) -> str:
        return f"{self.measure.__module__}:{self.measure.__qualname__}"

    def setup(self) -> dict[str, Any]:
        """What a stored run must share with the claim to be its evidence."""
        return {
            "measured_by": self.measured_by,
            "games": self.games,
            "seeds": list(self.seeds),
            "direction": self.direction,
            "threshold": self.threshold,
            "bounds": list(self.bounds) if self.bounds else None,
            "confidence": self.confidence,
        }


# ------------------------------------------------------------------ the numbers
@dataclass(frozen=True)
class Summary:
    """Units, mean and standard deviation of a run, and what follows from them."""

    n: int
    mean: float
    sd: float

    @property
    def se(self) -> float:
        return self.sd / math.sqrt(self.n) if self.n > 1 else 0.0

    def interval(self, confidence: float) -> tuple[float, float]:
        if self.se == 0:
            return (self.mean, self.mean)
        from scipy import stats

        half = stats.t.ppf(0.5 + confidence / 2, self.n - 1) * self.se
        return (self.mean - half, self.mean + half)

    def p_value(self, claim: Claim) -> float:
        """Two-sided p of "the mean equals the threshold"; for 'between', TOST's p of "outside the bounds"."""
        if claim.direction == "between":
            low, high = claim.bounds or (0.0, 0.0)
            return max(self._one_sided(low, above=True), self._one_sided(high, above=False))
        return min(
            1.0, 2 * min(self._one_sided(claim.threshold, True), self._one_sided(claim.threshold, False))
        )

    def _one_sided(self, value: float, above: bool) -> float:
        """p of "the mean is at most value" (above=True) or "at least value" (above=False)."""
        if self.se == 0:
            return 0.0 if (self.mean > value if above else self.mean < value) else 1.0
        from scipy import stats

        t = (self.mean - value) / self.se
        return float(stats.t.sf(t, self.n - 1) if above else stats.t.cdf(t, self.n - 1))


def summarize(values: Sequence[float]) -> Summary:
    values = [float(v) for v in values]
    if not values or not all(math.isfinite(v) for v in values):
        raise ValueError("a claim's measure must return at least one finite value")
    n = len(values)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return Summary(n, mean, sd)


def pooled(seeds: Sequence[Summary]) -> Summary:
    """All seeds' units as one sample, computed exactly from each seed's n, mean and sd."""
    n = sum(s.n for s in seeds)
    mean = math.fsum(s.n * s.mean for s in seeds) / n
    squares = math.fsum((s.n - 1) * s.sd**2 + s.n * (s.mean - mean) ** 2 for s in seeds)
    return Summary(n, mean, math.sqrt(squares / (n - 1)) if n > 1 else 0.0)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the k-th smallest of m times
    m - k + 1, never below the one before it, at most 1 (statsmodels' ``multipletests(method=
    "holm")`` arithmetic, without the ``gc.collect()`` it runs at each call, which cost
    ``gamekit claims`` 14 of its 20 seconds)."""
    if len(p_values) == 1:
        return [float(p_values[0])]
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for k, i in enumerate(order):
        running = max(running, float(p_values[i]) * (m - k))
        adjusted[i] = min(running, 1.0)
    return adjusted


def supports(claim: Claim, summary: Summary, p: float | None, alpha: float) -> bool:
    """Whether a run (a seed, or all pooled) supports the sentence, at p-value ``p``; an exact
    value (``p`` None) supports it where it lies on the sentence's side of the threshold."""
    if p is None:
        return _exact_supports(claim, summary.mean)
    if claim.direction == "no_difference":
        return p >= alpha
    if claim.direction == "between":
        return p < alpha
    side = summary.mean > claim.threshold if claim.direction == "above" else summary.mean < claim.threshold
    return side and p < alpha


def _exact_supports(claim: Claim, value: float) -> bool:
    if claim.direction == "between":
        low, high = claim.bounds or (0.0, 0.0)
        return low < value < high
    if claim.direction == "no_difference":
        return math.isclose(value, claim.threshold, rel_tol=1e-9, abs_tol=1e-12)
    return value > claim.threshold if claim.direction == "above" else value < claim.threshold


# How a run is read: Student's t over its units; the exact binomial for a share wholly at one end
# of its range; an exact value where nothing varied.
T, BINOMIAL, EXACT = "t", "exact binomial", "exact"


@dataclass(frozen=True)
class Reading:
    """What a run's numbers say: how they are read, the interval and p-value (None for an exact value)."""

    method: str
    interval: tuple[float, float] | None
    p: float | None
    end: float | None = None  # the end of the claim's value range the run sits at (binomial only)


def constant(summary: Summary) -> bool:
    """Whether every unit of a run gave the same value (one unit, or no spread beyond rounding)."""
    return summary.n == 1 or summary.sd <= 1e-12 * max(1.0, abs(summary.mean))


def _end(claim: Claim, summary: Summary) -> float | None:
    """The end of the claim's declared value range a non-varying run sits at, if any."""
    if claim.value_range is None or not constant(summary):
        return None
    low, high = claim.value_range
    scale = high - low
    if not low - 1e-9 * scale <= summary.mean <= high + 1e-9 * scale:
        raise ConfigError(
            f"claim {claim.id!r} declares its values lie in {claim.value_range}, "
            f"but a run's mean is {summary.mean!r}: the declared range is wrong"
        )
    for end in (low, high):
        if math.isclose(summary.mean, end, rel_tol=1e-9, abs_tol=1e-12 * scale):
            return end
    return None


def clopper_pearson(k: int, n: int, confidence: float) -> tuple[float, float]:
    """The exact (Clopper–Pearson) interval of a proportion, ``k`` of ``n``."""
    from scipy.stats import beta

    alpha = 1 - confidence
    low = 0.0 if k == 0 else float(beta.ppf(alpha / 2, k, n - k + 1))
    high = 1.0 if k == n else float(beta.ppf(1 - alpha / 2, k + 1, n - k))
    return (low, high)


def _binomial_one_sided(k: int, n: int, share: float, above: bool) -> float:
    """Exact p of "the share is at most ``share``" (above=True) or "at least" it, having seen k of n."""
    from scipy.stats import binom

    if share < 0 or share > 1:  # a share outside the range: "at most" it is impossible or certain
        return float((share > 1) if above else (share < 0))
    return float(binom.sf(k - 1, n, share) if above else binom.cdf(k, n, share))


def read(claim: Claim, summary: Summary) -> Reading:
    """A run's interval and p-value, by Student's t, the exact binomial or as an exact value."""
    end = _end(claim, summary)
    if end is not None:
        low, high = claim.value_range or (0.0, 1.0)
        k = 0 if end == low else summary.n
        lo, hi = clopper_pearson(k, summary.n, claim.confidence)

        def one_sided(value: float, above: bool) -> float:
            return _binomial_one_sided(k, summary.n, (value - low) / (high - low), above)

        if claim.direction == "between":
            b_low, b_high = claim.bounds or (0.0, 0.0)
            p = max(one_sided(b_low, True), one_sided(b_high, False))
        else:  # two-sided, as Student's t is: the threshold lies outside the interval where p < alpha
            p = min(1.0, 2 * min(one_sided(claim.threshold, True), one_sided(claim.threshold, False)))
        return Reading(BINOMIAL, (low + lo * (high - low), low + hi * (high - low)), p, end)
    if constant(summary):
        return Reading(EXACT, None, None)
    return Reading(T, summary.interval(claim.confidence), summary.p_value(claim))


def verdict_of(holding: int, seeds: int, pooled_holds: bool) -> str:
    if not pooled_holds:
        return NOT_SHOWN
    return HOLDS if holding == seeds else f"holds on {holding} of {seeds} seeds"


_PARTLY = re.compile(r"^holds on (\d+) of (\d+) seeds$")


def verdict_text(verdict: str) -> str:
    """A verdict (stored in English: ``holds``, ``not shown``, ``holds on 4 of 5 seeds``) in the
    current language."""
    partly = _PARTLY.match(verdict)
    if partly:
        return _("holds on {holding} of {seeds} seeds", holding=int(partly[1]), seeds=int(partly[2]))
    return {HOLDS: _("holds"), NOT_SHOWN: _("not shown")}.get(verdict, verdict)


# ------------------------------------------------------------------ the registry
_REGISTRY: dict[str, Claim] = {}
_LOADED = False


def register(claim: Claim) -> Claim:
    known = _REGISTRY.get(claim.id)
    if known is not None and known.measured_by != claim.measured_by:
        raise ConfigError(
            f"claim {claim.id!r} is registered twice ({known.measured_by} and {claim.measured_by})"
        )
    _REGISTRY[claim.id] = claim
    return claim


def _claim_modules() -> list[str]:
    from .core.game import game_class, registered

    modules = []
    for game in registered():
        package = game_class(game).__module__.rpartition(".")[0]
        modules.append(f"{package}.claims")
    return [*modules, *GAME_FREE_MODULES]


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    for name in _claim_modules():
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)
    _LOADED = True


def all_claims() -> dict[str, Claim]:
    """Every registered claim by id, in lesson order."""
    _load()
    return dict(sorted(_REGISTRY.items(), key=lambda item: (item[1].lesson, item[0])))


def get(claim_id: str) -> Claim:
    claims = all_claims()
    if claim_id not in claims:
        close = [c for c in claims if c.startswith(claim_id[:3])]
        hint = f"; lesson {claim_id[:2]}'s are {', '.join(close)}" if close else ""
        raise ConfigError(f"no claim {claim_id!r}{hint} (gamekit claims lists them all)")
    return claims[claim_id]


def select(names: Iterable[str] = ()) -> list[Claim]:
    """Claims by id or by two-digit lesson number; all of them when no name is given."""
    claims = all_claims()
    names = list(names)
    if not names:
        return list(claims.values())
    chosen: dict[str, Claim] = {}
    for name in names:
        if re.fullmatch(r"\d\d", name):
            found = [c for c in claims.values() if c.lesson == name]
            if not found:
                raise ConfigError(
                    f"lesson {name} registers no claims (lessons with claims: {_lessons(claims)})"
                )
            chosen.update((c.id, c) for c in found)
        else:
            chosen[name] = get(name)
    return list(chosen.values())


def _lessons(claims: dict[str, Claim]) -> str:
    return ", ".join(sorted({c.lesson for c in claims.values()})) or "none"


# ------------------------------------------------------------------ stored evidence
@dataclass(frozen=True)
class Evidence:
    """A claim's stored run and everything derived from it."""

    claim: Claim
    seeds: tuple[tuple[int, Summary], ...]
    seconds: tuple[float, ...]
    pooled: Summary
    p: float | None  # None for an exact value, which is no test
    p_holm: float | None
    holding: int
    verdict: str
    stored: dict[str, Any] = field(repr=False)

    @property
    def reading(self) -> Reading:
        return read(self.claim, self.pooled)

    @property
    def exact(self) -> bool:
        """Whether the claim's value is exact (the same on every seed and unit): no interval, no p."""
        return self.reading.method == EXACT

    @property
    def interval(self) -> tuple[float, float] | None:
        """The pooled interval (Student's t, or exact binomial at the end of the range); None when exact."""
        return self.reading.interval

    def seed_interval(self, summary: Summary) -> tuple[float, float] | None:
        return read(self.claim, summary).interval

    def _claimed(self) -> str:
        threshold = f"{self.claim.threshold:g}"
        if self.claim.direction == "above":
            return _("above {threshold}", threshold=threshold)
        if self.claim.direction == "below":
            return _("below {threshold}", threshold=threshold)
        if self.claim.direction == "between":
            low, high = self.claim.bounds or (0, 0)
            return _("between {low} and {high}", low=format(low, "g"), high=format(high, "g"))
        return _("no detectable difference from {threshold}", threshold=threshold)

    def figures(self, verdict: bool = True) -> str:
        """The evidence in one line, as the lessons and ``gamekit claims`` print it."""
        reading = self.reading
        unit = f" {self.claim.words(self.claim.unit)}" if self.claim.unit else ""
        units = self.pooled.n // len(self.seeds)
        what = self.claim.words(self.claim.units)
        size = _("{seeds} seeds × {units} {what}", seeds=len(self.seeds), units=format(units, ","), what=what)
        tail = f" → {verdict_text(self.verdict)}" if verdict else ""
        claimed = self._claimed()
        if reading.method == EXACT:
            where = (
                _("the same on every one of {seeds} seeds", seeds=len(self.seeds))
                if units == 1
                else _(
                    "the same in all {n} {what} of {seeds} seeds",
                    n=format(self.pooled.n, ","),
                    what=what,
                    seeds=len(self.seeds),
                )
            )
            return (
                _(
                    "exact: {value}{unit}, {where} (no interval, no p-value: nothing varies; claimed: {claimed})",
                    value=_exact_text(self.pooled.mean),
                    unit=unit,
                    where=where,
                    claimed=claimed,
                )
                + tail
            )
        p_value = self.p_holm if self._adjusted else self.p
        assert reading.interval is not None and p_value is not None
        low, high = reading.interval
        if reading.method == BINOMIAL:
            d = _decimals((high - low) / 2, self.pooled.mean)
            if self._adjusted:
                p = _("Holm-adjusted exact binomial {p}", p=_p_text(p_value))
            else:
                p = _("exact binomial {p}", p=_p_text(p_value))
            return (
                _(
                    "{mean}{unit} ({confidence} CI {low} to {high}, exact (Clopper–Pearson): {end}; {size}; {p}; "
                    "claimed: {claimed})",
                    mean=_fixed(self.pooled.mean, d),
                    unit=unit,
                    confidence=_percent(self.claim.confidence),
                    low=_fixed(low, d),
                    high=_fixed(high, d),
                    end=self._at_end(self.pooled),
                    size=size,
                    p=p,
                    claimed=claimed,
                )
                + tail
            )
        d = _decimals(self.pooled.se, self.pooled.mean)
        p = _("Holm-adjusted {p}", p=_p_text(p_value)) if self._adjusted else _p_text(p_value)
        return (
            _(
                "{mean}{unit} ({confidence} CI {low} to {high}; {size}; {p}; claimed: {claimed})",
                mean=_fixed(self.pooled.mean, d),
                unit=unit,
                confidence=_percent(self.claim.confidence),
                low=_fixed(low, d),
                high=_fixed(high, d),
                size=size,
                p=p,
                claimed=claimed,
            )
            + tail
        )

    def _at_end(self, summary: Summary) -> str:
        """ "all 100 games at 0, the lowest value possible": why a binomial reading."""
        end = read(self.claim, summary).end
        low, _high = self.claim.value_range or (0.0, 1.0)
        values = {"n": f"{summary.n:,}", "what": self.claim.words(self.claim.units), "end": f"{end:g}"}
        if end == low:
            return _("all {n} {what} at {end}, the lowest value possible", **values)
        return _("all {n} {what} at {end}, the highest value possible", **values)

    @property
    def _adjusted(self) -> bool:
        return self.claim.family is not None and self.claim.direction != "no_difference" and not self.exact

    def per_seed(self) -> list[str]:
        rows = []
        for seed, summary in self.seeds:
            reading = read(self.claim, summary)
            if reading.method == EXACT:
                value = _exact_text(summary.mean)
                rows.append(
                    _("seed {seed}: {value} exact", seed=seed, value=value)
                    if summary.n == 1
                    else _(
                        "seed {seed}: {value} in all {n} {what}",
                        seed=seed,
                        value=value,
                        n=format(summary.n, ","),
                        what=self.claim.words(self.claim.units),
                    )
                )
                continue
            assert reading.interval is not None
            low, high = reading.interval
            if reading.method == BINOMIAL:
                d = _decimals((high - low) / 2, summary.mean)
                rows.append(
                    _(
                        "seed {seed}: {mean} [{low}, {high}] exact binomial, {end}",
                        seed=seed,
                        mean=_fixed(summary.mean, d),
                        low=_fixed(low, d),
                        high=_fixed(high, d),
                        end=self._at_end(summary),
                    )
                )
                continue
            d = _decimals(summary.se, summary.mean)
            rows.append(
                _(
                    "seed {seed}: {mean} [{low}, {high}] over {n} {what}",
                    seed=seed,
                    mean=_fixed(summary.mean, d),
                    low=_fixed(low, d),
                    high=_fixed(high, d),
                    n=format(summary.n, ","),
                    what=self.claim.words(self.claim.units),
                )
            )
        return rows


def _fixed(value: float, d: int) -> str:
    """``value`` with ``d`` decimals."""
    return f"{value:.{d}f}"


def _exact_text(value: float) -> str:
    return f"{value:.4g}"


def _decimals(se: float, mean: float) -> int:
    scale = se if se > 0 else abs(mean)
    if not scale > 0 or not math.isfinite(scale):
        return 3
    return max(0, min(4, 1 - math.floor(math.log10(scale))))


def _percent(confidence: float) -> str:
    return f"{confidence * 100:g} %"


def _p_text(p: float) -> str:
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.4f}" if p < 0.01 else f"p = {p:.3f}"


def path(lesson: str) -> Path:
    return data_dir() / "claims" / f"{lesson}.json"


_FILES: dict[Path, tuple[int, dict[str, Any]]] = {}


def _read(lesson: str) -> dict[str, Any]:
    """A lesson's stored records (a fresh copy), read again only when the file changed."""
    file = path(lesson)
    if not file.exists():
        return {}
    stamp = file.stat().st_mtime_ns
    if file not in _FILES or _FILES[file][0] != stamp:
        _FILES[file] = (stamp, json.loads(file.read_text(encoding="utf-8"))["claims"])
    return json.loads(json.dumps(_FILES[file][1]))


def _summaries(record: dict[str, Any]) -> list[tuple[int, Summary]]:
    return [(row["seed"], Summary(row["n"], row["mean"], row["sd"])) for row in record["runs"]]


class StaleEvidence(ConfigError):
    """A claim's stored run is missing or was made with another measure, size or seeds."""


def _stored_record(claim: Claim) -> dict[str, Any]:
    record = _read(claim.lesson).get(claim.id)
    if record is None:
        raise StaleEvidence(
            f"claim {claim.id!r} has no stored run in {path(claim.lesson).name}: "
            f"python -m gamekit.claims --regenerate {claim.id}"
        )
    if record["setup"] != claim.setup():
        changed = [k for k in claim.setup() if record["setup"].get(k) != claim.setup()[k]]
        raise StaleEvidence(
            f"claim {claim.id!r}'s stored run was made with another {', '.join(changed)}: "
            f"python -m gamekit.claims --regenerate {claim.id}"
        )
    return record


def derive(claim: Claim, records: dict[str, dict[str, Any]]) -> Evidence:
    """A claim's evidence from the stored runs of its lesson (its family's runs give Holm's correction)."""
    record = records[claim.id]
    seeds = _summaries(record)
    alpha = 1 - claim.confidence
    total = pooled([s for _, s in seeds])
    p = read(claim, total).p
    p_holm = p
    if claim.family is not None and claim.direction != "no_difference" and p is not None:
        claims = all_claims()
        tests: dict[str, float] = {}
        for cid in sorted(records):
            other = claims.get(cid)
            if other is None or other.family != claim.family or other.direction == "no_difference":
                continue
            other_p = read(other, pooled([s for _, s in _summaries(records[cid])])).p
            if other_p is not None:  # an exact value is no test and takes no part in the correction
                tests[cid] = other_p
        p_holm = holm(list(tests.values()))[list(tests).index(claim.id)]
    holding = sum(supports(claim, s, read(claim, s).p, alpha) for _, s in seeds)
    verdict = verdict_of(holding, len(seeds), supports(claim, total, p_holm, alpha))
    return Evidence(
        claim=claim,
        seeds=tuple(seeds),
        seconds=tuple(row.get("seconds", 0.0) for row in record["runs"]),
        pooled=total,
        p=p,
        p_holm=p_holm,
        holding=holding,
        verdict=verdict,
        stored=record,
    )


def evidence(claim_id: str) -> Evidence:
    """A claim's stored evidence; raises ``StaleEvidence`` when it has to be regenerated."""
    claim = get(claim_id)
    _stored_record(claim)
    return derive(claim, _read(claim.lesson))


def _english(text: str) -> str:
    """A claim's words as its stored run keeps them: English, even when the claim was made while
    gamekit wrote Japanese (a sentence built with ``_()`` is rendered in the language of its making)."""
    return text.render("en") if isinstance(text, Text) else str(text)


def _derived_fields(ev: Evidence) -> dict[str, Any]:
    low, high = ev.interval or (None, None)  # an exact value has no interval
    return {
        "sentence": _english(ev.claim.sentence),  # stored runs keep the English the code holds
        "scope": _english(ev.claim.scope),
        "family": ev.claim.family,
        "unit": ev.claim.unit,
        "pooled": {"n": ev.pooled.n, "mean": ev.pooled.mean, "sd": ev.pooled.sd, "low": low, "high": high},
        "p": ev.p,
        "p_holm": ev.p_holm,
        "seeds_holding": ev.holding,
        "verdict": ev.verdict,
    }


def problems(claim_id: str) -> list[str]:
    """Where the stored file disagrees with what follows from its stored numbers (empty when none)."""
    try:
        ev = evidence(claim_id)
    except StaleEvidence as stale:
        return [str(stale)]
    found = []
    for key, value in _derived_fields(ev).items():
        stored = ev.stored.get(key)
        if not _same(value, stored):
            found.append(
                f"claim {claim_id!r}: stored {key} {stored!r} does not follow from its runs ({value!r})"
            )
    return found


def _same(value: Any, stored: Any) -> bool:
    """Whether a stored derived field equals the one computed now (floats to rounding)."""
    if isinstance(value, dict):
        return (
            isinstance(stored, dict)
            and stored.keys() == value.keys()
            and all(_same(v, stored[k]) for k, v in value.items())
        )
    numbers = (int, float)
    if isinstance(value, numbers) and isinstance(stored, numbers) and not isinstance(value, bool):
        return math.isclose(value, stored, rel_tol=1e-9, abs_tol=1e-12)
    return value == stored


# ------------------------------------------------------------------ in a lesson
@dataclass(frozen=True)
class Shown:
    """A claim as a lesson shows it: the sentence, then its scope and its evidence."""

    evidence: Evidence

    def __str__(self) -> str:
        ev = self.evidence
        return f"{ev.claim.text()}\n  [{ev.claim.id}; {ev.claim.scope_text()}] {ev.figures()}"

    __repr__ = __str__  # a notebook's plain-text output (GitHub, a terminal) reads as the sentence

    def _repr_markdown_(self) -> str:
        ev = self.evidence
        return (
            f"> {ev.claim.text()}\n>\n"
            f"> <small>**{verdict_text(ev.verdict)}** · {ev.claim.scope_text()} · {ev.figures(verdict=False)}"
            f" · `{ev.claim.id}`</small>"
        )


def show(claim_id: str) -> Shown:
    """The claim's sentence with its scope, figures and verdict, for a lesson's output."""
    return Shown(evidence(claim_id))


def check(claim_id: str, verdict: str = HOLDS) -> None:
    """A lesson's check cell: the stored run is current, follows from its numbers, and says ``verdict``."""
    found = problems(claim_id)
    if found:
        raise AssertionError("; ".join(found))
    ev = evidence(claim_id)
    if ev.verdict != verdict:
        raise AssertionError(
            f"claim {claim_id!r}: the lesson states it as {verdict!r}, but its evidence says {ev.verdict!r} "
            f"({ev.figures()})"
        )


# ------------------------------------------------------------------ running them
def run_seed(claim: Claim, seed: int) -> dict[str, Any]:
    """One seed of a claim's measure at its stored size: the numbers the file keeps."""
    start = time.perf_counter()
    summary = summarize(claim.measure(seed, claim.games))
    return {
        "seed": seed,
        "n": summary.n,
        "mean": summary.mean,
        "sd": summary.sd,
        "seconds": round(time.perf_counter() - start, 2),
    }


def _run_one(job: tuple[str, int]) -> dict[str, Any]:
    return run_seed(get(job[0]), job[1])


def _write(lesson: str, records: dict[str, dict[str, Any]]) -> None:
    """Rewrite a lesson's file with every record's derived fields recomputed (families included)."""
    claims = all_claims()
    records = {cid: rec for cid, rec in records.items() if cid in claims}
    for cid, record in records.items():
        if record["setup"] == claims[cid].setup():
            record.update(_derived_fields(derive(claims[cid], records)))
    file = path(lesson)
    file.parent.mkdir(parents=True, exist_ok=True)
    body = {"lesson": lesson, "claims": dict(sorted(records.items()))}
    file.write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def regenerate(claims: Sequence[Claim], workers: int = 1, progress: Callable[[str], None] = print) -> None:
    """Run every seed of each claim and store the runs, one file per lesson."""
    jobs = [(c.id, seed) for c in claims for seed in c.seeds]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            rows = list(pool.map(_run_one, jobs))
    else:
        rows = []
        for job in jobs:
            rows.append(_run_one(job))
            progress(f"{job[0]} seed {job[1]}: {rows[-1]['seconds']:.1f} s")
    by_claim: dict[str, list[dict[str, Any]]] = {}
    for (cid, _seed), row in zip(jobs, rows, strict=True):
        by_claim.setdefault(cid, []).append(row)
    for lesson in sorted({c.lesson for c in claims}):
        records = _read(lesson)
        for claim in claims:
            if claim.lesson == lesson:
                records[claim.id] = {"setup": claim.setup(), "runs": by_claim[claim.id]}
        _write(lesson, records)


def refresh(lessons: Iterable[str] | None = None) -> None:
    """Rewrite sentences, scopes and verdicts from the stored runs, running nothing."""
    claims = all_claims()
    for lesson in sorted(set(lessons) if lessons is not None else {c.lesson for c in claims.values()}):
        _write(lesson, _read(lesson))


# ------------------------------------------------------------------ the listing
def listing(claims: Sequence[Claim], per_seed: bool = False) -> str:
    """The claims as ``gamekit claims`` prints them."""
    lines = []
    for claim in claims:
        lines.append(f"{claim.id}  ({claim.scope_text()})")
        lines.append(f"  {claim.text()}")
        try:
            ev = evidence(claim.id)
        except StaleEvidence as stale:
            lines.append("  " + _("no current evidence: {reason}", reason=str(stale)))
        else:
            lines.append(f"  {ev.figures()}")
            if per_seed:
                lines.extend(f"    {row}" for row in ev.per_seed())
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def markdown_page() -> str:
    """Every claim with its evidence, as the static site's claims page."""
    parts = [
        "# " + _("Every claim the lessons make") + "\n",
        _(
            "Each sentence a lesson states about a game or a strategy, with its scope and the stored evidence "
            "behind it (`gamekit claims` prints the same; `python -m gamekit.claims --regenerate` re-runs it)."
        )
        + "\n",
    ]
    lesson = None
    for claim in all_claims().values():
        if claim.lesson != lesson:
            lesson = claim.lesson
            parts.append("\n## " + _("Lesson {lesson}", lesson=lesson) + "\n")
        try:
            ev = evidence(claim.id)
            figures = ev.figures()
            seeds = "; ".join(ev.per_seed())
        except StaleEvidence as stale:
            figures, seeds = _("no current evidence ({reason})", reason=str(stale)), ""
        scope = _("*Scope:* {scope}", scope=claim.scope_text())
        parts.append(f"\n### `{claim.id}`\n\n> {claim.text()}\n\n{scope}\n\n{figures}\n")
        if seeds:
            parts.append(f"\n<small>{seeds}</small>\n")
    return "".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit.claims", description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="claim ids or two-digit lesson numbers (default: all)")
    parser.add_argument(
        "--regenerate", action="store_true", help="re-run the claims' measures and store them"
    )
    parser.add_argument(
        "--refresh", action="store_true", help="rewrite sentences and verdicts, running nothing"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes for --regenerate (default 1)")
    args = parser.parse_args(argv)
    try:
        chosen = select(args.names)
        if args.regenerate:
            regenerate(chosen, workers=args.workers, progress=lambda line: print(line, flush=True))
        elif args.refresh:
            refresh({c.lesson for c in chosen})
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(listing(chosen, per_seed=True))
    return 0


if __name__ == "__main__":
    # Run as ``python -m gamekit.claims`` this file is ``__main__``, a second copy of the module; the
    # claim modules register with ``gamekit.claims``, so its ``main`` is the one to run.
    from gamekit.claims import main as _main

    sys.exit(_main())
