"""One server per database (CL-25): an operating-system lock on a file beside the database, held
for the server's lifetime.

Two servers on one database would each acknowledge actions the other overwrites. The lock is the
kernel's (``flock`` on POSIX, ``msvcrt.locking`` on Windows), taken on its own open file, so a
second server is refused even in the same process (a notebook's ``Classroom()`` cell run again),
and it goes with the process: a server killed with ``kill -9`` leaves a file that no longer blocks.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

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
    naming the process that holds it; ``release()`` lets it go (``Store.close`` calls it)."""

    def __init__(self, db_path: str | Path):
        self.db_path = Path(db_path)
        self.path = lock_path(db_path)
        self._file: IO[str] | None = None

    def acquire(self) -> DatabaseLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open for the server's lifetime
        try:
            _lock(handle)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise ClassroomError(
                "CL-25",
                f"the database {self.db_path} is already served by another classroom server ({holder}):"
                " stop that server first (room.stop(), or end its program), or use another database",
                409,
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()}")
        handle.flush()
        self._file = handle
        return self

    def release(self) -> None:
        handle, self._file = self._file, None
        if handle is None:
            return
        try:
            handle.seek(0)
            handle.truncate()
            _unlock(handle)
        finally:
            handle.close()

    @property
    def held(self) -> bool:
        return self._file is not None


def _lock(handle: IO[str]) -> None:
    if fcntl is not None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    else:  # pragma: no cover - Windows: the first byte, without waiting
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)


def _unlock(handle: IO[str]) -> None:
    if fcntl is not None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
