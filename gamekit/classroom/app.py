"""The classroom server: a Starlette ASGI app over one SQLite database.

    from gamekit.classroom.app import create_app
    app = create_app("class.db", teacher_token="...")        # any ASGI server runs it
    python -m gamekit.classroom.app --db class.db --port 8000 # uvicorn in the foreground

The HTTP API (JSON, ``Authorization: Bearer <token>``) is the classroom contract: students
join with a code and get a token for their own seat; ``/api/me`` is a student's whole screen;
``/api/act`` takes a bid, a drop-out or a table action; ``/api/events`` is a server-sent event
stream that says when the screen changed. The teacher's endpoints (``/api/teacher/...``) start
sessions, rounds and tables and read the state, the rows (JSON or CSV) and each table's full
game. Every refusal answers ``{"ok": false, "error": "... (CL-n)", "rule": "CL-n"}`` with the
rule's status (409 for an action refused, 401/403 for tokens, 413/422 for bodies, 429 for rates).

Who may call each route is declared once, in ``ROUTES`` (``routes.Endpoint``: path, handler,
methods, who); the event streams are in ``feeds``. One server holds a database at a time (CL-25);
what goes wrong on the server is reported to the teacher and the session goes on (CL-26).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import errno
import io
import secrets
import socket
import sqlite3
import sys
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response

from . import results as projector_results
from . import tokens
from .activities import Hub
from .dblock import DatabaseLock
from .feeds import student_events, teacher_events, ticket
from .pages import page_routes
from .people_routes import PEOPLE_ROUTES
from .routes import Classroom, Endpoint, Handler, Who, mount, route, run
from .security import ClassroomError, Limits
from .store import ROW_COLUMNS, Store

__all__ = ["ROUTES", "Classroom", "Endpoint", "Server", "create_app", "serve"]

STATIC = Path(__file__).resolve().parent / "static"
TICK = 0.2  # seconds between the clock thread's looks at the clocks and the tables' waits
GRACE = 2  # seconds a stopping server waits for open requests (event streams never end by themselves)
KEEP_ALIVE = 30  # seconds a phone's idle connection stays open (uvicorn's 5 s would cut it between rounds)
SEED_RANGE = 2**48  # a server's secret seed: 0 <= seed < SEED_RANGE (an activity's seed stays below 2**62)


# ------------------------------------------------------------------ student endpoints
async def join(request: Request, room: Classroom) -> Response:
    room.join_rates.take(f"j:{_address(request)}")
    body = await room.body(request)
    lang = body.get("lang", "en")
    request.state.lang = lang if isinstance(lang, str) else None
    return JSONResponse(await run(lambda: room.hub.join(body.get("code"), body.get("name"), lang)))


async def me(request: Request, room: Classroom) -> Response:
    student = request.state.student
    return JSONResponse(await run(lambda: room.hub.me(student)))


async def act(request: Request, room: Classroom) -> Response:
    """A bid, a drop-out or a table action; with an ``id`` it is idempotent (``Hub.act``)."""
    student = request.state.student
    body = await room.body(request)
    answer = await run(lambda: room.hub.act(student, body.get("text"), body.get("id")))
    return JSONResponse({"ok": True, "me": answer})


async def here(request: Request, room: Classroom) -> Response:
    """The page's "still here" (every few seconds while it is open): the token check marks the
    student seen (``Presence.student_by_token``); the answer is their screen's version."""
    student = request.state.student
    version = await run(lambda: room.hub.student_version(student["id"], student["session"]))
    return JSONResponse({"ok": True, "version": version})


async def leave(request: Request, room: Classroom) -> Response:
    student = request.state.student
    await run(lambda: room.hub.leave(student["id"]))
    return JSONResponse({"ok": True})


# ------------------------------------------------------------------ teacher endpoints
async def new_session(request: Request, room: Classroom) -> Response:
    body = await room.body(request)
    code = await run(lambda: room.hub.create_session(body.get("title", "Class")))
    return JSONResponse({"code": code, "join_url": f"{str(request.base_url).rstrip('/')}/join/{code}"})


async def auction(request: Request, room: Classroom) -> Response:
    body = await room.body(request)
    return JSONResponse(await run(lambda: room.hub.start_auction(request.path_params["code"], body)))


def _round_step(step: str) -> Handler:
    """The teacher's endpoint for one step of the running auction (``Hub.close``, ``next_round``, ``tick``)."""

    async def endpoint(request: Request, room: Classroom) -> Response:
        return JSONResponse(await run(lambda: getattr(room.hub, step)(request.path_params["code"])))

    endpoint.__name__ = step
    return endpoint


async def tables(request: Request, room: Classroom) -> Response:
    body = await room.body(request)
    return JSONResponse(await run(lambda: room.hub.start_tables(request.path_params["code"], body)))


async def state(request: Request, room: Classroom) -> Response:
    found = await run(lambda: room.hub.state(request.path_params["code"]))
    found["faults"] = room.hub.faults.as_list()  # CL-26: what went wrong on the server, newest last
    return JSONResponse(found)


async def rows(request: Request, room: Classroom) -> Response:
    found = await run(lambda: room.hub.rows(request.path_params["code"]))
    if request.query_params.get("format") == "csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, ROW_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(found)
        return PlainTextResponse(out.getvalue(), media_type="text/csv; charset=utf-8")
    return JSONResponse(found)


async def table(request: Request, room: Classroom) -> Response:
    try:
        number = int(request.path_params["table"])
    except ValueError:
        raise ClassroomError("CL-5", "a table is named by its number", 404) from None
    if not 0 <= number <= 2**63 - 1:
        raise ClassroomError("CL-5", "a table is named by its number", 404)
    return JSONResponse(await run(lambda: room.hub.table_json(request.path_params["code"], number)))


# ------------------------------------------------------------------ pages
def _page(name: str) -> Handler:
    async def page(request: Request, room: Classroom) -> Response:
        path = STATIC / name
        if not path.is_file():
            return PlainTextResponse(f"the page {name} is not installed with this server", 404)
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    return page


async def qr(request: Request, room: Classroom) -> Response:
    import qrcode
    import qrcode.image.svg

    code = (await run(lambda: room.hub.session(request.path_params["code"])))["code"]
    url = f"{str(request.base_url).rstrip('/')}/join/{code}"
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=20, border=2)
    return Response(image.to_string(encoding="unicode"), media_type="image/svg+xml")


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


# ------------------------------------------------------------------ the route table
# Who may call each route is declared here, once: the wrapper (``routes.mount``) enforces it and
# tests/classroom/test_security.py tries every teacher route with a student's token and none.
# One line per route: add yours as a line (the presence routes, the projector's /results).
T = "/api/teacher/{code}"
ROUTES: list[Endpoint] = [
    # students
    route("/api/join", join, ["POST"], "anyone"),
    route("/api/me", me, ["GET"], "student"),
    route("/api/act", act, ["POST"], "student"),
    route("/api/here", here, ["POST"], "student"),
    route("/api/leave", leave, ["POST"], "student"),
    route("/api/events", student_events, ["GET"], "student"),
    # the teacher
    route("/api/teacher/sessions", new_session, ["POST"], "teacher"),
    route(f"{T}/auction", auction, ["POST"], "teacher"),
    route(f"{T}/close", _round_step("close"), ["POST"], "teacher"),
    route(f"{T}/next", _round_step("next_round"), ["POST"], "teacher"),
    route(f"{T}/tick", _round_step("tick"), ["POST"], "teacher"),
    route(f"{T}/tables", tables, ["POST"], "teacher"),
    route(f"{T}/state", state, ["GET"], "teacher"),
    route(f"{T}/rows", rows, ["GET"], "teacher"),
    route(f"{T}/results", projector_results.route, ["GET"], "teacher"),  # the projector (results.py)
    route(f"{T}/tables/{{table}}", table, ["GET"], "teacher"),
    route(f"{T}/ticket", ticket, ["POST"], "teacher"),
    route(f"{T}/events", teacher_events, ["GET"], "teacher"),  # a ticket or cookie, never ?token= (CL-29)
    # anyone
    route("/qr/{code}.svg", qr, ["GET"], "anyone"),
]
# presence (CL-19..CL-24): its routes live in people_routes.py; who may call each is said here.
PEOPLE_WHO: dict[str, Who] = {
    "/api/rejoin": "anyone",  # no token: the rejoin code is the credential (join's rate limit)
    f"{T}/timer": "teacher",
    f"{T}/pause": "teacher",
    f"{T}/resume": "teacher",
    f"{T}/remove": "teacher",
    f"{T}/seat": "teacher",
}
ROUTES += [route(path, handler, methods, PEOPLE_WHO[path]) for path, handler, methods in PEOPLE_ROUTES]


# ------------------------------------------------------------------ the app
def create_app(
    db_path: str | Path,
    *,
    teacher_token: str | None = None,
    seed: int | None = None,
    limits: Limits | None = None,
) -> Starlette:
    """The classroom app over the database at ``db_path`` (created if missing, resumed if not).

    ``teacher_token``: the teacher's bearer token; None keeps the one the database holds (a new
    random one the first time). ``app.state.teacher_token`` and ``app.state.hub`` hold them.

    ``seed``: None (the default) uses the database's own secret seed, drawn at random (``secrets``)
    the first time and kept in its meta, so a restart deals the same values; every session's
    seed, and every value and deal, derives from it, so no student can compute a rival's value.
    A fixed seed (a demonstration, a test) makes every value and deal of the sessions it creates
    reproducible by anyone who knows it, students too: ``app.state.seed_fixed`` is then true, for
    the notebook and the command to say so. ``app.state.seed`` holds the seed in use.

    One server per database (CL-25): the database is locked for the app's lifetime (released
    when its store closes, or by the kernel when the process dies); a second ``create_app`` on
    it raises ClassroomError CL-25 saying which process holds it.
    """
    limits = limits or Limits()
    if seed is not None and not (isinstance(seed, int) and 0 <= seed < SEED_RANGE):
        raise ValueError(f"a classroom seed is a whole number from 0 to {SEED_RANGE - 1}, not {seed!r}")
    hold = DatabaseLock(db_path).acquire()
    try:
        store = Store(db_path)
    except sqlite3.Error as error:
        hold.release()
        raise ClassroomError("CL-26", f"the database {db_path} cannot be opened: {error}", 503) from error
    store.hold = hold
    try:
        with store.write():
            kept = store.meta("teacher_token")
            if teacher_token is None:
                teacher_token = kept or tokens.token()
            if teacher_token != kept:  # a restart writes nothing it does not change
                store.set_meta("teacher_token", teacher_token)
            if seed is None:
                stored = store.meta("seed")
                if stored is None:
                    stored = str(secrets.randbelow(SEED_RANGE))
                    store.set_meta("seed", stored)
        hub = Hub(store, seed=int(stored) if seed is None else seed, limits=limits)
    except sqlite3.Error as error:
        store.close()
        raise ClassroomError("CL-26", f"the database {db_path} cannot be written: {error}", 503) from error
    except BaseException:
        store.close()
        raise
    room = Classroom(hub, teacher_token, limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stop = threading.Event()
        clock = threading.Thread(target=_clock, args=(hub, stop), name="classroom-clock", daemon=True)
        clock.start()
        try:
            yield
        finally:
            stop.set()
            clock.join(timeout=5)

    app = Starlette(routes=[*mount(ROUTES, room), *page_routes()], lifespan=lifespan)
    app.state.hub = hub
    app.state.teacher_token = teacher_token
    app.state.classroom = room
    app.state.seed = hub.seed
    app.state.seed_fixed = seed is not None
    app.state.routes = ROUTES
    return app


# What the clock thread does each tick, in order: the hub's methods by name (add yours as a line).
CLOCK_STEPS = [
    "tick_due",  # the ascending clocks move
    "tables_due",  # the tables' "at any time" points whose time is up pass
    "presence_due",  # timers and absences: default actions (presence, CL-20, CL-21)
    "games_due",  # the next game of tables that play several, once the pause after the last is over (CL-33)
]


def _clock(hub: Hub, stop: threading.Event) -> None:
    """Do the ``CLOCK_STEPS`` every ``TICK`` while the server runs (each step committed like any
    action). A step that fails is reported to the teacher and tried again next tick (CL-26): one
    database error does not stop the clocks."""
    while not stop.wait(TICK):
        for name in CLOCK_STEPS:
            step = getattr(hub, name, None)
            if step is None:
                continue
            try:
                step()
            except sqlite3.ProgrammingError as error:
                if "closed" in str(error):  # the database was closed under a forced exit: stop too
                    return
                hub.faults.report(f"clock: {name}", error)
            except Exception as error:
                hub.faults.report(f"clock: {name}", error)


# ------------------------------------------------------------------ running it
# The database remembers where its server listened (meta keys), so a restart keeps the join link.
PORT_KEY, HOST_KEY = "server_port", "server_host"


class PortTaken(OSError):
    """The port the session's join link names is held by another program (CL-30)."""

    rule_id = "CL-30"


def _bind(host: str, port: int, source: str) -> socket.socket:
    """A listening socket on ``host:port``, bound here (not by uvicorn) so that a taken port is
    this error, said plainly, and never a port picked silently in its place."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if sys.platform != "win32":  # a quick restart may find the old connections in TIME_WAIT
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        if error.errno not in (errno.EADDRINUSE, errno.EACCES, getattr(errno, "WSAEADDRINUSE", -1)):
            raise
        whose = {
            "stored": "this session's port (its join link and QR name it)",
            "asked": "the port asked for",
        }.get(source, "the default port")
        raise PortTaken(
            error.errno,
            f"{host}:{port}, {whose}, is taken by another program (CL-30): stop it (another Classroom "
            f"or `gamekit classroom` on this computer?) and start again; or choose port=0 (any free "
            f"port) or another port, and the students need the new link",
        ) from None
    return sock


class _EndStreamsOnShutdown:
    """The ASGI app as uvicorn runs it: when the server begins to stop, every request still open
    (the phones' and the projector's event streams never end by themselves) hears that its
    client left, so each stream ends at once and its response is closed properly, instead of
    being cancelled after uvicorn's grace period with a traceback on the terminal."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        self.stopping: asyncio.Event | None = None

    def stop(self) -> None:
        if self.stopping is not None:
            self.stopping.set()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.stopping is None:
            self.stopping = asyncio.Event()
        stopping, sent = self.stopping, {"started": False, "done": False}

        async def listen() -> Any:
            if stopping.is_set():
                return {"type": "http.disconnect"}
            message = asyncio.ensure_future(receive())
            stop = asyncio.ensure_future(stopping.wait())
            try:
                await asyncio.wait((message, stop), return_when=asyncio.FIRST_COMPLETED)
            finally:
                stop.cancel()
            if message.done():
                return message.result()
            message.cancel()
            return {"type": "http.disconnect"}

        async def tell(message: Any) -> None:
            if message["type"] == "http.response.start":
                sent["started"] = True
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                sent["done"] = True
            await send(message)

        try:
            await self.app(scope, listen, tell)
        except ClientDisconnect:
            if not stopping.is_set():
                raise
        if stopping.is_set() and sent["started"] and not sent["done"]:
            with contextlib.suppress(OSError, RuntimeError):
                await send({"type": "http.response.body", "body": b"", "more_body": False})


def _uvicorn(app: Starlette, host: str, port: int) -> Any:
    """A uvicorn server for ``app`` whose shutdown first ends the open event streams."""
    import uvicorn

    wrapped = _EndStreamsOnShutdown(app)

    class Uvicorn(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            wrapped.stop()
            await super().shutdown(sockets=sockets)

    config = uvicorn.Config(
        wrapped,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        timeout_keep_alive=KEEP_ALIVE,
        timeout_graceful_shutdown=GRACE,  # a request still open then is cut
    )
    return Uvicorn(config)


def _place(app: Starlette, host: str | None, port: int | None, fallback: int = 0) -> tuple[str, int, str]:
    """Where to listen: what the teacher asked for, else where this database's server listened
    first (so the join link stays the same), else 127.0.0.1 and ``fallback`` (0: any free port).
    The third value says where the port comes from: "asked", "stored" or "default"."""
    store = app.state.hub.store
    with app.state.hub.lock:
        stored_host, stored_port = store.meta(HOST_KEY), store.meta(PORT_KEY)
    if host is None:
        host = stored_host or "127.0.0.1"
    if port is not None:
        return host, port, "asked"
    if stored_port is not None:
        return host, int(stored_port), "stored"
    return host, fallback, "default"


def _remember_place(app: Starlette, host: str, port: int) -> None:
    """Store where the server listens, the first time only: the join link on the handouts and
    the QR stays the first one; a port asked for on one day (another taken) moves nothing."""
    hub = app.state.hub
    with hub.lock, hub.store.write() as db:
        if db.meta(PORT_KEY) is None:
            db.set_meta(HOST_KEY, host)
            db.set_meta(PORT_KEY, str(port))


class Server:
    """A classroom server running uvicorn in a background thread; ``stop()`` (or leaving the
    ``with`` block) shuts it down, open event streams ended first (no traceback).

    ``host``/``port`` None: where this database's server listened last (its join link), else
    127.0.0.1 and any free port; where it first listened is stored in the database. A port that is
    taken is ``PortTaken`` (CL-30), never another port in silence. ``fallback_port``: the port
    of a database that has none stored and no ``port`` asked for (0: any free one)."""

    def __init__(
        self,
        db_path: str | Path,
        host: str | None = None,
        port: int | None = None,
        fallback_port: int = 0,
        **kw: Any,
    ):
        self.app = create_app(db_path, **kw)
        self.teacher_token: str = self.app.state.teacher_token
        try:
            host, port, source = _place(self.app, host, port, fallback_port)
            sock = _bind(host, port, source)
        except BaseException:
            self.app.state.hub.store.close()
            raise
        self._server = _uvicorn(self.app, host, port)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, name="classroom-server", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                sock.close()
                self.app.state.hub.store.close()
                raise RuntimeError(f"the classroom server did not start on {host}:{port}")
            time.sleep(0.02)
        self.host, self.port = host, sock.getsockname()[1]
        _remember_place(self.app, self.host, self.port)
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        if ":" in shown:
            shown = f"[{shown}]"
        self.url = f"http://{shown}:{self.port}"

    def sessions(self) -> list[str]:
        """The codes of this database's sessions, oldest first (the last is the one to resume)."""
        hub = self.app.state.hub
        with hub.lock:
            return [row["code"] for row in hub.store.all("SELECT code FROM sessions ORDER BY rowid")]

    def stop(self) -> None:
        """Stop serving (open event streams end first; a request still open after ``GRACE``
        seconds is cut), then close the database."""
        self._server.should_exit = True
        self._thread.join(timeout=GRACE + 10)
        if self._thread.is_alive():
            self._server.force_exit = True
            self._thread.join(timeout=10)
        if self._thread.is_alive():
            raise RuntimeError("the classroom server did not stop")
        self.app.state.hub.store.close()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve(db_path: str | Path, host: str | None = None, port: int | None = None, **kw: Any) -> Server:
    """Run the classroom app with uvicorn in a background thread; loopback unless ``host`` says
    otherwise (``"0.0.0.0"`` for a classroom's network, a deliberate choice). ``port=0``: any
    free port (``Server.url`` has it); None (with ``host`` None): where this database's server
    listened last. ``kw``: ``create_app``'s ``teacher_token``, ``seed``, ``limits``."""
    return Server(db_path, host=host, port=port, **kw)


def main(argv: list[str] | None = None) -> None:
    """``python -m gamekit.classroom.app --db PATH [--host H] [--port N] [--teacher-token T]``."""
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.classroom.app", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--db", required=True, help="the SQLite file (created, or resumed where it stood)")
    parser.add_argument(
        "--host", default=None, help="0.0.0.0 to open it to the classroom's network (default: as last time)"
    )
    parser.add_argument("--port", type=int, default=None, help="default: as last time, else 8000")
    parser.add_argument("--teacher-token", default=None)
    parser.add_argument("--seed", type=int, default=None, help="fixed seed (a demo): students could compute")
    defaults = Limits()
    parser.add_argument("--rate", type=float, default=defaults.rate, help="requests a second per token")
    parser.add_argument("--burst", type=int, default=defaults.burst, help="requests at once per token")
    parser.add_argument("--max-students", type=int, default=defaults.students, help="per session")
    args = parser.parse_args(argv)
    limits = Limits(rate=args.rate, burst=args.burst, students=args.max_students)
    options: dict[str, Any] = {"teacher_token": args.teacher_token, "limits": limits}
    if args.seed is not None:
        options["seed"] = args.seed
    app = create_app(args.db, **options)
    host, port, source = _place(app, args.host, args.port, 8000)
    try:
        sock = _bind(host, port, source)
    except OSError as error:
        app.state.hub.store.close()
        raise SystemExit(f"classroom server: {error}") from None
    _remember_place(app, host, sock.getsockname()[1])
    print(
        f"classroom server on http://{host}:{sock.getsockname()[1]}  "
        f"(teacher token: {app.state.teacher_token})",
        flush=True,
    )
    try:
        _uvicorn(app, host, port).run(sockets=[sock])
    finally:
        app.state.hub.store.close()


if __name__ == "__main__":
    main()
