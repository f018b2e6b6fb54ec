"""The teacher's side of a class session, driven from a notebook: ``Classroom``.

    room = Classroom()                 # a server on this computer only (127.0.0.1)
    room.qr()                          # the join code, large, for the projector
    room.auction("first_price", rounds=3)
    room.close(); room.next()          # or let a round close itself when everyone has bid
    room.live()                        # figures that redraw as bids arrive
    room.tables("<game>", players=4, bots="random")   # any game that seats a class
    room.data(); room.to_csv("class.csv"); room.replay(1)
    room.stop()

**Letting phones in.** By default the server listens on 127.0.0.1: only this computer can reach
it, which is right for trying things out and for the tests. For a class, start it with
``Classroom(host="0.0.0.0", port=8765)``: it then listens on every network interface, and the join
link names this computer's address on the local network (``lan_address()``). The phones must be
on the same network (the room's Wi-Fi; a guest network often keeps its devices apart, so use the
one the school's own laptops use, or the teacher's phone hotspot), and the computer's firewall
must let the port in (macOS and Windows ask the first time; on Linux e.g. ``ufw allow 8765/tcp``).
A fixed ``port`` keeps the firewall rule valid from one class to the next.

What that exposes: anyone on that network who opens the link and knows the 6-character code can
join as a student (the server's limits bound what they can send); teacher actions need the
teacher token, which stays in this notebook (``room.server.teacher_token``; never put it on the
projector). The connection is plain HTTP: others on the same network could read the names and bids
sent over it, so use it on a network you trust, ask students for a first name or a nickname only,
and stop the server (``room.stop()``) when the class ends.

The session's data lives in an SQLite file (``room.db``; by default a new file under
``default_db_dir()``), so a notebook restarted with ``Classroom(db=room.db)`` continues the
database's last session where it stood (``code=`` names another), on the same port: the join
link stays, and the phones reconnect with their seats (CL-30).
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from ..core.game import Game, load_game
from .public import public_picture, public_view
from .qr import DISPLAY_WIDTH, QRCode

CLASSROOM_FORMATS = ("first_price", "second_price", "all_pay", "losers_pay_half")


class RequestRefused(RuntimeError):
    """The server refused a teacher's request (or it is stopped): the server's message, ``rule`` its rule
    ID (CL-n) if it named one, ``status`` the HTTP status."""

    def __init__(self, message: str, status: int | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule


def default_db_dir() -> Path:
    """Where a session's database goes by default: the user's data folder, ``gamekit/classroom``.

    ``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS,
    ``%LOCALAPPDATA%`` on Windows; ``$GAMEKIT_CLASSROOM_DIR`` overrides them all.
    """
    override = os.environ.get("GAMEKIT_CLASSROOM_DIR")
    if override:
        return Path(override).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "gamekit" / "classroom"


def default_db() -> Path:
    """A new database file for today's class: ``default_db_dir()/class-YYYYMMDD-HHMMSS.sqlite``."""
    folder = default_db_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"class-{datetime.now(UTC):%Y%m%d-%H%M%S}.sqlite"


def lan_address() -> str:
    """This computer's address on the local network (the one phones in the room can reach).

    Asks the operating system which interface it would use to reach a private address (a UDP
    socket is "connected", which sends nothing); falls back to the host name's address, then to
    127.0.0.1 when the computer has no network.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("0."):
        try:
            address = socket.gethostbyname(socket.gethostname())
        except OSError:
            address = "127.0.0.1"
    return address


def public_base(host: str, port: int) -> str:
    """The address students use: loopback stays loopback, ``0.0.0.0``/``::`` become
    ``lan_address()``, any other host is used as given."""
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address in a URL
    return f"http://{host}:{port}"


def _check_host(host: str) -> str:
    if not isinstance(host, str) or not host:
        raise ValueError(f"host is an address such as 127.0.0.1 or 0.0.0.0, not {host!r}")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host != "localhost":
            raise ValueError(
                f"host is an IP address (127.0.0.1: this computer only; 0.0.0.0: the local network), "
                f"not {host!r}"
            ) from None
    return host


class Classroom:
    """A class session on a server this notebook starts (``gamekit.classroom.serve``).

    ``db``: the SQLite file (default: a new file under ``default_db_dir()``); ``host``: 127.0.0.1
    (this computer only) unless the teacher asks for ``"0.0.0.0"`` (the room's network: see the
    module docstring for what that exposes); ``port``: 0 picks a free one. Left out, both are
    where this database's server listened last, so a restarted notebook keeps the join link (a
    port taken by then is an error, CL-30). ``code``: the session of that database to continue;
    left out, the database's last session is continued (rounds, clocks and tables where they
    stood) unless ``new=True`` or the database has none. ``seed``: left out, the server's own
    secret one; a fixed seed (a demo) lets students compute each other's values and deals.
    """

    def __init__(
        self,
        db: str | Path | None = None,
        host: str | None = None,
        port: int | None = None,
        title: str = "Class",
        code: str | None = None,
        seed: int | None = None,
        timeout: float = 10.0,
        new: bool = False,
        **server_options: Any,
    ) -> None:
        from .app import serve

        if host is not None:
            _check_host(host)
        self._formats: dict[Any, str] = {}  # activity id -> its format or game, for the rows
        self.db = Path(db) if db is not None else default_db()
        if seed is not None:  # None: the server's own (secret) seed
            server_options["seed"] = seed
        self.server = serve(self.db, host=host, port=port, **server_options)
        try:
            self.host = self.server.host
            self.port = self.server.port
            loopback = "[::1]" if ":" in self.host and self.host != "::" else "127.0.0.1"
            if self.host == "localhost":
                loopback = "localhost"
            self._http = httpx.Client(
                base_url=f"http://{loopback}:{self.port}",
                headers={"Authorization": f"Bearer {self.server.teacher_token}"},
                timeout=timeout,
            )
            self.base_url = public_base(self.host, self.port)
            earlier = self.server.sessions()
            if code is None and earlier and not new:
                code = earlier[-1]  # a restart: the database's last session, where it stood
            self.resumed = code is not None
            if code is None:
                created = self._request("POST", "/api/teacher/sessions", {"title": title})
                code = str(created["code"])
            self.code = code
            activity = self.state().get("activity")  # the session exists (a wrong ``code`` fails here)
            self._range = (0, 100)
            if isinstance(activity, Mapping) and "low" in activity and "high" in activity:
                self._range = (int(activity["low"]), int(activity["high"]))  # resumed: the live board's range
        except BaseException:
            self.server.stop()
            raise
        self.join_url = f"{self.base_url}/join/{self.code}"
        self.teacher_url = f"{self.base_url}/teacher/{self.code}"
        self._boards: list[Any] = []
        self.stopped = False

    # ------------------------------------------------------------------------------ requests
    def _request(self, method: str, path: str, body: Mapping[str, Any] | None = None, **params: Any) -> Any:
        if getattr(self, "stopped", False):
            raise RequestRefused("this classroom's server is stopped; start a new Classroom(db=...)")
        for _ in range(20):  # the server's rate limit (CL-12) says when to try again: bounded
            response = self._http.request(method, path, json=body, params=params or None)
            if response.status_code != 429:
                break
            time.sleep(min(float(response.headers.get("Retry-After") or 0.2), 2.0))
        if response.status_code >= 400:
            try:
                detail = response.json()
            except ValueError:
                detail = {"error": response.text}
            message = detail.get("error") or detail.get("detail") or response.reason_phrase
            raise RequestRefused(
                f"{message} (HTTP {response.status_code})", response.status_code, detail.get("rule")
            )
        if response.headers.get("content-type", "").startswith("application/json"):
            return response.json()
        return response.text

    def _teacher(self, method: str, what: str, body: Mapping[str, Any] | None = None, **params: Any) -> Any:
        return self._request(method, f"/api/teacher/{self.code}/{what}", body, **params)

    # ---------------------------------------------------------------------------- activities
    def auction(
        self,
        format: str = "first_price",
        rounds: int = 5,
        feedback: bool = True,
        low: int = 0,
        high: int = 100,
        seed: int | None = None,
        step: int | None = None,
        tick_seconds: float | None = None,
        rounding: str | None = None,
        top: int | None = None,
        timer: int | None = None,
    ) -> dict[str, Any]:
        """Start sealed-bid rounds (or the ``losers_pay_half`` clock); round 1 opens at once.

        Each student gets a private value, whole and uniform on [low, high]; a round closes when
        everyone has bid or on ``close()``; ``next()`` opens the next one. With ``feedback``, a
        closed round shows each student the sorted bids, the price and their payoff. The clock
        rises by ``step`` every ``tick_seconds`` (the server's defaults: a twentieth of the range
        every 2 s; 0 seconds: only on ``tick()``). Who drops out gets half of their price back in
        whole units, an odd price's half rounded as CL-16 says: ``rounding`` "down" (the
        default: a drop at 35 pays 18) or "up" (pays 17). The clock rises past ``high`` until one
        student is left, at most to ``top`` (CL-18: by default the highest equilibrium drop price,
        twice ``high``; a larger top up to twice that), where it stops and the tie rule decides.
        ``timer``: seconds each sealed round waits before it closes without the missing bids
        (CL-20; None: a round waits for everyone present, and stops waiting for a student gone 30 s).
        """
        if format not in CLASSROOM_FORMATS:
            raise ValueError(f"format must be one of {', '.join(CLASSROOM_FORMATS)}, not {format!r}")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            raise ValueError(f"rounds must be a whole number of at least 1, not {rounds!r}")
        if not (isinstance(low, int) and isinstance(high, int) and 0 <= low < high):
            raise ValueError(f"the values' range is whole numbers 0 <= low < high, not [{low}, {high}]")
        body: dict[str, Any] = {"format": format, "rounds": rounds, "feedback": bool(feedback)}
        body |= {"low": low, "high": high}
        for name, setting in (
            ("seed", seed),
            ("step", step),
            ("tick_seconds", tick_seconds),
            ("rounding", rounding),
            ("top", top),
            ("timer", timer),
        ):
            if setting is not None:
                body[name] = setting
        answer = self._teacher("POST", "auction", body)
        self._range = (low, high)
        state = self.state()
        activity = _activity_id(answer) or _activity_id(state)
        if activity is not None:
            self._formats[activity] = format
        return state

    def close(self) -> dict[str, Any]:
        """Close the open round (it also closes by itself when everyone has bid)."""
        self._teacher("POST", "close", {})
        return self.state()

    def tick(self) -> dict[str, Any]:
        """Move the running clock one step up (at the top it stops and the round closes)."""
        self._teacher("POST", "tick", {})
        return self.state()

    def next(self) -> dict[str, Any]:
        """Open the next round of the running auction."""
        self._teacher("POST", "next", {})
        return self.state()

    def tables(
        self,
        game: str | None = None,
        players: int | None = None,
        bots: str = "random",
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        any_time_seconds: float | None = None,
        timer: int | None = None,
        matching: str = "random",
        games: int = 1,
        between_games: float | None = None,
    ) -> dict[str, Any]:
        """Seat every student who has joined at tables of ``game`` for ``players`` (3–6): a
        registered game whose class allows it (``tables.table_games()``; None: the first of them).
        Bots (a registered bot name, e.g. ``"random"``) fill the empty seats and take over
        from a student who leaves. Before each bot decision at which a student may act at any
        time (a harvest, say), the bots wait until the student acts and passes, or for
        ``any_time_seconds`` (the server's default: 5; CL-17). ``timer``: seconds a student has
        for each decision before a bot makes it for them, recorded as a default (CL-20; None: a
        bot steps in only for a student gone 30 s, CL-21). ``matching``: "random" deals new
        groups; "fixed" keeps each student's partners and seat of the previous tables (CL-33).
        ``games``: games played in a row, each starting once every table is over (re-matched or
        kept) after ``between_games`` seconds showing the scores (server's default: 10).
        ``players`` None: 4, or the previous tables' size under "fixed"."""
        from .tables import table_games

        game = table_games()[0] if game is None else game
        if game not in table_games():
            raise ValueError(f"game must be one of {', '.join(table_games())}, not {game!r}")
        if players is not None and (
            not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 6
        ):
            raise ValueError(f"a table has 3 to 6 players, not {players!r}")
        if matching not in ("random", "fixed"):
            raise ValueError(f"matching is 'random' or 'fixed' (CL-33), not {matching!r}")
        body: dict[str, Any] = {"game": game, "bots": bots, "options": dict(options or {})}
        body |= {"matching": matching, "games": games}
        if players is not None:
            body["players"] = players
        if between_games is not None:
            body["between_games"] = between_games
        if seed is not None:
            body["seed"] = seed
        if any_time_seconds is not None:
            body["any_time_seconds"] = any_time_seconds
        if timer is not None:
            body["timer"] = timer
        answer = self._teacher("POST", "tables", body)
        activity = _activity_id(answer)
        if activity is not None:
            self._formats[activity] = game
        return self.state()

    def remove(self, student: Any) -> dict[str, Any]:
        """Take a student out, by number or by the name their page shows ("Ken (2)"); a bot
        plays their seat from now on (CL-23)."""
        self._teacher("POST", "remove", {"student": student})
        return self.state()

    def seat(self, student: Any, table: int, seat: int | str) -> dict[str, Any]:
        """Put a student (number or shown name) in a table's seat (0-based or its letter),
        in place of a bot or an absent student (CL-23)."""
        self._teacher("POST", "seat", {"student": student, "table": table, "seat": seat})
        return self.state()

    def timer(self, seconds: int | None) -> dict[str, Any]:
        """Set the running activity's timer: seconds per sealed round or per decision at a table
        (5 to 3600), or None for none (CL-20). Returns ``{timer, paused, deadline}``."""
        return self._teacher("POST", "timer", {"seconds": seconds})

    def pause(self) -> dict[str, Any]:
        """Stop the timers, the absence defaults and the clock while you explain (CL-24)."""
        return self._teacher("POST", "pause", {})

    def resume(self) -> dict[str, Any]:
        """Go on after ``pause()``: each timer keeps what it had left (CL-24)."""
        return self._teacher("POST", "resume", {})

    # -------------------------------------------------------------------------------- reading
    def state(self) -> dict[str, Any]:
        """The session as the teacher sees it: students, activity, round, who has not bid, tables."""
        state = self._teacher("GET", "state")
        self._remember(state.get("activity"))
        return state

    def _remember(self, activity: Any) -> None:
        """Note the format (or game) of the running activity: the rows name only its id."""
        if isinstance(activity, Mapping) and activity.get("id") is not None:
            label = activity.get("format") or activity.get("game")
            if label:
                self._formats.setdefault(activity["id"], str(label))

    def waiting(self) -> list[str]:
        """The names of the students who have not bid yet in the open round."""
        return list(self.state().get("waiting") or [])

    def rows(self) -> list[dict[str, Any]]:
        """Every bid and action of the session, refused ones too, as the server lists them."""
        return list(self._teacher("GET", "rows"))

    def data(self) -> Any:
        """Every bid and action as a pandas DataFrame (``gamekit.classroom.live.frame``): value,
        time, table, round, student, accepted...

        Each row names its activity's ``format`` (or the table's game); where a row has none
        (a server older than that column), the format of an activity this object started or saw
        running is filled in."""
        from .live import frame

        rows = self.rows()
        self.state()
        return frame(rows, formats=self._formats)

    def to_csv(self, path: str | Path) -> Path:
        """Write the session's rows as the server's CSV to ``path``; returns the path."""
        text = self._teacher("GET", "rows", format="csv")
        path = Path(path)
        path.write_text(text if isinstance(text, str) else str(text), encoding="utf-8")
        return path

    def game(self, table: Any) -> Game:
        """The game at ``table`` as the server holds it (the teacher's full view)."""
        answer = self._teacher("GET", f"tables/{table}")
        return load_game(answer["json"])

    def replay(self, table: Any) -> Any:
        """Every position of the game at ``table``, to step through: a ``gamekit.teach.Replay``;
        show it with ``gamekit.widgets.StepPlayer(room.replay(table))``."""
        from ..teach import Replay

        return Replay.of_game(self.game(table))

    def picture(self, table: Any, seat: int | None = None, full: bool = False) -> Any:
        """The picture of ``table`` safe to project: what every player at it may see, no hidden
        hand (``public_picture``). ``seat``: as that seat sees it; ``full=True``: every hand shown,
        the teacher's own screen only (CL-32)."""
        from ..pictures import picture

        game = self.game(table)
        if full:
            if seat is not None:
                raise ValueError("full=True is the whole table; a seat's picture is seat=N alone")
            return picture(game)
        if seat is not None:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
                raise ValueError(f"seat is 0 to {game.players - 1} at this table, not {seat!r}")
            return picture(game, seat)
        return public_picture(game)

    @property
    def projector_url(self) -> str:
        """The projector page logged in: ``teacher_url`` with the teacher token in its fragment
        (the page takes it out of the address bar; a fragment is never sent to a server). Open it
        on this computer; do not show or share the link itself."""
        return f"{self.teacher_url}#token={self.server.teacher_token}"

    def qr(self, width: int = DISPLAY_WIDTH) -> QRCode:
        """The join link's QR code, ``width`` pixels wide, with the link under it."""
        return QRCode(self.join_url, width=width)

    # ---------------------------------------------------------------------------------- live
    def _fetch(self) -> tuple[Any, Any, dict[str, Any], dict[Any, str]]:
        state = self.state()
        pictures = {}
        for table in state.get("tables") or []:
            try:
                pictures[table["table"]] = self.game(table["table"])  # drawn public by the board
            except NotImplementedError as exc:  # a game nobody drew yet: say so in its place
                pictures[table["table"]] = f"<p>{exc}</p>"
        return state.get("version"), self.data(), state, pictures

    def live(self, interval: float = 1.0, figure_widgets: bool = True) -> Any:
        """The live board (``gamekit.classroom.live.LiveBoard``): bids against values with the
        theory's lines, revenue against theory, who has not bid yet and each table's picture,
        redrawn within ``interval`` seconds of a change by a thread that ends with ``stop()``.
        ``figure_widgets=False`` keeps plotly.js out of a notebook you save (see ``LiveBoard``)."""
        from .live import LiveBoard

        low, high = self._range
        board = LiveBoard(self._fetch, low, high, figure_widgets=figure_widgets)
        board.refresh()
        self._boards.append(board)
        return board.start(interval)

    # ---------------------------------------------------------------------------------- stop
    def stop(self) -> None:
        """Stop the live boards and the server (the data stays in ``db``)."""
        if self.stopped:
            return
        for board in self._boards:
            board.stop()
        self._http.close()
        self.server.stop()
        self.stopped = True

    def __enter__(self) -> Classroom:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        status = "stopped" if self.stopped else f"join at {self.join_url}"
        return f"<Classroom {self.code}: {status}; data in {self.db}>"


def _activity_id(answer: Any) -> Any:
    """The activity's id in a server answer (``{"activity": {"id": ...}}`` or ``{"activity": id}``)."""
    if not isinstance(answer, Mapping):
        return None
    activity = answer.get("activity")
    if isinstance(activity, Mapping):
        return activity.get("id", activity.get("activity"))
    if isinstance(activity, int | str):
        return activity
    return answer.get("activity_id")


__all__ = [
    "Classroom",
    "RequestRefused",
    "default_db",
    "default_db_dir",
    "lan_address",
    "public_base",
    "public_picture",
    "public_view",
]
