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
from .gather import Progress, Sink, await_all, gather
from .processes import calls_on_processes, on_processes

# A number of local processes, a Dask scheduler's address, a dask.distributed Client, or any
# concurrent.futures.Executor (see ``simulate``).
Workers = int | str | Executor | Any
# A chunk's number and where its worker records the game it plays (local processes only) →
# (function, *arguments) to run there.
Task = Callable[[int, tuple[str, int] | None], tuple[Any, ...]]


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
    workers: Workers, task: Task, chunks: list[range], progress: Progress | None, sink: Sink, **died: Any
) -> None:
    """Each chunk's ``task`` run on ``workers`` (other than 1), handed to ``sink`` in game order.
    ``died`` tells local processes how to name a bot whose worker died (``processes.on_processes``)."""
    kind = workers_kind(workers)
    if kind == "processes":
        on_processes(min(workers, len(chunks)), task, chunks, progress, sink, **died)
        return
    if kind == "executor":
        window = 2 * (getattr(workers, "_max_workers", None) or os.cpu_count() or 1)
        gather(lambda number: workers.submit(*task(number, None)), chunks, progress, window, sink)
        return
    on_dask(workers, task, chunks, progress, sink)


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
