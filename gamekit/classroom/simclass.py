"""A simulated class: bot students who join over HTTP exactly as phones do.

``SimulatedClass(url, code, students=12)`` joins ``students`` students (``POST /api/join``), each
with its own token, and plays what the teacher starts, through the student endpoints only
(``GET /api/me``, ``POST /api/act``), so it sees what a student's page sees and nothing more:

- auctions (``bid_round``, ``clock_step``): ``strategy="equilibrium"`` bids the symmetric
  equilibrium bid of the round's format for the value it was dealt (``gamekit.theory.auctions``,
  values uniform on the round's [low, high], n = the class size unless ``bidders`` says otherwise)
  plus normal noise of standard deviation ``noise``, rounded and kept in [low, high] (at the clock,
  in [low, top]: its equilibrium drops go above high, CL-18);
  ``strategy="truthful"`` bids the value (plus noise). At the clock a student drops out when the
  price reaches that amount.
- tables (``play_tables``): each student's seat is played by a gamekit bot (``table_bot``, a
  registered name such as ``"random"`` or ``"house_value:1.5"``) from the student's own view and
  legal actions, as the server sends them.

Everything is bounded: the number of students (``MAX_STUDENTS``), each call's time (``timeout``)
and number of requests. It stands in for a class in notebook 06 and in the tests; what it does is
what these bots do, not what people do.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
import numpy as np

from ..bots import make_bot
from ..core.game import Game, new_game

STRATEGIES = ("equilibrium", "truthful")
MAX_STUDENTS = 200
_IDLE = 0.05  # seconds between polls when nothing was to do


class SimulationError(RuntimeError):
    """A simulated student's request was refused or the class did not finish in time."""


@dataclass
class SimStudent:
    """One simulated student: name, token, and the generator its noise and its bot draw from."""

    name: str
    token: str
    student: Any
    rng: np.random.Generator
    bot_rng: random.Random
    bot: Any = None
    acted: list[str] = field(default_factory=list)
    left: bool = False
    plan: tuple[int, int] | None = None  # (round, amount) at the clock


class SimulatedClass:
    """``students`` bot students in session ``code`` of the server at ``url``."""

    def __init__(
        self,
        url: str,
        code: str,
        students: int = 8,
        strategy: str = "equilibrium",
        noise: float = 3.0,
        table_bot: str = "random",
        bidders: int | None = None,
        seed: int = 0,
        names: Sequence[str] | None = None,
        timeout: float = 30.0,
        lang: str = "en",
    ) -> None:
        if not isinstance(students, int) or isinstance(students, bool) or not 1 <= students <= MAX_STUDENTS:
            raise ValueError(f"a simulated class has 1 to {MAX_STUDENTS} students, not {students!r}")
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {', '.join(STRATEGIES)}, not {strategy!r}")
        if not noise >= 0:
            raise ValueError(f"noise is a standard deviation of at least 0, not {noise!r}")
        if names is not None and len(names) != students:
            raise ValueError(f"give one name per student: {students} students, {len(names)} names")
        self.url, self.code, self.strategy, self.noise = url.rstrip("/"), code, strategy, float(noise)
        self.table_bot, self.bidders, self.timeout = table_bot, bidders, float(timeout)
        make_bot(table_bot)  # an unknown bot name fails now, not at the table
        self._http = httpx.Client(base_url=self.url, timeout=10.0)
        self._parsers: dict[tuple[str, int], Game] = {}
        self.students: list[SimStudent] = []
        for index in range(students):
            name = names[index] if names is not None else f"Sim {index + 1:02d}"
            answer = self._call("POST", "/api/join", None, {"code": code, "name": name, "lang": lang})
            self.students.append(
                SimStudent(
                    name=answer.get("name", name),
                    token=answer["token"],
                    student=answer.get("student"),
                    rng=np.random.default_rng([seed, index]),
                    bot_rng=random.Random(f"{seed}/{index}"),
                )
            )

    # ----------------------------------------------------------------------------- requests
    def _call(self, method: str, path: str, token: str | None, body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else None
        for _ in range(20):  # bounded retries when the server asks to slow down (429)
            response = self._http.request(method, path, json=body, headers=headers)
            if response.status_code != 429:
                break
            time.sleep(min(float(response.headers.get("Retry-After", "0.2") or 0.2), 2.0))
        if response.status_code >= 400:
            try:
                message = response.json().get("error", response.text)
            except ValueError:
                message = response.text
            raise SimulationError(f"{method} {path} refused (HTTP {response.status_code}): {message}")
        return response.json()

    def me(self, student: SimStudent) -> dict[str, Any]:
        """The student's whole screen (``GET /api/me``)."""
        return self._call("GET", "/api/me", student.token)

    def act(self, student: SimStudent, text: str) -> dict[str, Any]:
        """Send one action as the student (``POST /api/act``)."""
        answer = self._call("POST", "/api/act", student.token, {"text": text})
        student.acted.append(text)
        return answer

    # ------------------------------------------------------------------------------ auctions
    def amount(self, student: SimStudent, activity: dict[str, Any]) -> int:
        """What ``student`` bids (or where it drops out) for its value in this activity."""
        from ..theory import auctions as theory

        low, high = int(activity.get("low", 0)), int(activity.get("high", 100))
        n = self.bidders or len(self.students)
        truthful = self.strategy == "truthful"
        value = float(activity["value"])
        if activity.get("kind") == "clock":  # the clock runs past high to its top (CL-18)
            return self._clock_amount(student, activity, value, n, low, high, truthful)
        return theory.noisy_bid(activity["format"], value, n, low, high, self.noise, student.rng, truthful)

    def _clock_amount(
        self,
        student: SimStudent,
        activity: dict[str, Any],
        value: float,
        n: int,
        low: int,
        high: int,
        truthful: bool,
    ) -> int:
        """``noisy_bid``'s drop price kept in [low, top] rather than [low, high]: the equilibrium
        drops of high values lie above high (CL-18), and the clock's top is above them all."""
        from scipy import stats

        from ..theory import auctions as theory

        if truthful or n < 2:
            target = value
        else:
            target = theory.equilibrium_bid(activity["format"], value, n, stats.uniform(low, high - low))
        noisy = target + (student.rng.normal(0, self.noise) if self.noise else 0.0)
        return int(min(max(round(noisy), low), int(activity.get("top", high))))

    def bid_round(self) -> int:
        """Every student whose sealed-bid round is open and who has not bid, bids once; returns
        how many bid."""
        done = 0
        for student in self.present:
            activity = self.me(student).get("activity")
            if not activity or activity.get("kind") != "auction":
                continue
            if activity.get("status") != "open" or activity.get("my_bid") is not None:
                continue
            self.act(student, f"bid {self.amount(student, activity)}")
            done += 1
        return done

    def clock_step(self) -> int | None:
        """Each student still in an open clock round drops out if the price has reached its
        amount; returns how many dropped, or None when no clock round is open."""
        running, dropped = False, 0
        for student in self.present:
            activity = self.me(student).get("activity")
            if not activity or activity.get("kind") != "clock" or activity.get("status") != "open":
                continue
            running = True
            if not activity.get("in"):
                continue
            if student.plan is None or student.plan[0] != activity["round"]:
                student.plan = (activity["round"], self.amount(student, activity))
            if activity.get("price", 0) >= student.plan[1]:
                self.act(student, "drop")
                dropped += 1
        return dropped if running else None

    # -------------------------------------------------------------------------------- tables
    def _parser(self, game: str, players: int) -> Game:
        """A game of that kind, only to read action texts back into actions for the bots."""
        key = (game, players)
        if key not in self._parsers:
            self._parsers[key] = new_game(game, players=players, seed=0)
        return self._parsers[key]

    def table_step(self, student: SimStudent) -> bool | None:
        """If the student's seat is to act, its bot acts once; at a point where the table waits for
        the student to act at any time (CL-17), the student passes. True: acted; False: waiting;
        None: no table, or its game is over."""
        activity = self.me(student).get("activity")
        if not activity or activity.get("kind") != "table" or activity.get("result") is not None:
            return None
        seat = activity["seat"]
        if activity.get("any_time") is not None:  # a point to act at any time (CL-17): these students pass
            self.act(student, "pass")
            return True
        if seat not in (activity.get("to_act") or []) or not activity.get("legal"):
            return False
        parser = self._parser(activity["game"], len(activity["players"]))
        legal = [parser.parse_action(text) for text in activity["legal"]]
        if student.bot is None:
            student.bot = make_bot(self.table_bot)
        choice = student.bot.choose(activity["view"], legal, student.bot_rng)
        self.act(student, str(choice))
        return True

    def play_tables(self, max_actions: int = 5000) -> int:
        """Play every student's seat until each of their games is over (at most ``timeout``
        seconds and ``max_actions`` actions); returns the number of actions sent."""
        sent = 0
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline and sent < max_actions:
            steps = [self.table_step(student) for student in self.present]
            if all(step is None for step in steps):
                return sent
            sent += sum(1 for step in steps if step)
            if not any(steps):
                time.sleep(_IDLE)
        raise SimulationError(f"the tables did not finish within {self.timeout} s or {max_actions} actions")

    # ---------------------------------------------------------------------------------- end
    def leave(self, student: SimStudent) -> None:
        """The student leaves (``POST /api/leave``): a bot takes their seat."""
        self._call("POST", "/api/leave", student.token, {})
        student.left = True

    @property
    def present(self) -> list[SimStudent]:
        """The students who have not left."""
        return [student for student in self.students if not student.left]

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> SimulatedClass:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SimulatedClass of {len(self.students)} {self.strategy} bot students in {self.code}>"


__all__ = ["MAX_STUDENTS", "STRATEGIES", "SimStudent", "SimulatedClass", "SimulationError"]
