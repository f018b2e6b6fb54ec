"""The command line: run tournaments, replay the rule documents' examples, play bots, time engines.

    gamekit simulate for_sale --players 4 --games 10000 --bots random,spread,budget:1.2,random --seed 1
        [--workers 4 | --workers tcp://SCHEDULER:8786] [--out runs.csv | --out -]
    gamekit bots for_sale
    gamekit options for_sale
    gamekit examples [--game for_sale] [--id FS-X1]
    gamekit play for_sale --players 4 --seat 0 [--bots spread] [--seed N] [--save FILE] [--option edition=classic]
    gamekit bench [--games N] [--game for_sale] [--players 3,4,5,6] [--repeat 3]
    gamekit lessons DIR [--force]

Only presentation lives here: reading arguments, drawing progress and tables,
rendering what one player sees. Every rule is the engines' business, reached
through the public interface, so a game added to the registry works here at
once; a game draws its view for the terminal with ``text(view)`` in its module
``gamekit.pictures.<game>``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from . import __version__
from .bench import Countdown
from .bots import Bot, make_bot
from .core.actions import Action
from .core.errors import ConfigError, GamekitError, IllegalAction
from .core.extras import MissingExtra, needs_extra
from .core.game import Game, game_class, new_game, registered, seat_name
from .core.i18n import LANGS, N_, _, _n, domain_of, get_language, set_language
from .core.options import Option
from .core.registry import title_of
from .pictures.base import text_table
from .simulate import bot_rng, simulate, take_turn
from .teach import may_act_any_time

EXIT_OK = 0
EXIT_FAILED = 1  # an example does not match its document, or a file could not be written
EXIT_USAGE = 2  # bad arguments: the library's ConfigError message, as argparse does for its own
EXIT_INTERRUPTED = 130  # Ctrl-C: 128 + SIGINT, as a shell reports it
# The reader of stdout went away (``gamekit simulate ... --out FILE | head``): 128 + SIGPIPE, as a
# shell reports a command that SIGPIPE ended, so ``set -o pipefail`` sees it. Any file asked for
# was written in full before anything was printed about it.
EXIT_BROKEN_PIPE = 141


# --------------------------------------------------------------------------- helpers
def parse_option(text: str) -> tuple[str, str]:
    """``"edition=classic"`` → ``("edition", "classic")`` (an argparse type)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(_("an option is written NAME=VALUE, not {text}", text=repr(text)))
    return name.strip(), value.strip()


def option_value(option: Option, text: str) -> Any:
    """The typed value a command-line text names for ``option``.

    A choice is matched by how it prints (``none``/``off`` for ``None``,
    ``true``/``false`` for booleans); a numeric option gets an ``int``. Any
    other text is passed on unchanged, so the library's ``ConfigError`` names
    the valid values.
    """
    lowered = text.lower()
    for choice in option.choices or ():
        if choice is None:
            if lowered in ("none", "off"):
                return None
        elif isinstance(choice, bool):
            if lowered == str(choice).lower():
                return choice
        elif str(choice) == text:
            return choice
    numeric = option.minimum is not None or (
        type(option.default) is int or any(type(c) is int for c in option.choices or ())
    )
    if numeric:
        try:
            return int(text)
        except ValueError:
            pass
    return text


def convert_options(game: str, pairs: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Option texts typed by each option's declaration; unknown names are left to the library."""
    declared = {option.name: option for option in game_class(game).options_declared}
    return {name: option_value(declared[name], text) if name in declared else text for name, text in pairs}


def bot_specs(text: str, count: int, seats: str) -> list[str]:
    """``--bots``: ``count`` comma-separated bot names, or one name for every seat."""
    names = [part.strip() for part in text.split(",")]
    if not all(names):
        raise ConfigError(
            _("--bots {text} has an empty name; write names separated by commas", text=repr(text))
        )
    if len(names) == 1:
        return names * count
    if len(names) != count:
        raise ConfigError(
            _(
                "--bots lists {listed} bots but {seats} need {count} (or give one name for all)",
                listed=len(names),
                seats=seats,
                count=count,
            )
        )
    return names


def compact_actions(actions: Sequence[Action]) -> str:
    """Legal actions as one short line: runs of numbered actions become ranges (``pass, bid 3..21``)."""
    parts: list[str] = []
    i = 0
    while i < len(actions):
        first = actions[i]
        j = i
        if type(first.value) is int and first.text == f"{first.kind} {first.value}":
            while (
                j + 1 < len(actions)
                and actions[j + 1].kind == first.kind
                and type(actions[j + 1].value) is int
                and actions[j + 1].value == actions[j].value + 1
                and actions[j + 1].text == f"{first.kind} {actions[j + 1].value}"
            ):
                j += 1
        if j - i >= 2:
            parts.append(f"{first.kind} {first.value}..{actions[j].value}")
        else:
            parts.extend(str(a) for a in actions[i : j + 1])
        i = j + 1
    return ", ".join(parts)


def _marks(stream: IO[str]) -> tuple[str, str]:
    """✓/✗ where the output can show them, plain words where it cannot."""
    try:
        "✓✗".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return "ok", "FAIL"
    return "✓", "✗"


def _tolerate_unencodable_output() -> None:
    """Let a console that cannot show ✓, → or the documents' Japanese print ``?`` instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            "✓→最".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="replace")


def _ordinal(n: int) -> str:
    """A place: 1st, 2nd, 3rd, 11th (English), 1位 (Japanese)."""
    if get_language() != "en":
        return _("{n}th", n=n)  # one form in Japanese: 1位, 2位
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class ProgressBar:
    """``simulate``'s ``progress(done, total)`` callback, drawn on a stream (stderr by default).

    On a terminal the bar is redrawn in place, at most every ``interval`` seconds as games
    finish; into a file or pipe it writes a line at each quarter only, so logs stay short.
    The time left is estimated from the rate so far when games finish, and counts down in between
    (it never grows while a chunk is pending); a later estimate replaces it only when it is
    sooner, or once the countdown has run out.
    Used as a context manager (``with ProgressBar(total=n) as bar``) it also redraws on its
    own, so the time shown moves on while a long chunk of games is played: at least every
    ``tick`` seconds on a terminal (default 0.5), and a line every ``quiet`` seconds without
    news into a file (default 10). On leaving it ends an unfinished bar's line.
    """

    def __init__(
        self,
        stream: IO[str] | None = None,
        unit: str | None = None,
        interval: float = 0.1,
        *,
        total: int | None = None,
        tick: float = 0.5,
        quiet: float = 10.0,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.unit = unit if unit is not None else _("games")
        self.interval = interval
        self.tick, self.quiet = tick, quiet
        self.tty = _isatty(self.stream)
        self.start = time.monotonic()
        self.done, self.total = 0, total
        self._last_draw = float("-inf")
        self._last_line = self.start
        self._quarters_shown = 0
        self._open_line = False
        self.countdown = Countdown()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    def __call__(self, done: int, total: int) -> None:
        with self._lock:
            now = time.monotonic()
            if done != self.done or total != self.total:
                self.countdown.news(now - self.start, done, total, now)
            self.done, self.total = done, total
            self._draw(now, forced=False)

    def _draw(self, now: float, forced: bool) -> None:
        done, total = self.done, max(self.total or 1, 1)
        fraction = min(done / total, 1.0)
        elapsed = now - self.start
        if self.tty:
            if not forced and done < total and now - self._last_draw < self.interval:
                return
            self._last_draw = now
            width = 30
            filled = round(width * fraction)
            left = self.countdown.left(now) if done < total else None
            eta = "" if left is None else "  " + _("about {seconds} s left", seconds=format(left, ".0f"))
            self.stream.write(
                f"\r[{'#' * filled}{'-' * (width - filled)}] {100 * fraction:3.0f} %  {done:,}/{total:,} {self.unit}"
                f"  {elapsed:.1f} s{eta}   "
            )
            self._open_line = done < total
            if done >= total:
                self.stream.write("\n")
            self.stream.flush()
            return
        quarters = int(fraction * 4)
        if quarters > self._quarters_shown or forced:
            self._quarters_shown = max(quarters, self._quarters_shown)
            self._last_line = now
            line = _(
                "{done}/{total} {unit} ({percent} %) after {seconds} s",
                done=format(done, ","),
                total=format(total, ","),
                unit=self.unit,
                percent=format(100 * fraction, ".0f"),
                seconds=format(elapsed, ".1f"),
            )
            left = self.countdown.left(now) if done < total else None
            if left is not None:
                line += ", " + _("about {seconds} s left", seconds=format(left, ".0f"))
            self.stream.write(line + "\n")
            self.stream.flush()

    def _run_ticker(self) -> None:
        every = self.tick if self.tty else min(self.tick, self.quiet)
        while not self._stop.wait(every):
            with self._lock:
                now = time.monotonic()
                if self.total is None or self.done >= self.total:
                    continue
                if (self.tty and now - self._last_draw >= self.tick) or (
                    not self.tty and now - self._last_line >= self.quiet
                ):
                    self._draw(now, forced=True)

    def __enter__(self) -> ProgressBar:
        self.start = self._last_line = time.monotonic()
        self._ticker = threading.Thread(target=self._run_ticker, name="gamekit-progress", daemon=True)
        self._ticker.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(timeout=2)
        with self._lock:
            if self._open_line:  # interrupted or failed: the next message starts on its own line
                self.stream.write("\n")
                self.stream.flush()
                self._open_line = False


# ------------------------------------------------------------------ rendering views
def render_generic(view: dict[str, Any]) -> str:
    """Any game's view as ``key: value`` lines, hidden values shown as ``?``."""
    return "\n".join(f"{key}: {'?' if value is None else value}" for key, value in view.items())


def render_view(game: str, view: dict[str, Any]) -> str:
    """The view drawn as text by the game's own picture module, or generically."""
    from .pictures import text_drawer

    return (text_drawer(game) or render_generic)(view)


# ------------------------------------------------------------------------- simulate
def format_summary(table: Any, key: str = "bot") -> str:
    """``analysis.summarize`` (or ``seat_summary``) as text: win rate with its 95 % interval."""
    rows = [
        [
            seat_name(int(row[key])) if key == "seat" else str(row[key]),
            f"{int(row['games']):,}",
            f"{row['win_rate']:.1%}".replace("%", " %")
            + f" [{100 * row['ci_low']:.1f}, {100 * row['ci_high']:.1f}]",
            f"{row['mean_score']:,.0f}",
        ]
        for row in table.to_dict("records")
    ]
    headers = {"bot": _("bot"), "seat": _("seat"), "position": _("position")}
    return text_table([headers.get(key, key), _("games"), _("win rate [95 % CI]"), _("mean score")], rows)


def parse_workers(text: str) -> int | str:
    """``--workers``: a number of local processes, or a Dask scheduler's address."""
    text = text.strip()
    return int(text) if text.isdecimal() else text


def metadata_path(out: Path) -> Path:
    """Where ``--out FILE`` records how its rows were made: ``FILE.json`` beside it (``runs.csv``
    → ``runs.csv.json``), a name that cannot be another file of the same run."""
    return out.with_name(out.name + ".json")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _command_line(args: argparse.Namespace) -> str:
    """The ``gamekit simulate`` command that plays the same games again, quoted for a shell."""
    words = ["gamekit", "simulate", args.game, "--players", str(args.players), "--games", str(args.games)]
    words += ["--bots", args.bots, "--seed", str(args.seed)]
    for name, value in args.option:
        words += ["--option", f"{name}={value}"]
    return shlex.join(words)


def _players(args: argparse.Namespace) -> int:
    """``--players``, or the game's usual count when it is left out (``Game.default_players``)."""
    if args.players is None:
        args.players = game_class(args.game).default_players  # an unknown game: the library's message
    return args.players


def _cmd_simulate(args: argparse.Namespace) -> int:
    _players(args)
    options = convert_options(args.game, args.option)
    # Players and options, checked now; the game's options hold the defaults too, for the record.
    resolved = dict(new_game(args.game, args.players, seed=args.seed, options=options).options)
    # Bots are built here, so a bad name fails with the library's message before any game is played.
    bots: list[Bot] = [
        make_bot(spec, args.game) for spec in bot_specs(args.bots, args.players, f"{args.players} players")
    ]
    workers = parse_workers(args.workers)
    to_stdout = args.out is not None and str(args.out) == "-"
    if args.out is not None and not to_stdout and not args.out.parent.is_dir():
        raise ConfigError(
            _(
                "--out {out}: folder {folder} does not exist",
                out=repr(str(args.out)),
                folder=repr(str(args.out.parent)),
            )
        )
    started = _now()
    df = _play_simulation(args, bots, options, workers)
    ended = _now()
    # The rows are written before anything is printed about them: a reader that stops early
    # (``| head``) or a Ctrl-C while the summary prints never costs the file.
    if to_stdout:  # the rows alone go to stdout; the summary and every message go to stderr
        df.to_csv(sys.stdout, index=False)
        sys.stdout.flush()
        _print_simulation(args, df, options, sys.stderr)
        return EXIT_OK
    if args.out is None:
        _print_simulation(args, df, options, sys.stdout)
        return EXIT_OK
    record = {
        "game": args.game,
        "players": args.players,
        "options": resolved,
        "options_given": options,
        "bots": [bot.label for bot in bots],
        "seat_rotation": "in game i, seat s is played by bots[(s + i) % players]",
        "seed": args.seed,
        "games": args.games,
        "workers": workers,
        "gamekit_version": __version__,
        "python": platform.python_version(),
        "started": started,
        "ended": ended,
        "rows": len(df),
        "csv": args.out.name,
        "command": _command_line(args),
    }
    written = _write_simulation(args.out, df, record)
    _print_simulation(args, df, options, sys.stdout)
    if written is not None:
        print(_("gamekit {command}: error: {error}", command="simulate", error=written), file=sys.stderr)
        return EXIT_FAILED
    print(
        _(
            "Wrote {rows} rows to {out}, and how they were made to {meta}",
            rows=format(len(df), ","),
            out=args.out,
            meta=metadata_path(args.out),
        )
    )
    return EXIT_OK


def _play_simulation(args: argparse.Namespace, bots: list[Bot], options: dict[str, Any], workers: Any) -> Any:
    """``simulate``'s table of the games ``args`` asks for, with a progress bar on stderr."""
    title = title_of(game_class(args.game))
    games = f"{args.games:,}"
    if workers == 1:
        playing = _("Playing {games} games of {title} here", games=games, title=title)
    elif type(workers) is int:
        playing = _(
            "Playing {games} games of {title} on {workers} worker processes",
            games=games,
            title=title,
            workers=workers,
        )
    else:
        playing = _(
            "Playing {games} games of {title} on {workers}", games=games, title=title, workers=workers
        )
    bar = ProgressBar(total=args.games)
    if not bar.tty:
        print(playing, file=sys.stderr, flush=True)
    # Chunks small enough for the count to move about 20 times per worker (a cluster is taken as 8
    # workers); the rows do not depend on it.
    spread = workers if type(workers) is int and workers >= 1 else 8  # a bad count: simulate says why
    chunk = max(1, min(250, args.games // (20 * spread)))
    # --out FILE.parquet: the rows stream to the file as they are played (memory flat however
    # many games); the summary then reads back only the columns it needs.
    parquet = args.out is not None and args.out.suffix.lower() == ".parquet"
    with bar:
        table = simulate(
            args.game,
            args.players,
            bots,
            args.games,
            seed=args.seed,
            options=options,
            workers=workers,
            progress=bar,
            chunk=chunk,
            out=args.out if parquet else None,
        )
    if parquet:  # the summary's columns only, a batch at a time, small: bots as codes (sorted as
        # texts), seats as bytes: 20 bytes a row where the whole table would take 120
        import pandas as pd
        import pyarrow.parquet as pq

        columns = ["seat", "position", "bot", "score", "win_share", "finished"]
        labels = sorted({bot.label for bot in bots})
        small = {"seat": "int8", "position": "int8"}
        parts = [
            batch.to_pandas().astype({**small, "bot": pd.CategoricalDtype(labels)})
            for batch in pq.ParquetFile(table).iter_batches(batch_size=65_536, columns=columns)
        ]
        return pd.concat(parts, ignore_index=True)
    return table


def _print_simulation(args: argparse.Namespace, df: Any, options: dict[str, Any], report: IO[str]) -> None:
    """What the simulation found, as text on ``report``: the run, its games unfinished, win rates."""
    from .analysis import position_summary, seat_summary, summarize

    print(
        _(
            "{title}, {players} players, {games} games, seed {seed}{options}; bots rotate through the seats",
            title=title_of(game_class(args.game)),
            players=args.players,
            games=format(args.games, ","),
            seed=args.seed,
            options="".join(f", {k}={v}" for k, v in options.items()),
        ),
        file=report,
    )
    unfinished = int((~df["finished"]).sum()) // args.players
    if unfinished:
        print(
            _n(
                "{count} game stopped before its end (max_turns): no winner, provisional scores",
                "{count} games stopped before their end (max_turns): no winner, provisional scores",
                unfinished,
                count=format(unfinished, ","),
            ),
            file=report,
        )
    print(format_summary(summarize(df)), file=report)
    if args.by_seat:
        print(file=report)
        print(format_summary(seat_summary(df), key="seat"), file=report)
        print(file=report)
        print(_("by position after the first start player (0 = that player):"), file=report)
        print(format_summary(position_summary(df), key="position"), file=report)


def write_durably(path: Path, write: Any, binary: bool = False) -> None:
    """``write(handle)`` into a new file beside ``path`` (a text handle, or a binary one if
    ``binary``: Parquet), flushed and fsynced, then renamed to ``path``: the file is there whole
    or not at all, even if the command is stopped or the machine fails right after (``OSError``
    if it cannot be written)."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        with open(partial, "wb") if binary else open(partial, "w", encoding="utf-8", newline="") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def _write_simulation(out: Path, df: Any, record: dict[str, Any]) -> str | None:
    """The rows to ``out`` and how they were made (``record``) beside it, each whole; None, or
    why they could not be written."""
    meta = metadata_path(out)
    try:
        if (
            out.suffix.lower() != ".parquet"
        ):  # a .parquet file was streamed (and renamed whole) as the games were played
            write_durably(out, lambda handle: df.to_csv(handle, index=False))
        write_durably(meta, lambda handle: handle.write(json.dumps(record, indent=2) + "\n"))
    except OSError as exc:
        return _cannot_write(out, exc)
    return None


# ------------------------------------------------------------------- bots, options
def option_text(value: Any) -> str:
    """An option value as ``--option`` takes it back (``option_value`` reads it)."""
    if value is None:
        return "off"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _cmd_bots(args: argparse.Namespace) -> int:
    from .bots import describe

    cls = game_class(args.game)  # an unknown game gets the library's message; the game's bots register
    rows = describe(args.game)
    print(
        _n(
            "{title}: {n} bot. Choose with --bots NAME, or NAME:VALUE to set the parameter.",
            "{title}: {n} bots. Choose with --bots NAME, or NAME:VALUE to set the parameter.",
            len(rows),
            title=title_of(cls),
        )
    )
    table = []
    for row in rows:
        if row["parameter"] is None:
            parameter = "-"
        else:
            low, high = row["range"]
            allowed = (
                _("{low} to {high}", low=format(low, "g"), high=format(high, "g"))
                if high is not None
                else f">= {low:g}"
            )
            parameter = f"{row['parameter']} = {row['default']:g} ({allowed})"
        table.append([row["name"], parameter, row["rule"]])
    print(text_table([_("bot"), _("parameter (default, range)"), _("rule")], table, left=(0, 1, 2)))
    return EXIT_OK


def _cmd_options(args: argparse.Namespace) -> int:
    cls = game_class(args.game)
    declared = cls.options_declared
    if not declared:
        print(_("{title} has no rule options.", title=title_of(cls)))
        return EXIT_OK
    print(
        _n(
            "{title}: {n} rule option. Set it with --option NAME=VALUE.",
            "{title}: {n} rule options. Set one with --option NAME=VALUE.",
            len(declared),
            title=title_of(cls),
        )
    )
    words = domain_of(cls.__module__)  # an option's sentence is the game's to translate
    table = []
    for option in declared:
        values = [option_text(choice) for choice in option.choices or ()]
        if option.minimum is not None:
            values.append(_("a whole number >= {minimum}", minimum=option.minimum))
        doc = words(option.doc)
        table.append([option.name, " | ".join(values), option_text(option.default), option.rule, doc])
    headers = [_("option"), _("values"), _("default"), _("rule"), _("what it does")]
    print(text_table(headers, table, left=(0, 1, 2, 3, 4)))
    return EXIT_OK


# ------------------------------------------------------------------------- examples
def _print_example(example: dict[str, Any], marks: tuple[str, str]) -> bool:
    """Replay one worked example, print it step by step; True when it matches its document."""
    from . import rules
    from .examples import from_document, run_example
    from .rules import sources

    ok_mark, bad_mark = marks
    rule_id = example["id"]
    source = example.get("source", {})
    rule = rules.get(rule_id)
    local = rule.localized()  # the reference's Japanese title and statement where it has them
    title, says = (
        (example.get("title", ""), example.get("says", ""))
        if local is rule
        else (local.title, local.statement)
    )
    print(f"{rule_id}: {title}")
    document = sources()[source["document"]]
    sections = dict.fromkeys(q.section for q in rule.quotes)
    cite = document.cite(*sections)
    if source.get("built_from"):
        print("  " + _("Source: {cite}; built from its {built}", cite=cite, built=source["built_from"]))
    else:
        print("  " + _("Source: {cite}", cite=cite))
    print("  " + _("Says: {says}", says=" ".join(says.split())))
    try:
        run = run_example(example)
    except GamekitError as exc:
        print("  " + _("The engine refused the example: {error}", error=str(exc)))
        if from_document(example):
            print(_("{rule} DOES NOT match the document", rule=rule_id))
        else:
            print(_("{rule} DOES NOT follow the rules", rule=rule_id))
        return False
    report = run.report(ok_mark, bad_mark).splitlines()
    for line in report[:-1]:
        print(f"  {line}")
    print(report[-1])
    return run.matches


def _cmd_examples(args: argparse.Namespace) -> int:
    from .examples import from_document, load_examples

    if args.game is not None:
        game_class(args.game)  # an unknown game gets the library's message
    examples = load_examples(args.game)
    if args.id is not None:
        known = [e["id"] for e in examples]
        examples = [e for e in examples if e["id"].upper() == args.id.upper()]
        if not examples:
            raise ConfigError(
                _(
                    "no worked example {id}; examples: {known}",
                    id=repr(args.id),
                    known=", ".join(known) or _("none"),
                )
            )
    if not examples:
        raise ConfigError(_("no worked examples for {game}", game=args.game))
    marks = _marks(sys.stdout)
    matched = 0
    for i, example in enumerate(examples):
        if i:
            print()
        matched += _print_example(example, marks)
    if len(examples) > 1:
        documents = sum(from_document(e) for e in examples)
        print()
        print(
            _(
                "{matched} of {total} examples hold: {documents} are the documents' own, replayed to "
                "match them; {built} are built from the rule text and follow the rules",
                matched=matched,
                total=len(examples),
                documents=documents,
                built=len(examples) - documents,
            )
        )
    return EXIT_OK if matched == len(examples) else EXIT_FAILED


# ---------------------------------------------------------------------------- rules
def _cmd_rules(args: argparse.Namespace) -> int:
    from . import rules

    if args.sources:
        print(rules.bibliography())
        return EXIT_OK
    chosen: list[rules.Rule] = []
    for name in args.which or [None]:
        if name is None or name in rules.games():
            chosen.extend(rules.all_rules(name))
            continue
        try:
            chosen.append(rules.get(name))
        except KeyError as exc:
            games = ", ".join(rules.games())
            raise ConfigError(
                _("{error}; or name a game: {games}", error=str(exc.args[0]), games=games)
                if name.count("-")
                else _(
                    "{name} is neither a game ({games}) nor a rule ID such as {example}",
                    name=repr(name),
                    games=games,
                    example=_example_rule(),
                )
            ) from None
    for i, rule in enumerate(chosen):
        if i:
            print()
        print(rule.localized().text(quotes=not args.brief))
    return EXIT_OK


# --------------------------------------------------------------------------- claims
def _cmd_claims(args: argparse.Namespace) -> int:
    from . import claims

    chosen = claims.select(args.which)
    sys.stdout.write(claims.listing(chosen, per_seed=not args.brief))
    return EXIT_OK


# ----------------------------------------------------------------------------- play
class _Quit(Exception):
    """The human typed quit or the input ended."""


def _new_narration(game: Game, seat: int, shown: int) -> int:
    """Print the events ``seat`` may read that were not shown yet; returns how many are shown now."""
    log = game.log_for(seat)
    for event in log[shown:]:
        print(f"  {event['text']}")
    return len(log)


def _read_line() -> str:
    """One line from the person, stripped (echoed when input is piped); ``_Quit`` on quit or EOF."""
    try:
        line = input("> ")
    except EOFError:
        print()
        print(_("End of input: leaving the game."))
        raise _Quit from None
    text = line.strip()
    if not _isatty(sys.stdin):
        print(text)
    if text.lower() in ("quit", "exit", "q"):
        print(_("You leave the game."))
        raise _Quit
    return text


def _ask(game: Game, seat: int) -> None:
    """Prompt until the human makes a legal move (done) or quits (raises ``_Quit``)."""
    while True:
        text = _read_line()
        if not text:
            continue
        if text.lower() in ("help", "?"):
            print(_("Legal now: {actions}; or quit", actions=compact_actions(game.legal_actions(seat))))
            continue
        try:
            action = game.parse_action(text)
        except IllegalAction as exc:  # parse_action raises nothing else, whatever the text
            print(_("Not allowed: {error}", error=str(exc)))
            continue
        try:
            game.act(seat, action)
        except IllegalAction as exc:
            print(_("Not allowed: {error}", error=str(exc)))
            continue
        return


def _offer_any_time(game: Game, seat: int) -> bool:
    """Before another seat's decision: the human may take "at any time" actions (BO-H1) until
    an empty line (a pass) or nothing is left to take; returns True if the human asks to go on
    to their own next move ('go')."""
    while True:
        legal = game.legal_actions(seat)
        if not legal or game.is_over:
            return False
        actor = ", ".join(seat_name(s) for s in game.to_act)
        print(
            _(
                "{actor} to act. You may now: {actions}; Enter to go on, 'go' to go on to your move, or quit",
                actor=actor,
                actions=compact_actions(legal),
            )
        )
        text = _read_line()
        if not text:
            return False
        if text.lower() == "go":
            return True
        try:
            game.act(seat, game.parse_action(text))
        except IllegalAction as exc:
            print(_("Not allowed: {error}", error=str(exc)))


def _cannot_write(path: Path, exc: OSError) -> str:
    return _("cannot write {path}: {error}", path=repr(str(path)), error=str(exc))


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _print_result(game: Game, human: int) -> None:
    result = game.result()
    order = sorted(range(game.players), key=lambda s: (result["ranks"][s], s))
    entries = []
    for s in order:
        score, place = f"{result['scores'][s]:,}", _ordinal(result["ranks"][s])
        if s == human:
            entries.append(_("{seat} (you) {score} ({place})", seat=seat_name(s), score=score, place=place))
        else:
            entries.append(_("{seat} {score} ({place})", seat=seat_name(s), score=score, place=place))
    print(_("Result: {entries}", entries=", ".join(entries)))
    if not result["finished"]:
        print(_("The game stopped before its end: no winner."))
    elif human in result["winners"]:
        print(_("You win!") if len(result["winners"]) == 1 else _("You share the win."))
    else:
        print(_("You finish {place}.", place=_ordinal(result["ranks"][human])))


def _cmd_play(args: argparse.Namespace) -> int:
    options = convert_options(args.game, args.option)
    game = new_game(args.game, _players(args), seed=args.seed, options=options)
    human = args.seat
    if not 0 <= human < game.players:
        raise ConfigError(
            _(
                "--seat {seat} is not a seat of this {players}-player game (0 to {last})",
                seat=human,
                players=game.players,
                last=game.players - 1,
            )
        )
    others = [s for s in range(game.players) if s != human]
    specs = bot_specs(args.bots, len(others), _("the {count} other seats", count=len(others)))
    bots = {seat: make_bot(spec, game.name) for seat, spec in zip(others, specs, strict=True)}
    rngs = {seat: bot_rng(game.seed, seat) for seat in others}  # the same generators ``play`` gives bots
    # The seed reproduces every hidden card and die, so it is shown only once the game is over.
    seated = [_("{seat} is {bot}", seat=seat_name(s), bot=bots[s].label) for s in others]
    print(
        _(
            "{title}, {players} players, seed hidden until the game ends. You are {letter} (seat {seat}); "
            "{bots}. Type an action, 'help' or 'quit'.",
            title=title_of(game),
            players=game.players,
            letter=seat_name(human),
            seat=human,
            bots=", ".join(seated),
        )
    )
    shown = 0
    passed = False  # the human passed the point the game stands at (Enter)
    to_my_move = False
    try:
        while not game.is_over:
            bot_seat = next((s for s in game.to_act if s != human), None)
            if bot_seat is not None:
                # "At any time" actions (the public contract): before every bot decision at which the
                # human may take one, whatever point the engine made, the human may take them first,
                # unless they passed this point or asked to go on to their own move.
                if not passed and not to_my_move and may_act_any_time(game, human):
                    shown = _new_narration(game, human, shown)
                    to_my_move = _offer_any_time(game, human)
                    passed = True
                    if game.is_over:
                        continue
                # Bots move first at a simultaneous step: they see only their own views, so the
                # human's sealed choice can never influence them, and the human sees that they chose.
                take_turn(game, bot_seat, bots[bot_seat], rngs[bot_seat])
                passed = False  # a decision: the next point begins
                continue
            shown = _new_narration(game, human, shown)
            print()
            print(render_view(game.name, game.view(human)))
            print(
                _(
                    "Your move ({seat}): {actions}",
                    seat=seat_name(human),
                    actions=compact_actions(game.legal_actions(human)),
                )
            )
            _ask(game, human)
            passed = to_my_move = False
    except _Quit:
        _reveal_seed(game, args)
        return _save(game, args.save)
    except KeyboardInterrupt:  # Ctrl-C: what was played is saved all the same, then exit 130
        print()
        print(_("Interrupted: leaving the game."))
        game = _settled(game)
        _reveal_seed(game, args)
        if _save(game, args.save) != EXIT_OK:
            return EXIT_FAILED
        return EXIT_INTERRUPTED
    _new_narration(game, human, shown)
    print()
    print(render_view(game.name, game.view(human)))
    _print_result(game, human)
    _reveal_seed(game, args)
    return _save(game, args.save)


def _reveal_seed(game: Game, args: argparse.Namespace) -> None:
    """After the game: the seed, and the command that deals the same game again."""
    options = "".join(f" --option {name}={value}" for name, value in args.option)
    command = f"gamekit play {game.name} --players {game.players} --seed {game.seed}{options}"
    if game.is_over:
        print(
            _("The seed was {seed}: `{command}` deals the same cards again.", seed=game.seed, command=command)
        )
    else:
        print(
            _(
                "The seed was {seed} (the game was left unfinished): `{command}` deals the same cards again.",
                seed=game.seed,
                command=command,
            )
        )


def _settled(game: Game) -> Game:
    """The game as its actions left it: replayed from its set-up, in case Ctrl-C came in the
    middle of an action (the action is kept if it was recorded, and lost if it was not)."""
    from .core.game import replay

    actions = list(game.history)
    for keep in (len(actions), len(actions) - 1):
        try:
            return replay(game.setup, actions[:keep])
        except Exception:  # the last action was recorded but not finished: leave it out
            continue
    return game


def _save(game: Game, path: Path | None) -> int:
    """Write the game for ``--save``: only once it is over or left, as the seed in it shows every card."""
    if path is None:
        return EXIT_OK
    try:
        text = game.to_json()
        write_durably(path, lambda handle: handle.write(text))
    except OSError as exc:
        print(
            _("gamekit {command}: error: {error}", command="play", error=_cannot_write(path, exc)),
            file=sys.stderr,
        )
        return EXIT_FAILED
    print(_("Saved the game to {path}", path=path))
    return EXIT_OK


# ---------------------------------------------------------------------------- bench
def _cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_from_args

    return run_from_args(args)


# ---------------------------------------------------------------------------- classroom
SEED_NOTE = N_(
    "Seed {seed} is fixed: anyone who knows it (and gamekit) can compute every student's private "
    "value and every table's deal, rivals' included. Fine for a demo; leave --seed out in class."
)
PLAN_SEED_NOTE = N_(
    "The seed of an activity of the plan is fixed: anyone who knows it (and gamekit) can compute every "
    "student's private value and every table's deal, rivals' included. Fine for a demo; leave --seed out in class."
)


def _classroom_parts() -> tuple[Any, Any]:
    """``qr_text`` and ``Classroom``, or a ``MissingExtra`` naming the classroom extra and its
    install line when a package of the server is not installed."""
    with needs_extra("classroom", "gamekit classroom"):
        import uvicorn  # noqa: F401  (the server runs on it; imported when it starts)

        from .classroom import app  # noqa: F401
        from .classroom.qr import qr_text
        from .classroom.session import Classroom
    return qr_text, Classroom


def _cmd_classroom(args: argparse.Namespace) -> int:
    """Start a class session (or resume the database's last one) and keep it until Ctrl-C: print
    the links and the QR code, open the projector page (logged in) in this computer's browser,
    and with ``--plan`` run the plan's activities in order (Enter in the terminal advances)."""
    import webbrowser

    qr_text, Classroom = _classroom_parts()

    plan = runner = None
    if args.plan is not None:
        from .classroom.plan import PlanError, load_plan

        try:
            plan = load_plan(args.plan)
        except PlanError as exc:
            print(
                _("gamekit {command}: error: {error}", command="classroom", error=str(exc)), file=sys.stderr
            )
            return EXIT_USAGE
    options: dict[str, Any] = {"fallback_port": DEFAULT_CLASSROOM_PORT}
    if args.seed is not None:
        options["seed"] = args.seed
    title = args.title if args.title is not None else plan.title if plan is not None else _("Class")
    try:
        room = Classroom(
            db=args.db, host=args.host, port=args.port, title=title, code=args.code, new=args.new, **options
        )
    except ValueError as exc:
        print(_("gamekit {command}: error: {error}", command="classroom", error=str(exc)), file=sys.stderr)
        return EXIT_USAGE
    except (OSError, RuntimeError) as exc:  # the port is taken (CL-30), the database cannot be written...
        print(_("gamekit classroom: the server did not start: {error}", error=str(exc)), file=sys.stderr)
        return EXIT_FAILED
    try:
        if room.resumed:
            opened = _(
                "Class session {code} (resumed where it stood): students open {url}",
                code=room.code,
                url=room.join_url,
            )
        else:
            opened = _("Class session {code} (new): students open {url}", code=room.code, url=room.join_url)
        print(opened)
        print(_("Projector page: {url} (it asks for the teacher token)", url=room.teacher_url))
        if args.show_token:
            print(_("Teacher token (keep it off the projector): {token}", token=room.server.teacher_token))
        elif args.browser and webbrowser.open(room.projector_url):
            print(_("The projector page is open in your browser, logged in; the token stays out of sight."))
        else:
            print(_("The teacher token is not shown (this terminal may be on the projector): --show-token"))
        print(_("Data: {db} (restart with --db {db} to go on: same link, same session)", db=room.db))
        if room.host in ("127.0.0.1", "localhost", "::1"):
            print(_("Only this computer can join: for phones in the room use --host 0.0.0.0 (see --help)."))
        if args.seed is not None:
            print(_(SEED_NOTE, seed=args.seed))
        elif plan is not None and plan.seeded:
            print(_(PLAN_SEED_NOTE))
        print()
        print(qr_text(room.join_url))
        print()
        print(_("Press Ctrl-C to stop the server."), flush=True)
        if plan is not None:
            runner = _run_plan(room, plan)
        deadline = None if args.seconds is None else time.monotonic() + args.seconds
        while deadline is None or time.monotonic() < deadline:
            if runner is not None and args.stop_when_done and runner.finished:
                break
            time.sleep(0.2 if deadline is None else min(0.2, max(0.0, deadline - time.monotonic())))
    except KeyboardInterrupt:
        print("\n" + _("stopping"), file=sys.stderr)
    finally:
        if runner is not None:
            runner.stop()
        room.stop()
    print(_("Stopped. The session's data stays in {db}", db=room.db))
    return EXIT_OK


def _run_plan(room: Any, plan: Any) -> Any:
    """Start ``plan`` in a thread and let Enter in the terminal advance it."""
    from .classroom.plan import PlanRunner

    runner = PlanRunner(room, plan, say=lambda line: print(line, flush=True))
    runner.attach()  # the teacher page's Next: POST /api/teacher/{code}/advance

    def run() -> None:
        try:
            runner.run()
        except Exception as exc:  # the server refused a step: said, the session goes on by hand
            print(_("The plan stopped: {error}", error=str(exc)), file=sys.stderr, flush=True)

    def enter() -> None:
        try:
            while not runner.finished and sys.stdin.readline():
                runner.advance()
        except (OSError, ValueError):  # no terminal to read (a test, a service)
            return

    threading.Thread(target=run, name="classroom-plan", daemon=True).start()
    threading.Thread(target=enter, name="classroom-enter", daemon=True).start()
    return runner


DEFAULT_CLASSROOM_PORT = 8765


def _classroom_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host",
        default=None,
        help=_(
            "127.0.0.1 (default for a new database): this computer only; 0.0.0.0: every device on the "
            "local network (the room's Wi-Fi; allow the port in the firewall). Plain HTTP: use a network "
            "you trust. Left out, a database's server listens where it did last time"
        ),
    )
    p.add_argument(
        "--port",
        type=int,
        default=None,
        help=_(
            "port to listen on (default: the database's port from last time, so the join link stays; "
            "a new database: {port}; 0: any free port)",
            port=DEFAULT_CLASSROOM_PORT,
        ),
    )
    p.add_argument(
        "--db",
        type=Path,
        help=_(
            "SQLite file of the session (default: a new file in your data folder); an existing file "
            "resumes its last session where it stood"
        ),
    )
    p.add_argument("--code", help=_("the session of --db to resume (default: its last one)"))
    p.add_argument("--new", action="store_true", help=_("start a new session in --db instead of resuming"))
    p.add_argument("--title", default=None, help=_("the session's title (default: the plan's, or Class)"))
    p.add_argument(
        "--plan",
        type=Path,
        metavar="PLAN.toml",
        help=_("run the activities of this plan file in order (see data/classroom/plans/week3.toml)"),
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help=_(
            "a fixed seed for a demo (default: a secret random one; with a fixed seed students "
            "could compute each other's values)"
        ),
    )
    p.add_argument(
        "--no-browser",
        dest="browser",
        action="store_false",
        help=_("do not open the projector page in this computer's browser"),
    )
    p.add_argument(
        "--show-token",
        action="store_true",
        help=_("print the teacher token (not if the terminal is projected)"),
    )
    p.add_argument(
        "--stop-when-done", action="store_true", help=_("with --plan: stop the server when the plan is done")
    )
    p.add_argument("--seconds", type=float, help=argparse.SUPPRESS)  # tests: stop after this long


# -------------------------------------------------------------------------- lessons
def _cmd_lessons(args: argparse.Namespace) -> int:
    from .lessons import START_PAGE, LessonsChanged, copy_lessons

    try:
        done = copy_lessons(args.dir, force=args.force)
    except (LessonsChanged, OSError) as exc:
        print(_("gamekit {command}: error: {error}", command="lessons", error=str(exc)), file=sys.stderr)
        return EXIT_FAILED
    statuses = {
        "copied": N_("copied"),
        "updated": N_("updated"),
        "replaced": N_("replaced"),
        "unchanged": N_("unchanged"),
    }
    for status, word in statuses.items():
        names = [c.name for c in done if c.status == status]
        if names:
            print(_("{status} {count}: {names}", status=_(word), count=len(names), names=", ".join(names)))
    start = args.dir / START_PAGE
    print(
        _(
            "The lessons are in {dir}; open {start} first (e.g. jupyter lab {start}).",
            dir=args.dir,
            start=start,
        )
    )
    return EXIT_OK


# ----------------------------------------------------------------------------- main
def _game_arguments(p: argparse.ArgumentParser, games: str) -> None:
    """The arguments every command that sets up a game takes: the game, players, options."""
    p.add_argument("game", help=_("the game to play ({games})", games=games))
    usual = ", ".join(f"{name} {game_class(name).default_players}" for name in registered())
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help=_("number of players (default: the game's usual count: {usual})", usual=usual),
    )
    p.add_argument(
        "--option",
        action="append",
        type=parse_option,
        default=[],
        metavar="NAME=VALUE",
        help=_("a rule option, e.g. edition=classic (repeatable)"),
    )


def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=1000, help=_("games to play (default 1000)"))
    p.add_argument(
        "--bots",
        default="random",
        help=_("one bot name per seat, comma-separated, or one for all (e.g. spread:0.3)"),
    )
    p.add_argument("--seed", type=int, default=0, help=_("seed of the whole simulation (default 0)"))
    p.add_argument(
        "--workers",
        default="1",
        help=_(
            "local processes, or a Dask scheduler address such as tcp://10.0.0.5:8786; "
            "the rows are the same for every choice (default 1)"
        ),
    )
    p.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help=_(
            "write every row (one per seat per game) as CSV (as Parquet, streamed, if FILE ends in .parquet), "
            "and FILE.json beside it recording the game, "
            "players, options, bots, seed, games, workers, gamekit version and times; '-' writes the CSV to "
            "stdout (the summary then goes to stderr)"
        ),
    )
    p.add_argument(
        "--by-seat",
        action="store_true",
        help=_("also summarise per seat and per position after the first start player"),
    )


def _example_rule() -> str:
    """A rule ID to show in help: the first registered game's first rule."""
    from . import rules

    return rules.all_rules(rules.games()[0])[0].id


def _rules_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "which",
        nargs="*",
        help=_("games or rule IDs (e.g. {example}); none for every rule", example=_example_rule()),
    )
    p.add_argument("--brief", action="store_true", help=_("statements only, without the quotes"))
    p.add_argument("--sources", action="store_true", help=_("list the source documents the rules cite"))


def _play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seat", type=int, default=0, help=_("your seat, from 0 (default 0)"))
    p.add_argument(
        "--bots",
        default="random",
        help=_("a bot for every other seat, or one per other seat, comma-separated"),
    )
    p.add_argument(
        "--seed", type=int, help=_("seed of the deal (default: a fresh one); shown only when the game ends")
    )
    p.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help=_(
            "write the game as JSON when it ends or you leave (not before: the seed in a save "
            "reveals every hidden card); gamekit.load_game reads it"
        ),
    )


EXIT_HELP = N_(
    "Exit status: 0 done; 1 failed (an example that does not match its document, a file that "
    "could not be written, an extra that is not installed); 2 bad arguments; 130 stopped by "
    "Ctrl-C (play --save saves the game first); 141 the reader of the output stopped early "
    "(gamekit ... | head). Every file a command writes (--out, --save) is written in full "
    "before anything is printed about it, so 130 and 141 never cost a file."
)
LANG_HELP = N_("the language gamekit writes in: en or ja (default: GAMEKIT_LANG, else English)")


def build_parser() -> argparse.ArgumentParser:
    """The ``gamekit`` argument parser with its subcommands."""
    from .bench import add_arguments as add_bench_arguments

    games = ", ".join(registered())
    parser = argparse.ArgumentParser(
        prog="gamekit",
        description=_("Board-game engines for teaching game theory: {games}", games=games),
        epilog=_(EXIT_HELP),
    )
    parser.add_argument("--version", action="version", version=f"gamekit {__version__}")
    parser.add_argument("--lang", choices=LANGS, help=_(LANG_HELP), default=None)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    simulate_parser = sub.add_parser(
        "simulate", help=_("play many games between bots and summarise who wins")
    )
    _game_arguments(simulate_parser, games)
    _simulate_arguments(simulate_parser)
    simulate_parser.set_defaults(run=_cmd_simulate)

    bots_parser = sub.add_parser("bots", help=_("list the bots of a game, with their parameters and rules"))
    bots_parser.add_argument("game", help=_("the game ({games})", games=games))
    bots_parser.set_defaults(run=_cmd_bots)

    options_parser = sub.add_parser(
        "options", help=_("list the rule options of a game, with values and defaults")
    )
    options_parser.add_argument("game", help=_("the game ({games})", games=games))
    options_parser.set_defaults(run=_cmd_options)

    examples_parser = sub.add_parser("examples", help=_("replay the rule documents' worked examples"))
    examples_parser.add_argument("--game", help=_("only this game's examples"))
    examples_parser.add_argument("--id", help=_("only this example, e.g. a rule ID ending in X1"))
    examples_parser.set_defaults(run=_cmd_examples)

    rules_parser = sub.add_parser("rules", help=_("print rules from gamekit's rules reference"))
    _rules_arguments(rules_parser)
    rules_parser.set_defaults(run=_cmd_rules)

    claims_parser = sub.add_parser(
        "claims", help=_("print what the lessons claim about the games, with the stored evidence")
    )
    claims_parser.add_argument("which", nargs="*", help=_("lesson numbers (01) or claim ids; default: all"))
    claims_parser.add_argument(
        "--brief", action="store_true", help=_("pooled figures only, no line per seed")
    )
    claims_parser.set_defaults(run=_cmd_claims)

    play_parser = sub.add_parser("play", help=_("play in the terminal against bots"))
    _game_arguments(play_parser, games)
    _play_arguments(play_parser)
    play_parser.set_defaults(run=_cmd_play)

    bench_parser = sub.add_parser("bench", help=_("time random playouts of every game on one core"))
    add_bench_arguments(bench_parser)
    bench_parser.set_defaults(run=_cmd_bench)

    classroom_parser = sub.add_parser(
        "classroom",
        help=_("run a class session: students join from their phones (needs gamekit-edu[classroom])"),
    )
    _classroom_arguments(classroom_parser)
    classroom_parser.set_defaults(run=_cmd_classroom)
    lessons_parser = sub.add_parser(
        "lessons", help=_("copy the lessons (Jupyter notebooks) that ship with gamekit into a folder")
    )
    lessons_parser.add_argument("dir", type=Path, help=_("the folder (created if missing), e.g. ."))
    lessons_parser.add_argument(
        "--force",
        action="store_true",
        help=_("replace lessons there that were changed since they were copied"),
    )
    lessons_parser.set_defaults(run=_cmd_lessons)
    for (
        command
    ) in sub.choices.values():  # ``gamekit play ... --lang ja`` as well as ``gamekit --lang ja play``
        command.add_argument("--lang", choices=LANGS, help=_(LANG_HELP), default=argparse.SUPPRESS)
    return parser


def _asked_language(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of the command line, read before the parser is built so that its help is in
    that language too (argparse checks the value again)."""
    for i, word in enumerate(argv):
        value = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else word.partition("=")[2]
        if (word == "--lang" or word.startswith("--lang=")) and value in LANGS:
            return value
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``gamekit`` with ``argv`` (default: the process's arguments); returns the exit code."""
    _tolerate_unencodable_output()
    asked = _asked_language(sys.argv[1:] if argv is None else list(argv))
    if asked is not None:
        set_language(asked)  # before the parser: its help is in the language asked for
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error argparse already printed
        if exc.code is None:
            return EXIT_OK
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.lang is not None:
        set_language(args.lang)  # before anything the command prints
    try:
        code = args.run(args)
        sys.stdout.flush()  # a closed pipe shows here, not at exit where it would cost a traceback
        return code
    except MissingExtra as exc:
        print(_("gamekit {command}: error: {error}", command=args.command, error=str(exc)), file=sys.stderr)
        return EXIT_FAILED
    except ConfigError as exc:
        print(_("gamekit {command}: error: {error}", command=args.command, error=str(exc)), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\n" + _("interrupted"), file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `gamekit rules | head`: the reader stopped; every file is already written
        # As Python's documentation advises (signal, "Note on SIGPIPE"): stdout goes to devnull so
        # that the flush at exit does not fail a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
