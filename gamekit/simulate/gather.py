"""Joining what the workers played: batches of games back in game order, with progress and
the first error, and futures waited on so that Ctrl-C is seen within a fraction of a second."""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.errors import PlayError

Progress = Callable[[int, int], None]
Rows = list[dict[str, Any]]
Tables = dict[str, list[dict[str, Any]]]
# What a chunk of games gives: its rows, its records' tables, and the error that stopped it early.
Batch = tuple[Rows, Tables, PlayError | None]

# How often the waiting main thread wakes: Ctrl-C is acted on at the latest this long after it.
POLL = 0.2


def collect(
    batches: Iterable[Batch], chunks: list[range], progress: Progress | None, stop_at_error: bool = False
) -> tuple[Rows, Tables]:
    """Join the batches of ``chunks`` in game order, reporting progress as each arrives. After a
    failure the rows of every batch already played are kept on the first error, which is then
    raised (at once, if ``stop_at_error``: the batches are played one after another)."""
    rows: Rows = []
    tables: Tables = {}
    done, games = 0, chunks[-1].stop
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


def gather(
    submit: Callable[[range], Any],
    chunks: list[range],
    progress: Progress | None,
    window: int,
    cancel: bool = True,
) -> tuple[Rows, Tables]:
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
    done, failed, following, games = 0, False, 0, chunks[-1].stop

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
                number = finished.get(timeout=POLL)
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
    return collect(batches, chunks, None)  # type: ignore[arg-type]


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
