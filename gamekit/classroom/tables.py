"""The classroom's game tables: seating students with bots, their moves, the "at any time" points.

A table plays any registered game whose class allows it (``Game.classroom_tables``): the
classroom finds its games through the registry and names none.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots.base import make_bot
from ..core import ConfigError, IllegalAction, load_game, new_game, registry
from ..core.game import SEAT_NAMES, Game
from ..simulate import take_turn
from ..teach import may_act_any_time
from . import screens
from .hub_base import HubBase, _number
from .security import ClassroomError
from .store import now
from .tokens import normal_code

ANY_TIME_SECONDS = 5.0  # how long a table waits for students who may act at any time (the room may set it)
PASS = "pass"  # a student's text that passes an "at any time" point (CL-17)
LOG_LINES = 100  # the last lines of a table's log a student's screen carries


def table_games() -> tuple[str, ...]:
    """The registered games the classroom seats students at (``classroom_tables``), in the registry's order."""
    return tuple(name for name in registry.registered() if registry.game_class(name).classroom_tables)


class Tables(HubBase):
    """The hub's game tables: seating, a student's move, the bots' turns, the "at any time" points."""

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
            **screens.table_screen(game, seat, seats),  # picture and compact rows (phone)
        }

    def start_tables(self, code: str, body: Mapping[str, Any]) -> dict[str, Any]:
        name = body.get("game")
        games = table_games()
        if name not in games:
            raise ClassroomError("CL-14", f"game must be one of {', '.join(games)}, not {name!r}", 422)
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
