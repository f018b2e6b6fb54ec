"""What every part of a classroom server shares: the sessions' store, the lock, the screens' versions.

``HubBase`` holds one server's state over one ``Store`` (``activities.Hub`` is the whole of it:
the sealed rounds and the clock in ``rounds``, the game tables in ``tables``): the lock every
change runs under, the sessions' and students' versions that tell a screen to refresh, and the
rows that log every input, refused ones too.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from ..core import load_game
from ..core.game import SEAT_NAMES, Game
from ..core.i18n import _
from .faults import DamagedTable, Faults
from .security import ClassroomError, Limits
from .store import Store, now
from .tokens import normal_code

LANGS = ("en", "ja")
MAX_TEXT = 200  # longest action text


def _plain(number: float | None) -> float | int | None:
    """A stored number as a row shows it: whole numbers as ints."""
    return int(number) if isinstance(number, float) and number.is_integer() else number


def _number(value: Any, what: str, low: float, high: float, rule: str = "CL-14", whole: bool = True) -> Any:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high
    if ok and whole and value != int(value):
        ok = False
    if not ok:
        values = {"what": what, "low": format(low, "g"), "high": format(high, "g"), "value": repr(value)}
        if whole:
            message = _("{what} must be a whole number from {low} to {high}, not {value}", **values)
        else:
            message = _("{what} must be a number from {low} to {high}, not {value}", **values)
        raise ClassroomError(rule, message, 422)
    return int(value) if whole else float(value)


def read_seats(text: str) -> list[dict[str, Any]]:
    """A table's seats as stored, or [] when the stored text is damaged (CL-26: the table was
    reported when the server started and nothing is played there; the text stays as it was)."""
    try:
        seats = json.loads(text)
    except (TypeError, ValueError):
        return []
    keys = {"name", "student", "bot"}
    if not isinstance(seats, list) or not all(isinstance(s, dict) and keys <= s.keys() for s in seats):
        return []
    return seats


def shown_name(info: dict[str, Any], seat: int) -> str:
    """A seat's name as a page shows it: a student's own (also when a bot plays for a student who
    left, CL-15), a bot's own seat "Bot D" in the current language (the page's; the stored name
    stays as it was written)."""
    if info.get("bot") is None or info.get("student") is not None:
        return info.get("name", "")
    return _("Bot {seat}", seat=SEAT_NAMES[seat]) if 0 <= seat < len(SEAT_NAMES) else info.get("name", "")


class HubBase:
    """The state and helpers every job of the hub shares (see ``activities.Hub``)."""

    def __init__(
        self,
        store: Store,
        *,
        seed: int = 0,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.store = store
        self.seed = seed
        self.limits = limits or Limits()
        self.lock = threading.RLock()
        # Every wait (the clock's ticks, the tables' points, presence and timers) reads this clock,
        # so a test drives them with a fake one and never sleeps.
        self.clock = clock
        self.started = clock()  # after a restart every student counts as seen now (presence)
        self.last_seen: dict[int, float] = {}  # student → when their page last asked (memory only)
        # Deadlines of the teacher's timers (CL-20), monotonic: ("r", activity, round) for a sealed
        # round, ("t", activity, table, seat, decisions) for a student's decision at a table; while
        # an activity is paused (CL-24) its deadlines wait in ``paused_left`` as seconds left.
        self.deadlines: dict[tuple, float] = {}
        self.paused_left: dict[int, dict[tuple, float]] = {}
        self._configs: dict[int, dict[str, Any]] = {}  # activity → its settings (read once)
        self._acting: tuple[int, str] | None = None  # (student, client action id) of the act running
        self.games: dict[int, Game] = {}
        self.versions: dict[str, int] = {}  # per session: the teacher's screen changed
        # What a student sees changes with the session's public part ("p:CODE": rounds opening and
        # closing, the clock), their own inputs ("s:ID") and their table ("t:ID"). Each of these
        # keys holds a stamp: the value of one server-wide clock when it last changed. A student's
        # version is the newest stamp among their keys, so one student's sealed bid moves nobody
        # else's screen, and a change they see always gives a version they have never been shown
        # (a sum of counts could fall back to an old value when their table changed: the page,
        # which refreshes when the version differs, would stay on the old table).
        self.counters: dict[str, int] = {}
        self._clock = 0
        self.current: dict[str, int | None] = {}  # session → its activity
        self.table_of: dict[tuple[int, int], int] = {}  # (activity, student) → table
        self.table_activity: dict[int, int] = {}  # table → its activity
        self._ticks: dict[int, float] = {}  # clock round id → when it last moved (monotonic)
        # table → the "at any time" point it stands at (CL-17): the seats that passed it and when
        # it opened (monotonic). Not stored: after a restart each point opens again.
        self.windows: dict[int, dict[str, Any]] = {}
        self.next_games: dict[
            int, tuple[str, float]
        ] = {}  # tables activity → (session, when its last game ended)
        self.faults = Faults()  # what went wrong on the server, for the teacher's /state (CL-26)
        self._load()

    def _load(self) -> None:
        """Resume: versions of every session, every game table from its saved JSON."""
        for row in self.store.all("SELECT code, version, activity FROM sessions"):
            self.versions[row["code"]] = row["version"]
            self.current[row["code"]] = row["activity"]
        for row in self.store.all("SELECT key, value FROM counters"):
            self.counters[row["key"]] = row["value"]
        self._clock = max(self.counters.values(), default=0)
        for row in self.store.all("SELECT id, activity, game, seats, state FROM game_tables"):
            try:
                self.games[row["id"]] = load_game(row["state"])
            except Exception as error:  # CL-26: one damaged table is reported and skipped, the rest go on
                self.faults.report(f"table {row['id']}", f"could not be loaded, skipped: {error}")
                self.games[row["id"]] = DamagedTable(row["game"], row["state"], str(error))
            seats = read_seats(row["seats"])
            if seats or row["seats"] == "[]":
                self._seat_students(row["activity"], row["id"], seats)
                continue
            if not isinstance(self.games[row["id"]], DamagedTable):  # its game, unseated, plays no more
                self.faults.report(f"table {row['id']}", "its seats could not be read, skipped")
                self.games[row["id"]] = DamagedTable(row["game"], row["state"], "its seats could not be read")
            self.table_activity[row["id"]] = row["activity"]

    def _seat_students(self, activity: int, table: int, seats: list[dict[str, Any]]) -> None:
        self.table_activity[table] = activity
        for info in seats:
            if info["student"] is not None:
                self.table_of[(activity, info["student"])] = table

    # ----------------------------------------------------------------- helpers
    def _bump(self, code: str) -> None:
        version = self.versions.get(code, 0) + 1
        self.versions[code] = version
        self.store.execute("UPDATE sessions SET version = ? WHERE code = ?", (version, code))

    def version(self, code: str) -> int:
        """The session's version: it moves with every change (the teacher's screen)."""
        return self.versions.get(code, 0)

    def _count(self, key: str) -> None:
        """Stamp ``key`` as changed now (see ``counters``)."""
        self._clock += 1
        value = self.counters[key] = self._clock
        self.store.execute("INSERT OR REPLACE INTO counters (key, value) VALUES (?, ?)", (key, value))

    def _set_activity(self, code: str, activity: int) -> None:
        self.store.execute("UPDATE sessions SET activity = ? WHERE code = ?", (activity, code))
        self.current[code] = activity
        self._count(f"p:{code}")

    def student_version(self, student: int, code: str) -> int:
        """The version of one student's screen: it moves only when what they see may have changed."""
        counters = self.counters
        activity = self.current.get(code)
        table = self.table_of.get((activity, student)) if activity is not None else None
        mine = max(counters.get(f"p:{code}", 0), counters.get(f"s:{student}", 0))
        return max(mine, counters.get(f"t:{table}", 0)) if table is not None else mine

    def session(self, code: str) -> Any:
        with self.lock:
            row = self.store.one("SELECT * FROM sessions WHERE code = ?", (normal_code(code),))
        if row is None:
            raise ClassroomError("CL-5", _("no session with the code {code}", code=repr(str(code)[:12])), 404)
        return row

    def student_by_token(self, bearer: str | None) -> Any:
        with self.lock:
            row = self.store.one("SELECT * FROM students WHERE token = ?", (bearer,)) if bearer else None
        if row is None:
            if bearer and self.store.one("SELECT 1 FROM revoked WHERE token = ?", (bearer,)):
                raise ClassroomError("CL-19", "this seat was taken over from another browser", 401)
            raise ClassroomError("CL-9", "this page needs a student token: join the session first", 401)
        if row["left_at"] is not None:
            raise ClassroomError("CL-15", "you left this session; join again to play", 401)
        return row

    def _activity(self, session: Any) -> Any:
        if session["activity"] is None:
            return None
        return self.store.one("SELECT * FROM activities WHERE id = ?", (session["activity"],))

    def _config(self, activity_id: int) -> dict[str, Any]:
        """An activity's settings (its stored ``config``), read from the database once."""
        found = self._configs.get(activity_id)
        if found is None:
            row = self.store.one("SELECT config FROM activities WHERE id = ?", (activity_id,))
            found = self._configs[activity_id] = json.loads(row["config"])
        return found

    def _round(self, activity_id: int) -> Any:
        return self.store.one(
            "SELECT * FROM rounds WHERE activity = ? ORDER BY number DESC LIMIT 1", (activity_id,)
        )

    def _active(self, code: str) -> list[Any]:
        return self.store.all(
            "SELECT * FROM students WHERE session = ? AND left_at IS NULL ORDER BY id", (code,)
        )

    def _bids(self, round_id: int) -> dict[int, int]:
        rows = self.store.all("SELECT student, amount FROM bids WHERE round = ? ORDER BY id", (round_id,))
        return {r["student"]: r["amount"] for r in rows}

    def _row(self, session: str, kind: str, text: str, accepted: bool, **fields: Any) -> None:
        self.store.insert(
            "rows",
            session=session,
            kind=kind,
            text=text[:MAX_TEXT],
            accepted=int(accepted),
            time=now(),
            **fields,
        )

    def _mark_acted(self) -> None:
        """Inside the transaction that stores a student's action: its client id, so that the same
        id sent again is answered without acting twice (``Hub.act``)."""
        if self._acting is not None:
            student, action = self._acting
            self.store.insert("acted", student=student, action=action, time=now())

    def _refused(self, session: str, kind: str, text: str, error: Exception, **fields: Any) -> None:
        """Log a refused input (accepted false, with the rule it broke) in its own transaction."""
        rule = getattr(error, "rule_id", None)
        with self.store.write():
            self._row(session, kind, text, False, rule=rule, **fields)
