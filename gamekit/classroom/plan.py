"""A whole class session from a plan file: ``gamekit classroom --plan week3.toml``.

A plan is TOML: the session's ``title``, a default ``timer`` (seconds per sealed round or table
turn, 5 to 3600), the ``pause`` (seconds a closed round's results stay on the screens before the
next round or activity opens, default 10), ``start`` ("enter": the first activity opens when the
teacher presses Enter in the terminal or starts it from the teacher page; a number: after that
many seconds), and the activities in order::

    [[activity]]
    kind = "auction"          # auction (sealed rounds) | clock | tables
    format = "second_price"
    rounds = 3

Each activity's other keys are the keyword arguments of ``Classroom.auction`` (auction, clock)
or ``Classroom.tables`` (tables; ``size`` is another name for ``players``), and its own
``timer``. ``load_plan`` checks the whole file before anything starts: every problem is listed
with the activity's number and the key (CL-31). ``PlanRunner`` then runs the activities in
order: each opens when the previous one is finished (its last round closed, every table over)
or when the teacher advances (Enter in the terminal), and a round that closed opens the next
after the pause, unless the teacher already did.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots.base import make_bot
from ..core import ConfigError, new_game
from ..core.i18n import _, _n
from .rounds import CLOCK_FORMATS, REFUND_ROUNDINGS, SEALED_FORMATS, clock_top
from .security import Limits
from .session import Classroom, RequestRefused
from .tables import table_games

KINDS = ("auction", "clock", "tables")
TOP_KEYS = ("title", "timer", "pause", "start", "activity")
TIMER = (5, 3600)  # a timer's seconds, as the server takes them
COMMON = ("kind", "timer")
AUCTION_KEYS = ("format", "rounds", "feedback", "low", "high", "seed")
CLOCK_KEYS = (*AUCTION_KEYS, "step", "tick_seconds", "rounding", "top")
TABLE_KEYS = (
    "game",
    "players",
    "size",
    "bots",
    "options",
    "seed",
    "any_time_seconds",
    "matching",
    "games",
    "between_games",
)
PROGRESS = "plan_progress:"  # + the session's code: meta key of how far the plan got (a restart goes on)


class PlanError(ValueError):
    """A plan file that cannot run: every problem found, one a line, each naming the activity's
    number and the key (CL-31). Nothing was started."""

    rule_id = "CL-31"

    def __init__(self, source: str, problems: list[str]) -> None:
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(
            _("the plan {source} cannot run (CL-31); nothing was started:", source=source) + "\n" + lines
        )


@dataclass(frozen=True)
class PlannedActivity:
    """One activity of a plan: its number (from 1), kind, the ``Classroom`` keyword arguments and
    its timer (its own, or the plan's; None: no timer)."""

    number: int
    kind: str
    options: dict[str, Any]
    timer: int | None

    def describe(self) -> str:
        o = self.options
        if self.kind == "tables":
            fixed = o.get("matching") == "fixed"
            size = _("the previous size") if fixed and "players" not in o else o.get("players", 4)
            kept = _(", fixed partners") if fixed else ""
            count = o.get("games", 1)
            games = _(", {count} games", count=count) if count > 1 else ""
            return _(
                "tables of {game} for {size}{kept}{games}", game=o["game"], size=size, kept=kept, games=games
            )
        rounds = o.get("rounds", 5)
        name = o.get("format", "first_price" if self.kind == "auction" else CLOCK_FORMATS[0]).replace(
            "_", " "
        )
        if self.kind == "clock":
            return _n("{name} clock, {n} round", "{name} clock, {n} rounds", rounds, name=name)
        return _n("{name} auction, {n} round", "{name} auction, {n} rounds", rounds, name=name)


@dataclass(frozen=True)
class Plan:
    """A checked plan (``load_plan``): what ``PlanRunner`` runs."""

    title: str
    activities: tuple[PlannedActivity, ...]
    timer: int | None = None
    pause: float = 10.0
    start: str | float = "enter"
    source: str = "plan"
    digest: str = field(default="", compare=False)

    @property
    def seeded(self) -> bool:
        """Whether an activity fixes its own seed (its values and deals are then computable)."""
        return any("seed" in a.options for a in self.activities)


def load_plan(path: str | Path) -> Plan:
    """Read and check the plan file at ``path`` (CL-31: ``PlanError`` lists every problem)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PlanError(str(path), [_("the file cannot be read: {error}", error=str(error))]) from None
    return parse_plan(text, str(path))


def parse_plan(text: str, source: str = "plan") -> Plan:
    """Check a plan's TOML text (CL-31)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PlanError(source, [_("not TOML: {error}", error=str(error))]) from None
    problems: list[str] = []
    for key in data:
        if key not in TOP_KEYS:
            problems.append(
                _(
                    "unknown key {key} at the top (the keys there: {keys})",
                    key=repr(key),
                    keys=", ".join(TOP_KEYS),
                )
            )
    title = data.get("title", "Class")
    if not isinstance(title, str) or not title.strip():
        problems.append(_("'title' must be text, not {title}", title=repr(title)))
    timer = _timer(data.get("timer"), _("the top's 'timer'"), problems)
    pause = data.get("pause", 10)
    if not _real(pause) or not 0 <= pause <= 600:
        problems.append(_("'pause' must be seconds from 0 to 600, not {pause}", pause=repr(pause)))
    start = data.get("start", "enter")
    if not (start == "enter" or (_real(start) and 0 <= start <= 3600)):
        problems.append(
            _("'start' must be \"enter\" or seconds from 0 to 3600, not {start}", start=repr(start))
        )
    raw = data.get("activity")
    activities: list[PlannedActivity] = []
    if not isinstance(raw, list) or not raw:
        problems.append(_("a plan needs at least one [[activity]]"))
    else:
        for number, table in enumerate(raw, start=1):
            made = _activity(number, table, timer, problems)
            if made is not None:
                activities.append(made)
    if problems:
        raise PlanError(source, problems)
    return Plan(
        title=title.strip(),
        activities=tuple(activities),
        timer=timer,
        pause=float(pause),
        start=start if start == "enter" else float(start),
        source=source,
        digest=json.dumps(data, sort_keys=True, default=str),
    )


def _real(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _timer(value: Any, where: str, problems: list[str]) -> int | None:
    if value is None:
        return None
    if not _whole(value) or not TIMER[0] <= value <= TIMER[1]:
        problems.append(
            _(
                "{where} must be whole seconds from {low} to {high}, not {value}",
                where=where,
                low=TIMER[0],
                high=TIMER[1],
                value=repr(value),
            )
        )
        return None
    return int(value)


def _activity(number: int, table: Any, timer: int | None, problems: list[str]) -> PlannedActivity | None:
    """One ``[[activity]]`` checked; its problems appended as "activity N (kind): 'key' ..."."""
    if not isinstance(table, Mapping):
        problems.append(
            _(
                "activity {number}: must be a table ([[activity]]), not {table}",
                number=number,
                table=repr(table),
            )
        )
        return None
    kind = table.get("kind")
    if kind not in KINDS:
        problems.append(
            _(
                "activity {number}: 'kind' must be one of {kinds}, not {kind}",
                number=number,
                kinds=", ".join(KINDS),
                kind=repr(kind),
            )
        )
        return None
    at = _("activity {number} ({kind})", number=number, kind=kind)
    found: list[str] = []
    allowed = {"auction": AUCTION_KEYS, "clock": CLOCK_KEYS, "tables": TABLE_KEYS}[kind]
    for key in table:
        if key not in COMMON and key not in allowed:
            found.append(
                _(
                    "unknown key {key} (the keys of {kind}: {keys})",
                    key=repr(key),
                    kind=kind,
                    keys=", ".join((*allowed, "timer")),
                )
            )
    own_timer = _timer(table.get("timer"), "'timer'", found)
    options = {k: v for k, v in table.items() if k not in COMMON}
    if kind == "tables":
        _check_tables(options, found)
    else:
        _check_auction(kind, options, found)
    problems.extend(_("{at}: {problem}", at=at, problem=p) for p in found)
    if found:
        return None
    return PlannedActivity(number, kind, options, own_timer if own_timer is not None else timer)


def _check_auction(kind: str, o: dict[str, Any], found: list[str]) -> None:
    formats = SEALED_FORMATS if kind == "auction" else CLOCK_FORMATS
    fmt = o.setdefault("format", formats[0])
    if fmt not in formats:
        other = "clock" if fmt in CLOCK_FORMATS else "auction" if fmt in SEALED_FORMATS else None
        hint = f" ({fmt!r} is kind = {other!r})" if other else ""
        found.append(
            _(
                "'format' must be one of {formats}, not {format}{hint}",
                formats=", ".join(formats),
                format=repr(fmt),
                hint=hint,
            )
        )
    rounds = o.get("rounds", 5)
    if not _whole(rounds) or not 1 <= rounds <= Limits().rounds:
        found.append(
            _(
                "'rounds' must be a whole number from 1 to {most}, not {rounds}",
                most=Limits().rounds,
                rounds=repr(rounds),
            )
        )
    if not isinstance(o.get("feedback", True), bool):
        found.append(_("'feedback' must be true or false, not {feedback}", feedback=repr(o["feedback"])))
    low, high = o.get("low", 0), o.get("high", 100)
    if not (_whole(low) and _whole(high) and 0 <= low < high <= 1_000_000):
        found.append(
            _(
                "'low' and 'high' must be whole numbers 0 <= low < high <= 1000000, not {low}, {high}",
                low=repr(low),
                high=repr(high),
            )
        )
        return
    _seed(o, found)
    if kind != "clock":
        return
    step = o.get("step", max(1, (high - low) // 20))
    if not _whole(step) or not 1 <= step <= high - low:
        found.append(
            _("'step' must be a whole number from 1 to {most}, not {step}", most=high - low, step=repr(step))
        )
    tick = o.get("tick_seconds", 2.0)
    if not _real(tick) or not 0 <= tick <= 60:
        found.append(_("'tick_seconds' must be seconds from 0 to 60, not {tick}", tick=repr(tick)))
    if o.get("rounding", "down") not in REFUND_ROUNDINGS:
        found.append(
            _(
                "'rounding' must be one of {choices}, not {rounding}",
                choices=", ".join(REFUND_ROUNDINGS),
                rounding=repr(o["rounding"]),
            )
        )
    if "top" in o:
        ceiling = clock_top(low, high, 2)
        top = o["top"]
        if not _whole(top) or not ceiling <= top <= 2 * ceiling:
            found.append(
                _(
                    "'top' must be a whole number from {low} to {high} (CL-18), not {top}",
                    low=ceiling,
                    high=2 * ceiling,
                    top=repr(top),
                )
            )


def _check_tables(o: dict[str, Any], found: list[str]) -> None:
    games = table_games()
    game = o.get("game")
    if game not in games:
        found.append(_("'game' must be one of {games}, not {game}", games=", ".join(games), game=repr(game)))
    if "size" in o:
        if "players" in o:
            found.append(_("'size' and 'players' are the same setting: give one"))
        o["players"] = o.pop("size")
    players = o.get("players", 4)
    if not _whole(players) or not 3 <= players <= 6:
        found.append(
            _(
                "'players' (or 'size') must be a whole number from 3 to 6, not {players}",
                players=repr(players),
            )
        )
        return
    bots = o.get("bots", "random")
    options = o.get("options", {})
    if not isinstance(options, Mapping):
        found.append(
            _("'options' must be a table of the game's options, not {options}", options=repr(options))
        )
        return
    if not isinstance(bots, str):
        found.append(_("'bots' must be a bot's name, not {bots}", bots=repr(bots)))
    elif game in games:
        try:
            make_bot(bots, game)
        except ConfigError as error:
            found.append(f"'bots': {error}")  # the library's own message, already in the language
        try:
            new_game(game, players, seed=0, options=dict(options))
        except ConfigError as error:
            found.append(f"'options' or 'players': {error}")
    wait = o.get("any_time_seconds", 5)
    if not _real(wait) or not 0 <= wait <= 300:
        found.append(_("'any_time_seconds' must be seconds from 0 to 300, not {wait}", wait=repr(wait)))
    if o.get("matching", "random") not in ("random", "fixed"):
        found.append(
            _("'matching' must be 'random' or 'fixed' (CL-33), not {matching}", matching=repr(o["matching"]))
        )
    if not _whole(o.get("games", 1)) or not 1 <= o.get("games", 1) <= 50:
        found.append(_("'games' must be a whole number from 1 to 50, not {games}", games=repr(o["games"])))
    pause = o.get("between_games", 10)
    if not _real(pause) or not 0 <= pause <= 600:
        found.append(_("'between_games' must be seconds from 0 to 600, not {pause}", pause=repr(pause)))
    _seed(o, found)


def _seed(o: dict[str, Any], found: list[str]) -> None:
    if "seed" in o and (not _whole(o["seed"]) or not 0 <= o["seed"] <= 2**62):
        found.append(_("'seed' must be a whole number from 0 to 2**62, not {seed}", seed=repr(o["seed"])))


# --------------------------------------------------------------------------------- running it
class PlanRunner:
    """Runs ``plan`` in ``room``'s session, one activity after another (see the module docstring).

    ``run()`` blocks until the plan is done or ``stop()``; ``advance()`` (the teacher's Enter)
    opens the next activity now. ``say`` prints what happens (one line each). How far the plan
    got is kept in the database, so a server restarted with the same plan goes on from there.
    ``poll``: seconds between its looks at the session (one teacher request each: the teacher
    token's rate limit, CL-12, is shared with the teacher page).
    """

    def __init__(
        self, room: Classroom, plan: Plan, say: Callable[[str], None] = print, poll: float = 1.0
    ) -> None:
        self.room = room
        self.plan = plan
        self.say = say
        self.poll = poll
        self.done = 0  # activities finished (or passed over by the teacher)
        self.activity: int | None = None  # the id of the running planned activity
        self._advance = threading.Event()
        self._stop = threading.Event()
        self._no_timer = False
        self._restore()

    # -------------------------------------------------------------------- the teacher's word
    def advance(self) -> None:
        """Open the next activity now (the running one's open round closes first)."""
        self._advance.set()

    def stop(self) -> None:
        self._stop.set()
        self._advance.set()

    def progress(self) -> dict[str, Any]:
        """How far the plan is: activities done, how many, the running one's number (or None)."""
        running = self.done + 1 if self.activity is not None and not self.finished else None
        return {
            "title": self.plan.title,
            "done": self.done,
            "activities": len(self.plan.activities),
            "running": running,
        }

    def attach(self) -> None:
        """Let the teacher page follow and advance the plan: ``GET /api/teacher/{code}/plan``
        answers ``{"ok": true, "plan": progress()}``; ``POST /api/teacher/{code}/advance`` calls
        ``advance()`` and answers the same (the teacher's token, as every teacher route)."""
        from starlette.responses import JSONResponse

        from .routes import mount, route
        from .security import ClassroomError

        app = self.room.server.app
        classroom, code = app.state.classroom, self.room.code

        async def plan(request: Any, room: Any) -> Any:
            if request.path_params["code"].upper() != code.upper():
                raise ClassroomError("CL-5", _("this session runs no plan"), 404)
            if request.method == "POST":
                self.advance()
            return JSONResponse({"ok": True, "plan": self.progress()})

        # Declared like every route of the table (routes.py): the teacher's token, checked by
        # the table's wrapper before the handler runs.
        table = (
            route("/api/teacher/{code}/advance", plan, ["POST"], "teacher"),
            route("/api/teacher/{code}/plan", plan, ["GET"], "teacher"),
        )
        app.router.routes.extend(mount(table, classroom))

    @property
    def finished(self) -> bool:
        return self.done >= len(self.plan.activities)

    # -------------------------------------------------------------------- the plan
    def run(self) -> None:
        if self.finished:
            self.say(_("The plan is done already (this database ran it); the session stays open."))
            return
        if self.activity is None and self.done == 0 and not self._wait_for_start():
            return
        while not self._stop.is_set() and not self.finished:
            planned = self.plan.activities[self.done]
            if self.activity is None and not self._start(planned):
                return
            advanced = self._watch(planned)
            if self._stop.is_set():
                return
            self.done += 1
            self.activity = None
            self._save()
            if not self.finished and not advanced:
                self._wait(self.plan.pause)
        if self.finished:
            self.say(_("The plan is done; the session stays open (Ctrl-C stops the server)."))

    def _wait_for_start(self) -> bool:
        start = self.plan.start
        if start == "enter":
            self.say(
                _(
                    "Press Enter here (or Next on the teacher page) to open the first activity, "
                    "once the class has joined."
                )
            )
            self._advance.wait()
        else:
            self._wait(float(start))
        self._advance.clear()
        return not self._stop.is_set()

    def _start(self, planned: PlannedActivity) -> bool:
        """Open ``planned``; tables wait until someone has joined. False: stopped meanwhile."""
        if planned.kind == "tables":
            told = False
            while not self.room.state()["students"]:
                if not told:
                    self.say(
                        _(
                            "Activity {number} seats tables: waiting for a student to join.",
                            number=planned.number,
                        )
                    )
                    told = True
                if self._stop.wait(self.poll):
                    return False
        self._advance.clear()
        options = dict(planned.options)
        state = self.room.tables(**options) if planned.kind == "tables" else self.room.auction(**options)
        self.activity = (state.get("activity") or {}).get("id")
        self._save()
        self.say(
            _(
                "Activity {number} of {total}: {what}.",
                number=planned.number,
                total=len(self.plan.activities),
                what=planned.describe(),
            )
        )
        if planned.timer is not None:
            self._set_timer(planned.timer)
        return True

    def _set_timer(self, seconds: int) -> None:
        if self._no_timer:
            return
        try:
            self.room._teacher("POST", "timer", {"seconds": seconds})
        except RequestRefused as refused:
            if refused.status != 404:
                raise
            self._no_timer = True
            self.say(
                _(
                    "Note: this server has no round timer (POST /api/teacher/{code}/timer: 404); "
                    "the plan's timer is not applied: rounds wait for every bid or for you.",
                    code=self.room.code,
                )
            )

    def _watch(self, planned: PlannedActivity) -> bool:
        """Until the activity is finished, the teacher moved on or the runner stops: open each
        next round ``pause`` seconds after the last closed (unless the teacher did). True: the
        teacher advanced (the next activity opens at once)."""
        closed_at: float | None = None
        while not self._stop.is_set():
            if self._advance.is_set():
                self._advance.clear()
                self._close_open_round()
                self.say(_("Activity {number}: moved on by the teacher.", number=planned.number))
                return True
            state = self.room.state()
            activity = state.get("activity") or {}
            if activity.get("id") != self.activity and activity.get("game_number", 1) > 1:
                self.activity = activity.get("id")  # the same tables' next game, started by itself (CL-33)
            if activity.get("id") != self.activity:
                self.say(
                    _(
                        "Activity {number}: the teacher started another activity; the plan goes on after it.",
                        number=planned.number,
                    )
                )
                return self._wait_until(_finished, state)
            if _finished(state):
                self.say(_("Activity {number} is finished.", number=planned.number))
                return False
            current = state.get("round")
            if current and current["status"] == "closed":
                closed_at = closed_at if closed_at is not None else time.monotonic()
                if time.monotonic() - closed_at >= self.plan.pause:
                    with contextlib.suppress(RequestRefused):  # the teacher opened it first
                        self.room.next()
                    closed_at = None
            else:
                closed_at = None
            self._advance.wait(self.poll)
        return False

    def _wait_until(self, done: Callable[[dict[str, Any]], bool], state: dict[str, Any]) -> bool:
        """Wait for the teacher's own activity to finish; True if the teacher advanced instead."""
        while not self._stop.is_set() and not self._advance.is_set() and not done(state):
            self._advance.wait(self.poll)
            state = self.room.state()
        advanced = self._advance.is_set()
        self._advance.clear()
        return advanced

    def _close_open_round(self) -> None:
        current = self.room.state().get("round")
        if current and current["status"] == "open":
            with contextlib.suppress(RequestRefused):  # it closed meanwhile
                self.room.close()

    def _wait(self, seconds: float) -> None:
        """Wait ``seconds`` (the results on the screens), or less if the teacher advances."""
        if self._advance.wait(seconds):
            self._advance.clear()

    # -------------------------------------------------------------------- progress, kept
    def _store(self) -> Any:
        return self.room.server.app.state.hub

    def _save(self) -> None:
        hub = self._store()
        progress = json.dumps({"plan": self.plan.digest, "done": self.done, "activity": self.activity})
        with hub.lock, hub.store.write() as db:
            db.set_meta(PROGRESS + self.room.code, progress)

    def _restore(self) -> None:
        hub = self._store()
        with hub.lock:
            raw = hub.store.meta(PROGRESS + self.room.code)
        if raw is None:
            return
        progress = json.loads(raw)
        if progress.get("plan") != self.plan.digest:
            return  # another plan ran here: this one starts from its beginning
        self.done = int(progress.get("done", 0))
        self.activity = progress.get("activity")
        if self.done or self.activity is not None:
            self.say(f"Resuming the plan: {self.done} of {len(self.plan.activities)} activities done.")


def _finished(state: Mapping[str, Any]) -> bool:
    """Whether the session's running activity is over: its last round closed, every table over."""
    activity = state.get("activity")
    if not activity:
        return True
    if activity.get("kind") == "tables":
        tables = state.get("tables") or []
        return bool(tables) and all(t["over"] for t in tables)
    current = state.get("round")
    return bool(current) and current["status"] == "closed" and current["number"] >= activity["rounds"]


__all__ = ["Plan", "PlanError", "PlanRunner", "PlannedActivity", "load_plan", "parse_plan"]
