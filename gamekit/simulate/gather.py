"""Joining what the workers played: batches of games handed on in game order (to a table in
memory or a file), with progress and the first error, and futures waited on so that Ctrl-C is
seen within a fraction of a second."""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import BrokenExecutor
from typing import Any, Protocol

from ..core.errors import PlayError
from .columns import Columns

Progress = Callable[[int, int], None]
Tables = dict[str, Columns]
# What a chunk of games gives: its rows, its records' tables, and the error that stopped it early.
Batch = tuple[Columns, Tables, PlayError | None]
# What a back end says of a pool whose worker died: the error naming the game, seed and bot.
Diagnose = Callable[[BaseException, list[int]], PlayError]

# How often the waiting main thread wakes: Ctrl-C is acted on at the latest this long after it.
POLL = 0.2


class Sink(Protocol):
    """Where the batches go, in game order: a table in memory (``Kept``) or a file."""

    def add(self, rows: Columns, tables: Tables) -> None: ...


class Kept:
    """The batches joined in memory, column by column."""

    def __init__(self) -> None:
        self.rows = Columns()
        self.tables: Tables = {}

    def add(self, rows: Columns, tables: Tables) -> None:
        self.rows.join(rows)
        for key, part in tables.items():
            self.tables.setdefault(key, Columns()).join(part)


def collect(
    batches: Iterable[Batch],
    chunks: list[range],
    progress: Progress | None,
    sink: Sink,
    stop_at_error: bool = False,
) -> None:
    """Hand the batches of ``chunks`` to ``sink`` in game order, reporting progress as each
    arrives. After a failure the rows of every batch already played are kept and the first error
    is raised (at once, if ``stop_at_error``: the batches are played one after another)."""
    done, games = 0, chunks[-1].stop
    first: PlayError | None = None
    for indices, (part, part_tables, error) in zip(chunks, batches, strict=False):
        sink.add(part, part_tables)
        if error is not None:
            first = first or error
            if stop_at_error:
                break
            continue
        done += len(indices)
        if progress and first is None:
            progress(done, games)
    if first is not None:
        raise first from first.__cause__


def gather(
    submit: Callable[[int], Any],
    chunks: list[range],
    progress: Progress | None,
    window: int,
    sink: Sink,
    cancel: bool = True,
    diagnose: Diagnose | None = None,
) -> None:
    """Play the chunks through ``submit`` (given a chunk's number), at most ``window`` of them
    submitted and unfinished at a time; report progress as any finishes, and hand them to ``sink``
    in game order as soon as every earlier one is in: only the window is ever held here.

    ``submit(number)`` returns a future with ``add_done_callback``, ``result`` and ``cancel``
    (a ``concurrent.futures`` or a Dask future). On any exception here, Ctrl-C included, the
    few submitted chunks are cancelled (those not started; unless ``cancel`` is False, for a
    caller that stops them otherwise) before it is raised; the caller stops the rest. After a
    chunk fails no more are submitted; those in flight finish and are kept. When a worker process
    dies the pool breaks: ``diagnose(error, numbers)`` (given the chunks that were in flight)
    names the game, seed and bot, which is raised with the rows of the chunks that finished.
    """
    finished: queue.SimpleQueue[int] = queue.SimpleQueue()
    futures: dict[int, Any] = {}
    arrived: dict[int, Batch] = {}
    done, following, handed, games = 0, 0, 0, chunks[-1].stop
    broken = False
    errors: list[PlayError] = []  # the first in game order is raised

    def submit_next() -> None:
        nonlocal following, broken
        try:
            future = submit(following)
        except BrokenExecutor as exc:  # the pool broke before its futures said so
            if not broken:
                errors.append(_diagnosed(diagnose, exc, [following, *futures], chunks))
            broken = True
            return
        number, following = following, following + 1
        futures[number] = future
        future.add_done_callback(lambda _, number=number: finished.put(number))

    try:
        while following < min(window, len(chunks)) and not broken:
            submit_next()
        while futures:
            try:  # a short timeout keeps the main thread responsive to Ctrl-C
                number = finished.get(timeout=POLL)
            except queue.Empty:
                continue
            future = futures.pop(number)
            try:
                batch = future.result()
            except BrokenExecutor as exc:
                if not broken:
                    errors.append(_diagnosed(diagnose, exc, [number, *futures], chunks))
                broken = True
                batch = (Columns(), {}, None)  # what the dead pool was playing is lost
            arrived[number] = batch
            if batch[2] is not None:
                errors.append(batch[2])
            elif not errors:
                done += len(chunks[number])
                if progress:
                    progress(done, games)
            if following < len(chunks) and not errors:
                submit_next()
            while handed in arrived:  # in game order, as soon as the earlier ones are in
                rows, tables, _error = arrived.pop(handed)
                sink.add(rows, tables)
                handed += 1
    except BaseException:
        for future in futures.values() if cancel else ():
            future.cancel()
        raise
    if errors:
        error = min(errors, key=lambda e: -1 if e.game is None else e.game)
        raise error from error.__cause__


def _diagnosed(
    diagnose: Diagnose | None, exc: BaseException, numbers: list[int], chunks: list[range]
) -> PlayError:
    """The error of a pool that broke while ``numbers`` were in flight."""
    from .fence import short

    if diagnose is not None:
        return diagnose(exc, sorted(numbers))
    from ..core.i18n import _

    games = sorted(numbers)
    error = PlayError(
        _(
            "a worker process died while playing games {first} to {last} ({error}); "
            "the games that finished are kept",
            first=chunks[games[0]].start,
            last=chunks[games[-1]].stop - 1,
            error=short(exc),
        ),
        game=chunks[games[0]].start,
    )
    error.__cause__ = exc
    return error


def await_all(futures: Sequence[Any]) -> list[Any]:
    """Each future's result in order, waking every ``POLL`` seconds so that Ctrl-C is seen."""
    from concurrent.futures import FIRST_EXCEPTION
    from concurrent.futures import wait as wait_for

    pending = set(futures)
    while pending:
        done, pending = wait_for(pending, timeout=POLL, return_when=FIRST_EXCEPTION)
        for future in done:
            if future.exception() is not None:
                raise future.exception()  # type: ignore[misc]
    return [future.result() for future in futures]
