"""Worker back end: fresh local processes (loky's), which do not run the caller's script again.

loky starts its workers without re-running ``__main__`` and sends each task by cloudpickle, so a
script needs no ``if __name__ == "__main__":`` guard and bots defined in a notebook reach the
workers; it kills its workers on request (Ctrl-C) and says when one died.

A worker that dies (killed, out of memory) cannot say where it was, so each chunk writes the
number of the game it starts into its own slot of a small shared file (``Trace``); when the pool
breaks, each game then in play is played again alone in a fresh process that also writes the
seat about to decide, and the one that dies again is named with its seat and bot.
"""

from __future__ import annotations

import mmap
import os
import re
import signal
import struct
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from ..core.errors import BotError, PlayError
from ..core.i18n import _
from .fence import bot_error, short, where
from .gather import Progress, Sink, await_all, gather

if TYPE_CHECKING:
    from loky import ProcessPoolExecutor

    from .runs import RunSpec

# A chunk's slot: what it is doing (0 not started, 1 playing, 2 done) and the game's number, or
# in a replay the seat about to decide.
_SLOT = struct.Struct("<qq")
_STARTED, _FINISHED = 1, 2


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C at a terminal reaches every process; the main one stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def local_pool(count: int) -> Iterator[ProcessPoolExecutor]:
    """``count`` fresh loky worker processes, which do not re-run ``__main__``. On any exception
    in the block (Ctrl-C included) the workers are killed, and waited for, before it is raised;
    otherwise the pool is shut down once its work is done."""
    from loky import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=count, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        # SIGKILL: a worker deep in a game has nothing to save; the manager thread reaps them.
        pool.shutdown(wait=True, kill_workers=True)
        raise
    pool.shutdown(wait=True)


class Trace:
    """A shared file of one slot per chunk, written by the workers (``mark``) and read here."""

    def __init__(self, slots: int) -> None:
        handle, name = tempfile.mkstemp(prefix="gamekit-trace-")
        os.ftruncate(handle, max(1, slots) * _SLOT.size)
        os.close(handle)
        self.path = name

    def read(self, slot: int) -> tuple[int, int]:
        with open(self.path, "rb") as file:
            file.seek(slot * _SLOT.size)
            return _SLOT.unpack(file.read(_SLOT.size))

    def close(self) -> None:
        with suppress(OSError):
            os.unlink(self.path)


def marker(path: str, slot: int) -> tuple[Callable[[int], None], Callable[[], None]]:
    """In a worker: ``mark(value)`` records ``value`` in ``slot`` of the trace at ``path`` (memory
    shared with the file: it stays there if the process dies the next instant), ``done()`` says
    the chunk finished and lets the file go."""
    with open(path, "r+b") as file:
        shared = mmap.mmap(file.fileno(), 0)
    offset = slot * _SLOT.size

    def mark(value: int) -> None:
        _SLOT.pack_into(shared, offset, _STARTED, value)

    def done() -> None:
        _SLOT.pack_into(shared, offset, _FINISHED, 0)
        shared.close()

    return mark, done


def on_processes(
    count: int,
    task: Callable[[int, tuple[str, int] | None], tuple[Any, ...]],
    chunks: list[range],
    progress: Progress | None,
    sink: Sink,
    replay: Callable[[int, str], tuple[Any, ...]] | None = None,
    name_bot: Callable[[int, int], str] | None = None,
    spec: RunSpec | None = None,
) -> None:
    """The chunks on ``count`` fresh worker processes (``local_pool``). ``task(number, trace)`` is
    what a chunk runs there; when a worker dies, ``replay(index, trace_path)`` plays game
    ``index`` alone and ``name_bot(index, seat)`` is the label of the bot in that seat."""
    trace = Trace(len(chunks))

    def diagnose(exc: BaseException, numbers: list[int]) -> PlayError:
        playing = []
        for number in numbers:
            state, index = trace.read(number)
            if state == _STARTED:
                playing.append(index)
        return _worker_died(exc, playing or [chunks[numbers[0]].start], replay, name_bot, spec)

    try:
        with local_pool(count) as pool:
            gather(
                lambda number: pool.submit(*task(number, (trace.path, number))),
                chunks,
                progress,
                2 * count,
                sink,
                cancel=False,
                diagnose=diagnose,
            )
    finally:
        trace.close()


def _worker_died(
    exc: BaseException,
    playing: list[int],
    replay: Callable[[int, str], tuple[Any, ...]] | None,
    name_bot: Callable[[int, int], str] | None,
    spec: RunSpec | None,
) -> PlayError:
    """The error of a worker that died while ``playing`` these games: each played again alone,
    the first that kills its process again is named with its seat and bot."""
    from ..core.game import new_game
    from .seeds import game_seed

    def game_at(index: int) -> Any:
        return new_game(spec.game, spec.players, seed=game_seed(spec.seed, index), options=spec.options)

    what = _("ended its worker process ({error})", error=_how_it_died(exc))
    if replay is not None and name_bot is not None and spec is not None:
        for index in sorted(playing):
            trace = Trace(1)
            try:
                with local_pool(1) as pool:
                    try:
                        pool.submit(*replay(index, trace.path)).result()
                    except BaseException as again:
                        from concurrent.futures import BrokenExecutor

                        if not isinstance(again, BrokenExecutor):
                            raise
                        state, seat = trace.read(0)
                        if state == _STARTED:
                            error = bot_error(
                                BotError, what, game_at(index), index, seat, name_bot(index, seat)
                            )
                            error.__cause__ = exc
                            return error
            finally:
                trace.close()
    index = min(playing)
    if spec is None:
        error = PlayError(
            _("a worker process died in game {index}: {error}", index=index, error=_how_it_died(exc))
        )
        error.game = index
    else:
        game = game_at(index)
        error = PlayError(
            _(
                "a worker process died in {where} ({error}); played again alone, it did not, "
                "so no bot is named (out of memory?)",
                where=where(game, index),
                error=_how_it_died(exc),
            ),
            game=index,
            seed=game.seed,
        )
    error.__cause__ = exc
    return error


def _how_it_died(exc: BaseException) -> str:
    """loky's account of a dead worker, cut to its exit codes (``{SIGKILL(-9)}``) when it has them."""
    found = re.search(r"exit codes of the workers are (\{[^}]*\})", str(exc))
    return _("worker exit codes {codes}", codes=found.group(1)) if found else short(exc)


def calls_on_processes(count: int, calls: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]) -> list[Any]:
    """Each call's result, in order, the calls spread over ``count`` fresh worker processes."""
    with local_pool(min(count, len(calls)) or 1) as pool:
        return await_all([pool.submit(fn, *args) for fn, args in calls])
