"""Runs: thousands of games, in chunks, as tables (``simulate``, ``simulate_records``).

A run is one frozen ``RunSpec``; a chunk of its games is played by ``play_games`` wherever the
workers are, and depends only on the spec, the bots and the games' numbers.
"""

from __future__ import annotations

import importlib
import os
import pickle
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots.base import bot_label, make_bot
from ..core.errors import ConfigError, PlayError
from ..core.game import Game, new_game
from ..core.i18n import N_, _
from ..core.registry import game_class, registered
from .columns import Columns
from .fence import BotThread, Seat, check_time_limit, short
from .gather import Batch, Kept, Progress, Sink, collect
from .loop import BotSpec, is_one_bot, play_to_end
from .seeds import bot_key, game_seed, keyed_rng
from .workers import Workers, on_workers, workers_kind

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class RunSpec:
    """One simulation: ``games`` games of ``game`` at ``players``, dealt from ``seed`` with
    ``options``, played in chunks of ``chunk``, each decision of each bot bounded by ``time_limit``
    (seconds, None: none), with each game's own records too when ``records``.

    It is all a worker is told besides the bots and the games' numbers, and all the games depend
    on. ``module`` is the game's module, from the registry: a worker imports it before it plays,
    so that a game registered outside gamekit is known there too. Building a spec checks it.
    """

    game: str
    players: int
    games: int
    seed: int = 0
    options: Mapping[str, Any] | None = None
    chunk: int = 250
    records: bool = False
    time_limit: float | None = None
    module: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "module", game_class(self.game).__module__)  # an unknown name fails first
        if type(self.games) is not int or self.games < 1:
            raise ConfigError(_("games must be a whole number >= 1, not {games}", games=repr(self.games)))
        if type(self.chunk) is not int or self.chunk < 1:
            raise ConfigError(
                _("chunk must be a whole number of games >= 1, not {chunk}", chunk=repr(self.chunk))
            )
        object.__setattr__(self, "time_limit", check_time_limit(self.time_limit))

    def chunks(self) -> list[range]:
        """The games' numbers, ``chunk`` at a time: the unit of work sent to a worker."""
        return [
            range(start, min(start + self.chunk, self.games)) for start in range(0, self.games, self.chunk)
        ]


def play_games(
    spec: RunSpec, bots: Sequence[BotSpec], indices: Iterable[int], trace: Callable[[int], None] | None = None
) -> Batch:
    """Rows (and, if the spec asks, the games' records) of the games numbered ``indices``, as
    columns, and the error that stopped them early, if any (the rows then hold the games finished
    before it). ``trace(index)`` is told each game's number before it starts (a worker's record
    of where it is, read if it dies).

    The unit of work of every worker: it depends only on its arguments.
    """
    thread = BotThread()
    seated = [Seat(make_bot(b, spec.game), spec.time_limit, thread) for b in bots]
    players, rows, tables = spec.players, Columns(), {}
    key = bot_key(spec.seed)
    try:
        for index in indices:
            if trace is not None:
                trace(index)
            game = new_game(spec.game, players, seed=game_seed(spec.seed, index), options=spec.options)
            # Seat rotation: in game i, seat s is played by bot (s + i) mod n.
            order = [seated[(seat + index) % players] for seat in range(players)]
            rngs = [keyed_rng(key, index, seat) for seat in range(players)]
            rows.extend(_seat_rows(game, play_to_end(game, order, rngs, index), order, index))
            if spec.records:
                for table, entries in game.records().items():
                    tables.setdefault(table, Columns()).extend(
                        {"game": index, **entry, "bot": order[entry["seat"]].label} for entry in entries
                    )
    except PlayError as exc:
        return rows, tables, exc
    finally:
        thread.close()
    return rows, tables, None


def _seat_rows(game: Game, result: dict[str, Any], order: Sequence[Seat], index: int) -> list[dict[str, Any]]:
    """One row per seat of finished game number ``index``: who played it, how it ended, its statistics."""
    winners, players = result["winners"], game.players
    rows = []
    for seat in range(players):
        row = {
            "game": index,
            "seat": seat,
            # Seats after the game's first start player, clockwise (0: that player).
            "position": (seat - game.first_player) % players,
            "bot": order[seat].label,
            "score": result["scores"][seat],
            "rank": result["ranks"][seat],
            "winner": seat in winners,
            "win_share": 1 / len(winners) if seat in winners else 0.0,
            "finished": result["finished"],
            "decisions": len(game.history),
        }
        row.update(game.stats(seat))
        rows.append(row)
    return rows


def play_games_remote(
    spec: RunSpec, payload: bytes, indices: Iterable[int], trace: tuple[str, int] | None = None
) -> Batch:
    """``play_games`` in a worker process: the game's module imported first, the bots arriving
    pickled (by cloudpickle), and an error going back with its cause, or with the cause's text
    where the cause cannot be pickled. ``trace`` (a file and a slot) is where the worker records
    the game it starts, read if it dies (``processes.Trace``)."""
    bots = _unpickled(spec, payload)
    if trace is None:
        rows, tables, error = play_games(spec, bots, indices)
    else:
        from .processes import marker

        mark, done = marker(*trace)
        rows, tables, error = play_games(spec, bots, indices, mark)
        done()
    if error is not None and error.__cause__ is not None:
        cause = error.__cause__
        text = "".join(traceback.format_exception(cause))
        try:
            pickle.dumps(cause)
        except Exception:
            cause = RuntimeError(short(cause))
        cause.add_note("in the worker process:\n" + text)
        error.__cause__ = cause
    return rows, tables, error


def replay_game_remote(spec: RunSpec, payload: bytes, index: int, path: str) -> None:
    """Game ``index`` played again alone in a fresh worker, after a worker died in it: before each
    decision the seat about to decide is recorded in the trace at ``path``, so that if this
    process dies too the seat (and so the bot) is known."""
    from .processes import marker

    bots = _unpickled(spec, payload)
    mark, done = marker(path, 0)
    thread = BotThread()
    seated = [Seat(make_bot(b, spec.game), spec.time_limit, thread) for b in bots]
    players = spec.players
    order = [seated[(seat + index) % players] for seat in range(players)]
    for seat, at in enumerate(order):
        at.choose = _marked(at.choose, mark, seat)
    game = new_game(spec.game, players, seed=game_seed(spec.seed, index), options=spec.options)
    try:
        play_to_end(game, order, [keyed_rng(bot_key(spec.seed), index, s) for s in range(players)], index)
    except PlayError:
        pass  # it did not die here: the bot's own error is not what is being looked for
    finally:
        thread.close()
    done()


def _marked(choose: Callable[..., Any], mark: Callable[[int], None], seat: int) -> Callable[..., Any]:
    def marked(*args: Any) -> Any:
        mark(seat)
        return choose(*args)

    return marked


def _unpickled(spec: RunSpec, payload: bytes) -> list[Any]:
    import_game(spec.game, spec.module)
    try:
        return pickle.loads(payload)
    except Exception as exc:
        raise ConfigError(
            _(
                "the bots could not be unpickled in a worker process ({error}); {fix}",
                error=short(exc),
                fix=_(_IMPORTABLE),
            )
        ) from None


def import_game(game: str, module: str) -> None:
    """Register ``game`` in this process (a worker's) by importing ``module``, its class's module
    (``RunSpec.module``), as the caller did: a game registered outside gamekit is known here too."""
    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise ConfigError(
            _(
                "a worker process cannot import {module}, the module of game {game} ({error}); "
                "the workers need it importable (installed, or on their sys.path), or use workers=1",
                module=repr(module),
                game=repr(game),
                error=short(exc),
            )
        ) from None
    if game not in registered():  # its class was defined in a script or a notebook (__main__)
        raise ConfigError(
            _(
                "game {game} is defined in {module}, which a worker process does not run: define "
                "it in a module the workers can import (a .py file beside the notebook), or use workers=1",
                game=repr(game),
                module=module,
            )
        )


_IMPORTABLE = N_(
    "make the bot importable: define its class in a module the workers can import (a .py file beside the notebook, "
    "imported with 'from mybots import MyBot'), give it only attributes that can be pickled, "
    "or use workers=1"
)


def pickled_bots(bots: list[Any]) -> bytes:
    """The bots as the worker processes receive them: cloudpickle sends classes defined in a
    notebook or a script (``__main__``) by value."""
    try:
        import cloudpickle
    except ImportError:  # pragma: no cover - a dependency of gamekit
        cloudpickle = pickle
    try:
        return cloudpickle.dumps(bots)
    except Exception as exc:
        labels = ", ".join(bot_label(b) for b in bots if not isinstance(b, str))
        raise ConfigError(
            _(
                "the bots ({labels}) cannot be sent to worker processes ({error}); {fix}",
                labels=labels,
                error=short(exc),
                fix=_(_IMPORTABLE),
            )
        ) from None


def run(
    spec: RunSpec, bots: Sequence[BotSpec] | BotSpec, workers: Workers, progress: Progress | None, sink: Sink
) -> None:
    """Every game of ``spec`` played by ``bots`` on ``workers``, handed to ``sink`` in game order,
    whatever the workers. Bad bots, players or options fail before any game."""
    if is_one_bot(bots):
        bots = [bots] * spec.players  # type: ignore[list-item]
    bots = list(bots)  # type: ignore[arg-type]
    if len(bots) != spec.players:
        raise ConfigError(
            _("{players} players need {players} bots, got {count}", players=spec.players, count=len(bots))
        )
    checked = [make_bot(b, spec.game) for b in bots]
    new_game(spec.game, spec.players, seed=spec.seed, options=spec.options)  # set-up errors fail early too
    chunks = spec.chunks()
    if workers_kind(workers) == "one":
        batches = (play_games(spec, checked, ix) for ix in chunks)
        collect(batches, chunks, progress, sink, stop_at_error=True)
        return
    payload = pickled_bots(bots)
    labels = [bot_label(bot) for bot in checked]
    on_workers(
        workers,
        lambda number, trace: (play_games_remote, spec, payload, chunks[number], trace),
        chunks,
        progress,
        sink,
        replay=lambda index, path: (replay_game_remote, spec, payload, index, path),
        name_bot=lambda index, seat: labels[(seat + index) % spec.players],
        spec=spec,
    )


def _frames(
    spec: RunSpec, bots: Sequence[BotSpec] | BotSpec, workers: Workers, progress: Progress | None
) -> dict[str, pd.DataFrame]:
    """``run``'s rows and tables as DataFrames, ``seats`` first; on a failure the error's ``rows``
    and ``tables`` (those of the games that finished) become DataFrames too."""
    kept = Kept()
    try:
        run(spec, bots, workers, progress, kept)
    except PlayError as exc:
        exc.rows = kept.rows.frame()
        exc.tables = {k: v.frame() for k, v in kept.tables.items()}
        raise
    return {"seats": kept.rows.frame(), **{k: v.frame() for k, v in kept.tables.items()}}


def listed_first(table: pd.DataFrame, players: int | None = None) -> pd.Series:
    """Which rows of a ``simulate`` table are the bot listed first. Seats rotate (in game i, seat s
    is played by bot (s + i) mod n), so it sits in seat (-i) mod n; ``players`` defaults to the
    number of rows of each game."""
    if players is None:
        players = table.groupby("game")["seat"].transform("size")
    return table["seat"] == (-table["game"]) % players


def simulate(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: Workers = 1,
    progress: Progress | None = None,
    chunk: int = 250,
    *,
    time_limit: float | None = None,
    out: str | os.PathLike[str] | None = None,
) -> pd.DataFrame | Path:
    """Play ``games`` games and return one row per seat per game.

    ``bots`` holds one bot (or name) per seat; seats rotate from game to game so
    that every bot plays every seat equally often over each ``players`` games.
    Each row has game, seat, position (seats after the game's first start player,
    clockwise: 0 is that player, whom the rules choose at random), bot, score, rank,
    winner, win_share, finished and decisions, then the game's own statistics.
    ``progress(done, total)`` is called in the calling process each time a chunk of
    ``chunk`` games finishes. ``time_limit`` (seconds, default none) bounds each decision
    of each bot.

    ``workers`` says where the games are played, in chunks of ``chunk`` games; the table is
    the same, row for row, for every choice:

    - ``1`` (default): here, one game after another;
    - a number above 1: that many fresh local worker processes. They do not run the calling
      script again, so a script needs no ``if __name__ == "__main__":`` guard, and bots
      defined in a notebook or a script travel to them by cloudpickle;
    - a Dask scheduler's address (``"tcp://10.0.0.5:8786"``) or a ``dask.distributed.Client``:
      the workers of that cluster, which need gamekit (the same version) installed;
    - any ``concurrent.futures.Executor`` (a process or thread pool of your own), left running.

    Ctrl-C (``KeyboardInterrupt``) stops a simulation within a fraction of a second: games
    not yet started are cancelled, local worker processes terminated, Dask tasks cancelled
    (an Executor of your own finishes the chunks it has started).

    Seeds: game i is dealt from ``game_seed(seed, i)``, and its bot in seat s draws from
    ``simulation_bot_rng(seed, i, s)``, which is not derived from the game's seed. Same
    seed, same table. What a bot can learn: nothing about its game's seed from its
    generator beyond what it could guess of ``seed`` itself. A bot that guesses a small
    ``seed`` (0, 1, 42) can replay the candidate games and so learn every hidden card
    (from what it sees of the game, generator or not); for a contest among untrusted bots
    pass a secret seed, e.g. ``secrets.randbits(63)``, and run the bots in separate
    processes (in-process bots can reach anything by reflection; see ``gamekit.simulate.fence``).

    A bot that fails (``BotError``, ``BotTimeout``) or a game that stalls (``GameStalled``)
    stops the simulation with an error naming the game's number, its seed, the seat and the
    bot; ``exc.rows`` holds this table for the games that finished (with workers, also those
    of other chunks, after the failing game too). A worker process that dies (killed, out of
    memory) stops it the same way: its game is played again alone to name the seat and bot.

    ``out="results.parquet"``: the rows go to that Parquet file instead, written as the chunks
    finish (in row groups of 65,536 rows), so memory stays flat however many games are played; the path is
    returned (``pandas.read_parquet(path)`` is the table). The file's metadata records how the
    rows were made (``gamekit.simulate.parquet.read_record(path)``: game, players, options,
    bots, seed, games, versions, times); a run that fails or is interrupted still leaves a
    readable file of the games that finished, its record saying why it stopped.
    """
    spec = RunSpec(name, players, games, seed=seed, options=options, chunk=chunk, time_limit=time_limit)
    if out is not None:
        return _to_parquet(spec, bots, workers, progress, out)
    return _frames(spec, bots, workers, progress)["seats"]


def _to_parquet(
    spec: RunSpec,
    bots: Sequence[BotSpec] | BotSpec,
    workers: Workers,
    progress: Progress | None,
    out: str | os.PathLike[str],
) -> Path:
    """``run`` streamed to the Parquet file ``out`` (``parquet.ParquetSink``); its path."""
    import platform
    from datetime import UTC, datetime

    from .. import __version__
    from .parquet import ParquetSink, check_out

    path = check_out(out)
    listed = [bots] * spec.players if is_one_bot(bots) else list(bots)  # type: ignore[list-item]
    game = new_game(spec.game, spec.players, seed=spec.seed, options=spec.options)
    record = {
        "game": spec.game,
        "players": spec.players,
        "options": dict(game.options),
        "options_given": dict(spec.options or {}),
        "bots": [bot_label(make_bot(b, spec.game)) for b in listed],
        "seat_rotation": "in game i, seat s is played by bots[(s + i) % players]",
        "seed": spec.seed,
        "games": spec.games,
        "chunk": spec.chunk,
        "workers": workers if isinstance(workers, int | str) else type(workers).__name__,
        "gamekit_version": __version__,
        "python": platform.python_version(),
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    sink = ParquetSink(path, record)
    try:
        run(spec, bots, workers, progress, sink)
    except BaseException as exc:
        sink.record["ended"] = datetime.now(UTC).isoformat(timespec="seconds")
        sink.close(stopped=short(exc) if str(exc) else type(exc).__name__)
        if isinstance(exc, PlayError):
            exc.rows = path  # the games that finished are in the file
        raise
    sink.record["ended"] = datetime.now(UTC).isoformat(timespec="seconds")
    sink.close()
    return path


def simulate_records(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: Workers = 1,
    progress: Progress | None = None,
    chunk: int = 250,
    *,
    time_limit: float | None = None,
) -> dict[str, pd.DataFrame]:
    """The same games as ``simulate`` with the same arguments, with each game's own records.

    Returns ``{"seats": <simulate's table>, <record name>: <table>, ...}``: each table the game's
    ``records()`` names, with the game's number and the bot of each row's seat (one row per
    purchase, sale, auction or trade, as the game records them).
    On a failure the error carries ``rows`` (the seats table) and ``tables`` (the records)
    of the games that finished, as ``simulate`` describes.
    """
    spec = RunSpec(
        name, players, games, seed=seed, options=options, chunk=chunk, records=True, time_limit=time_limit
    )
    return _frames(spec, bots, workers, progress)
