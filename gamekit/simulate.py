"""Playing games with bots, one at a time (``play``) or by the thousand (``simulate``).

Every game of a simulation gets its own seed derived from the simulation's seed
and the game's number, and every bot its own generator derived from the simulation's
seed, the game's number and the seat (never from the game's seed), so a table of
results never depends on which process played which game.

What a bot is given (the public contract): a copy of its own seat's view, a fresh list of
the legal actions and its generator; nothing that leads back to the game. gamekit's own
shipped bots are trusted code and are called directly; any other bot is called on a
separate long-lived thread, so that nothing on its call stack holds the game. That is
a fence against accidents and casual peeking, not a sandbox: code in the same process can
still reach any object by deliberate reflection on the interpreter (``gc``,
``sys._current_frames``); only separate processes keep a bot from the game.
"""

from __future__ import annotations

import hashlib
import math
import os
import pickle
import queue
import random
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.context import SpawnContext
from typing import TYPE_CHECKING, Any

from .bots.base import BotLike, bot_label, is_shipped, make_bot
from .core.errors import BotError, BotTimeout, ConfigError, GameStalled, PlayError
from .core.game import SEAT_NAMES, Events, Game, game_class, new_game

if TYPE_CHECKING:
    import pandas as pd

BotSpec = BotLike | str
Progress = Callable[[int, int], None]
# A number of local processes, a Dask scheduler's address, a dask.distributed Client, or any
# concurrent.futures.Executor (see ``simulate``).
Workers = int | str | Executor | Any


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from parts, the same on every machine and Python version."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game number ``index`` of the simulation with ``seed``."""
    return derive_seed(seed, index)


def bot_rng(game_seed: int, seat: int) -> random.Random:
    """The generator a bot in ``seat`` draws from in ``play`` of the game with ``game_seed``."""
    return random.Random(derive_seed(game_seed, "bot", seat))


def _bot_key(seed: int) -> bytes:
    """The key of a simulation's bot generators: from its seed, in a domain no game seed uses."""
    return hashlib.blake2b(repr(seed).encode(), digest_size=32, person=b"gamekit botkey").digest()


def _keyed_rng(key: bytes, index: int, seat: int) -> random.Random:
    digest = hashlib.blake2b(repr((index, seat)).encode(), key=key, digest_size=32, person=b"gamekit botrng")
    return random.Random(int.from_bytes(digest.digest(), "big"))


def simulation_bot_rng(seed: int, index: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat`` of game ``index`` of the simulation with ``seed``.

    A keyed BLAKE2b hash of the game's number and the seat, the key derived from the
    simulation's seed in its own domain: the game's seed is no input, so knowing the game
    seeds tells nothing of the bots' generators, and a generator (256 bits of seed) gives a
    bot nothing about its game's seed beyond what it could guess of the simulation's seed.
    """
    return _keyed_rng(_bot_key(seed), index, seat)


# ----------------------------------------------------------------- calling a bot
def _plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (a view), much faster than ``copy.deepcopy``."""
    cls = value.__class__
    if cls is dict:
        return {key: _plain_copy(item) for key, item in value.items()}
    if cls is list:
        return [_plain_copy(item) for item in value]
    if cls is tuple:
        return tuple(_plain_copy(item) for item in value)
    if cls in (int, str, float, bool) or value is None:
        return value
    import copy

    return copy.deepcopy(value)


class _Job:
    """One call of a bot's ``choose``, handed to the bot thread. It holds no game."""

    __slots__ = ("args", "choose", "done", "error", "result")

    def __init__(self, choose: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.choose, self.args = choose, args
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None


def _serve(jobs: queue.SimpleQueue[_Job | None]) -> None:
    """The bot thread: run jobs until told to stop. Its frames hold only the jobs."""
    while (job := jobs.get()) is not None:
        try:
            job.result = job.choose(*job.args)
        except BaseException as exc:  # handed back to the runner, which names the bot
            job.error = exc
        finally:
            job.done.set()
        del job


class _Abandoned(Exception):
    """The bot thread did not answer within the time limit."""


class _BotThread:
    """A long-lived daemon thread that runs bots' ``choose`` for one runner.

    A call that exceeds the time limit is abandoned: the runner stops waiting, and the
    thread, still inside the bot, is left to finish (or not) as a daemon; the next call
    gets a new thread.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] | None = None

    def call(self, choose: Callable[..., Any], args: tuple[Any, ...], time_limit: float | None) -> Any:
        if self._jobs is None:
            self._jobs = queue.SimpleQueue()
            threading.Thread(target=_serve, args=(self._jobs,), name="gamekit-bot", daemon=True).start()
        job = _Job(choose, args)
        self._jobs.put(job)
        if not job.done.wait(time_limit):
            # Stuck in the bot: abandon the thread, which ends if the bot ever returns.
            self._jobs.put(None)
            self._jobs = None
            raise _Abandoned
        if job.error is not None:
            raise job.error
        return job.result

    def close(self) -> None:
        if self._jobs is not None:
            self._jobs.put(None)
            self._jobs = None


class _Seat:
    """A bot at a seat, with what the runner needs to call it quickly."""

    __slots__ = ("bot", "choose", "direct", "label", "uses_view")

    def __init__(self, bot: Any, time_limit: float | None) -> None:
        self.bot = bot
        self.choose = bot.choose
        self.label = bot_label(bot)
        self.uses_view = bool(getattr(bot, "uses_view", True))
        # gamekit's own bots are trusted code: called directly unless a time limit needs the thread.
        self.direct = time_limit is None and is_shipped(bot)


# ``take_turn``'s games are played by people too: their messages never show the seed, which
# deals every hidden card again (the error object still carries it as ``seed``).
_AT_A_TABLE = -1


def _where(game: Game, index: int | None) -> str:
    if index == _AT_A_TABLE:
        return f"the {game.name} game at this table"
    if index is None:
        return f"the {game.name} game with seed {game.seed}"
    return f"game {index} (seed {game.seed}) of the {game.name} simulation"


def _seat_text(seat: int) -> str:
    return f"seat {seat} ({SEAT_NAMES[seat]})" if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"


def _short(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 300 else text[:297] + "..."


def _bot_error(
    cls: type[PlayError], what: str, game: Game, index: int | None, seat: int, label: str
) -> PlayError:
    message = f"bot {label!r} in {_seat_text(seat)} {what}, in {_where(game, index)}"
    number = None if index == _AT_A_TABLE else index
    return cls(message, game=number, seed=game.seed, seat=seat, bot=label)


def _ask(
    game: Game,
    seat: int,
    at: _Seat,
    rng: random.Random,
    thread: _BotThread,
    time_limit: float | None,
    index: int | None,
) -> Any:
    """The action ``at``'s bot chooses for ``seat``: given copies, on the bot thread."""
    view = _plain_copy(game.view(seat)) if at.uses_view else None
    try:
        return thread.call(at.choose, (view, list(game.legal_actions(seat)), rng), time_limit)
    except _Abandoned:
        what = f"took longer than the time limit of {time_limit:g} s for one decision"
        raise _bot_error(BotTimeout, what, game, index, seat, at.label) from None
    except Exception as exc:
        raise _raised(exc, game, index, seat, at) from exc


def _raised(exc: Exception, game: Game, index: int | None, seat: int, at: _Seat) -> PlayError:
    return _bot_error(BotError, f"raised {_short(exc)}", game, index, seat, at.label)


def _refused(action: Any, exc: Exception, game: Game, index: int | None, seat: int, at: _Seat) -> PlayError:
    shown = str(action)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    what = f"chose {shown!r}, which the game refused: {_short(exc)}"
    return _bot_error(BotError, what, game, index, seat, at.label)


def _decide(
    game: Game,
    seat: int,
    at: _Seat,
    rng: random.Random,
    thread: _BotThread,
    time_limit: float | None,
    index: int | None = None,
) -> Events:
    """``at``'s bot takes ``seat``'s decision; any failure is a ``BotError`` naming game and seat.

    ``_play`` does the same inline, for speed."""
    if at.direct:
        try:
            action = at.choose(game.view(seat) if at.uses_view else None, game.legal_actions(seat), rng)
        except Exception as exc:
            raise _raised(exc, game, index, seat, at) from exc
    else:
        action = _ask(game, seat, at, rng, thread, time_limit, index)
    try:
        return game.act(seat, action)
    except Exception as exc:
        raise _refused(action, exc, game, index, seat, at) from exc


def take_turn(game: Game, seat: int, bot: Any, rng: random.Random, time_limit: float | None = None) -> Events:
    """``bot`` takes ``seat``'s decision: it sees a copy of that seat's view only (none if it asks
    for none) and the legal actions, and draws from ``rng``. A failure is a ``BotError``; its message
    does not show the seed, as a person may be at the table (the error's ``seed`` holds it)."""
    return _decide(game, seat, _Seat(bot, time_limit), rng, _SHARED_THREAD, time_limit, _AT_A_TABLE)


_SHARED_THREAD = _BotThread()  # take_turn's: tables and the command line call one bot at a time


def _check_time_limit(time_limit: Any) -> float | None:
    if time_limit is None:
        return None
    number = isinstance(time_limit, int | float) and not isinstance(time_limit, bool)
    if not (number and math.isfinite(time_limit) and time_limit > 0):
        raise ConfigError(f"time_limit must be a number of seconds above 0, or None, not {time_limit!r}")
    return float(time_limit)


def _is_one_bot(bots: Any) -> bool:
    return isinstance(bots, str) or callable(getattr(bots, "choose", None))


def _seat_bots(game: Game, bots: Sequence[BotSpec] | BotSpec) -> list[Any]:
    if _is_one_bot(bots):
        bots = [bots] * game.players  # type: ignore[list-item]
    if not isinstance(bots, Sequence):
        raise ConfigError(f"bots must be one bot or a list of one per seat, not {bots!r}")
    if len(bots) != game.players:
        raise ConfigError(f"{game.players} players need {game.players} bots, got {len(bots)}")
    return [make_bot(b, game.name) for b in bots]


def _play(
    game: Game,
    seats: Sequence[_Seat],
    rngs: Sequence[random.Random],
    time_limit: float | None,
    thread: _BotThread,
    index: int | None = None,
) -> dict[str, Any]:
    """Let the seated bots play ``game`` to its end, guarding against a game that stalls."""
    start = len(game.history)
    limit = game.max_decisions - start
    while not game.is_over:
        to_act = game.to_act
        round_start = len(game.history)
        for seat in to_act:
            # _decide, inline: the loop every simulated decision goes through.
            at = seats[seat]
            if at.direct:
                try:
                    view = game.view(seat) if at.uses_view else None
                    action = at.choose(view, game.legal_actions(seat), rngs[seat])
                except Exception as exc:
                    raise _raised(exc, game, index, seat, at) from exc
            else:
                action = _ask(game, seat, at, rngs[seat], thread, time_limit, index)
            try:
                game.act(seat, action)
            except Exception as exc:
                raise _refused(action, exc, game, index, seat, at) from exc
        played = len(game.history)
        if played == round_start:  # nothing recorded: the game would ask again for ever
            what = "made a decision that did not add to the game's history"
            raise _bot_error(GameStalled, what, game, index, to_act[0], seats[to_act[0]].label)
        if played - start > limit:
            raise GameStalled(
                f"{_where(game, index)} went past its declared bound of {game.max_decisions} decisions",
                game=index,
                seed=game.seed,
            )
    return game.result()


def play(game: Game, bots: Sequence[BotSpec] | BotSpec, *, time_limit: float | None = None) -> dict[str, Any]:
    """Let ``bots`` (one per seat, or one for all) play ``game`` to its end; returns the result.

    Each bot sees only a copy of its own view; bots of a simultaneous step choose in seat
    order, none seeing another's sealed choice. The bot in seat s draws from
    ``bot_rng(game.seed, s)``, so a game seed gives the same game. ``time_limit`` (seconds,
    default none) bounds each decision of each bot.

    Raises ``BotError`` when a bot raises or chooses an action the game refuses (the game is
    left as it was before that decision), ``BotTimeout`` when it exceeds ``time_limit`` (a
    bot that never returns is abandoned on its thread), and ``GameStalled`` when a decision
    does not add to the game's history or the game goes past its ``max_decisions``; each
    names the game's seed, the seat and the bot.
    """
    limit = _check_time_limit(time_limit)
    seats = [_Seat(bot, limit) for bot in _seat_bots(game, bots)]
    rngs = [bot_rng(game.seed, seat) for seat in range(game.players)]
    thread = _BotThread()
    try:
        return _play(game, seats, rngs, limit, thread)
    finally:
        thread.close()


Batch = tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]], PlayError | None]


def _play_games(
    name: str,
    players: int,
    bots: Sequence[BotSpec],
    indices: Sequence[int],
    seed: int,
    options: Mapping[str, Any] | None,
    records: bool = False,
    time_limit: float | None = None,
) -> Batch:
    """Rows (and, if asked, the game's records) of the games numbered ``indices``, and the error
    that stopped them early, if any (the rows then hold the games finished before it).

    The unit of work of every worker: it depends only on its arguments.
    """
    made = [make_bot(b, name) for b in bots]
    seated = [_Seat(bot, time_limit) for bot in made]
    rows: list[dict[str, Any]] = []
    tables: dict[str, list[dict[str, Any]]] = {}
    key = _bot_key(seed)
    thread = _BotThread()
    try:
        for index in indices:
            game = new_game(name, players, seed=game_seed(seed, index), options=options)
            # Seat rotation: in game i, seat s is played by bot (s + i) mod n.
            order = [seated[(seat + index) % players] for seat in range(players)]
            rngs = [_keyed_rng(key, index, seat) for seat in range(players)]
            result = _play(game, order, rngs, time_limit, thread, index)
            winners = result["winners"]
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
            if records:
                for table, entries in game.records().items():
                    tables.setdefault(table, []).extend(
                        {"game": index, **entry, "bot": order[entry["seat"]].label} for entry in entries
                    )
    except PlayError as exc:
        return rows, tables, exc
    finally:
        thread.close()
    return rows, tables, None


def _play_games_remote(payload: bytes, *args: Any) -> Batch:
    """``_play_games`` in a worker process: the bots arrive pickled (by cloudpickle), and an error
    goes back with its cause, or with the cause's text where the cause cannot be pickled."""
    try:
        bots = pickle.loads(payload)
    except Exception as exc:
        raise ConfigError(
            f"the bots could not be unpickled in a worker process ({_short(exc)}); {_IMPORTABLE}"
        ) from None
    rows, tables, error = _play_games(args[0], args[1], bots, *args[2:])
    if error is not None and error.__cause__ is not None:
        cause = error.__cause__
        text = "".join(traceback.format_exception(cause))
        try:
            pickle.dumps(cause)
        except Exception:
            cause = RuntimeError(_short(cause))
        cause.add_note("in the worker process:\n" + text)
        error.__cause__ = cause
    return rows, tables, error


_IMPORTABLE = (
    "make the bot importable: define its class in a module the workers can import (a .py file beside the notebook, "
    "imported with 'from mybots import MyBot'), give it only attributes that can be pickled, "
    "or use workers=1"
)


def _pickled_bots(bots: list[Any]) -> bytes:
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
            f"the bots ({labels}) cannot be sent to worker processes ({_short(exc)}); {_IMPORTABLE}"
        ) from None


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
) -> pd.DataFrame:
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
    processes (in-process bots can reach anything by reflection; see the module's notes).

    A bot that fails (``BotError``, ``BotTimeout``) or a game that stalls (``GameStalled``)
    stops the simulation with an error naming the game's number, its seed, the seat and the
    bot; ``exc.rows`` holds this table for the games that finished (with workers, also those
    of other chunks, after the failing game too).
    """
    import pandas as pd

    try:
        rows, _ = _run(name, players, bots, games, seed, options, workers, progress, chunk, False, time_limit)
    except PlayError as exc:
        exc.rows = pd.DataFrame(exc.rows)
        raise
    return pd.DataFrame(rows)


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

    Returns ``{"seats": <simulate's table>, <record name>: <table>, ...}``; For Sale
    adds ``purchases`` (one row per house taken) and ``sales`` (one per house sold).
    On a failure the error carries ``rows`` (the seats table) and ``tables`` (the records)
    of the games that finished, as ``simulate`` describes.
    """
    import pandas as pd

    try:
        rows, tables = _run(
            name, players, bots, games, seed, options, workers, progress, chunk, True, time_limit
        )
    except PlayError as exc:
        exc.rows = pd.DataFrame(exc.rows)
        exc.tables = {k: pd.DataFrame(v) for k, v in (exc.tables or {}).items()}
        raise
    return {"seats": pd.DataFrame(rows), **{k: pd.DataFrame(v) for k, v in tables.items()}}


def _run(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
    workers: Workers,
    progress: Progress | None,
    chunk: int,
    records: bool,
    time_limit: float | None,
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    game_class(name)  # unknown names fail before any work starts
    if _is_one_bot(bots):
        bots = [bots] * players  # type: ignore[list-item]
    bots = list(bots)  # type: ignore[arg-type]
    if len(bots) != players:
        raise ConfigError(f"{players} players need {players} bots, got {len(bots)}")
    checked = [make_bot(b, name) for b in bots]
    new_game(name, players, seed=seed, options=options)  # set-up errors fail early too
    if type(games) is not int or games < 1:
        raise ConfigError(f"games must be a whole number >= 1, not {games!r}")
    if type(chunk) is not int or chunk < 1:
        raise ConfigError(f"chunk must be a whole number of games >= 1, not {chunk!r}")
    limit = _check_time_limit(time_limit)
    kind = _workers_kind(workers)
    chunks = [range(start, min(start + chunk, games)) for start in range(0, games, chunk)]
    if kind == "one":
        batches = (_play_games(name, players, checked, ix, seed, options, records, limit) for ix in chunks)
        return _collect(batches, chunks, games, progress, stop_at_error=True)
    payload = _pickled_bots(bots)
    rest = (seed, options, records, limit)

    def task(ix: range) -> tuple[Any, ...]:
        return (_play_games_remote, payload, name, players, ix, *rest)

    if kind == "processes":
        return _on_local_processes(min(workers, len(chunks)), task, chunks, games, progress)
    if kind == "executor":
        window = 2 * (getattr(workers, "_max_workers", None) or os.cpu_count() or 1)
        return _gather(lambda ix: workers.submit(*task(ix)), chunks, games, progress, window)
    return _on_dask(workers, task, chunks, games, progress)


def _workers_kind(workers: Any) -> str:
    """What ``workers`` names: one process, local processes, an Executor or a Dask scheduler."""
    if type(workers) is int and workers >= 1:
        return "one" if workers == 1 else "processes"
    if isinstance(workers, Executor):
        return "executor"
    if (isinstance(workers, str) and workers.strip()) or _is_dask_client(workers):
        return "dask"
    raise ConfigError(
        "workers must be a number of processes >= 1, a Dask scheduler address, a dask.distributed "
        f"Client or a concurrent.futures.Executor, not {_shown(workers)}"
    )


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_dask_client(workers: Any) -> bool:
    distributed = sys.modules.get("distributed")  # a Client exists only if dask.distributed is loaded
    return distributed is not None and isinstance(workers, distributed.Client)


def _collect(
    batches: Iterable[Batch],
    chunks: list[range],
    games: int,
    progress: Progress | None,
    stop_at_error: bool = False,
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """Join the batches in game order, reporting progress as each arrives. After a failure the
    rows of every batch already played are kept on the first error, which is then raised."""
    rows: list[dict[str, Any]] = []
    tables: dict[str, list[dict[str, Any]]] = {}
    done = 0
    first: PlayError | None = None
    for indices, (part, part_tables, error) in zip(chunks, batches, strict=False):
        rows.extend(part)
        for key, entries in part_tables.items():
            tables.setdefault(key, []).extend(entries)
        if error is not None:
            first = first or error
            if stop_at_error:
                break
            continue
        done += len(indices)
        if progress and first is None:
            progress(done, games)
    if first is not None:
        first.rows, first.tables = rows, tables
        raise first from first.__cause__
    return rows, tables


# How often the waiting main thread wakes: Ctrl-C is acted on at the latest this long after it.
_POLL = 0.2


def _gather(
    submit: Callable[[range], Any],
    chunks: list[range],
    games: int,
    progress: Progress | None,
    window: int,
    cancel: bool = True,
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """Play the chunks through ``submit``, at most ``window`` of them submitted and unfinished at
    a time; report progress as any finishes, and join them in game order.

    ``submit(indices)`` returns a future with ``add_done_callback``, ``result`` and ``cancel``
    (a ``concurrent.futures`` or a Dask future). Keeping only a window in flight keeps memory
    flat and makes stopping cheap: on any exception here, Ctrl-C included, the few submitted
    chunks are cancelled (those not started; unless ``cancel`` is False, for a caller that stops
    them otherwise) before it is raised; the caller stops the rest.
    """
    finished: queue.SimpleQueue[int] = queue.SimpleQueue()
    futures: dict[int, Any] = {}
    batches: list[Batch | None] = [None] * len(chunks)
    done, failed, following = 0, False, 0

    def submit_next() -> None:
        nonlocal following
        number, following = following, following + 1
        future = futures[number] = submit(chunks[number])
        future.add_done_callback(lambda _, number=number: finished.put(number))

    try:
        while following < min(window, len(chunks)):
            submit_next()
        while futures:
            try:  # a short timeout keeps the main thread responsive to Ctrl-C
                number = finished.get(timeout=_POLL)
            except queue.Empty:
                continue
            batch = batches[number] = futures.pop(number).result()
            if following < len(chunks):
                submit_next()
            if batch[2] is not None:
                failed = True
            else:
                done += len(chunks[number])
                if progress and not failed:
                    progress(done, games)
    except BaseException:
        for future in futures.values() if cancel else ():
            future.cancel()
        raise
    return _collect(batches, chunks, games, None)  # type: ignore[arg-type]


# ------------------------------------------------------------ local worker processes
_WORKER_NAME = "gamekit-worker"
_patch_lock = threading.Lock()


def _without_main(original: Callable[[str], dict[str, Any]]) -> Callable[[str], dict[str, Any]]:
    """``multiprocessing.spawn.get_preparation_data`` that lets gamekit's workers skip ``__main__``.

    A spawned process normally runs the parent's main script again (as ``__mp_main__``) before
    it works, which is why a script without ``if __name__ == "__main__":`` breaks. gamekit's
    workers need nothing from it: they run ``_play_games_remote`` and receive the bots by
    cloudpickle, which carries classes defined in ``__main__`` by value. So for processes named
    ``gamekit-worker-*`` only, the instruction to rerun the main script is left out; every other
    process is prepared as before.
    """

    def get_preparation_data(name: str) -> dict[str, Any]:
        data = original(name)
        if name.startswith(_WORKER_NAME):
            data.pop("init_main_from_path", None)
            data.pop("init_main_from_name", None)
        return data

    get_preparation_data.gamekit = True  # type: ignore[attr-defined]
    return get_preparation_data


def _install_without_main() -> None:
    from multiprocessing import spawn

    with _patch_lock:
        if not getattr(spawn.get_preparation_data, "gamekit", False):
            spawn.get_preparation_data = _without_main(spawn.get_preparation_data)


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C at a terminal reaches every process; the main one stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _WorkerContext(SpawnContext):
    """A spawn context whose processes are named ``gamekit-worker-N`` and remembered, so that they
    can be terminated at once on Ctrl-C (``ProcessPoolExecutor`` has no public way before 3.14)."""

    def __init__(self) -> None:
        super().__init__()
        self.started: list[Any] = []

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # the name multiprocessing calls
        process = super().Process(*args, **kwargs)
        process.name = f"{_WORKER_NAME}-{len(self.started) + 1}"
        self.started.append(process)
        return process

    def terminate(self) -> None:
        for process in self.started:
            if process.is_alive():
                process.terminate()
        for process in self.started:
            if process.pid is None:  # never started: nothing to wait for
                continue
            process.join(timeout=5)
            if process.is_alive():  # slow to die on a loaded machine: no worker is left behind
                process.kill()
                process.join(timeout=5)
        # The pool's own thread reaps the same processes: when it wins the race, this thread's
        # wait finds no child and the exit code arrives a moment later. Wait for it (bounded), so
        # that no dead worker is still listed as running when the interrupt reaches the caller.
        deadline = time.monotonic() + 5
        while any(p.pid is not None and p.exitcode is None for p in self.started):
            if time.monotonic() > deadline:
                break
            time.sleep(0.005)


@contextmanager
def _local_pool(count: int) -> Iterator[ProcessPoolExecutor]:
    """``count`` fresh worker processes that do not re-run ``__main__``. On any exception in the
    block (Ctrl-C included) the workers are terminated before it is raised, which cancels what is
    queued; otherwise the pool is shut down once its work is done."""
    _install_without_main()
    context = _WorkerContext()
    pool = ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        # Terminated workers break the pool, which fails every pending future itself; a future
        # cancelled here first would make Python 3.11's pool fail on it (InvalidStateError).
        context.terminate()
        pool.shutdown(wait=False)
        raise
    pool.shutdown(wait=True)


def _on_local_processes(
    count: int,
    task: Callable[[range], tuple[Any, ...]],
    chunks: list[range],
    games: int,
    progress: Progress | None,
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """The chunks on ``count`` fresh worker processes (``_local_pool``)."""
    with _local_pool(count) as pool:
        return _gather(lambda ix: pool.submit(*task(ix)), chunks, games, progress, 2 * count, cancel=False)


def run_calls(workers: Any, calls: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]) -> list[Any]:
    """``[fn(*args) for fn, args in calls]``, the calls spread over ``workers`` of any kind
    ``simulate`` takes: 1 (here, in order), a number of local processes (started without
    re-running ``__main__``), a ``concurrent.futures.Executor``, a Dask ``Client`` or scheduler
    address. Results come back in the order of ``calls``. On any exception, Ctrl-C included, the
    calls not yet started are cancelled (local workers terminated) before it is raised. What is
    sent to other processes must pickle (send bytes made with ``_pickled_bots`` for bots)."""
    kind = _workers_kind(workers)
    if kind == "one":
        return [fn(*args) for fn, args in calls]
    if kind == "processes":
        with _local_pool(min(workers, len(calls)) or 1) as pool:
            return _await_all([pool.submit(fn, *args) for fn, args in calls])
    if kind == "executor":
        futures = [workers.submit(fn, *args) for fn, args in calls]
        try:
            return _await_all(futures)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    if isinstance(workers, str):
        client = _dask_client(workers)
        with client:
            return _dask_calls(client, calls)
    return _dask_calls(workers, calls)


def _await_all(futures: Sequence[Any]) -> list[Any]:
    """Each future's result in order, waking every ``_POLL`` seconds so that Ctrl-C is seen."""
    from concurrent.futures import FIRST_EXCEPTION
    from concurrent.futures import wait as wait_for

    pending = set(futures)
    while pending:
        done, pending = wait_for(pending, timeout=_POLL, return_when=FIRST_EXCEPTION)
        for future in done:
            if future.exception() is not None:
                raise future.exception()  # type: ignore[misc]
    return [future.result() for future in futures]


def _dask_calls(client: Any, calls: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]) -> list[Any]:
    futures = [client.submit(fn, *args, pure=False) for fn, args in calls]
    try:
        return client.gather(futures)
    except BaseException:
        client.cancel([future for future in futures if not future.done()])
        raise


# ----------------------------------------------------------------------------- Dask
def _on_dask(
    workers: Any,
    task: Callable[[range], tuple[Any, ...]],
    chunks: list[range],
    games: int,
    progress: Progress | None,
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """The chunks on a Dask cluster: ``workers`` is its scheduler's address or a ``Client``.

    A Client made here from an address is closed at the end; one passed in is left open. On
    any exception (Ctrl-C included) the chunks still queued or running are cancelled.
    """
    if not isinstance(workers, str):
        return _dask_gather(workers, task, chunks, games, progress)
    with _dask_client(workers) as client:
        return _dask_gather(client, task, chunks, games, progress)


def _dask_client(address: str) -> Any:
    """A Dask ``Client`` of the scheduler at ``address``, or a ``ConfigError`` saying why not."""
    try:
        from distributed import Client
    except ImportError:
        raise ConfigError(
            f"workers={address!r} names a Dask scheduler, but dask.distributed is not installed "
            "(pip install 'gamekit-edu[dask]', or 'dask[distributed]')"
        ) from None
    try:
        return Client(address, timeout=30)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ConfigError(f"could not reach the Dask scheduler at {address!r}: {_short(exc)}") from None


def _dask_gather(
    client: Any,
    task: Callable[[range], tuple[Any, ...]],
    chunks: list[range],
    games: int,
    progress: Progress | None,
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    futures: list[Any] = []

    def submit(ix: range) -> Any:
        # pure=False: two chunks never share a result, whatever Dask thinks of their arguments.
        futures.append(client.submit(*task(ix), pure=False))
        return futures[-1]

    # A generous window: an adaptive cluster grows with the tasks it sees queued, and cancelling
    # them all on Ctrl-C is one message to the scheduler.
    threads = sum(client.nthreads().values())
    try:
        return _gather(submit, chunks, games, progress, max(4 * threads, 100), cancel=False)
    except BaseException:
        # One message for all: a Dask future's own cancel() waits for the scheduler, one by one.
        client.cancel([future for future in futures if not future.done()])
        raise
