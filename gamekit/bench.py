"""How fast the engines play: random playouts through the public interface, on one core.

Run ``python -m gamekit.bench`` (or ``gamekit bench``, or ``make bench``). Every
registered game is played by uniformly random choices in the plain loop any
user would write (``new_game``, ``to_act``, ``legal_actions``, ``act``), so the
numbers are what a notebook or a bot author gets. For the reference case (the first
game the registry lists, at its default player count: ``reference_case``) a second
line times ``gamekit.play(game, "random")``, the full bot runner. Each measurement is
the best of ``repeat`` runs of the same games, because the fastest run is the one
least disturbed by the rest of the machine.

Beside the reference case's line the bench times a yardstick from outside: OpenSpiel's C++
Goofspiel (13 cards, 3 players), driven from Python by the same plain loop (a random choice among
``state.legal_actions(player)`` for each player of a simultaneous turn, then ``apply_actions``; the
prize card turned up at each chance node is drawn the same way). A decision is one player's choice,
as in gamekit (Goofspiel: 3 per turn, 12 turns; the 13th is forced and OpenSpiel plays it itself);
chance draws are not counted, as a game's shuffles are not. The two loops alternate, so both see
the same machine, and the ratio is the median of the runs' ratios of decisions per CPU second.
It needs ``open_spiel`` (the ``rl`` extra); without it the bench says so and goes on.

``--strength N`` adds a line per pair a game declares in its ``bench_strength``: a newer bot
against the best bot the game had before, in N seat-rotated games at the game's default player
count (half the seats each), as a paired difference of win share with its 95 % interval
(``gamekit.stats.paired_difference``). Strength, unlike speed, does not depend on the machine.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from .core.errors import ConfigError
from .core.game import game_class, new_game, registered
from .core.i18n import _, columns
from .simulate import play

DEFAULT_GAMES = 1000  # about 0.3 s per run of the quickest engine: room under 30 s for every engine
DEFAULT_REPEAT = 3

RANDOM_LOOP = "random loop"
PLAY_RUNNER = 'play("random")'

# The yardstick: OpenSpiel's Goofspiel as written here (perfect information, the default: the
# players see the cards played, as an auction game's open reveals show them; the prize cards in random order).
GOOFSPIEL = "goofspiel(num_cards=13,players=3)"
GOOFSPIEL_LABEL = "goofspiel (OpenSpiel C++)"
REFERENCE_RUNS = 5  # alternated runs of each, at least; the median ratio is reported
OPENSPIEL_MISSING = (
    "OpenSpiel's Goofspiel: skipped, open_spiel is not installed (it comes with the rl extra: "
    "pip install '.[rl]')"
)


def reference_case() -> tuple[str, int]:
    """The line that also times the full bot runner and is compared with Goofspiel: the first game
    the registry lists (the public contract's order), at its default player count."""
    name = registered()[0]
    return name, game_class(name).default_players


def strength_cases(game_names: Sequence[str] | None = None) -> dict[str, tuple[tuple[str, str], ...]]:
    """``--strength``'s pairs, as each game declares them (``Game.bench_strength``: a newer bot,
    then the best bot before it; the strongest bot's pair first); games without any are left out."""
    found = {name: game_class(name).bench_strength for name in game_names or registered()}
    return {name: pairs for name, pairs in found.items() if pairs}


def __getattr__(name: str) -> Any:
    """``STRENGTH_CASES``, the name lesson 03 points to: every game's pairs, read when asked."""
    if name == "STRENGTH_CASES":
        return strength_cases()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _random_loop(name: str, players: int, games: int, seed: int) -> int:
    """Play ``games`` random games exactly as a user's loop would; returns the decisions made."""
    return _drive(lambda i: new_game(name, players, seed=i), games, seed)


def _drive(make: Any, games: int, seed: int) -> int:
    """The user's loop: ``make(i)`` starts game i, then random legal actions until it is over;
    returns the decisions made."""
    rng = random.Random(seed)
    decisions = 0
    for i in range(games):
        g = make(i)
        while not g.is_over:
            for seat in g.to_act:
                legal = g.legal_actions(seat)
                g.act(seat, legal[int(rng.random() * len(legal))])
        decisions += len(g.history)
    return decisions


class _Idle:
    """A game that does nothing but take turns: four seats, 62 decisions a game (as many as the
    reference case's game makes, about), five choices at each. The random loop over it is what Python itself costs per decision,
    outside any engine: the most a Python engine driven by this loop could reach."""

    __slots__ = ("history", "is_over", "to_act")
    DECISIONS = 62
    CHOICES = ("a", "b", "c", "d", "e")

    def __init__(self) -> None:
        self.history: list[tuple[int, str]] = []
        self.to_act = (0,)
        self.is_over = False

    def legal_actions(self, seat: int) -> list[str]:
        return list(self.CHOICES)

    def act(self, seat: int, action: str) -> None:
        history = self.history
        history.append((seat, action))
        if len(history) == self.DECISIONS:
            self.to_act, self.is_over = (), True
        else:
            self.to_act = ((seat + 1) % 4,)


def _idle_loop(games: int, seed: int) -> int:
    """``_random_loop``'s very loop over ``_Idle`` games; returns the decisions made."""
    return _drive(lambda i: _Idle(), games, seed)


def _play_runner(name: str, players: int, games: int, seed: int) -> int:
    """Play ``games`` games with ``gamekit.play`` and random bots; returns the decisions made."""
    decisions = 0
    for i in range(games):
        g = new_game(name, players, seed=i)
        play(g, "random")
        decisions += len(g.history)
    return decisions


def _goofspiel_loop(game: Any, games: int, seed: int) -> int:
    """Play ``games`` random Goofspiel games through pyspiel as a user's loop would; returns the
    decisions made (each player's choice at a simultaneous node; chance draws not counted)."""
    rng = random.Random(seed)
    decisions = 0
    for _game in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            elif state.is_simultaneous_node():
                joint = []
                for player in range(game.num_players()):
                    legal = state.legal_actions(player)
                    joint.append(legal[int(rng.random() * len(legal))])
                state.apply_actions(joint)
                decisions += len(joint)
            else:
                legal = state.legal_actions(state.current_player())
                state.apply_action(legal[int(rng.random() * len(legal))])
                decisions += 1
    return decisions


def _timed(run: Any, *args: Any) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = run(*args)
    return time.perf_counter() - wall, time.process_time() - cpu, decisions


def run_reference(
    games: int = DEFAULT_GAMES, repeat: int = REFERENCE_RUNS, seed: int = 0
) -> dict[str, Any] | None:
    """The reference case's random loop (``reference_case``) against OpenSpiel's C++ Goofspiel
    (``GOOFSPIEL``), run alternately ``max(repeat, REFERENCE_RUNS)`` times each; None when
    open_spiel is not installed.

    Returns ``rows`` (one per game, shaped like ``run_bench``'s, from the median run by CPU time,
    plus ``ratio``), ``ratio`` (the median over the runs of the game's decisions per CPU second
    over Goofspiel's in the run beside it), ``ratios`` (each run's, sorted) and ``idle`` (the
    decisions per CPU second of the same loop over a game that does nothing, ``_Idle``: the
    ceiling of any engine written in Python and driven this way; median over the runs).
    """
    try:
        import pyspiel
    except ImportError:
        return None
    goofspiel = pyspiel.load_game(GOOFSPIEL)
    name, players = reference_case()
    runs: dict[str, list[tuple[float, float, int]]] = {name: [], GOOFSPIEL: []}
    ratios, idle = [], []
    for _run in range(max(repeat, REFERENCE_RUNS)):
        ours = _timed(_random_loop, name, players, games, seed)
        theirs = _timed(_goofspiel_loop, goofspiel, games, seed)
        bare = _timed(_idle_loop, games, seed)
        runs[name].append(ours)
        runs[GOOFSPIEL].append(theirs)
        ratios.append((ours[2] / max(ours[1], 1e-9)) / (theirs[2] / max(theirs[1], 1e-9)))
        idle.append(bare[2] / max(bare[1], 1e-9))
    ratio = statistics.median(ratios)
    rows = []
    for label, count, key in ((name, players, name), (GOOFSPIEL_LABEL, goofspiel.num_players(), GOOFSPIEL)):
        timed = sorted(runs[key], key=lambda run: run[1])
        wall, cpu, decisions = timed[len(timed) // 2]
        row = _row(label, count, RANDOM_LOOP, games, wall, cpu, decisions)
        row["ratio"] = ratio
        rows.append(row)
    return {"rows": rows, "ratio": ratio, "ratios": sorted(ratios), "idle": statistics.median(idle)}


def format_reference(reference: dict[str, Any] | None) -> str:
    """The reference case's and Goofspiel's lines with their ratio beside each, or why there are none."""
    if reference is None:
        return OPENSPIEL_MISSING
    rows = reference["rows"]
    name = rows[0]["game"]
    title = game_class(name).title
    lines = [
        f"{title} against OpenSpiel's C++ Goofspiel ({GOOFSPIEL}), the same random loop, "
        f"{len(reference['ratios'])} alternated runs each, median run by CPU time:"
    ]
    width = max(len(r["game"]) for r in rows)
    for r in rows:
        lines.append(
            f"  {r['game']:<{width}}  {r['players']} players  {r['decisions']:>7,} decisions  "
            f"{r['decisions'] / r['cpu_seconds']:>9,.0f} decisions/CPU s  "
            f"{r['decisions_per_s']:>9,.0f} decisions/s  {name}/goofspiel {r['ratio']:.2f}"
        )
    low, high = reference["ratios"][0], reference["ratios"][-1]
    lines.append(f"  {title} / Goofspiel: {reference['ratio']:.2f} (runs {low:.2f} to {high:.2f})")
    lines.append(
        f"  The loop alone, over a game that does nothing: {reference['idle']:,.0f} decisions/CPU s "
        "(Python's own cost per decision, outside any engine)"
    )
    return "\n".join(lines)


def _best_of(run: Any, repeat: int, *args: Any) -> tuple[float, float, int]:
    """The shortest wall time and the shortest CPU time of ``repeat`` runs, and the
    decisions of one run (all are equal). CPU time is what this process itself used:
    on a busy machine it is the steadier of the two."""
    best_wall = best_cpu = float("inf")
    decisions = 0
    for _run in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        decisions = run(*args)
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return best_wall, best_cpu, decisions


def _row(
    name: str, players: int, runner: str, games: int, seconds: float, cpu: float, decisions: int
) -> dict[str, Any]:
    seconds = max(seconds, 1e-9)  # a clock too coarse for a tiny run must not divide by zero
    cpu = max(cpu, 1e-9)
    return {
        "game": name,
        "players": players,
        "runner": runner,
        "games": games,
        "decisions": decisions,
        "seconds": seconds,
        "games_per_s": games / seconds,
        "decisions_per_s": decisions / seconds,
        "cpu_seconds": cpu,
        "games_per_cpu_s": games / cpu,
    }


def run_bench(
    games: int = DEFAULT_GAMES,
    game_names: Sequence[str] | None = None,
    players: Sequence[int] | None = None,
    repeat: int = DEFAULT_REPEAT,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """Time random playouts of each game and player count; one dict per measured line.

    ``game_names`` defaults to every registered game and ``players`` to every
    count each game allows; counts a game does not allow are skipped. Each row
    holds game, players, runner, games, decisions, seconds (best run),
    games_per_s and decisions_per_s, and the same by CPU time (cpu_seconds,
    games_per_cpu_s).
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if type(repeat) is not int or repeat < 1:
        raise ValueError(f"repeat must be a whole number >= 1, not {repeat!r}")
    rows = []
    play_case = reference_case()
    for name in game_names or registered():
        cls = game_class(name)
        counts = players or range(cls.min_players, cls.max_players + 1)
        for n in counts:
            if not cls.min_players <= n <= cls.max_players:
                continue
            seconds, cpu, decisions = _best_of(_random_loop, repeat, name, n, games, seed)
            rows.append(_row(name, n, RANDOM_LOOP, games, seconds, cpu, decisions))
            if (name, n) == play_case:
                seconds, cpu, decisions = _best_of(_play_runner, repeat, name, n, games, seed)
                rows.append(_row(name, n, PLAY_RUNNER, games, seconds, cpu, decisions))
    return rows


def run_strength(games: int, game_names: Sequence[str] | None = None, seed: int = 0) -> list[dict[str, Any]]:
    """Each newer bot against its game's previous best (``strength_cases``): ``games`` games at the
    game's default player count, the two bots alternating seats and rotated from game to game; one
    row per pair with the players, the paired difference of win share, its interval and the games."""
    from .bots import make_bot
    from .simulate import simulate
    from .stats import paired_difference

    rows = []
    for name, pairs in strength_cases(game_names).items():
        players = game_class(name).default_players
        for pair in pairs:
            strong, before = (make_bot(spec, name) for spec in pair)
            bots = [strong if seat % 2 == 0 else before for seat in range(players)]
            found = paired_difference(
                simulate(name, players, bots, games, seed=seed), strong.label, before.label
            )
            rows.append(
                {
                    "game": name,
                    "players": players,
                    "bot": strong.label,
                    "against": before.label,
                    "difference": found.difference,
                    "low": found.ci_low,
                    "high": found.ci_high,
                    "games": found.n,
                    "text": str(found),
                }
            )
    return rows


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as an aligned text table."""
    header = (
        _("game"),
        _("players"),
        _("runner"),
        _("games"),
        _("decisions"),
        _("best s"),
        _("games/s"),
        _("decisions/s"),
        _("games/CPU s"),
    )
    body = [
        (
            r["game"],
            str(r["players"]),
            r["runner"],
            f"{r['games']:,}",
            f"{r['decisions']:,}",
            f"{r['seconds']:.3f}",
            f"{r['games_per_s']:,.0f}",
            f"{r['decisions_per_s']:,.0f}",
            f"{r['games_per_cpu_s']:,.0f}",
        )
        for r in rows
    ]
    widths = [max(columns(line[i]) for line in (header, *body)) for i in range(len(header))]
    left = {0, 2}  # text columns; numbers align right

    def fmt(line: Sequence[str]) -> str:
        return "  ".join(
            cell + " " * (w - columns(cell)) if i in left else " " * (w - columns(cell)) + cell
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ).rstrip()

    return "\n".join([fmt(header), fmt(["-" * w for w in widths]), *map(fmt, body)])


def _player_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"players must be numbers separated by commas, not {text!r}"
        ) from None
    if not counts:
        raise argparse.ArgumentTypeError("players needs at least one number")
    return counts


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The bench's options, shared by ``python -m gamekit.bench`` and ``gamekit bench``."""
    parser.add_argument(
        "--games",
        type=_positive,
        default=DEFAULT_GAMES,
        help=_("games per run (default {games})", games=DEFAULT_GAMES),
    )
    parser.add_argument("--game", action="append", help=_("a game to time (repeatable; default: every game)"))
    parser.add_argument(
        "--players", type=_player_counts, help=_("player counts, e.g. 3,4,5,6 (default: all a game allows)")
    )
    parser.add_argument(
        "--repeat",
        type=_positive,
        default=DEFAULT_REPEAT,
        help=_("runs per line, best kept (default {repeat})", repeat=DEFAULT_REPEAT),
    )
    parser.add_argument("--seed", type=int, default=0, help=_("seed of the random choices (default 0)"))
    parser.add_argument(
        "--strength",
        type=_positive,
        metavar="GAMES",
        help=_("also play each game's strongest bot against its previous best in GAMES games"),
    )


def run_from_args(args: argparse.Namespace) -> int:
    """Run the bench the parsed options describe and print its table; the exit code."""
    try:
        for name in args.game or ():
            game_class(name)
        rows = run_bench(args.games, args.game, args.players, args.repeat, args.seed)
    except ConfigError as exc:
        print(_("gamekit {command}: error: {error}", command="bench", error=str(exc)), file=sys.stderr)
        return 2
    if not rows:
        print(
            _(
                "gamekit {command}: error: {error}",
                command="bench",
                error=_("no game allows those player counts"),
            ),
            file=sys.stderr,
        )
        return 2
    games = format(args.games, ",")
    machine = platform.machine() or _("an unknown machine")
    print(
        _(
            "gamekit bench: random playouts on one core, best of {n} run(s) of {games} games; "
            "Python {python} on {machine}",
            n=args.repeat,
            games=games,
            python=platform.python_version(),
            machine=machine,
        )
    )
    print(format_table(rows))
    if any((row["game"], row["players"]) == reference_case() for row in rows):
        print()
        print(format_reference(run_reference(args.games, args.repeat, args.seed)))
    if args.strength:
        print()
        print(_("Strength: win share, each new bot minus its game's previous best, paired games"))
        for row in run_strength(args.strength, args.game, args.seed):
            line = _(
                "{game} {players} players  {bot} vs {against}: {text}",
                game=row["game"].ljust(14),
                players=row["players"],
                bot=row["bot"],
                against=row["against"],
                text=row["text"],
            )
            print("  " + line)
    # ---- the RL adapters beside the engines and OpenSpiel's and PettingZoo's own games (about
    # 15 s; gamekit.rl.bench, whose rows need the rl extra: an engine row runs without it)
    from .rl import bench as rl_bench

    print()
    print(rl_bench.report(rl_bench.measure(games=tuple(args.game or ()) or None)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gamekit.bench [--games N] [--game G] [--players 3,4] [--repeat N]``."""
    parser = argparse.ArgumentParser(prog="python -m gamekit.bench", description=__doc__.splitlines()[0])
    add_arguments(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    return run_from_args(args)


if __name__ == "__main__":
    sys.exit(main())
