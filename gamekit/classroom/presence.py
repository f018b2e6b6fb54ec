"""Who is here, the teacher's timers and pause, and the people of a session (shown names, rejoin codes).

Presence is memory only: ``seen`` notes when a student's page last asked (any request with their
token: the page says "still here" every ``HERE_SECONDS`` while it is open, ``POST /api/here``), so
no request writes to the database for it. An event stream the server holds open proves nothing: a
phone whose battery died keeps its connection "open" until TCP gives up, minutes later. A student
not seen for the activity's absence time (its timer, or ``ABSENT_SECONDS`` without one, and never
less than ``MIN_ABSENT_SECONDS``, two missed beats) is absent (CL-21): a sealed round stops waiting for them, the
clock drops them at its price, a bot plays their decisions at a table until they are back. What
absence changes in a game is stored, as rows of kind "default" that name the rule (CL-20, CL-21)
and are never counted as the student's own input. ``presence_due`` applies it; the server's clock
thread calls it with ``tick_due`` and ``tables_due``.

A timer (CL-20) belongs to the running activity and is stored with it (its settings, so a restart
keeps it, and its pause, CL-24); the deadlines themselves live in memory, on the hub's clock: a
restart gives the round or decision that was running its whole timer again, as phones reconnect.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any

from ..core.i18n import _
from .hub_base import HubBase
from .security import ClassroomError, clean_name
from .store import now
from .tokens import join_code, normal_code, token

ABSENT_SECONDS = 30.0  # a student whose page has not asked for this long is absent (no timer set)
HERE_SECONDS = 5.0  # an open page says "still here" this often (student.js HERE_MS)
MIN_ABSENT_SECONDS = 2 * HERE_SECONDS + 2  # a short timer never makes an open page absent
TIMER_SECONDS = (5, 3600)  # the range of a teacher's timer (CL-20)
TIMER_RULE, ABSENT_RULE = "CL-20", "CL-21"  # the rules a default action names
_log = logging.getLogger(__name__)


def timer_seconds(value: Any) -> int | None:
    """A timer as the teacher sent it: a whole number of seconds in ``TIMER_SECONDS``, or None (no timer)."""
    low, high = TIMER_SECONDS
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise ClassroomError(
            "CL-20", _("a timer is a whole number of seconds or null, not {value}", value=repr(value)), 422
        )
    if not low <= value <= high:
        raise ClassroomError(
            "CL-20",
            _("a timer is from {low} to {high} seconds, not {value}", low=low, high=high, value=repr(value)),
            422,
        )
    return int(value)


class Presence(HubBase):
    """Presence, timers, pause, shown names and rejoin codes (the auctions and tables apply them)."""

    def _load(self) -> None:
        super()._load()
        missing = self.store.all("SELECT id, session FROM students WHERE rejoin IS NULL")
        if missing:  # a database from before rejoin codes: each student gets one, once
            with self.store.write():
                for row in missing:
                    code = self._new_rejoin(row["session"])
                    self.store.execute("UPDATE students SET rejoin = ? WHERE id = ?", (code, row["id"]))

    # ----------------------------------------------------------------- presence (memory only)
    def seen(self, student_id: int) -> None:
        """The student's page asked now."""
        self.last_seen[student_id] = self.clock()

    def gone_for(self, student_id: int) -> float:
        """Seconds since the student's page last asked (since the server started, if never)."""
        return max(0.0, self.clock() - self.last_seen.get(student_id, self.started))

    def present(self, student_id: int, seconds: float = ABSENT_SECONDS) -> bool:
        """Seen within ``seconds`` (CL-21)."""
        return self.gone_for(student_id) < seconds

    def absent_after(self, activity_id: int | None) -> float:
        """How long a student may be gone before the activity counts them absent: its timer, or 30 s
        (at least ``MIN_ABSENT_SECONDS``: an open page's beats are 5 s apart)."""
        timer = self._config(activity_id).get("timer") if activity_id is not None else None
        return max(float(timer or ABSENT_SECONDS), MIN_ABSENT_SECONDS)

    def here(self, student_id: int, activity_id: int | None) -> bool:
        """Present as the activity counts it (``absent_after``)."""
        return self.present(student_id, self.absent_after(activity_id))

    def absent_for(self, student_id: int, activity_id: int | None = None) -> float | None:
        """Seconds the student has been gone, once they count as absent; None while present."""
        return None if self.here(student_id, activity_id) else round(self.gone_for(student_id), 1)

    def student_by_token(self, bearer: str | None) -> Any:
        row = super().student_by_token(bearer)
        self.seen(row["id"])
        return row

    # ----------------------------------------------------------------- timers and pause
    def _left(self, activity_id: int, key: tuple, mark: Any = None) -> float | None:
        """Seconds left of the timer of ``key`` (a round, a seat's decision ``mark``), started the
        first time it is asked for; None without a timer. Paused: what was left at the pause."""
        config = self._config(activity_id)
        timer = config.get("timer")
        if not timer or key is None:
            return None
        if config.get("paused"):
            kept = self.paused_left.get(activity_id, {}).get(key)
            return kept[1] if kept is not None and kept[0] == mark else float(timer)
        entry = self.deadlines.get(key)
        if entry is None or entry[0] != mark:
            entry = self.deadlines[key] = (mark, self.clock() + timer)
        return max(0.0, entry[1] - self.clock())

    def _expired(self, activity_id: int, key: tuple, mark: Any = None) -> bool:
        left = self._left(activity_id, key, mark)
        return left is not None and left <= 0 and not self._config(activity_id).get("paused")

    def timer_info(self, activity_id: int, key: tuple | None = None, mark: Any = None) -> dict[str, Any]:
        """``timer`` (seconds or None), ``paused`` and ``deadline`` (seconds left of ``key``, or None)."""
        config = self._config(activity_id)
        left = None if key is None else self._left(activity_id, key, mark)
        return {
            "timer": config.get("timer"),
            "paused": bool(config.get("paused")),
            "deadline": None if left is None else round(left, 1),
        }

    def _forget(self, activity_id: int) -> None:
        for key in [k for k in self.deadlines if k[1] == activity_id]:
            del self.deadlines[key]
        self.paused_left.pop(activity_id, None)

    def _running(self, code: str, rule: str) -> tuple[Any, Any]:
        session = self.session(code)
        activity = self._activity(session)
        if activity is None:
            raise ClassroomError(rule, _("no activity is running in this session"), 409)
        return session, activity

    def _save_config(self, code: str, activity_id: int, config: dict[str, Any], kind: str, text: str) -> None:
        """Store the activity's changed settings with a row of the teacher's change (in a transaction)."""
        rule = "CL-20" if kind == "timer" else "CL-24"
        self.store.execute("UPDATE activities SET config = ? WHERE id = ?", (json.dumps(config), activity_id))
        self._configs[activity_id] = config
        self._row(code, kind, text, True, activity=activity_id, rule=rule)
        self._count(f"p:{code}")
        self._bump(code)

    def set_timer(self, code: str, seconds: Any) -> dict[str, Any]:
        """The running activity's timer (CL-20): each sealed round, each decision of a student's
        seat at a table; the round or decision now running starts its new timer now."""
        seconds = timer_seconds(seconds)
        with self.lock:
            session, activity = self._running(code, "CL-20")
            config = {**self._config(activity["id"]), "timer": seconds}
            with self.store.write():
                text = f"timer {seconds} s" if seconds else "timer off"
                self._save_config(session["code"], activity["id"], config, "timer", text)
                self._forget(activity["id"])
            return self.timer_info(activity["id"])

    def pause(self, code: str) -> dict[str, Any]:
        """Stop the running activity's timers and clock (CL-24); students may still act."""
        return self._pause(code, True)

    def resume(self, code: str) -> dict[str, Any]:
        """Go on after ``pause``: each timer with what it had left, the clock from now (CL-24)."""
        return self._pause(code, False)

    def _pause(self, code: str, paused: bool) -> dict[str, Any]:
        with self.lock:
            session, activity = self._running(code, "CL-24")
            aid = activity["id"]
            config = self._config(aid)
            if bool(config.get("paused")) == paused:
                return self.timer_info(aid)
            moment = self.clock()
            if paused:
                kept = {k: (v[0], max(0.0, v[1] - moment)) for k, v in self.deadlines.items() if k[1] == aid}
                self._forget(aid)
                self.paused_left[aid] = kept
            else:
                for key, (mark, left) in self.paused_left.pop(aid, {}).items():
                    self.deadlines[key] = (mark, moment + left)
                current = self._round(aid)
                if current is not None:
                    self._ticks[current["id"]] = moment  # the clock's next step a whole tick from now
            with self.store.write():
                config = {**config, "paused": paused}
                word = "pause" if paused else "resume"
                self._save_config(session["code"], aid, config, word, word)
            # the running sealed round's timer goes on now (its whole length after a restart)
            return self.timer_info(aid, *self._round_timer(activity))

    def presence_due(self) -> int:
        """Apply absence and the timers (CL-20, CL-21) to every running round and table that is
        not paused, in sessions someone attends (``_attended``); the server's clock thread calls
        it. Returns how many rounds and tables moved. A fault in one session is reported and the
        others go on."""
        moved = 0
        with self.lock:
            running = self.store.all(
                "SELECT s.code, a.id, a.kind FROM sessions AS s JOIN activities AS a ON a.id = s.activity"
                " WHERE EXISTS (SELECT 1 FROM rounds AS r WHERE r.activity = a.id AND r.status = 'open')"
                " OR EXISTS (SELECT 1 FROM game_tables AS g WHERE g.activity = a.id AND g.over = 0)"
            )
            for row in running:
                if self._config(row["id"]).get("paused") or not self._attended(row["code"]):
                    continue
                try:
                    if row["kind"] == "tables":
                        moved += self._tables_presence(row["code"], row["id"])
                    else:
                        moved += self._round_presence(row["code"], row["id"])
                except sqlite3.Error:
                    raise
                except Exception as error:  # a bot or a game's fault: this session only
                    self._report(f"presence {row['code']}", error)
        return moved

    def _attended(self, code: str) -> bool:
        """Someone of the session has been seen since the server started: a session of an earlier
        class, nobody's page open, is left as it stands (its tables are not played out by bots)."""
        rows = self.store.all("SELECT id FROM students WHERE session = ? AND left_at IS NULL", (code,))
        return any(row["id"] in self.last_seen for row in rows)

    def _report(self, where: str, error: Exception) -> None:
        """A fault the teacher should hear of: on the hub's ``faults`` list where it keeps one."""
        entry = {"time": now(), "where": where, "message": f"{type(error).__name__}: {error}"}
        faults = getattr(self, "faults", None)
        if isinstance(faults, list):
            faults.append(entry)
        _log.warning("classroom: %s: %s", where, entry["message"])

    # ----------------------------------------------------------------- people: names, rejoin codes
    def _shown_name(self, code: str, name: str) -> str:
        """``name``, or with a suffix " (2)", " (3)" … when the session already shows it (CL-22;
        letter case aside: "ken" and "Ken" are one name to a class)."""
        rows = self.store.all("SELECT name FROM students WHERE session = ?", (code,))
        taken = {row["name"].casefold() for row in rows}
        shown, number = name, 2
        while shown.casefold() in taken:
            shown, number = f"{name} ({number})", number + 1
        return shown

    def _new_rejoin(self, code: str) -> str:
        found = join_code()
        while self.store.one("SELECT 1 FROM students WHERE session = ? AND rejoin = ?", (code, found)):
            found = join_code()
        return found

    def rejoin(self, code: Any, rejoin: Any) -> dict[str, Any]:
        """The same student and seat from another browser (CL-19): a new token and a new rejoin
        code; the old token is refused from now on (401, CL-19)."""
        if not isinstance(code, str):
            raise ClassroomError("CL-5", "the join code must be text", 422)
        if not isinstance(rejoin, str) or not 1 <= len(rejoin) <= 20:
            raise ClassroomError("CL-19", "'rejoin' is the short code your first page showed", 422)
        with self.lock, self.store.write() as db:
            session = self.session(code)
            found = db.one(
                "SELECT * FROM students WHERE session = ? AND rejoin = ?",
                (session["code"], normal_code(rejoin)),
            )
            if found is None:
                raise ClassroomError("CL-19", "no seat of this session has that rejoin code", 404)
            if found["left_at"] is not None:
                raise ClassroomError("CL-15", "you left this session; join again to play", 409)
            secret, fresh = self._take_over(db, session["code"], found)
        return {"token": secret, "student": found["id"], "name": found["name"], "rejoin": fresh}

    def _take_over(self, db: Any, code: str, found: Any) -> tuple[str, str]:
        secret, fresh = token(), self._new_rejoin(code)
        db.insert("revoked", token=found["token"], student=found["id"], time=now())
        db.execute("UPDATE students SET token = ?, rejoin = ? WHERE id = ?", (secret, fresh, found["id"]))
        self._row(code, "rejoin", "rejoin", True, student=found["id"], name=found["name"], rule="CL-19")
        self.seen(found["id"])
        self._count(f"s:{found['id']}")
        self._bump(code)
        return secret, fresh

    def find_student(self, code: str, who: Any) -> Any:
        """A student of the session by number or by the name shown for them (CL-23)."""
        if isinstance(who, int) and not isinstance(who, bool):
            row = self.store.one("SELECT * FROM students WHERE id = ? AND session = ?", (who, code))
            if row is None:
                raise ClassroomError("CL-5", _("no student {who} in this session", who=repr(who)), 404)
            return row
        if not isinstance(who, str) or not who.strip():
            raise ClassroomError("CL-11", _("'student' must be a student's number or shown name"), 422)
        name = clean_name(who, 200, "student's name").casefold()
        rows = [
            r
            for r in self.store.all("SELECT * FROM students WHERE session = ? ORDER BY id", (code,))
            if r["name"].casefold() == name
        ]
        if not rows:
            raise ClassroomError(
                "CL-11",
                _(
                    "'student' must be a student's number or shown name: nobody is shown as {who}",
                    who=repr(who[:40]),
                ),
                422,
            )
        return rows[-1]  # names are told apart (CL-22); one who left and came back by name: the newest
