"""Worker back end: a Dask cluster, named by its scheduler's address or a ``dask.distributed.Client``."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

from ..core.errors import ConfigError
from ..core.i18n import _
from .fence import short
from .gather import Progress, Sink, gather

# Seconds to reach a scheduler before saying it cannot be reached: a scheduler that is up answers
# within a second even across a network, and a wrong address should not keep a class waiting
# (Dask's own default is 30 s).
CONNECT_TIMEOUT = 4.0


def dask_client(address: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A Dask ``Client`` of the scheduler at ``address``, or a ``ConfigError`` saying why not,
    within ``timeout`` seconds (and a moment) when nothing answers there."""
    try:
        from distributed import Client
    except ImportError:
        raise ConfigError(
            _(
                "workers={address} names a Dask scheduler, but dask.distributed is not installed "
                "(the 'dask' extra: pip install -e '.[dask]' in a checkout of gamekit, or pip install "
                "'dask[distributed]')",
                address=repr(address),
            )
        ) from None
    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ConfigError(
            _(
                "could not reach the Dask scheduler at {address} within {seconds} s: {error}",
                address=repr(address),
                seconds=format(timeout, "g"),
                error=short(exc),
            )
        ) from None


@contextmanager
def _client(workers: Any) -> Iterator[Any]:
    """The Client ``workers`` names: one made here from an address is closed at the end; one
    passed in is left open."""
    with dask_client(workers) if isinstance(workers, str) else nullcontext(workers) as client:
        yield client


def on_dask(
    workers: Any,
    task: Callable[[int, Any], tuple[Any, ...]],
    chunks: list[range],
    progress: Progress | None,
    sink: Sink,
) -> None:
    """The chunks on the Dask cluster ``workers`` names. On any exception (Ctrl-C included) the
    chunks still queued or running are cancelled."""
    with _client(workers) as client:
        futures: list[Any] = []

        def submit(number: int) -> Any:
            # pure=False: two chunks never share a result, whatever Dask thinks of their arguments.
            futures.append(client.submit(*task(number, None), pure=False))
            return futures[-1]

        # A generous window: an adaptive cluster grows with the tasks it sees queued, and cancelling
        # them all on Ctrl-C is one message to the scheduler.
        threads = sum(client.nthreads().values())
        try:
            gather(submit, chunks, progress, max(4 * threads, 100), sink, cancel=False)
        except BaseException:
            # One message for all: a Dask future's own cancel() waits for the scheduler, one by one.
            client.cancel([future for future in futures if not future.done()])
            raise


def calls_on_dask(workers: Any, calls: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]) -> list[Any]:
    """Each call's result, in order, the calls spread over the Dask cluster ``workers`` names."""
    with _client(workers) as client:
        futures = [client.submit(fn, *args, pure=False) for fn, args in calls]
        try:
            return client.gather(futures)
        except BaseException:
            client.cancel([future for future in futures if not future.done()])
            raise
