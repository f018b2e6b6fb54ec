"""What a class session runs: sealed-bid rounds, the ascending clock, and game tables.

``Hub`` holds every session of one server over one ``Store``. Each method that changes anything
runs in one transaction under one lock: the change is committed before the method returns, so
the HTTP answer that follows acknowledges only what is on disk; a refused input raises
``ClassroomError`` (a CL-* rule) or the engine's ``IllegalAction`` and changes nothing but the
row that logs the refusal. Opening a ``Hub`` on an existing database resumes every session,
round and table where it stood (games from their saved ``to_json()``).

The auctions follow the auction lab's private-values model (``gamekit.theory.auctions``): each
student's value is drawn independently and uniformly, here as a whole number in [low, high],
from a generator seeded by the activity's seed, the round and the student, so a value never
depends on who asked first or on a restart.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..auctions import HALF_ROUNDINGS, half_back
from ..bots.base import make_bot
from ..core import ConfigError, IllegalAction, load_game, new_game
from ..core.game import SEAT_NAMES, Game
from ..simulate import take_turn
from ..teach import may_act_any_time
from .security import ClassroomError, Limits, clean_name
from .store import Store, now
from .tokens import join_code, normal_code, token

SEALED_FORMATS = ("first_price", "second_price", "all_pay")
CLOCK_FORMATS = ("losers_pay_half",)
FORMATS = SEALED_FORMATS + CLOCK_FORMATS
TABLE_GAMES = ("for_sale", "money_monsoon", "kuhhandel", "bohnanza")
REFUND_ROUNDINGS = HALF_ROUNDINGS  # For Sale's FS-B6: half of an odd price back, rounded down (default) or up
ANY_TIME_SECONDS = 5.0  # how long a table waits for students who may act at any time (the room may set it)
PASS = "pass"  # a student's text that passes an "at any time" point (CL-17)
LANGS = ("en", "ja")
LOG_LINES = 100  # the last lines of a table's log a student's screen carries
MAX_TEXT = 200  # longest action text


# ------------------------------------------------------------------ the auctions' arithmetic
def private_value(seed: int, round_number: int, student: int, low: int, high: int) -> int:
    """A student's value in a round: uniform whole number in [low, high], independent across
    students and rounds (the lab's private-values model), fixed by (seed, round, student)."""
    return random.Random(f"classroom-value/{seed}/{round_number}/{student}").randint(low, high)


def tie_order(seed: int, round_number: int, students: Sequence[int]) -> list[int]:
    """The students in a seeded random order: who wins a tie for the top bid (first in this order)."""
    order = sorted(students)
    random.Random(f"classroom-tie/{seed}/{round_number}").shuffle(order)
    return order


def sealed_outcome(fmt: str, bids: Mapping[int, int], order: Sequence[int]) -> dict[str, Any]:
    """Winner, price and each bidder's payment of a sealed-bid round.

    The highest bid wins (a tie goes to the first of the tied in ``order``). First price: the
    winner pays their bid; second price: the highest other bid (0 for a lone bidder); all-pay:
    every bidder pays their bid, the winner too.
    """
    if fmt not in SEALED_FORMATS:
        raise ValueError(f"{fmt!r} is not a sealed-bid format: {', '.join(SEALED_FORMATS)}")
    if not bids:
        return {"winner": None, "winner_bid": None, "price": None, "payments": {}}
    rank = {student: i for i, student in enumerate(order)}
    ranked = sorted(bids, key=lambda s: (-bids[s], rank.get(s, len(rank) + s)))
    winner = ranked[0]
    top = bids[winner]
    if fmt == "first_price":
        price = top
    elif fmt == "second_price":
        price = bids[ranked[1]] if len(ranked) > 1 else 0  # a lone bidder pays the floor, 0
    else:
        price = top
    payments = {s: (bids[s] if fmt == "all_pay" else 0) for s in bids}
    payments[winner] = price
    return {"winner": winner, "winner_bid": top, "price": price, "payments": payments}


def clock_outcome(
    drops: Mapping[int, int],
    still_in: Sequence[int],
    price: int,
    order: Sequence[int],
    rounding: str = "down",
) -> dict[str, Any]:
    """Winner and payments of an ascending clock where losers pay half (FS-B5 as a clock).

    Who dropped out gets half of the price at which they dropped back, in whole units rounded
    as For Sale's FS-B6 (``rounding`` "down", the default: a drop at 35 gets 17 back and pays
    18; "up": 18 back, pays 17), and pays the rest; the last one in wins and pays the price on
    the clock. Several still in when the clock stops (the top reached, or the teacher closed
    it): the first of them in ``order`` wins, the others pay as if they had dropped there.
    """
    if rounding not in REFUND_ROUNDINGS:
        raise ValueError(f"rounding is one of {', '.join(REFUND_ROUNDINGS)} (FS-B6), not {rounding!r}")
    payments: dict[int, int] = {s: p - half_back(p, rounding) for s, p in drops.items()}
    if not still_in:
        return {"winner": None, "price": None, "payments": payments}
    rank = {student: i for i, student in enumerate(order)}
    ins = sorted(still_in, key=lambda s: rank.get(s, len(rank) + s))
    winner = ins[0]
    for other in ins[1:]:
        payments[other] = price - half_back(price, rounding)
    payments[winner] = price
    return {"winner": winner, "price": price, "payments": payments}


def _plain(number: float | None) -> float | int | None:
    """A stored number as a row shows it: whole numbers as ints."""
    return int(number) if isinstance(number, float) and number.is_integer() else number


def _number(value: Any, what: str, low: float, high: float, rule: str = "CL-14", whole: bool = True) -> Any:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high
    if ok and whole and value != int(value):
        ok = False
    if not ok:
        kind = "a whole number" if whole else "a number"
        raise ClassroomError(rule, f"{what} must be {kind} from {low:g} to {high:g}, not {value!r}", 422)
    return int(value) if whole else float(value)


def parse_bid(text: str, low: int, high: int) -> int:
    """``"bid 37"`` (or just ``"37"``) → 37, a whole number in [low, high] (CL-1)."""
    words = text.split()
    if len(words) == 2 and words[0].lower() == "bid":
        words = words[1:]
    try:
        number = float(words[0]) if len(words) == 1 else None
    except ValueError:
        number = None
    if number is None:
        raise ClassroomError("CL-8", f"a sealed-bid round takes 'bid N', not {text[:40]!r}")
    if not (number.is_integer() and low <= number <= high):
        raise ClassroomError(
            "CL-1", f"a bid must be a whole number from {low} to {high}, not {words[0][:20]}"
        )
    return int(number)


# ------------------------------------------------------------------ the hub
class Hub:
    """Every session of one classroom server, held over one database."""

    def __init__(self, store: Store, *, seed: int = 0, limits: Limits | None = None):
        self.store = store
        self.seed = seed
        self.limits = limits or Limits()
        self.lock = threading.RLock()
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
        self._ticks: dict[int, float] = {}  # clock round id → when it last moved (monotonic)
        # table → the "at any time" point it stands at (CL-17): the seats that passed it and when
        # it opened (monotonic). Not stored: after a restart each point opens again.
        self.windows: dict[int, dict[str, Any]] = {}
        self._load()

    def _load(self) -> None:
        """Resume: versions of every session, every game table from its saved JSON."""
        for row in self.store.all("SELECT code, version, activity FROM sessions"):
            self.versions[row["code"]] = row["version"]
            self.current[row["code"]] = row["activity"]
        for row in self.store.all("SELECT key, value FROM counters"):
            self.counters[row["key"]] = row["value"]
        self._clock = max(self.counters.values(), default=0)
        for row in self.store.all("SELECT id, activity, seats, state FROM game_tables"):
            self.games[row["id"]] = load_game(row["state"])
            self._seat_students(row["activity"], row["id"], json.loads(row["seats"]))

    def _seat_students(self, activity: int, table: int, seats: list[dict[str, Any]]) -> None:
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
            raise ClassroomError("CL-5", f"no session with the code {str(code)[:12]!r}", 404)
        return row

    def student_by_token(self, bearer: str | None) -> Any:
        with self.lock:
            row = self.store.one("SELECT * FROM students WHERE token = ?", (bearer,)) if bearer else None
        if row is None:
            raise ClassroomError("CL-9", "this page needs a student token: join the session first", 401)
        if row["left_at"] is not None:
            raise ClassroomError("CL-15", "you left this session; join again to play", 401)
        return row

    def _activity(self, session: Any) -> Any:
        if session["activity"] is None:
            return None
        return self.store.one("SELECT * FROM activities WHERE id = ?", (session["activity"],))

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

    def _refused(self, session: str, kind: str, text: str, error: Exception, **fields: Any) -> None:
        """Log a refused input (accepted false, with the rule it broke) in its own transaction."""
        rule = getattr(error, "rule_id", None)
        with self.store.write():
            self._row(session, kind, text, False, rule=rule, **fields)

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
            secret = token()
            student = db.insert(
                "students", session=session["code"], name=name, lang=lang, token=secret, joined=now()
            )
            self._row(session["code"], "join", f"join {name}", True, student=student, name=name)
            self._count(f"s:{student}")
            self._bump(session["code"])
        return {"token": secret, "student": student, "name": name}

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

    # ----------------------------------------------------------------- what a student sees
    def me(self, student: Any) -> dict[str, Any]:
        with self.lock:
            session = self.session(student["session"])
            activity = self._activity(session)
            shown = None
            if activity is not None:
                if activity["kind"] in ("auction", "clock"):
                    shown = self._auction_screen(activity, student)
                else:
                    shown = self._table_screen(student)
            return {
                "student": student["id"],
                "name": student["name"],
                "session": session["code"],
                "title": session["title"],
                "lang": student["lang"],
                "activity": shown,
                "version": self.student_version(student["id"], session["code"]),
            }

    def _auction_screen(self, activity: Any, student: Any) -> dict[str, Any] | None:
        config = json.loads(activity["config"])
        current = self._round(activity["id"])
        if current is None:
            return None
        number, sid = current["number"], student["id"]
        value = private_value(config["seed"], number, sid, config["low"], config["high"])
        bid = self.store.one("SELECT amount FROM bids WHERE round = ? AND student = ?", (current["id"], sid))
        feedback = None
        if current["status"] == "closed" and config["feedback"] and current["result"]:
            result = json.loads(current["result"])
            payoffs = result["payoffs"]
            feedback = {
                "bids": result["bids"],
                "winner_bid": result.get("winner_bid"),
                "price": result["price"],
                "you_won": result["winner"] == sid,
                "payoff": payoffs.get(str(sid)),
            }
        screen: dict[str, Any] = {
            "kind": activity["kind"],
            "format": config["format"],
            "round": number,
            "rounds": config["rounds"],
            "value": value,
            "status": current["status"],
            "low": config["low"],
            "high": config["high"],
            "feedback": feedback,
        }
        if activity["kind"] == "auction":
            screen["my_bid"] = None if bid is None else bid["amount"]
        else:
            screen["price"] = current["price"]
            screen["in"] = bid is None and current["status"] == "open"
            screen["dropped_at"] = None if bid is None else bid["amount"]
            screen["still_in"] = len(self._still_in(student["session"], current["id"]))
            screen["step"] = config["step"]
        return screen

    def _seat_of(self, student_id: int, code: str) -> tuple[Any, int] | None:
        session = self.session(code)
        rows = self.store.all(
            "SELECT * FROM game_tables WHERE session = ? AND activity = ? ORDER BY id",
            (code, session["activity"]),
        )
        for row in rows:
            for seat, info in enumerate(json.loads(row["seats"])):
                if info["student"] == student_id:
                    return row, seat
        return None

    def _table_screen(self, student: Any) -> dict[str, Any] | None:
        found = self._seat_of(student["id"], student["session"])
        if found is None:
            return None  # joined after the tables were seated: waiting for the next seating
        row, seat = found
        game = self.games[row["id"]]
        seats = json.loads(row["seats"])
        log = [event["text"] for event in game.log_for(seat)]
        waiting = seat in self._window_waiting(row["id"], seats)
        legal = [str(a) for a in game.legal_actions(seat)]
        return {
            "kind": "table",
            "game": row["game"],
            "table": row["id"],
            "seat": seat,
            "seat_letter": SEAT_NAMES[seat],
            "players": [{"name": s["name"], "bot": s["bot"] is not None} for s in seats],
            "view": game.view(seat),
            "legal": [*legal, PASS] if waiting else legal,
            "to_act": list(game.to_act),
            "any_time": self._window_screen(row, seat) if waiting else None,
            "log": log[-LOG_LINES:],
            "log_start": max(0, len(log) - LOG_LINES),
            "result": game.result() if game.is_over else None,
        }

    # ----------------------------------------------------------------- a student acts
    def act(self, student: Any, text: Any) -> dict[str, Any]:
        """A student's input: a bid, a drop-out or a table action. Returns the new screen."""
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            raise ClassroomError("CL-11", f"'text' must be an action of 1 to {MAX_TEXT} characters", 422)
        text = " ".join(text.split())
        with self.lock:
            session = self.session(student["session"])
            activity = self._activity(session)
            if activity is None:
                error = ClassroomError("CL-8", "nothing is running now: wait for the teacher")
                self._refused(
                    session["code"], "input", text, error, student=student["id"], name=student["name"]
                )
                raise error
            if activity["kind"] == "auction":
                self._bid(session, activity, student, text)
            elif activity["kind"] == "clock":
                self._drop(session, activity, student, text)
            else:
                self._table_act(session, activity, student, text)
        return self.me(student)

    def _bid(self, session: Any, activity: Any, student: Any, text: str) -> None:
        config = json.loads(activity["config"])
        current = self._round(activity["id"])
        fields = {"activity": activity["id"], "student": student["id"], "name": student["name"]}
        value = None
        try:
            if current is None or current["status"] != "open":
                raise ClassroomError("CL-2", "the round is closed: wait for the next one")
            fields["round"] = current["number"]
            value = private_value(
                config["seed"], current["number"], student["id"], config["low"], config["high"]
            )
            amount = parse_bid(text, config["low"], config["high"])
            if self.store.one(
                "SELECT 1 FROM bids WHERE round = ? AND student = ?", (current["id"], student["id"])
            ):
                raise ClassroomError("CL-3", "you have already bid in this round; a sealed bid is final")
        except ClassroomError as error:
            self._refused(session["code"], "bid", text, error, value=value, **fields)
            raise
        with self.store.write() as db:
            db.insert("bids", round=current["id"], student=student["id"], amount=amount, time=now())
            self._row(session["code"], "bid", f"bid {amount}", True, value=value, **fields)
            self._count(f"s:{student['id']}")
            self._maybe_close(session, activity)
            self._bump(session["code"])

    def _still_in(self, code: str, round_id: int) -> list[int]:
        dropped = self._bids(round_id)
        return [s["id"] for s in self._active(code) if s["id"] not in dropped]

    def _drop(self, session: Any, activity: Any, student: Any, text: str) -> None:
        config = json.loads(activity["config"])
        current = self._round(activity["id"])
        fields = {"activity": activity["id"], "student": student["id"], "name": student["name"]}
        value = None
        try:
            if text.lower() != "drop":
                raise ClassroomError("CL-8", f"the clock takes 'drop', not {text[:40]!r}")
            if current is None or current["status"] != "open":
                raise ClassroomError("CL-2", "the round is closed: wait for the next one")
            fields["round"] = current["number"]
            value = private_value(
                config["seed"], current["number"], student["id"], config["low"], config["high"]
            )
            if self.store.one(
                "SELECT 1 FROM bids WHERE round = ? AND student = ?", (current["id"], student["id"])
            ):
                raise ClassroomError("CL-3", "you have already dropped out of this round")
        except ClassroomError as error:
            self._refused(session["code"], "drop", text, error, value=value, **fields)
            raise
        price = current["price"]
        with self.store.write() as db:
            db.insert("bids", round=current["id"], student=student["id"], amount=price, time=now())
            self._row(session["code"], "drop", f"drop {price}", True, value=value, **fields)
            self._count(f"p:{session['code']}")
            self._maybe_close(session, activity)
            self._bump(session["code"])

    def _maybe_close(self, session: Any, activity: Any) -> None:
        """Close the open round when nobody is left to wait for (inside a transaction)."""
        current = self._round(activity["id"])
        if current is None or current["status"] != "open":
            return
        active = self._active(session["code"])
        if activity["kind"] == "auction":
            bids = self._bids(current["id"])
            if active and all(s["id"] in bids for s in active):
                self._close_round(session, activity, current)
        elif len(self._still_in(session["code"], current["id"])) <= 1 < len(active) or not active:
            self._close_round(session, activity, current)

    def _close_round(self, session: Any, activity: Any, current: Any) -> None:
        config = json.loads(activity["config"])
        number, seed = current["number"], config["seed"]
        bids = self._bids(current["id"])
        if activity["kind"] == "auction":
            outcome = sealed_outcome(config["format"], bids, tie_order(seed, number, list(bids)))
            people = list(bids)
        else:
            still_in = self._still_in(session["code"], current["id"])
            order = tie_order(seed, number, still_in)
            outcome = clock_outcome(bids, still_in, current["price"], order, config.get("rounding", "down"))
            people = list(bids) + still_in
        values = {s: private_value(seed, number, s, config["low"], config["high"]) for s in people}
        payoffs = {
            s: (values[s] if s == outcome["winner"] else 0) - outcome["payments"].get(s, 0) for s in people
        }
        result = {
            "bids": sorted(bids.values(), reverse=True),
            "winner": outcome["winner"],
            "winner_bid": outcome.get("winner_bid", outcome["price"]),
            "price": outcome["price"],
            "values": {str(s): v for s, v in values.items()},
            "payoffs": {str(s): p for s, p in payoffs.items()},
        }
        db = self.store
        db.execute(
            "UPDATE rounds SET status = 'closed', result = ? WHERE id = ?",
            (json.dumps(result), current["id"]),
        )
        for s in bids:
            db.execute(
                "UPDATE rows SET payoff = ? WHERE session = ? AND activity = ? AND round = ? AND student = ?"
                " AND accepted = 1 AND kind IN ('bid', 'drop')",
                (payoffs[s], session["code"], activity["id"], number, s),
            )
        if activity["kind"] == "clock":
            names = {s["id"]: s["name"] for s in self._active(session["code"])}
            for s in people:
                if s not in bids:
                    won = s == outcome["winner"]
                    self._row(
                        session["code"],
                        "win" if won else "stopped",
                        f"{'win' if won else 'in'} {current['price']}",
                        True,
                        activity=activity["id"],
                        round=number,
                        student=s,
                        name=names.get(s),
                        value=values[s],
                        payoff=payoffs[s],
                    )
        self._ticks.pop(current["id"], None)
        self._count(f"p:{session['code']}")

    # ----------------------------------------------------------------- the teacher's auctions
    def start_auction(self, code: str, body: Mapping[str, Any]) -> dict[str, Any]:
        fmt = body.get("format")
        if fmt not in FORMATS:
            raise ClassroomError("CL-14", f"format must be one of {', '.join(FORMATS)}, not {fmt!r}", 422)
        rounds = _number(body.get("rounds", 5), "rounds", 1, self.limits.rounds)
        low = _number(body.get("low", 0), "low", 0, 1_000_000)
        high = _number(body.get("high", 100), "high", low + 1, 1_000_000)
        feedback = body.get("feedback", True)
        if not isinstance(feedback, bool):
            raise ClassroomError("CL-14", "feedback must be true or false", 422)
        with self.lock:
            session = self.session(code)
            count = self.store.one(
                "SELECT COUNT(*) AS n FROM activities WHERE session = ?", (session["code"],)
            )
            default_seed = session["seed"] * 1000 + count["n"]
            seed = _number(body.get("seed", default_seed), "seed", 0, 2**62)
            config = {
                "format": fmt,
                "rounds": rounds,
                "feedback": feedback,
                "low": low,
                "high": high,
                "seed": seed,
            }
            kind = "auction" if fmt in SEALED_FORMATS else "clock"
            if kind == "clock":
                config["step"] = _number(body.get("step", max(1, (high - low) // 20)), "step", 1, high - low)
                config["tick_seconds"] = _number(
                    body.get("tick_seconds", 2.0), "tick_seconds", 0, 60, whole=False
                )
                config["rounding"] = body.get("rounding", "down")
                if config["rounding"] not in REFUND_ROUNDINGS:
                    raise ClassroomError(
                        "CL-14",
                        f"rounding is one of {', '.join(REFUND_ROUNDINGS)} (FS-B6), not {config['rounding']!r}",
                        422,
                    )
            with self.store.write() as db:
                activity = db.insert(
                    "activities", session=session["code"], kind=kind, config=json.dumps(config), created=now()
                )
                self._set_activity(session["code"], activity)
                self._open_round(activity, 1, low if kind == "clock" else None)
                self._bump(session["code"])
        return {"activity": activity, "kind": kind, **config}

    def _open_round(self, activity: int, number: int, price: int | None) -> None:
        round_id = self.store.insert(
            "rounds", activity=activity, number=number, status="open", price=price, opened=now()
        )
        if price is not None:
            self._ticks[round_id] = time.monotonic()

    def _auction_activity(self, code: str) -> tuple[Any, Any, dict[str, Any]]:
        session = self.session(code)
        activity = self._activity(session)
        if activity is None or activity["kind"] not in ("auction", "clock"):
            raise ClassroomError("CL-14", "no auction is running in this session", 409)
        return session, activity, json.loads(activity["config"])

    def close(self, code: str) -> dict[str, Any]:
        with self.lock:
            session, activity, _ = self._auction_activity(code)
            current = self._round(activity["id"])
            if current["status"] != "open":
                raise ClassroomError("CL-2", f"round {current['number']} is already closed", 409)
            with self.store.write():
                self._close_round(session, activity, current)
                self._bump(session["code"])
        return self.round_state(code)

    def next_round(self, code: str) -> dict[str, Any]:
        with self.lock:
            session, activity, config = self._auction_activity(code)
            current = self._round(activity["id"])
            if current["status"] == "open":
                raise ClassroomError("CL-14", f"round {current['number']} is still open: close it first", 409)
            if current["number"] >= config["rounds"]:
                raise ClassroomError("CL-14", f"all {config['rounds']} rounds are played", 409)
            with self.store.write():
                price = config["low"] if activity["kind"] == "clock" else None
                self._open_round(activity["id"], current["number"] + 1, price)
                self._count(f"p:{session['code']}")
                self._bump(session["code"])
        return self.round_state(code)

    def tick(self, code: str) -> dict[str, Any]:
        """Move the clock one step up; at the top it stops and the round closes."""
        with self.lock:
            session, activity, config = self._auction_activity(code)
            current = self._round(activity["id"])
            if activity["kind"] != "clock":
                raise ClassroomError("CL-14", "only a clock round ticks", 409)
            if current["status"] != "open":
                raise ClassroomError("CL-2", f"round {current['number']} is closed", 409)
            self._tick(session, activity, config, current)
        return self.round_state(code)

    def _tick(self, session: Any, activity: Any, config: dict[str, Any], current: Any) -> None:
        price = min(config["high"], current["price"] + config["step"])
        with self.store.write() as db:
            db.execute("UPDATE rounds SET price = ? WHERE id = ?", (price, current["id"]))
            self._count(f"p:{session['code']}")
            self._ticks[current["id"]] = time.monotonic()
            if price >= config["high"]:
                self._close_round(session, activity, self._round(activity["id"]))
            else:
                self._maybe_close(session, activity)
            self._bump(session["code"])

    def tick_due(self) -> int:
        """Move every clock whose ``tick_seconds`` have passed (the server's clock thread calls it)."""
        moved = 0
        with self.lock:
            clocks = self.store.all(
                "SELECT s.* FROM sessions AS s JOIN activities AS a ON a.id = s.activity WHERE a.kind = 'clock'"
            )
            for session in clocks:  # one query: a server with many old sessions looks at the clocks only
                activity = self._activity(session)
                config = json.loads(activity["config"])
                current = self._round(activity["id"])
                if current is None or current["status"] != "open" or not config["tick_seconds"]:
                    continue
                last = self._ticks.setdefault(current["id"], time.monotonic())
                if time.monotonic() - last >= config["tick_seconds"]:
                    self._tick(session, activity, config, current)
                    moved += 1
            return moved

    def round_state(self, code: str) -> dict[str, Any]:
        with self.lock:
            return self._round_state(code)

    def _round_state(self, code: str) -> dict[str, Any]:
        session = self.session(code)
        activity = self._activity(session)
        if activity is None or activity["kind"] not in ("auction", "clock"):
            return {"round": None}
        current = self._round(activity["id"])
        return {
            "round": current["number"],
            "status": current["status"],
            "price": current["price"],
            "result": json.loads(current["result"]) if current["result"] else None,
        }

    # ----------------------------------------------------------------- tables
    def start_tables(self, code: str, body: Mapping[str, Any]) -> dict[str, Any]:
        name = body.get("game")
        if name not in TABLE_GAMES:
            raise ClassroomError("CL-14", f"game must be one of {', '.join(TABLE_GAMES)}, not {name!r}", 422)
        players = _number(body.get("players", 4), "players", 3, 6)
        bots = body.get("bots", "random")
        options = body.get("options") or {}
        if not isinstance(bots, str) or not isinstance(options, dict):
            raise ClassroomError("CL-14", "bots must be a bot's name and options an object", 422)
        try:
            make_bot(bots, name)
            new_game(name, players, seed=0, options=options)
        except ConfigError as exc:
            raise ClassroomError("CL-14", str(exc), 422) from None
        with self.lock:
            session = self.session(code)
            students = self._active(session["code"])
            if not students:
                raise ClassroomError("CL-14", "no student has joined yet: nobody to seat", 409)
            count = self.store.one(
                "SELECT COUNT(*) AS n FROM activities WHERE session = ?", (session["code"],)
            )
            seed = _number(body.get("seed", session["seed"] * 1000 + count["n"]), "seed", 0, 2**62)
            any_time = _number(
                body.get("any_time_seconds", ANY_TIME_SECONDS), "any_time_seconds", 0, 300, whole=False
            )
            order = [s for s in students]
            rng = random.Random(f"classroom-seating/{seed}")
            rng.shuffle(order)
            tables = -(-len(order) // players)
            groups = [order[i::tables] for i in range(tables)]  # round robin: bots spread evenly
            config = {"game": name, "players": players, "bots": bots, "options": options, "seed": seed}
            config["any_time_seconds"] = any_time
            made: list[int] = []
            games: dict[int, Game] = {}
            try:
                with self.store.write() as db:
                    activity = db.insert(
                        "activities",
                        session=session["code"],
                        kind="tables",
                        config=json.dumps(config),
                        created=now(),
                    )
                    self._set_activity(session["code"], activity)
                    for index, group in enumerate(groups):
                        positions = list(range(players))
                        rng.shuffle(positions)
                        seats: list[dict[str, Any]] = [
                            {"student": None, "name": f"Bot {SEAT_NAMES[p]}", "bot": bots}
                            for p in range(players)
                        ]
                        for student, position in zip(group, positions, strict=False):
                            seats[position] = {"student": student["id"], "name": student["name"], "bot": None}
                        game = new_game(name, players, seed=seed * 100 + index, options=options)
                        table = db.insert(
                            "game_tables",
                            session=session["code"],
                            activity=activity,
                            game=name,
                            seats=json.dumps(seats),
                            state=game.to_json(),
                        )
                        games[table] = game
                        self.games[table] = game
                        self._seat_students(activity, table, seats)
                        self._advance(session["code"], activity, table, seats)
                        made.append(table)
                    self._bump(session["code"])
            except BaseException:
                for table in games:
                    self.games.pop(table, None)
                    self.windows.pop(table, None)
                raise
        return {"activity": activity, "tables": made, **config}

    def _window_waiting(self, table: int, seats: list[dict[str, Any]]) -> list[int]:
        """The student seats the table waits for at its "at any time" point (CL-17): before a
        bot's decision, each student not to act whom the game lets act now and who has not
        passed this point. Whatever point the engine makes counts (``teach.may_act_any_time``)."""
        game = self.games[table]
        if not any(seats[s]["bot"] is not None for s in game.to_act):
            return []
        window = self.windows.get(table)
        passed = window["passed"] if window is not None else set()
        return [
            s
            for s, info in enumerate(seats)
            if info["bot"] is None and s not in passed and may_act_any_time(game, s)
        ]

    def _window_screen(self, row: Any, seat: int) -> dict[str, Any]:
        window = self.windows.get(row["id"])
        seconds = self._any_time_seconds(row["activity"])
        left = seconds - (time.monotonic() - window["since"]) if window is not None else seconds
        return {"seconds": seconds, "left": round(max(0.0, left), 1)}

    def _any_time_seconds(self, activity: int) -> float:
        config = json.loads(self.store.one("SELECT config FROM activities WHERE id = ?", (activity,))[0])
        return float(config.get("any_time_seconds", ANY_TIME_SECONDS))

    def _advance(self, code: str, activity: int, table: int, seats: list[dict[str, Any]]) -> None:
        """Bots play their seats one decision at a time until a student must decide or the game
        is over; before each bot decision at which a student may act at any time, the table
        stops at that point until each such student acted or passed (CL-17). Saves the game."""
        game = self.games[table]
        steps = 0
        while not game.is_over and steps < game.max_decisions:
            seat = next((s for s in game.to_act if seats[s]["bot"] is not None), None)
            if seat is None:
                break
            if self._window_waiting(table, seats):
                self.windows.setdefault(table, {"passed": set(), "since": time.monotonic()})
                break
            before = len(game.history)
            bot = make_bot(seats[seat]["bot"], game.name)
            rng = random.Random(f"classroom-bot/{game.seed}/{seat}/{before}")
            take_turn(game, seat, bot, rng)
            self.windows.pop(table, None)  # a decision: the next point begins
            for acted_seat, text in game.history[before:]:
                self._row(
                    code,
                    "bot",
                    text,
                    True,
                    activity=activity,
                    game_table=table,
                    seat=acted_seat,
                    name=seats[acted_seat]["name"],
                )
            steps += 1
        self._count(f"t:{table}")
        over = game.is_over
        if over:
            result = game.result()
            for seat, info in enumerate(seats):
                self._row(
                    code,
                    "result",
                    f"rank {result['ranks'][seat]}",
                    True,
                    activity=activity,
                    game_table=table,
                    seat=seat,
                    student=info["student"],
                    name=info["name"],
                    value=result["scores"][seat],
                    payoff=result["scores"][seat],
                )
        self.store.execute(
            "UPDATE game_tables SET state = ?, over = ? WHERE id = ?", (game.to_json(), int(over), table)
        )

    def _table_act(self, session: Any, activity: Any, student: Any, text: str) -> None:
        found = self._seat_of(student["id"], session["code"])
        fields = {"activity": activity["id"], "student": student["id"], "name": student["name"]}
        if found is None:
            error = ClassroomError("CL-4", "you have no seat at a table now: wait for the next seating")
            self._refused(session["code"], "action", text, error, **fields)
            raise error
        row, seat = found
        fields.update(game_table=row["id"], seat=seat)
        game = self.games[row["id"]]
        seats = json.loads(row["seats"])
        if text.lower() == PASS and seat in self._window_waiting(row["id"], seats):
            self._pass_point(session["code"], activity["id"], row["id"], seats, [seat], fields)
            return
        if seat not in game.to_act and not game.legal_actions(seat):
            why = "the game at your table is over" if game.is_over else "it is not your turn"
            error = ClassroomError("CL-4", f"{why} ({SEAT_NAMES[seat]}): nothing to do now")
            self._refused(session["code"], "action", text, error, **fields)
            raise error
        saved = game.to_json()
        window = self.windows.get(row["id"])
        kept = None if window is None else {"passed": set(window["passed"]), "since": window["since"]}
        before = len(game.history)
        try:
            game.act(seat, text)
        except IllegalAction as error:
            self._refused(session["code"], "action", text, error, **fields)
            raise
        try:
            with self.store.write():
                for _, done in game.history[before:]:
                    self._row(session["code"], "action", done, True, **fields)
                self._advance(session["code"], activity["id"], row["id"], seats)
                self._bump(session["code"])
        except BaseException:
            self.games[row["id"]] = load_game(saved)  # nothing stored: the game is as it was
            if kept is None:
                self.windows.pop(row["id"], None)
            else:
                self.windows[row["id"]] = kept
            raise

    def _pass_point(
        self,
        code: str,
        activity: int,
        table: int,
        seats: list[dict[str, Any]],
        passing: Sequence[int],
        fields: dict[str, Any] | None = None,
        why: str = PASS,
    ) -> None:
        """Students pass the table's "at any time" point (CL-17); the bots go on once none is left."""
        window = self.windows.setdefault(table, {"passed": set(), "since": time.monotonic()})
        with self.store.write():
            for seat in passing:
                window["passed"].add(seat)
                info = seats[seat]
                row = {"activity": activity, "game_table": table, "seat": seat}
                row |= {"student": info["student"], "name": info["name"]} | (fields or {})
                self._row(code, "pass", why, True, **row)
            self._advance(code, activity, table, seats)
            self._bump(code)

    def tables_due(self) -> int:
        """Pass every "at any time" point whose time is up (the room's ``any_time_seconds``), and
        open the point of a table left before a bot's decision (after a restart); the server's
        clock thread calls it. Returns how many tables moved."""
        moved = 0
        with self.lock:
            rows = self.store.all(
                "SELECT g.*, a.config FROM game_tables AS g JOIN sessions AS s ON s.activity = g.activity"
                " JOIN activities AS a ON a.id = g.activity WHERE g.over = 0"
            )
            for row in rows:
                game, table = self.games[row["id"]], row["id"]
                seats = json.loads(row["seats"])
                if game.is_over or not any(seats[s]["bot"] is not None for s in game.to_act):
                    continue
                window = self.windows.get(table)
                if window is None:
                    with self.store.write():
                        self._advance(row["session"], row["activity"], table, seats)
                        self._bump(row["session"])
                    moved += 1
                    continue
                seconds = json.loads(row["config"]).get("any_time_seconds", ANY_TIME_SECONDS)
                if time.monotonic() - window["since"] >= seconds:
                    waiting = self._window_waiting(table, seats)
                    self._pass_point(
                        row["session"], row["activity"], table, seats, waiting, why="pass (time)"
                    )
                    moved += 1
        return moved

    def _replace_at_tables(self, code: str, student_id: int) -> None:
        for row in self.store.all("SELECT * FROM game_tables WHERE session = ?", (code,)):
            seats = json.loads(row["seats"])
            mine = [i for i, s in enumerate(seats) if s["student"] == student_id]
            if not mine:
                continue
            config = json.loads(
                self.store.one("SELECT config FROM activities WHERE id = ?", (row["activity"],))[0]
            )
            for i in mine:
                seats[i]["bot"] = config["bots"]
            self.store.execute(
                "UPDATE game_tables SET seats = ? WHERE id = ?", (json.dumps(seats), row["id"])
            )
            self._advance(code, row["activity"], row["id"], seats)

    def table_json(self, code: str, table: int) -> dict[str, Any]:
        with self.lock:
            row = self.store.one(
                "SELECT id FROM game_tables WHERE id = ? AND session = ?", (table, normal_code(code))
            )
            if row is None:
                raise ClassroomError("CL-5", f"no table {table} in this session", 404)
            return {"json": self.games[table].to_json()}

    # ----------------------------------------------------------------- the teacher's views
    def state(self, code: str) -> dict[str, Any]:
        with self.lock:
            session = self.session(code)
            code = session["code"]
            students = self.store.all("SELECT * FROM students WHERE session = ? ORDER BY id", (code,))
            activity = self._activity(session)
            shown = round_info = None
            waiting: list[str] = []
            tables: list[dict[str, Any]] = []
            if activity is not None:
                config = json.loads(activity["config"])
                shown = {"id": activity["id"], "kind": activity["kind"], **config}
                if activity["kind"] in ("auction", "clock"):
                    current = self._round(activity["id"])
                    bids = self._bids(current["id"])
                    round_info = {
                        "number": current["number"],
                        "status": current["status"],
                        "price": current["price"],
                        "bids": len(bids),
                        "result": json.loads(current["result"]) if current["result"] else None,
                    }
                    if current["status"] == "open":
                        waiting = [s["name"] for s in self._active(code) if s["id"] not in bids]
                else:
                    for row in self.store.all(
                        "SELECT * FROM game_tables WHERE activity = ? ORDER BY id", (activity["id"],)
                    ):
                        game = self.games[row["id"]]
                        seats = json.loads(row["seats"])
                        tables.append(
                            {
                                "table": row["id"],
                                "game": row["game"],
                                "to_act": list(game.to_act),
                                "over": game.is_over,
                                "players": [
                                    {"name": s["name"], "bot": s["bot"] is not None, "student": s["student"]}
                                    for s in seats
                                ],
                                "result": game.result() if game.is_over else None,
                            }
                        )
                        waiting += [seats[s]["name"] for s in game.to_act if seats[s]["bot"] is None]
                        waiting += [seats[s]["name"] for s in self._window_waiting(row["id"], seats)]
            return {
                "session": code,
                "title": session["title"],
                "students": [
                    {
                        "student": s["id"],
                        "name": s["name"],
                        "lang": s["lang"],
                        "left": s["left_at"] is not None,
                    }
                    for s in students
                ],
                "activity": shown,
                "round": round_info,
                "waiting": waiting,
                "tables": tables,
                "version": self.version(code),
            }

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
