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
import contextlib
import csv
import io
import secrets
import sqlite3
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response

from . import replay, tokens
from .activities import Hub
from .dblock import DatabaseLock
from .feeds import student_events, teacher_events, ticket
from .pages import page_routes
from .routes import Classroom, Endpoint, Handler, mount, route, run
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
    """A bid, a drop-out or a table action; with an ``id`` it is idempotent (``replay``)."""
    student = request.state.student
    body = await room.body(request)
    ident = replay.action_id(body.get("id"))
    if ident is None:
        return JSONResponse({"ok": True, "me": await run(lambda: room.hub.act(student, body.get("text")))})
    status, answer = await run(lambda: replay.act_once(room.hub, student, body.get("text"), ident))
    return JSONResponse(answer, status)


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


async def remove(request: Request, room: Classroom) -> Response:
    body = await room.body(request)
    student = body.get("student")
    if not isinstance(student, int) or isinstance(student, bool):
        raise ClassroomError("CL-11", "'student' must be a student's number", 422)
    await run(lambda: room.hub.leave(student, request.path_params["code"]))
    return JSONResponse({"ok": True})


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
    route("/api/leave", leave, ["POST"], "student"),
    route("/api/events", student_events, ["GET"], "student"),
    # the teacher
    route("/api/teacher/sessions", new_session, ["POST"], "teacher"),
    route(f"{T}/auction", auction, ["POST"], "teacher"),
    route(f"{T}/close", _round_step("close"), ["POST"], "teacher"),
    route(f"{T}/next", _round_step("next_round"), ["POST"], "teacher"),
    route(f"{T}/tick", _round_step("tick"), ["POST"], "teacher"),
    route(f"{T}/tables", tables, ["POST"], "teacher"),
    route(f"{T}/remove", remove, ["POST"], "teacher"),
    route(f"{T}/state", state, ["GET"], "teacher"),
    route(f"{T}/rows", rows, ["GET"], "teacher"),
    route(f"{T}/tables/{{table}}", table, ["GET"], "teacher"),
    route(f"{T}/ticket", ticket, ["POST"], "teacher"),
    route(f"{T}/events", teacher_events, ["GET"], "teacher"),  # a ticket or cookie, never ?token= (CL-29)
    # anyone
    route("/qr/{code}.svg", qr, ["GET"], "anyone"),
]


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
        replay.ensure_schema(store)
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
class Server:
    """A classroom server running uvicorn in a background thread; ``stop()`` (or leaving the
    ``with`` block) shuts it down."""

    def __init__(self, db_path: str | Path, host: str = "127.0.0.1", port: int = 0, **kw: Any):
        import uvicorn

        self.app = create_app(db_path, **kw)
        self.teacher_token: str = self.app.state.teacher_token
        config = uvicorn.Config(
            self.app,
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
            timeout_keep_alive=KEEP_ALIVE,
            timeout_graceful_shutdown=GRACE,  # open event streams are cut, not waited for
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="classroom-server", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the classroom server did not start on {host}:{port}")
            time.sleep(0.02)
        bound = self._server.servers[0].sockets[0].getsockname()
        self.host, self.port = host, bound[1]
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        self.url = f"http://{shown}:{self.port}"

    def stop(self) -> None:
        """Stop serving (open event streams are cut after ``GRACE`` seconds), then close the database."""
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


def serve(db_path: str | Path, host: str = "127.0.0.1", port: int = 0, **kw: Any) -> Server:
    """Run the classroom app with uvicorn in a background thread; loopback unless ``host`` says
    otherwise (``"0.0.0.0"`` for a classroom's network, a deliberate choice). ``port=0``: any
    free port (``Server.url`` has it). ``kw``: ``create_app``'s ``teacher_token``, ``seed``, ``limits``."""
    return Server(db_path, host=host, port=port, **kw)


def main(argv: list[str] | None = None) -> None:
    """``python -m gamekit.classroom.app --db PATH [--host H] [--port N] [--teacher-token T]``."""
    import uvicorn

    parser = argparse.ArgumentParser(
        prog="python -m gamekit.classroom.app", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--db", required=True, help="the SQLite file (created, or resumed where it stood)")
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 to open it to the classroom's network")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--teacher-token", default=None)
    parser.add_argument("--seed", type=int, default=0)
    defaults = Limits()
    parser.add_argument("--rate", type=float, default=defaults.rate, help="requests a second per token")
    parser.add_argument("--burst", type=int, default=defaults.burst, help="requests at once per token")
    parser.add_argument("--max-students", type=int, default=defaults.students, help="per session")
    args = parser.parse_args(argv)
    limits = Limits(rate=args.rate, burst=args.burst, students=args.max_students)
    app = create_app(args.db, teacher_token=args.teacher_token, seed=args.seed, limits=limits)
    print(
        f"classroom server on http://{args.host}:{args.port}  (teacher token: {app.state.teacher_token})",
        flush=True,
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        access_log=False,
        timeout_keep_alive=KEEP_ALIVE,
        timeout_graceful_shutdown=GRACE,
    )


if __name__ == "__main__":
    main()
