"""Where games are played: what ``workers`` names, and the back end that plays there.

``workers`` is 1 (here), a number of local processes (``processes``), any
``concurrent.futures.Executor``, or a Dask scheduler's address or ``Client`` (``cluster``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from ..core.errors import ConfigError
from .cluster import calls_on_dask, on_dask
from .gather import Progress, Rows, Tables, await_all, gather
from .processes import calls_on_processes, on_processes

# A number of local processes, a Dask scheduler's address, a dask.distributed Client, or any
# concurrent.futures.Executor (see ``simulate``).
Workers = int | str | Executor | Any
Task = Callable[[range], tuple[Any, ...]]  # a chunk's games → (function, *arguments) to run there


def workers_kind(workers: Any) -> str:
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


def on_workers(
    workers: Workers, task: Task, chunks: list[range], progress: Progress | None
) -> tuple[Rows, Tables]:
    """Each chunk's ``task`` run on ``workers`` (other than 1), joined in game order."""
    kind = workers_kind(workers)
    if kind == "processes":
        return on_processes(min(workers, len(chunks)), task, chunks, progress)
    if kind == "executor":
        window = 2 * (getattr(workers, "_max_workers", None) or os.cpu_count() or 1)
        return gather(lambda ix: workers.submit(*task(ix)), chunks, progress, window)
    return on_dask(workers, task, chunks, progress)


def run_calls(workers: Any, calls: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]) -> list[Any]:
    """``[fn(*args) for fn, args in calls]``, the calls spread over ``workers`` of any kind
    ``simulate`` takes: 1 (here, in order), a number of local processes (started without
    re-running ``__main__``), a ``concurrent.futures.Executor``, a Dask ``Client`` or scheduler
    address. Results come back in the order of ``calls``. On any exception, Ctrl-C included, the
    calls not yet started are cancelled (local workers terminated) before it is raised. What is
    sent to other processes must pickle (send bytes made with ``runs.pickled_bots`` for bots)."""
    kind = workers_kind(workers)
    if kind == "one":
        return [fn(*args) for fn, args in calls]
    if kind == "processes":
        return calls_on_processes(workers, calls)
    if kind == "executor":
        futures = [workers.submit(fn, *args) for fn, args in calls]
        try:
            return await_all(futures)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return calls_on_dask(workers, calls)
