"""The long run of what ``make test`` checks briefly: nothing a player, a bot or a file can do
breaks a game or sees a secret (issue 11).

    .venv/bin/python -m tests.soak               # about twenty minutes on two cores
    .venv/bin/python -m tests.soak --examples 200 --pairs 20 --games 20   # a quick look

Four parts, each printing its figures, then a summary; the exit status is 0 only if every part
held (no escape, no leak, no stall):

1. **Escapes**: the hypothesis fuzz tests of ``act``/``parse_action`` (tests/core/test_fuzz_act.py)
   and of ``new_game``/``load_game`` (tests/core/test_fuzz_saves.py), with ``--examples``
   examples per test instead of ``make test``'s few. Any error but the documented ones, a long
   message, or a changed game fails a test. Counted: the hostile inputs given to ``act`` and the
   calls of ``new_game``/``load_game``.
2. **Leaks**: ``--pairs`` pairs of twin games per game and kind (tests/view_twins.py) that differ
   only in what one seat cannot see, played side by side; a seat seeing a difference is a leak.
3. **Stalls**: every shipped bot of every game, in random mixes at every player count and under
   random rule options, ``--games`` games a mix, each decision under a time limit; a game must end
   by its rules or stop at a declared safety limit naming the cause, never hang or error.

Traffic: none; everything runs in this process. Bounded: every loop has a fixed count.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import time
from typing import Any


def escapes(examples: int) -> dict[str, Any]:
    """Run the fuzz tests at length; the figures and whether every test passed."""
    os.environ["GAMEKIT_FUZZ_EXAMPLES"] = str(examples)
    import pytest

    import gamekit

    counts: collections.Counter[str] = collections.Counter()
    originals = {name: getattr(gamekit, name) for name in ("new_game", "load_game")}

    def counting(name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            counts[f"{name} calls"] += 1
            return originals[name](*args, **kwargs)

        return call

    class Outcomes:
        """Counts the tests' outcomes, and the inputs once the fuzz modules are collected (they
        import hypothesis, which must come after pytest starts)."""

        def __init__(self) -> None:
            self.passed = self.failed = 0

        def pytest_collection_finish(self, session: Any) -> None:
            act_tests = sys.modules["tests.core.test_fuzz_act"]
            check_act = act_tests.check_act

            def counted_check_act(*args: Any, **kwargs: Any) -> Any:
                counts["act inputs"] += 1
                return check_act(*args, **kwargs)

            act_tests.check_act = counted_check_act
            for name in originals:
                setattr(gamekit, name, counting(name))

        def pytest_runtest_logreport(self, report: Any) -> None:
            if report.when == "call":
                if report.passed:
                    self.passed += 1
                else:
                    self.failed += 1

    outcomes = Outcomes()
    try:
        status = pytest.main(
            ["-q", "-p", "no:cacheprovider", "tests/core/test_fuzz_act.py", "tests/core/test_fuzz_saves.py"],
            plugins=[outcomes],
        )
    finally:
        for name, function in originals.items():
            setattr(gamekit, name, function)
    return {
        "tests passed": outcomes.passed,
        "tests failed": outcomes.failed,
        **dict(counts),
        "held": status == 0 and outcomes.failed == 0,
    }


def leaks(pairs: int) -> dict[str, Any]:
    """Twin games, ``pairs`` per game and kind; a leak raises (and is counted as one)."""
    from tests import view_twins

    try:
        figures = view_twins.soak(pairs, seed=2026)
    except view_twins.LeakFound as exc:
        return {"leaks": 1, "first leak": str(exc)[:300], "held": False}
    stops = figures.pop("stops")
    return {**figures, "kinds of stop": len(stops), "held": figures["leaks"] == 0}


def _random_options(cls: Any, rng: random.Random) -> dict[str, Any]:
    """A random choice for every rule option with a list of choices (safety limits kept)."""
    options: dict[str, Any] = {}
    for option in cls.options_declared:
        if option.choices and option.minimum is None and len(option.choices) > 1:
            options[option.name] = rng.choice(option.choices)
    return options


def stalls(games: int, time_limit: float = 10.0) -> dict[str, Any]:
    """Every shipped bot, in random mixes, at every player count, under random options."""
    import gamekit
    from gamekit.bots import describe
    from gamekit.core.errors import PlayError
    from gamekit.core.game import game_class

    rng = random.Random(2026)
    figures: collections.Counter[str] = collections.Counter()
    for name in gamekit.GAMES:
        cls = game_class(name)
        shipped = [row["name"] for row in describe(name)]
        for players in range(cls.min_players, cls.max_players + 1):
            for _ in range(len(shipped)):
                bots = [rng.choice(shipped) for _ in range(players)]
                options = _random_options(cls, rng)
                try:
                    table = gamekit.simulate(
                        name,
                        players,
                        bots,
                        games,
                        seed=rng.randrange(2**32),
                        options=options,
                        time_limit=time_limit,
                    )
                except PlayError as exc:
                    figures["errors"] += 1
                    print(f"  {name} {players}p {bots} {options}: {exc}", file=sys.stderr)
                    continue
                per_game = table.groupby("game")["finished"].first()
                figures["games"] += len(per_game)
                figures["ended by the rules"] += int(per_game.sum())
                figures["stopped at a safety limit"] += int((~per_game).sum())
    return {**dict(figures), "held": figures["errors"] == 0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=500, help="hypothesis examples per fuzz test")
    parser.add_argument("--pairs", type=int, default=150, help="twin pairs per game and kind")
    parser.add_argument("--games", type=int, default=40, help="games per bot mix")
    args = parser.parse_args(argv)
    parts = {"escapes": lambda: escapes(args.examples), "leaks": lambda: leaks(args.pairs)}
    parts["stalls"] = lambda: stalls(args.games)
    results = {}
    for part, run in parts.items():
        start = time.perf_counter()
        results[part] = run()
        results[part]["seconds"] = round(time.perf_counter() - start)
        print(f"{part}: {results[part]}", flush=True)
    held = all(r["held"] for r in results.values())
    print("soak:", "held" if held else "FAILED")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
