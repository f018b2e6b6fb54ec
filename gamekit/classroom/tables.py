"""The classroom's game tables: seating students with bots, their moves, the "at any time" points.

A table plays any registered game whose class allows it (``Game.classroom_tables``): the
classroom finds its games through the registry and names none.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots.base import make_bot
from ..core import ConfigError, IllegalAction, load_game, new_game, registry
from ..core.game import SEAT_NAMES, Game
from ..core.i18n import _
from ..simulate import take_turn
from ..teach import may_act_any_time
from . import screens
from .hub_base import _number, read_seats, shown_name
from .presence import ABSENT_RULE, TIMER_RULE, Presence, timer_seconds
from .security import ClassroomError
from .store import now
from .tokens import normal_code

ANY_TIME_SECONDS = 5.0  # how long a table waits for students who may act at any time (the room may set it)
PASS = "pass"  # a student's text that passes an "at any time" point (CL-17)
LOG_LINES = 100  # the last lines of a table's log a student's screen carries


def _seat_index(seat: Any, players: int) -> int:
    """A seat as the teacher names it: its number from 0 or its letter (A, B, …) (CL-23)."""
    if isinstance(seat, str) and len(seat.strip()) == 1 and seat.strip().upper() in SEAT_NAMES[:players]:
        return SEAT_NAMES.index(seat.strip().upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return seat
    raise ClassroomError(
        "CL-23",
        _(
            "a seat is a number from 0 to {last} or a letter, not {seat}",
            last=players - 1,
            seat=repr(str(seat)[:20]),
        ),
        422,
    )


def table_games() -> tuple[str, ...]:
    """The registered games the classroom seats students at (``classroom_tables``), in the registry's order."""
    return tuple(name for name in registry.registered() if registry.game_class(name).classroom_tables)


MATCHINGS = ("random", "fixed")  # new groups each time (strangers) or the previous groups (partners)
MAX_GAMES = 50  # games one tables activity plays in a row
BETWEEN_GAMES = (
    10.0  # seconds the final scores stay on the phones before the next game (the teacher may set it)
)


def _tables_config(body: Mapping[str, Any]) -> dict[str, Any]:
    """A tables activity's settings from the teacher's request, checked (CL-14, CL-20, CL-33)."""
    name = body.get("game")
    games = table_games()
    if name not in games:
        raise ClassroomError(
            "CL-14",
            _("game must be one of {games}, not {game}", games=", ".join(games), game=repr(name)),
            422,
        )
    players = _number(body.get("players", 4), "players", 3, 6)
    bots = body.get("bots", "random")
    options = body.get("options") or {}
    timer = timer_seconds(body.get("timer"))
    if not isinstance(bots, str) or not isinstance(options, dict):
        raise ClassroomError("CL-14", _("bots must be a bot's name and options an object"), 422)
    matching = body.get("matching", "random")
    if matching not in MATCHINGS:
        raise ClassroomError(
            "CL-33",
            _("matching is 'random' or 'fixed', not {matching}", matching=repr(str(matching)[:20])),
            422,
        )
    try:
        make_bot(bots, name)
        new_game(name, players, seed=0, options=options)
    except ConfigError as exc:
        raise ClassroomError("CL-14", str(exc), 422) from None
    any_time = _number(
        body.get("any_time_seconds", ANY_TIME_SECONDS), "any_time_seconds", 0, 300, whole=False
    )
    return {
        "game": name,
        "players": players,
        "bots": bots,
        "options": options,
        "any_time_seconds": any_time,
        "timer": timer,
        "matching": matching,
        "games": _number(body.get("games", 1), "games", 1, MAX_GAMES),
        "between_games": _number(
            body.get("between_games", BETWEEN_GAMES), "between_games", 0, 600, whole=False
        ),
    }


def _kept_size(config: dict[str, Any], body: Mapping[str, Any], previous: tuple[Any, int] | None) -> int:
    """The table size fixed partners keep: the previous tables' (CL-33), which the game must allow."""
    if previous is None:
        raise ClassroomError(
            "CL-33",
            _(
                "fixed partners keep the session's previous tables, and there were none: seat random groups "
                "first, or ask for more than one game"
            ),
            409,
        )
    players = previous[1]
    if body.get("players", players) != players:
        raise ClassroomError(
            "CL-33",
            _(
                "fixed partners keep the previous groups: the previous tables had {players} seats, not {asked}",
                players=players,
                asked=repr(body.get("players")),
            ),
            409,
        )
    try:
        new_game(config["game"], players, seed=0, options=config["options"])
    except ConfigError as exc:
        raise ClassroomError(
            "CL-33",
            _("fixed partners keep tables of {players}: {error}", players=players, error=str(exc)),
            409,
        ) from None
    return players


def random_layout(students: Sequence[Any], players: int, rng: random.Random) -> list[list[Any]]:
    """New random groups: the students shuffled, dealt round robin to as few tables as hold them
    (so the bots spread evenly), each at shuffled seats; None is a bot's seat."""
    order = list(students)
    rng.shuffle(order)
    if not order:
        return []
    tables = -(-len(order) // players)
    layout = []
    for group in (order[i::tables] for i in range(tables)):
        positions = list(range(players))
        rng.shuffle(positions)
        seats: list[Any] = [None] * players
        for student, position in zip(group, positions, strict=False):
            seats[position] = student
        layout.append(seats)
    return layout


def kept_layout(
    previous: Sequence[Sequence[Mapping[str, Any]]], students: Sequence[Any], players: int, rng: random.Random
) -> list[list[Any]]:
    """The previous groups again (CL-33): each student still here at the same table and seat
    letter; a seat whose student left is empty. Students new since fill empty seats, the
    emptiest tables first, and the rest sit at new tables of random groups; None is a bot's seat."""
    here = {s["id"]: s for s in students}
    seated: set[int] = set()
    layout = []
    for seats in previous:
        group: list[Any] = []
        for info in seats:
            student = here.get(info["student"]) if info["student"] not in seated else None
            group.append(student)
            if student is not None:
                seated.add(student["id"])
        if any(s is not None for s in group):
            layout.append(group)
    new = [s for s in students if s["id"] not in seated]
    rng.shuffle(new)
    while new:
        open_groups = [g for g in layout if None in g]
        if not open_groups:
            break
        group = min(open_groups, key=lambda g: sum(s is not None for s in g))
        group[group.index(None)] = new.pop()
    return layout + random_layout(new, players, rng)


class Tables(Presence):
    """The hub's game tables: seating, a student's move, the bots' turns, the "at any time" points,
    and a bot's default decision for a student absent or out of time (CL-20, CL-21)."""

    def _seat_of(self, student_id: int, code: str) -> tuple[Any, int] | None:
        session = self.session(code)
        rows = self.store.all(
            "SELECT * FROM game_tables WHERE session = ? AND activity = ? ORDER BY id",
            (code, session["activity"]),
        )
        for row in rows:
            for seat, info in enumerate(read_seats(row["seats"])):
                if info["student"] == student_id:
                    return row, seat
        return None

    def _table_screen(self, student: Any) -> dict[str, Any] | None:
        found = self._seat_of(student["id"], student["session"])
        if found is None:
            return None  # joined after the tables were seated: waiting for the next seating
        row, seat = found
        game = self.games[row["id"]]
        seats = read_seats(row["seats"])
        for p, info in enumerate(seats):  # the absent mark and the name the list and the phone's rows show
            info["absent"] = self._seat_absent(row["activity"], info)
            info["name"] = shown_name(info, p)  # a bot's in the page's language (this copy only)
        log = [event["text"] for event in game.log_for(seat)]
        waiting = seat in self._window_waiting(row["id"], seats)
        legal = [str(a) for a in game.legal_actions(seat)]
        return {
            "kind": "table",
            "game": row["game"],
            "table": row["id"],
            "seat": seat,
            "seat_letter": SEAT_NAMES[seat],
            "players": [
                {
                    "name": s["name"],
                    "bot": s["bot"] is not None,
                    "absent": s["absent"],
                }
                for s in seats
            ],
            "view": game.view(seat),
            "legal": [*legal, PASS] if waiting else legal,
            "to_act": list(game.to_act),
            "any_time": self._window_screen(row, seat) if waiting else None,
            "log": log[-LOG_LINES:],
            "log_start": max(0, len(log) - LOG_LINES),
            "result": game.result() if game.is_over else None,
            **self.timer_info(row["activity"], *self._turn_key(row["activity"], row["id"], seat)),
            **screens.table_screen(game, seat, seats),  # picture and compact rows (phone)
        }

    def _seat_absent(self, activity_id: int, info: dict[str, Any]) -> bool:
        return (
            info["bot"] is None
            and info["student"] is not None
            and not self.here(info["student"], activity_id)
        )

    def _turn_key(self, activity_id: int, table: int, seat: int) -> tuple[tuple | None, Any]:
        """The timer key of the seat's decision now, with its mark (the seat's count of decisions
        made), or (None, None) when the seat is not to decide or no timer is set."""
        game = self.games[table]
        if seat not in game.to_act or not self._config(activity_id).get("timer"):
            return None, None
        return ("t", activity_id, table, seat), sum(1 for s, _ in game.history if s == seat)

    def start_tables(self, code: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """Seat the class at tables: new random groups, or the groups of the session's previous
        tables (``matching="fixed"``, CL-33); ``games`` games, each started once all tables are over."""
        return self._start_tables(code, body, 1)

    def _start_tables(self, code: str, body: Mapping[str, Any], number: int) -> dict[str, Any]:
        config = _tables_config(body)
        config["game_number"] = number
        with self.lock:
            session = self.session(code)
            students = self._active(session["code"])
            if not students:
                raise ClassroomError("CL-14", _("no student has joined yet: nobody to seat"), 409)
            count = self.store.one(
                "SELECT COUNT(*) AS n FROM activities WHERE session = ?", (session["code"],)
            )
            seed = _number(body.get("seed", session["seed"] * 1000 + count["n"]), "seed", 0, 2**62)
            rng = random.Random(f"classroom-seating/{seed}")
            previous = self._previous_groups(session["code"])
            if config["matching"] == "fixed" and (previous or config["games"] == 1):
                config["players"] = players = _kept_size(config, body, previous)
                layout = kept_layout(previous[0], students, players, rng)
                config["groups"] = "kept"
            else:
                layout = random_layout(students, config["players"], rng)
                config["groups"] = "new"
            config["seed"] = seed
            return self._open_tables(session["code"], config, layout)

    def _previous_groups(self, code: str) -> tuple[list[list[dict[str, Any]]], int] | None:
        """The seats of each table of the session's last tables activity, and its table size."""
        last = self.store.one(
            "SELECT id, config FROM activities WHERE session = ? AND kind = 'tables' ORDER BY id DESC LIMIT 1",
            (code,),
        )
        if last is None:
            return None
        rows = self.store.all("SELECT seats FROM game_tables WHERE activity = ? ORDER BY id", (last["id"],))
        return [read_seats(r["seats"]) for r in rows], int(json.loads(last["config"])["players"])

    def _open_tables(self, code: str, config: dict[str, Any], layout: list[list[Any]]) -> dict[str, Any]:
        """The activity and one table per group of ``layout`` (a student's row or None: a bot's seat)."""
        name, players, bots, options, seed = (
            config[k] for k in ("game", "players", "bots", "options", "seed")
        )
        made: list[int] = []
        games: dict[int, Game] = {}
        try:
            with self.store.write() as db:
                activity = db.insert(
                    "activities", session=code, kind="tables", config=json.dumps(config), created=now()
                )
                self._set_activity(code, activity)
                tables = []
                for index, group in enumerate(layout):
                    seats: list[dict[str, Any]] = [
                        {"student": None, "name": f"Bot {SEAT_NAMES[p]}", "bot": bots}
                        if student is None
                        else {"student": student["id"], "name": student["name"], "bot": None}
                        for p, student in enumerate(group)
                    ]
                    game = new_game(name, players, seed=seed * 100 + index, options=options)
                    table = db.insert(
                        "game_tables",
                        session=code,
                        activity=activity,
                        game=name,
                        seats=json.dumps(seats),
                        state=game.to_json(),
                    )
                    games[table] = self.games[table] = game
                    self._seat_students(activity, table, seats)
                    tables.append((table, seats))
                    made.append(table)
                for table, seats in tables:  # every table exists before any can end the game
                    self._advance(code, activity, table, seats)
                self._bump(code)
        except BaseException:
            for table in games:
                self.games.pop(table, None)
                self.windows.pop(table, None)
            raise
        return {"activity": activity, "tables": made, **config}

    def _next_game(self, code: str, activity: int, due: bool = False) -> None:
        """Once every table of the activity is over, its next game (of ``games``) starts by itself,
        ``between_games`` seconds later (``games_due``; at once if 0, or ``due``): new random
        groups, or the same groups under ``matching="fixed"`` (CL-33)."""
        config = self._config(activity)
        number = int(config.get("game_number", 1))
        if number >= int(config.get("games", 1)) or self.session(code)["activity"] != activity:
            return
        if self.store.one("SELECT 1 FROM game_tables WHERE activity = ? AND over = 0", (activity,)):
            return
        if not self._active(code):
            return  # nobody left to seat: the activity ends here
        if not due and float(config.get("between_games", 0)) > 0:
            self.next_games.setdefault(activity, (code, self.clock()))
            return
        self.next_games.pop(activity, None)
        keys = ("game", "players", "bots", "options", "timer", "any_time_seconds", "matching", "games")
        body = {k: config[k] for k in (*keys, "between_games") if k in config}
        with self.store.write():
            self._start_tables(code, body, number + 1)

    def games_due(self) -> int:
        """Start each next game whose pause after the last game is over (CL-33); the clock thread
        calls it. After a restart, tables over with games still to play wait their pause again."""
        started = 0
        with self.lock:
            for row in self.store.all(
                "SELECT s.code, a.id FROM sessions AS s JOIN activities AS a ON a.id = s.activity"
                " WHERE a.kind = 'tables' AND NOT EXISTS"
                " (SELECT 1 FROM game_tables AS g WHERE g.activity = a.id AND g.over = 0)"
            ):
                config = self._config(row["id"])
                if config.get("paused") or int(config.get("game_number", 1)) >= int(config.get("games", 1)):
                    continue
                code, since = self.next_games.setdefault(row["id"], (row["code"], self.clock()))
                if self.clock() - since >= float(config.get("between_games", 0)):
                    self._next_game(code, row["id"], due=True)
                    started += 1
        return started

    def _window_waiting(self, table: int, seats: list[dict[str, Any]]) -> list[int]:
        """The student seats the table waits for at its "at any time" point (CL-17): before a
        bot's decision, each student not to act whom the game lets act now and who has not
        passed this point. Whatever point the engine makes counts (``teach.may_act_any_time``)."""
        game = self.games[table]
        if not any(seats[s]["bot"] is not None for s in game.to_act):
            return []
        window = self.windows.get(table)
        passed = window["passed"] if window is not None else set()
        activity = self.table_activity.get(table)
        return [
            s
            for s, info in enumerate(seats)
            if info["bot"] is None
            and s not in passed
            and not self._seat_absent(activity, info)  # an absent student holds up no bot (CL-21)
            and may_act_any_time(game, s)
        ]

    def _window_screen(self, row: Any, seat: int) -> dict[str, Any]:
        window = self.windows.get(row["id"])
        seconds = self._any_time_seconds(row["activity"])
        left = seconds - (self.clock() - window["since"]) if window is not None else seconds
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
                self.windows.setdefault(table, {"passed": set(), "since": self.clock()})
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
        if over:
            self._next_game(code, activity)

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
        seats = read_seats(row["seats"])
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
                self._mark_acted()
                for _seat, done in game.history[before:]:
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
        window = self.windows.setdefault(table, {"passed": set(), "since": self.clock()})
        with self.store.write():
            if fields is not None:  # a student's own pass (not the room's time)
                self._mark_acted()
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
                seats = read_seats(row["seats"])
                if self._config(row["activity"]).get("paused"):  # CL-24: the points wait too
                    continue
                if game.is_over or not any(seats[s]["bot"] is not None for s in game.to_act):
                    continue
                window = self.windows.get(table)
                waiting = self._window_waiting(table, seats)
                if window is None or not waiting:  # no point open, or nobody here left to wait for
                    with self.store.write():
                        self._advance(row["session"], row["activity"], table, seats)
                        self._bump(row["session"])
                    moved += 1
                    continue
                seconds = json.loads(row["config"]).get("any_time_seconds", ANY_TIME_SECONDS)
                if self.clock() - window["since"] >= seconds:
                    self._pass_point(
                        row["session"], row["activity"], table, seats, waiting, why="pass (time)"
                    )
                    moved += 1
        return moved

    def _replace_at_tables(self, code: str, student_id: int) -> None:
        for row in self.store.all("SELECT * FROM game_tables WHERE session = ?", (code,)):
            seats = read_seats(row["seats"])
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

    # ----------------------------------------------------------------- absence, timers, the teacher's seating
    def _due_seat(self, activity_id: int, table: int, seats: list[dict[str, Any]]) -> tuple[int, str] | None:
        """A student's seat that must decide now and whose decision a bot makes: its student is
        absent (CL-21) or its timer ran out (CL-20); None if there is none."""
        game = self.games[table]
        if game.is_over:
            return None
        for seat in game.to_act:
            info = seats[seat]
            if info["bot"] is not None or info["student"] is None:
                continue
            if self._seat_absent(activity_id, info):
                return seat, ABSENT_RULE
            key, mark = self._turn_key(activity_id, table, seat)
            if key is not None and self._expired(activity_id, key, mark):
                return seat, TIMER_RULE
        return None

    def _tables_presence(self, code: str, activity_id: int) -> int:
        """Absence and the timer at the running tables (``presence_due``); returns the tables moved."""
        moved = 0
        for row in self.store.all(
            "SELECT id, seats FROM game_tables WHERE activity = ? AND over = 0 ORDER BY id", (activity_id,)
        ):
            seats = read_seats(row["seats"])
            if self._due_seat(activity_id, row["id"], seats) is not None:
                self._play_defaults(code, activity_id, row["id"], seats)
                moved += 1
        return moved

    def _play_defaults(self, code: str, activity_id: int, table: int, seats: list[dict[str, Any]]) -> None:
        """The table's bot makes each decision ``_due_seat`` finds, logged as "default" with the
        rule (never as the student's "action"); the seat stays the student's, who decides again
        once back. Then the bots go on. One transaction; on a failure the game is as it was."""
        game = self.games[table]
        saved, bots = game.to_json(), self._config(activity_id)["bots"]
        try:
            with self.store.write():
                for _step in range(game.max_decisions):
                    due = self._due_seat(activity_id, table, seats)
                    if due is None:
                        break
                    seat, rule = due
                    before = len(game.history)
                    rng = random.Random(f"classroom-default/{game.seed}/{seat}/{before}")
                    take_turn(game, seat, make_bot(bots, game.name), rng)
                    self.windows.pop(table, None)
                    for acted, text in game.history[before:]:
                        info = seats[acted]
                        fields = {"student": info["student"], "name": info["name"], "seat": acted}
                        self._row(
                            code,
                            "default",
                            text,
                            True,
                            activity=activity_id,
                            game_table=table,
                            rule=rule,
                            **fields,
                        )
                    self._advance(code, activity_id, table, seats)
                self._bump(code)
        except BaseException:
            self.games[table] = load_game(saved)
            raise

    def seat_student(self, code: str, who: Any, table: Any, seat: Any) -> dict[str, Any]:
        """Put a student (number or shown name) in a seat of a running table (CL-23), in place of a
        bot or of a student who is absent or left; a seat the student held at these tables goes
        to the table's bot."""
        with self.lock:
            session = self.session(code)
            code = session["code"]
            activity = self._activity(session)
            if activity is None or activity["kind"] != "tables":
                raise ClassroomError("CL-23", _("no tables are running in this session"), 409)
            student = self.find_student(code, who)
            if student["left_at"] is not None:
                raise ClassroomError(
                    "CL-23", _("{name} left the session (CL-15): they join again", name=student["name"]), 409
                )
            row = self.store.one(
                "SELECT * FROM game_tables WHERE id = ? AND activity = ?",
                (table if isinstance(table, int) and not isinstance(table, bool) else -1, activity["id"]),
            )
            if row is None:
                raise ClassroomError(
                    "CL-23",
                    _("no table {table} is running in this session", table=repr(str(table)[:20])),
                    404,
                )
            seats = read_seats(row["seats"])
            index = _seat_index(seat, len(seats))
            held = seats[index]
            if held["student"] == student["id"]:
                raise ClassroomError("CL-23", _("{name} already sits there", name=student["name"]), 409)
            if (
                held["bot"] is None
                and held["student"] is not None
                and not self._seat_absent(activity["id"], held)
            ):
                raise ClassroomError(
                    "CL-23",
                    _(
                        "seat {seat} is held by {name}, who is here",
                        seat=SEAT_NAMES[index],
                        name=held["name"],
                    ),
                    409,
                )
            with self.store.write():
                self._move_student(code, activity["id"], student, row["id"], index)
                self._bump(code)
        return {
            "ok": True,
            "student": student["id"],
            "name": student["name"],
            "table": row["id"],
            "seat": index,
        }

    def _move_student(self, code: str, activity_id: int, student: Any, table: int, index: int) -> None:
        """In a transaction: the student's old seat (if any) to the bot, the new one to them."""
        bots = self._config(activity_id)["bots"]
        found = self._seat_of(student["id"], code)
        if found is not None:
            old_row, old_seat = found
            old = read_seats(old_row["seats"]) if old_row["id"] != table else None
            if old is not None:
                old[old_seat] = {"student": None, "name": f"Bot {SEAT_NAMES[old_seat]}", "bot": bots}
                self.store.execute(
                    "UPDATE game_tables SET seats = ? WHERE id = ?", (json.dumps(old), old_row["id"])
                )
                self._advance(code, activity_id, old_row["id"], old)
        seats = read_seats(self.store.one("SELECT seats FROM game_tables WHERE id = ?", (table,))["seats"])
        if found is not None and found[0]["id"] == table:
            seats[found[1]] = {"student": None, "name": f"Bot {SEAT_NAMES[found[1]]}", "bot": bots}
        displaced = seats[index]["student"]
        if displaced is not None:
            self.table_of.pop((activity_id, displaced), None)
            self._count(f"s:{displaced}")
        seats[index] = {"student": student["id"], "name": student["name"], "bot": None}
        self.store.execute("UPDATE game_tables SET seats = ? WHERE id = ?", (json.dumps(seats), table))
        self._seat_students(activity_id, table, seats)
        text = f"seat {student['name']} at table {table} seat {SEAT_NAMES[index]}"
        self._row(
            code,
            "seat",
            text,
            True,
            activity=activity_id,
            game_table=table,
            seat=index,
            student=student["id"],
            name=student["name"],
            rule="CL-23",
        )
        self._count(f"s:{student['id']}")
        self._advance(code, activity_id, table, seats)

    def table_json(self, code: str, table: int) -> dict[str, Any]:
        with self.lock:
            row = self.store.one(
                "SELECT id FROM game_tables WHERE id = ? AND session = ?", (table, normal_code(code))
            )
            if row is None:
                raise ClassroomError("CL-5", _("no table {table} in this session", table=table), 404)
            return {"json": self.games[table].to_json()}
