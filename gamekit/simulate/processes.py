"""Worker back end: fresh local processes, started without running the caller's script again."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.context import SpawnContext
from typing import Any

from .gather import Progress, Rows, Tables, await_all, gather

_WORKER_NAME = "gamekit-worker"
_patch_lock = threading.Lock()


def _without_main(original: Callable[[str], dict[str, Any]]) -> Callable[[str], dict[str, Any]]:
    """``multiprocessing.spawn.get_preparation_data`` that lets gamekit's workers skip ``__main__``.

    A spawned process normally runs the parent's main script again (as ``__mp_main__``) before
    it works, which is why a script without ``if __name__ == "__main__":`` breaks. gamekit's
    workers need nothing from it: they run ``runs.play_games_remote``, import the game's own module
    and receive the bots by cloudpickle, which carries classes defined in ``__main__`` by value.
    So for processes named ``gamekit-worker-*`` only, the instruction to rerun the main script is
    left out; every other process is prepared as before.
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
def local_pool(count: int) -> Iterator[ProcessPoolExecutor]:
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


def on_processes(
    count: int, task: Callable[[range], tuple[Any, ...]], chunks: list[range], progress: Progress | None
) -> tuple[Rows, Tables]:
    """The chunks on ``count`` fresh worker processes (``local_pool``)."""
    with local_pool(count) as pool:
        return gather(lambda ix: pool.submit(*task(ix)), chunks, progress, 2 * count, cancel=False)


def calls_on_processes(count: int, calls: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]) -> list[Any]:
    """Each call's result, in order, the calls spread over ``count`` fresh worker processes."""
    with local_pool(min(count, len(calls)) or 1) as pool:
        return await_all([pool.submit(fn, *args) for fn, args in calls])
