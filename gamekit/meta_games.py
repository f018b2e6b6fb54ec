"""The meta-games the lessons judge their strategy claims at.

A lesson's claim such as "``house_value`` beats ``spread``" is measured first against the
strongest bots. That leaves open whether it holds where play would settle: if every player
chose among a few strong strategies, each choosing well, which mix would they reach, and does
the claim hold against opponents drawn from it? Each game names three strategies (the
strongest bots and the baseline the lessons compare with) in its folder's ``meta.py``
(``SPEC = Spec(...)``, found through ``registry.layer(game, "meta")``); this module plays their
heuristic payoff table (``gamekit.strategy.payoff_table``: every multiset of 4 strategies,
common seeds), finds the symmetric equilibrium of lowest regret, and measures each claim as a
paired difference against opponents drawn from that mix (``strategy.difference_at_mix``).

The tables take minutes to play, longer than a lesson may run, so ``regenerate`` writes them
with their results to ``data/meta_games/<game>.json``; lessons read them with ``stored``. The
tests replay a profile of each stored table and every claim exactly (same seeds, same figures),
so the stored numbers are what the code gives, not numbers typed in::

    python -m gamekit.meta_games            # every game with a meta-game, about 10 minutes on one core
    python -m gamekit.meta_games <game>     # one
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .core.data import data_dir
from .core.errors import ConfigError

PLAYERS = 4
SEED = 2026


@dataclass(frozen=True)
class Spec:
    """A game's meta-game: its strategies (registered names, or factories of bot objects),
    the claims (candidate, reference) judged at its equilibrium, and how many games each takes."""

    strategies: tuple[str | Callable[[], Any], ...]
    claims: tuple[tuple[str, str], ...]
    table_games: int = 80
    claim_games: int = 160

    def bots(self) -> list[Any]:
        return [s if isinstance(s, str) else s() for s in self.strategies]


def specs() -> dict[str, Spec]:
    """Every registered game's meta-game spec (its folder's ``meta.SPEC``), in the registry's order."""
    from .core import registry

    found = {name: registry.layer(name, "meta") for name in registry.registered()}
    return {name: module.SPEC for name, module in found.items() if module is not None}


@dataclass(frozen=True)
class MetaGame:
    """A stored meta-game: the payoff table, its equilibrium and every claim measured there."""

    game: str
    table: Any  # gamekit.strategy.PayoffTable
    mix: dict[str, float]
    regret: float
    regret_margin: float
    claims: list[Any]  # gamekit.strategy.MixDifference
    seed: int

    def claims_frame(self) -> Any:
        """The claims as a table with readable headers."""
        import pandas as pd

        return pd.DataFrame(
            [
                {
                    "strategy": c.candidate,
                    "compared with": c.reference,
                    "difference in win share": c.difference,
                    "95 % CI low": c.ci_low,
                    "95 % CI high": c.ci_high,
                    "paired games": c.games,
                }
                for c in self.claims
            ]
        )

    def styled(self) -> Any:
        """``claims_frame`` styled for a lesson: signed differences to three decimals, no index."""
        signed = {c: "{:+.3f}" for c in ("difference in win share", "95 % CI low", "95 % CI high")}
        return self.claims_frame().style.format(signed).hide(axis="index")

    def mix_text(self) -> str:
        """The equilibrium mix in words, e.g. "every seat plays house_value:1.5"."""
        if len(self.mix) == 1:
            return f"every seat plays {next(iter(self.mix))}"
        shares = sorted(self.mix.items(), key=lambda item: -item[1])
        return "each seat plays " + ", ".join(f"{s} with probability {w:.2f}" for s, w in shares)

    def claim(self, candidate: str, reference: str) -> Any:
        for c in self.claims:
            if (c.candidate, c.reference) == (candidate, reference):
                return c
        raise KeyError(f"no claim {candidate} against {reference} in the {self.game} meta-game")


def path(game: str) -> Path:
    return data_dir() / "meta_games" / f"{game}.json"


def _spec(game: str) -> Spec:
    known = specs()
    if game not in known:
        raise ConfigError(f"no meta-game for {game!r}; there are: {', '.join(known)}")
    return known[game]


def _resolve(game: str, label: str) -> Any:
    """A claim's strategy: one of the spec's strategies by its label, else a registered name."""
    from .bots.base import bot_label, make_bot

    for bot in _spec(game).bots():
        if bot_label(make_bot(bot, game)) == label:
            return bot
    return label


def measure_claims(
    game: str, mix: dict[str, float], games: int | None = None, workers: int = 1, first: int | None = None
) -> list[Any]:
    """Every claim of ``game``'s spec (or its ``first`` few) against opponents drawn from ``mix``."""
    from .strategy import difference_at_mix

    spec = _spec(game)
    against = {_resolve(game, s): w for s, w in mix.items()}
    return [
        difference_at_mix(
            game,
            PLAYERS,
            _resolve(game, a),
            _resolve(game, b),
            against,
            games or spec.claim_games,
            seed=SEED,
            workers=workers,
        )
        for a, b in spec.claims[:first]
    ]


def solve(game: str, workers: int = 1) -> MetaGame:
    """Play ``game``'s payoff table, find its equilibrium and measure the claims there."""
    from .strategy import equilibrium_mix, payoff_table

    spec = _spec(game)
    table = payoff_table(game, PLAYERS, spec.bots(), spec.table_games, seed=SEED, workers=workers)
    mix, regret, margin = equilibrium_mix(table)
    return MetaGame(game, table, mix, regret, margin, measure_claims(game, mix, workers=workers), SEED)


def to_dict(meta: MetaGame) -> dict[str, Any]:
    from .strategy import table_to_dict

    return {
        "game": meta.game,
        "players": PLAYERS,
        "seed": meta.seed,
        "table": table_to_dict(meta.table),
        "mix": meta.mix,
        "regret": meta.regret,
        "regret_margin": meta.regret_margin,
        "claims": [asdict(c) for c in meta.claims],
    }


def from_dict(data: dict[str, Any]) -> MetaGame:
    from .strategy import MixDifference, table_from_dict

    try:
        return MetaGame(
            data["game"],
            table_from_dict(data["table"]),
            {str(k): float(v) for k, v in data["mix"].items()},
            float(data["regret"]),
            float(data["regret_margin"]),
            [MixDifference(**c) for c in data["claims"]],
            int(data["seed"]),
        )
    except (KeyError, TypeError) as error:
        raise ConfigError(f"not a stored meta-game: {error}") from None


def stored(game: str) -> MetaGame:
    """``game``'s meta-game as ``regenerate`` wrote it."""
    _spec(game)
    return from_dict(json.loads(path(game).read_text(encoding="utf-8")))


def regenerate(games: Sequence[str] | None = None, workers: int = 1) -> None:
    """Play each game's meta-game (every one with a spec when ``games`` is None) again and write
    it to ``data/meta_games/``."""
    for game in specs() if games is None else games:
        meta = solve(game, workers=workers)
        target = path(game)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(to_dict(meta), indent=1) + "\n", encoding="utf-8")
        print(f"{game}: equilibrium {meta.mix}, regret {meta.regret:.4f} (margin {meta.regret_margin:.4f})")
        for claim in meta.claims:
            print(f"  {claim}")


if __name__ == "__main__":
    regenerate(sys.argv[1:] or None, workers=2)
