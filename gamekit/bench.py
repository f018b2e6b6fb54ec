"""How fast the engines play: random playouts through the public interface, on one core.

Run ``python -m gamekit.bench`` (or ``gamekit bench``, or ``make bench``): by default each game at
its usual player count, ``QUICK_GAMES`` games a run, well under a minute on a busy machine;
``--full`` times every player count with ``FULL_GAMES`` games a run (minutes). Progress goes to
stderr: which line is being timed, how far the bench is and about how long it has left. Every
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
from .core.i18n import N_, _, columns
from .simulate import play

DEFAULT_GAMES = 1000  # ``run_bench``'s games per run when called from Python
FULL_GAMES = 1000  # ``--full``: every player count, runs long enough to be steady (minutes)
QUICK_GAMES = 300  # the default: each game at its usual count, about 10 CPU seconds in all
REFERENCE_GAMES = 1000  # the reference case's runs beside Goofspiel: the quickest engine, so cheap
DEFAULT_REPEAT = 3

RANDOM_LOOP = "random loop"
PLAY_RUNNER = 'play("random")'

# The yardstick: OpenSpiel's Goofspiel as written here (perfect information, the default: the
# players see the cards played, as an auction game's open reveals show them; the prize cards in random order).
GOOFSPIEL = "goofspiel(num_cards=13,players=3)"
GOOFSPIEL_LABEL = "goofspiel (OpenSpiel C++)"
REFERENCE_RUNS = 5  # alternated runs of each, at least; the median ratio is reported
OPENSPIEL_MISSING = N_(
    "OpenSpiel's Goofspiel: skipped, open_spiel is not installed (it comes with the rl extra: "
    "pip install -e '.[rl]' from a checkout)"
)


class Countdown:
    """The time left of a job whose parts finish now and then: estimated from the rate so far
    when a part finishes, counted down by the clock in between, so it never grows while a part
    is pending; a later estimate replaces it only when it is sooner, or once it has run out."""

    def __init__(self) -> None:
        self._eta: tuple[float, float] | None = None  # (seconds left, when estimated)

    def news(self, elapsed: float, done: int, total: int, now: float) -> None:
        """``done`` of ``total`` parts are finished after ``elapsed`` seconds, at ``now``."""
        if not 0 < done < total:
            self._eta = None
            return
        estimate = elapsed / done * (total - done)
        left = self.left(now)
        if left is not None and 0 < left < estimate:
            return
        self._eta = (estimate, now)

    def left(self, now: float) -> float | None:
        """The seconds left at ``now``: the last estimate counted down; None before the first
        part finishes or after the last."""
        if self._eta is None:
            return None
        estimate, at = self._eta
        return max(0.0, estimate - (now - at))


class Progress:
    """The bench's progress on stderr: the line being timed, the runs done of all planned, the
    seconds so far and about how many are left (``Countdown``: it never grows while a run is
    pending). On a terminal one line is redrawn; into a file or pipe, one line per section."""

    def __init__(self, total: int, stream: Any = None, weights: dict[str, float] | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        try:
            self.tty = bool(self.stream.isatty())
        except (AttributeError, ValueError):
            self.tty = False
        self.total, self.done = max(total, 1), 0
        # What a run of each section costs, about (seconds; 1 where unknown): the time left weighs
        # a slow game's run as the many quick runs it takes as long as.
        self.weights = weights or {}
        self.work = self.worked = 0.0
        self.countdown = Countdown()
        self.start = time.monotonic()
        self.section: str | None = None

    def run(self, section: str) -> None:
        """A run of ``section`` starts (after ``done`` runs of all)."""
        now = time.monotonic()
        if self.tty or section != self.section:
            left = self.countdown.left(now)
            line = _(
                "bench: {section}; {done}/{total} runs, {seconds} s",
                section=section,
                done=self.done,
                total=self.total,
                seconds=format(now - self.start, ".0f"),
            )
            if left is not None:
                line += ", " + _("about {seconds} s left", seconds=format(left, ".0f"))
            self.stream.write(("\r" + line + "\033[K") if self.tty else line + "\n")
            self.stream.flush()
        self.section = section

    def plan(self, section: str, runs: int) -> None:
        """``runs`` runs of ``section`` are to come."""
        self.work += runs * self.weights.get(section, 1.0)

    def ran(self) -> None:
        """A run has finished."""
        self.done += 1
        self.worked += self.weights.get(self.section or "", 1.0)
        now = time.monotonic()
        self.countdown.news(now - self.start, self.worked, max(self.work, self.worked), now)

    def close(self) -> None:
        if self.tty and self.section is not None:
            self.stream.write("\r\033[K")
            self.stream.flush()


class _Silent:
    def run(self, section: str) -> None:
        pass

    def ran(self) -> None:
        pass


def _section(name: str, players: int, runner: str) -> str:
    return _("{game}, {players} players, {runner}", game=name, players=players, runner=runner)


def _reference_section() -> str:
    return _("{game} beside Goofspiel", game=reference_case()[0])


def _weights(
    lines: Sequence[tuple[str, int]], games: int, reference_games: int, seed: int
) -> dict[str, float]:
    """About how long a run of each section takes, from two games of each line timed first
    (a few hundredths of a second in all), for the progress's time left."""
    weights = {}
    for name, n in lines:
        per_game = _timed(_random_loop, name, n, 2, seed)[1] / 2
        weights[_section(name, n, RANDOM_LOOP)] = per_game * games
        if (name, n) == reference_case():
            weights[_section(name, n, PLAY_RUNNER)] = 1.2 * per_game * games  # the runner's checks
            weights[_reference_section()] = 1.6 * per_game * reference_games  # + Goofspiel, the idle loop
    return weights


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
    games: int = DEFAULT_GAMES, repeat: int = REFERENCE_RUNS, seed: int = 0, progress: Any = None
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
    progress = progress or _Silent()
    for _run in range(max(repeat, REFERENCE_RUNS)):
        progress.run(_reference_section())
        ours = _timed(_random_loop, name, players, games, seed)
        theirs = _timed(_goofspiel_loop, goofspiel, games, seed)
        bare = _timed(_idle_loop, games, seed)
        progress.ran()
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
        return _(OPENSPIEL_MISSING)
    rows = reference["rows"]
    name = rows[0]["game"]
    title = game_class(name).title
    lines = [
        _(
            "{title} against OpenSpiel's C++ Goofspiel ({goofspiel}), the same random loop, "
            "{runs} alternated runs each, median run by CPU time:",
            title=title,
            goofspiel=GOOFSPIEL,
            runs=len(reference["ratios"]),
        )
    ]
    width = max(len(r["game"]) for r in rows)
    for r in rows:
        line = _(
            "{game}  {players} players  {decisions} decisions  {per_cpu} decisions/CPU s  "
            "{per_s} decisions/s  {name}/goofspiel {ratio}",
            game=r["game"].ljust(width),
            players=r["players"],
            decisions=format(r["decisions"], ">7,"),
            per_cpu=format(r["decisions"] / r["cpu_seconds"], ">9,.0f"),
            per_s=format(r["decisions_per_s"], ">9,.0f"),
            name=name,
            ratio=format(r["ratio"], ".2f"),
        )
        lines.append("  " + line)
    low, high = reference["ratios"][0], reference["ratios"][-1]
    lines.append(
        "  "
        + _(
            "{title} / Goofspiel: {ratio} (runs {low} to {high})",
            title=title,
            ratio=format(reference["ratio"], ".2f"),
            low=format(low, ".2f"),
            high=format(high, ".2f"),
        )
    )
    lines.append(
        "  "
        + _(
            "The loop alone, over a game that does nothing: {rate} decisions/CPU s "
            "(Python's own cost per decision, outside any engine)",
            rate=format(reference["idle"], ",.0f"),
        )
    )
    return "\n".join(lines)


def _best_of(
    run: Any, repeat: int, *args: Any, progress: Any = None, section: str = ""
) -> tuple[float, float, int]:
    """The shortest wall time and the shortest CPU time of ``repeat`` runs, and the
    decisions of one run (all are equal). CPU time is what this process itself used:
    on a busy machine it is the steadier of the two."""
    progress = progress or _Silent()
    best_wall = best_cpu = float("inf")
    decisions = 0
    for _run in range(repeat):
        progress.run(section)
        wall, cpu = time.perf_counter(), time.process_time()
        decisions = run(*args)
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
        progress.ran()
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
    progress: Any = None,
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
    for name, n in bench_lines(game_names, players):
        seconds, cpu, decisions = _best_of(
            _random_loop,
            repeat,
            name,
            n,
            games,
            seed,
            progress=progress,
            section=_section(name, n, RANDOM_LOOP),
        )
        rows.append(_row(name, n, RANDOM_LOOP, games, seconds, cpu, decisions))
        if (name, n) == play_case:
            seconds, cpu, decisions = _best_of(
                _play_runner,
                repeat,
                name,
                n,
                games,
                seed,
                progress=progress,
                section=_section(name, n, PLAY_RUNNER),
            )
            rows.append(_row(name, n, PLAY_RUNNER, games, seconds, cpu, decisions))
    return rows


def bench_lines(
    game_names: Sequence[str] | None = None, players: Sequence[int] | None = None
) -> list[tuple[str, int]]:
    """The (game, player count) lines ``run_bench`` times, in order: every count a game allows
    unless ``players`` names some (counts a game does not allow are skipped)."""
    lines = []
    for name in game_names or registered():
        cls = game_class(name)
        for n in players or range(cls.min_players, cls.max_players + 1):
            if cls.min_players <= n <= cls.max_players:
                lines.append((name, n))
    return lines


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
            _("players must be numbers separated by commas, not {text}", text=repr(text))
        ) from None
    if not counts:
        raise argparse.ArgumentTypeError(_("players needs at least one number"))
    return counts


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(_("expected a whole number >= 1, not {text}", text=repr(text)))
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The bench's options, shared by ``python -m gamekit.bench`` and ``gamekit bench``."""
    parser.add_argument(
        "--games",
        type=_positive,
        default=None,
        help=_("games per run (default {quick}; with --full {full})", quick=QUICK_GAMES, full=FULL_GAMES),
    )
    parser.add_argument("--game", action="append", help=_("a game to time (repeatable; default: every game)"))
    parser.add_argument(
        "--players",
        type=_player_counts,
        help=_("player counts, e.g. 3,4,5,6 (default: each game's usual count; with --full all it allows)"),
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help=_(
            "time every player count of every game with {full} games a run (minutes; the default "
            "takes well under a minute)",
            full=FULL_GAMES,
        ),
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


def _print_strength(args: argparse.Namespace) -> None:
    """``--strength N``: each new bot against its game's previous best, on paired games."""
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


def run_from_args(args: argparse.Namespace) -> int:
    """Run the bench the parsed options describe and print its table; the exit code."""
    full = getattr(args, "full", False)
    games = args.games or (FULL_GAMES if full else QUICK_GAMES)
    try:
        names = list(args.game or registered())
        counts = {
            name: args.players or (None if full else [game_class(name).default_players]) for name in names
        }
        lines = [line for name in names for line in bench_lines([name], counts[name])]
        with_reference = reference_case() in lines
        reference_games = args.games or REFERENCE_GAMES
        runs = args.repeat * (len(lines) + with_reference)
        if with_reference:
            runs += max(args.repeat, REFERENCE_RUNS)
        progress = Progress(runs, weights=_weights(lines, games, reference_games, args.seed))
        for name, n in lines:
            progress.plan(_section(name, n, RANDOM_LOOP), args.repeat)
        if with_reference:
            name, n = reference_case()
            progress.plan(_section(name, n, PLAY_RUNNER), args.repeat)
            progress.plan(_reference_section(), max(args.repeat, REFERENCE_RUNS))
        try:
            rows = [
                row
                for name in names
                for row in run_bench(games, [name], counts[name], args.repeat, args.seed, progress)
            ]
            reference = (
                run_reference(reference_games, args.repeat, args.seed, progress) if with_reference else None
            )
        finally:
            progress.close()
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
    machine = platform.machine() or _("an unknown machine")
    print(
        _(
            "gamekit bench: random playouts on one core, best of {n} run(s) of {games} games; "
            "Python {python} on {machine}",
            n=args.repeat,
            games=format(games, ","),
            python=platform.python_version(),
            machine=machine,
        )
    )
    print(format_table(rows))
    if with_reference:
        print()
        print(format_reference(reference))
    if args.strength:
        _print_strength(args)
    # ---- the RL adapters beside the engines and OpenSpiel's and PettingZoo's own games (about
    # 15 s; gamekit.rl.bench, whose rows need the rl extra: an engine row runs without it)
    from .rl import bench as rl_bench

    print()
    print(rl_bench.report(rl_bench.measure(games=tuple(args.game or ()) or None)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gamekit.bench [--full] [--games N] [--game G] [--players 3,4] [--repeat N]``."""
    parser = argparse.ArgumentParser(prog="python -m gamekit.bench", description=__doc__.splitlines()[0])
    add_arguments(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    return run_from_args(args)


if __name__ == "__main__":
    sys.exit(main())
