"""Playing seeded games while recording every decision, and the statistics that test a bot's sentence.

A decision is recorded with the view and legal actions the bot was given and the state of its
generator before it chose, so that a test can recompute, from the view alone and the package's
public helpers, what the bot's one-sentence rule says it does.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scipy import stats

import gamekit
from gamekit.bots.base import make_bot
from gamekit.core.actions import Action

ALPHA = 1e-4  # a frequency test fails only when chance would explain the counts less than once in 10,000


@dataclass
class Decision:
    """One choice a bot made: what it saw, what it could do, what it did, its generator before."""

    game: tuple[str, int]  # (game name, seed): which game it was taken in
    seat: int
    bot: str
    view: dict[str, Any]
    legal: list[Action]
    action: Action
    rng_state: Any


@dataclass
class Tally:
    """Decisions checked per bot and the violations found (each a short description)."""

    checked: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)

    def check(self, bot: str, ok: bool, why: Callable[[], str]) -> None:
        self.checked[bot] += 1
        if not ok:
            self.violations.append(f"{bot}: {why()}")


def play_recorded(
    game_name: str,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    stack: Mapping[str, Any] | None = None,
) -> list[Decision]:
    """Play one game with one fresh bot per seat (names, ``name:param``); every decision in order."""
    game = gamekit.new_game(game_name, players=len(bots), seed=seed, options=options, stack=stack)
    players = [make_bot(spec, game_name) for spec in bots]
    rngs = [random.Random(seed * 1000 + seat) for seat in range(len(bots))]
    decisions = []
    limit = game.max_decisions
    while game.to_act and len(decisions) < limit:
        seat = game.to_act[0]
        view = game.view(seat)
        legal = game.legal_actions(seat)
        state = rngs[seat].getstate()
        action = players[seat].choose(view, legal, rngs[seat])
        decisions.append(Decision((game_name, seed), seat, bots[seat], view, legal, action, state))
        game.act(seat, action)
    return decisions


def chosen_index(decision: Decision) -> int:
    """The position of the chosen action among the legal ones."""
    return decision.legal.index(decision.action)


def pit_value(probs: Mapping[int, float], observed: int, u: float) -> float:
    """The randomised probability integral transform of ``observed`` under ``probs`` (by index).

    Uniform on [0, 1) when ``observed`` is drawn from ``probs``; a pool of them from many
    different distributions is then one uniform sample, which one chi-square test checks.
    """
    below = sum(p for k, p in probs.items() if k < observed)
    return below + u * probs.get(observed, 0.0)


def uniformity_pvalue(values: Sequence[float], bins: int = 10) -> float:
    """Chi-square p-value of ``values`` (in [0, 1)) against the uniform distribution on ``bins`` bins."""
    counts = [0] * bins
    for v in values:
        counts[min(int(v * bins), bins - 1)] += 1
    return float(stats.chisquare(counts).pvalue)


def binomial_pvalue(successes: int, trials: int, p: float) -> float:
    """Two-sided exact binomial p-value."""
    return float(stats.binomtest(successes, trials, p).pvalue)


def near(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def bernoulli_pvalue(outcomes: Sequence[bool], probs: Sequence[float]) -> float:
    """Two-sided p-value that independent trials with chances ``probs`` gave ``outcomes``: the
    count of successes against its mean and variance (normal approximation of the
    Poisson-binomial, fine for hundreds of trials)."""
    mean = sum(probs)
    variance = sum(p * (1 - p) for p in probs)
    if variance == 0:
        return 1.0 if sum(outcomes) == mean else 0.0
    z = (sum(outcomes) - mean) / math.sqrt(variance)
    return float(2 * stats.norm.sf(abs(z)))
