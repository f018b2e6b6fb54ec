"""What went wrong on the server, kept for the teacher (CL-26), and the stand-in for a table whose
saved game could not be read.

A fault (a database error in the clock thread, a request that hit a full disk, a damaged row at
start-up) must not stop the session nor pass in silence: it goes to ``Faults``, which the
teacher's ``/state`` carries as ``faults`` (``{time, where, message, count}``, newest last) and
whose count moves the teacher's event stream, and the session goes on.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from .security import ClassroomError
from .store import now

LOG = logging.getLogger("gamekit.classroom")
KEPT = 100  # the newest faults kept (a fault repeated in a row counts up instead of taking a line)


class Faults:
    """The server's faults, newest last, at most ``KEPT``; thread-safe (the clock thread reports too)."""

    def __init__(self) -> None:
        self._items: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self.count = 0  # every report, repeats too: the teacher's stream watches it

    def report(self, where: str, error: BaseException | str) -> dict[str, Any]:
        """Keep a fault: ``where`` it happened (a route, "clock", "table 3"), and what. The same
        fault again right after the last (a clock retrying each tick) counts up the last one."""
        message = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        with self._lock:
            self.count += 1
            last = self._items[-1] if self._items else None
            if last is not None and last["where"] == where and last["message"] == message:
                last["time"] = now()
                last["count"] += 1
                return dict(last)
            fault = {"time": now(), "where": where, "message": message, "count": 1}
            self._items.append(fault)
            del self._items[:-KEPT]
        LOG.warning("classroom fault in %s: %s", where, message)
        return dict(fault)

    def as_list(self) -> list[dict[str, Any]]:
        """The faults as the teacher's ``/state`` shows them (copies)."""
        with self._lock:
            return [dict(f) for f in self._items]


class DamagedTable:
    """A table whose saved game could not be read (CL-26): nobody is to act and nothing can be
    played there, its saved text is written back as it was, and every other table goes on."""

    damaged = True
    is_over = False
    to_act: tuple[int, ...] = ()
    max_decisions = 0
    seed = None

    def __init__(self, name: str, text: str, reason: str):
        # No game is registered under this name: nothing draws it (the phone's and the
        # projector's pictures say there is none) and no bot is made for it.
        self.name = "damaged table"
        self.game = name  # the game it was
        self.reason = reason
        self._text = text

    @property
    def history(self) -> list[tuple[int, str]]:
        return []

    @property
    def players(self) -> int:
        # What draws a table's picture asks for its players first: a damaged table has no
        # picture, and says so where the picture would be (``results`` shows this message).
        raise NotImplementedError(f"this table could not be loaded: {self.reason}")

    def legal_actions(self, seat: int) -> list[Any]:
        return []

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {"damaged": True, "reason": f"this table could not be loaded: {self.reason}"}

    def log_for(self, seat: int | None) -> list[Any]:
        return []

    def result(self) -> None:
        return None

    def to_json(self) -> str:
        return self._text

    def act(self, seat: int, action: Any) -> None:
        raise ClassroomError(
            "CL-26", "this table could not be loaded from the database: nothing is played here", 503
        )
