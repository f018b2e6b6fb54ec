"""One server per database (CL-25): an operating-system lock on a file beside the database, held
for the server's lifetime.

Two servers on one database would each acknowledge actions the other overwrites. The lock is the
kernel's (``flock`` on POSIX, ``msvcrt.locking`` on Windows), taken on its own open file, so a
second server is refused even in the same process (a notebook's ``Classroom()`` cell run again),
and it goes with the process: a server killed with ``kill -9`` leaves a file that no longer blocks.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path

from .security import ClassroomError

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


def lock_path(db_path: str | Path) -> Path:
    """The lock file of a database: ``class.db`` → ``class.db.lock``."""
    path = Path(db_path)
    return path.with_name(path.name + ".lock")


class DatabaseLock:
    """The lock one server holds on its database (CL-25). ``acquire()`` raises ClassroomError CL-25
    naming the process that holds it; ``release()`` lets it go (``Store.close`` calls it). A lock
    dropped without ``release()`` (an app that never closed its store) is released when it is
    garbage-collected, without a warning."""

    def __init__(self, db_path: str | Path):
        self.db_path = Path(db_path)
        self.path = lock_path(db_path)
        self._fd: int | None = None
        self._finalizer: weakref.finalize | None = None

    def acquire(self) -> DatabaseLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            try:
                holder = os.read(fd, 200).decode("utf-8", "replace").strip() or "another process"
            except OSError:  # Windows: the locked byte cannot be read
                holder = "another process"
            finally:
                os.close(fd)
            raise ClassroomError(
                "CL-25",
                f"the database {self.db_path} is already served by another classroom server ({holder}):"
                " stop that server first (room.stop(), or end its program), or use another database",
                409,
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"process {os.getpid()}".encode())  # at 0: nothing was read from this descriptor
        self._fd = fd
        self._finalizer = weakref.finalize(self, _close, fd)
        return self

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if self._finalizer is not None:
            self._finalizer.detach()
        try:
            os.ftruncate(fd, 0)
        finally:
            _close(fd)

    @property
    def held(self) -> bool:
        return self._fd is not None


def _close(fd: int) -> None:
    """Unlock and close: the kernel would unlock on close, the explicit unlock says so."""
    try:
        _unlock(fd)
    finally:
        os.close(fd)


def _lock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    else:  # pragma: no cover - Windows: the first byte, without waiting
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
