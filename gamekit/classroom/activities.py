"""What a class session runs: sealed-bid rounds, the ascending clock, and game tables.

``Hub`` holds every session of one server over one ``Store``, one job per module: what every
job shares (``hub_base``), the auctions and the clock (``rounds``), the game tables (``tables``),
and here the sessions, the students and the teacher's views. Each method that changes anything
runs in one transaction under one lock: the change is committed before the method returns, so
the HTTP answer that follows acknowledges only what is on disk; a refused input raises
``ClassroomError`` (a CL-* rule) or the engine's ``IllegalAction`` and changes nothing but the
row that logs the refusal. Who is here, the timers and the people's names and rejoin codes are
``presence``'s; the auctions and the tables apply them. Opening a ``Hub`` on an existing database resumes every session,
round and table where it stood (games from their saved ``to_json()``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from .hub_base import LANGS, MAX_TEXT, _plain, read_seats, shown_name
from .presence import ABSENT_SECONDS
from .rounds import (
    CLOCK_FORMATS,
    FORMATS,
    REFUND_ROUNDINGS,
    SEALED_FORMATS,
    Rounds,
    clock_outcome,
    clock_top,
    parse_bid,
    private_value,
    sealed_outcome,
    tie_order,
)
from .security import ClassroomError, clean_name
from .store import now
from .tables import ANY_TIME_SECONDS, LOG_LINES, PASS, Tables, table_games
from .tokens import join_code, normal_code, token

_ACTION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

# What this module has always offered, from the modules its jobs moved to.
__all__ = [
    "ABSENT_SECONDS",
    "ANY_TIME_SECONDS",
    "CLOCK_FORMATS",
    "FORMATS",
    "LANGS",
    "LOG_LINES",
    "MAX_TEXT",
    "PASS",
    "REFUND_ROUNDINGS",
    "SEALED_FORMATS",
    "Hub",
    "clock_outcome",
    "clock_top",
    "parse_bid",
    "private_value",
    "sealed_outcome",
    "table_games",
    "tie_order",
]


class Hub(Rounds, Tables):
    """Every session of one classroom server, held over one database: its sessions and students,
    what each sees and does, and the teacher's views (the auctions in ``Rounds``, the tables in
    ``Tables``, presence, timers, names and rejoin codes in ``Presence``, which both build on)."""

    # ----------------------------------------------------------------- sessions and students
    def create_session(self, title: Any) -> str:
        title = clean_name(title, self.limits.title_chars, "title")
        with self.lock, self.store.write() as db:
            count = db.one("SELECT COUNT(*) AS n FROM sessions")["n"]
            if count >= self.limits.sessions:
                raise ClassroomError("CL-7", f"this server holds at most {self.limits.sessions} sessions")
            code = join_code()
            while db.one("SELECT 1 FROM sessions WHERE code = ?", (code,)):
                code = join_code()
            db.insert("sessions", code=code, title=title, seed=self.seed + count, created=now())
            self.versions[code] = 0
        return code

    def join(self, code: Any, name: Any, lang: Any = "en") -> dict[str, Any]:
        if not isinstance(code, str):
            raise ClassroomError("CL-5", "the join code must be text", 422)
        name = clean_name(name, self.limits.name_chars)
        lang = lang if lang in LANGS else "en"
        with self.lock, self.store.write() as db:
            session = self.session(code)
            count = db.one("SELECT COUNT(*) AS n FROM students WHERE session = ?", (session["code"],))["n"]
            if count >= self.limits.students:
                raise ClassroomError("CL-7", f"this session is full ({self.limits.students} students)")
            secret, name = token(), self._shown_name(session["code"], name)  # "Ken (2)" (CL-22)
            rejoin = self._new_rejoin(session["code"])
            student = db.insert(
                "students",
                session=session["code"],
                name=name,
                lang=lang,
                token=secret,
                joined=now(),
                rejoin=rejoin,
            )
            self._row(session["code"], "join", f"join {name}", True, student=student, name=name)
            self.seen(student)
            self._count(f"s:{student}")
            self._bump(session["code"])
        return {"token": secret, "student": student, "name": name, "rejoin": rejoin}

    def leave(self, student_id: int, code: str | None = None) -> None:
        """The student is out: token refused, seat played by a bot, rounds stop waiting (CL-15)."""
        with self.lock:
            row = self.store.one("SELECT * FROM students WHERE id = ?", (student_id,))
            if row is None or (code is not None and row["session"] != normal_code(code)):
                raise ClassroomError("CL-5", f"no student {student_id!r} in this session", 404)
            if row["left_at"] is not None:
                return
            session = self.session(row["session"])
            with self.store.write() as db:
                db.execute("UPDATE students SET left_at = ? WHERE id = ?", (now(), student_id))
                self._row(session["code"], "leave", "leave", True, student=student_id, name=row["name"])
                self._replace_at_tables(session["code"], student_id)
                self._count(f"p:{session['code']}")
                activity = self._activity(session)
                if activity is not None and activity["kind"] in ("auction", "clock"):
                    self._maybe_close(session, activity)
                self._bump(session["code"])

    def remove(self, code: str, who: Any) -> dict[str, Any]:
        """The teacher takes a student (number or shown name, CL-23) out of the session (CL-15)."""
        with self.lock:
            student = self.find_student(self.session(code)["code"], who)
            self.leave(student["id"], code)
        return {"ok": True, "student": student["id"], "name": student["name"]}

    # ----------------------------------------------------------------- what a student sees
    def me(self, student: Any) -> dict[str, Any]:
        with self.lock:
            session = self.session(student["session"])
            activity = self._activity(session)
            shown = None
            if activity is not None:
                if activity["kind"] in ("auction", "clock"):
                    shown = self._auction_screen(activity, student)
                    if shown is not None:
                        shown |= self.timer_info(activity["id"], *self._round_timer(activity))
                else:
                    shown = self._table_screen(student)
            rejoin = self.store.one("SELECT rejoin FROM students WHERE id = ?", (student["id"],))
            return {
                "student": student["id"],
                "name": student["name"],
                "rejoin": rejoin["rejoin"],
                "session": session["code"],
                "title": session["title"],
                "lang": student["lang"],
                "activity": shown,
                "version": self.student_version(student["id"], session["code"]),
            }

    # ----------------------------------------------------------------- a student acts
    def act(self, student: Any, text: Any, action_id: Any = None) -> dict[str, Any]:
        """A student's input: a bid, a drop-out or a table action. Returns the new screen.

        ``action_id``: the page's own id of this action (1 to 64 of A-Z a-z 0-9 _ -), so that a
        retry after a lost answer acts once: an id this student's action was stored with is
        answered with the screen as it is now, and nothing is stored again."""
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            raise ClassroomError("CL-11", f"'text' must be an action of 1 to {MAX_TEXT} characters", 422)
        if action_id is not None and not (isinstance(action_id, str) and _ACTION_ID.fullmatch(action_id)):
            raise ClassroomError("CL-11", "'id' is 1 to 64 letters, digits, '_' or '-'", 422)
        text = " ".join(text.split())
        with self.lock:
            if action_id is not None and self.store.one(
                "SELECT 1 FROM acted WHERE student = ? AND action = ?", (student["id"], action_id)
            ):
                return self.me(student)  # sent again: stored once
            self._acting = None if action_id is None else (student["id"], action_id)
            try:
                self._dispatch(student, text)
            finally:
                self._acting = None
        return self.me(student)

    def _dispatch(self, student: Any, text: str) -> None:
        """The input to the running activity (under the lock)."""
        session = self.session(student["session"])
        activity = self._activity(session)
        if activity is None:
            error = ClassroomError("CL-8", "nothing is running now: wait for the teacher")
            self._refused(session["code"], "input", text, error, student=student["id"], name=student["name"])
            raise error
        if activity["kind"] == "auction":
            self._round_input(session, activity, student, text, "bid")
        elif activity["kind"] == "clock":
            self._round_input(session, activity, student, text, "drop")
        else:
            self._table_act(session, activity, student, text)

    # ----------------------------------------------------------------- the teacher's views
    def state(self, code: str) -> dict[str, Any]:
        with self.lock:
            session = self.session(code)
            code = session["code"]
            activity = self._activity(session)
            shown = round_info = None
            waiting: list[str] = []
            tables: list[dict[str, Any]] = []
            if activity is not None:
                config = json.loads(activity["config"])
                shown = {"id": activity["id"], "kind": activity["kind"], **config}
                shown |= self.timer_info(activity["id"], *self._round_timer(activity))
                if activity["kind"] in ("auction", "clock"):
                    round_info, waiting = self._round_info(code, activity)
                else:
                    tables, waiting = self._tables_info(activity)
            return {
                "session": code,
                "title": session["title"],
                "students": self._students_info(code, activity),
                "activity": shown,
                "round": round_info,
                "waiting": waiting,
                "tables": tables,
                "version": self.version(code),
            }

    def _students_info(self, code: str, activity: Any) -> list[dict[str, Any]]:
        """Each student as the teacher sees them: here or gone how long (CL-21), their rejoin code (CL-19)."""
        aid = None if activity is None else activity["id"]
        found = []
        for s in self.store.all("SELECT * FROM students WHERE session = ? ORDER BY id", (code,)):
            gone = self.absent_for(s["id"], aid)
            found.append(
                {
                    "student": s["id"],
                    "name": s["name"],
                    "shown_name": s["name"],
                    "lang": s["lang"],
                    "left": s["left_at"] is not None,
                    "present": gone is None and s["left_at"] is None,
                    "absent_for": gone,
                    "rejoin": s["rejoin"],
                }
            )
        return found

    def _round_info(self, code: str, activity: Any) -> tuple[dict[str, Any], list[str]]:
        """The running round for the teacher, and whom it waits for (absent students aside, CL-21)."""
        current = self._round(activity["id"])
        bids = self._bids(current["id"])
        info = {
            "number": current["number"],
            "status": current["status"],
            "price": current["price"],
            "bids": len(bids),
            "result": json.loads(current["result"]) if current["result"] else None,
        }
        waiting = []
        if current["status"] == "open":
            waiting = [
                s["name"]
                for s in self._active(code)
                if s["id"] not in bids and self.here(s["id"], activity["id"])
            ]
        return info, waiting

    def _tables_info(self, activity: Any) -> tuple[list[dict[str, Any]], list[str]]:
        """Each running table for the teacher (who sits, who is absent, the soonest deadline), and
        the students the tables wait for."""
        tables: list[dict[str, Any]] = []
        waiting: list[str] = []
        aid = activity["id"]
        for row in self.store.all("SELECT * FROM game_tables WHERE activity = ? ORDER BY id", (aid,)):
            game = self.games[row["id"]]
            seats = read_seats(row["seats"])
            students = [s for s in game.to_act if seats[s]["bot"] is None]
            lefts = [
                x for s in students if (x := self._left(aid, *self._turn_key(aid, row["id"], s))) is not None
            ]
            players = [
                {
                    "name": shown_name(s, i),
                    "bot": s["bot"] is not None,
                    "student": s["student"],
                    "absent": self._seat_absent(aid, s),
                }
                for i, s in enumerate(seats)
            ]
            tables.append(
                {
                    "table": row["id"],
                    "game": row["game"],
                    "to_act": list(game.to_act),
                    "over": game.is_over,
                    "players": players,
                    "result": game.result() if game.is_over else None,
                    "deadline": round(min(lefts), 1) if lefts else None,
                }
            )
            to_wait = [s for s in game.to_act if seats[s]["bot"] is None and not players[s]["absent"]]
            waiting += [seats[s]["name"] for s in to_wait]
            waiting += [seats[s]["name"] for s in self._window_waiting(row["id"], seats)]
        return tables, waiting

    def rows(self, code: str) -> list[dict[str, Any]]:
        with self.lock:
            session = self.session(code)
            found = self.store.all("SELECT * FROM rows WHERE session = ? ORDER BY id", (session["code"],))
            formats = {
                a["id"]: (lambda c: c.get("format") or c.get("game"))(json.loads(a["config"]))
                for a in self.store.all(
                    "SELECT id, config FROM activities WHERE session = ?", (session["code"],)
                )
            }
        return [
            {
                "session": r["session"],
                "activity": r["activity"],
                "format": formats.get(r["activity"]),
                "round": r["round"],
                "table": r["game_table"],
                "student": r["student"],
                "name": r["name"],
                "seat": r["seat"],
                "kind": r["kind"],
                "text": r["text"],
                "value": _plain(r["value"]),
                "payoff": _plain(r["payoff"]),
                "time": r["time"],
                "accepted": bool(r["accepted"]),
                "rule": r["rule"],
            }
            for r in found
        ]
