"""The route table's parts: who may call a route, declared once beside it, and the wrapper that
enforces it, answers refusals with their rule and turns every other fault into a JSON answer the
teacher hears about (CL-26).

A route is an ``Endpoint(path, handler, methods, who)``; ``who`` is "student" (the bearer token of
a seat: the handler finds the student in ``request.state.student``), "teacher" (the teacher's
token; on the teacher's event stream a ticket or the stream cookie instead, CL-29) or "anyone".
A handler is ``async def handler(request, room) -> Response`` and checks nothing of who calls it:
the table says, ``tests/classroom/test_security.py`` reads the table and tries every route.
"""

from __future__ import annotations

import contextvars
import secrets
import sqlite3
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..core import IllegalAction
from ..core.i18n import language, pick_language
from . import i18n
from .security import (
    STREAM_COOKIE,
    ClassroomError,
    Limits,
    RateLimiter,
    StreamCounter,
    StreamPasses,
    parse_json,
)
from .tokens import normal_code

Who = Literal["student", "teacher", "anyone"]
WHO: tuple[Who, ...] = ("student", "teacher", "anyone")
TEACHER_RATE = 10  # the teacher's token: ten times a student's requests a second and at once
STUDENT_STREAM = "/api/events"  # the one URL that takes a token in its query (EventSource sends no header)


class Classroom:
    """What the routes share: the hub, the teacher's token, the limits and their counters, the
    teacher's stream passes (CL-29)."""

    def __init__(self, hub: Any, teacher_token: str, limits: Limits):
        self.hub = hub
        self.teacher_token = teacher_token
        self.limits = limits
        self.rates = RateLimiter(limits.rate, limits.burst)
        # The teacher is one person with several windows on the class at once (the projector
        # page, the notebook's live board, a plan runner): their token gets TEACHER_RATE times a
        # student's budget, so the class's own screens never refuse the teacher (CL-12).
        self.teacher_rates = RateLimiter(limits.rate * TEACHER_RATE, limits.burst * TEACHER_RATE)
        self.join_rates = RateLimiter(limits.rate * 2, max(limits.burst, limits.students // 2))
        self.streams = StreamCounter(limits.streams)
        self.passes = StreamPasses(teacher_token)

    async def body(self, request: Request) -> dict[str, Any]:
        """The request's JSON object, at most ``body_bytes`` (CL-11), nothing nonsensical in it (CL-27)."""
        limit = self.limits.body_bytes
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            raise ClassroomError("CL-11", f"a request body is at most {limit} bytes", 413)
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise ClassroomError("CL-11", f"a request body is at most {limit} bytes", 413)
            chunks.append(chunk)
        raw = b"".join(chunks)
        if not raw.strip():
            return {}
        return parse_json(raw)

    async def student(self, request: Request) -> Any:
        """The student whose token the request carries (CL-9, CL-15); once per request."""
        known = getattr(request.state, "student", None)
        if known is not None:
            return known
        bearer = _bearer(request)
        self.rates.take(f"t:{bearer}" if bearer else f"a:{_address(request)}")
        if bearer is not None and secrets.compare_digest(bearer, self.teacher_token):
            raise ClassroomError("CL-9", "this is a student's page: the teacher's token opens no seat", 401)
        student = await run(lambda: self.hub.student_by_token(bearer))
        request.state.student = student
        request.state.lang = student["lang"]  # a fault's answer speaks it (CL-26)
        return student

    def teacher(self, request: Request) -> None:
        """The teacher's token in the Authorization header (CL-10); on the teacher's event stream
        also a one-use ticket or the stream cookie, never the token in the URL (CL-29)."""
        if getattr(request.state, "teacher", False):
            return
        bearer = _bearer(request)
        if bearer is not None and secrets.compare_digest(bearer, self.teacher_token):
            self.teacher_rates.take("teacher")
        else:
            self.rates.take(f"t:{bearer}" if bearer else f"a:{_address(request)}")
        if _teacher_stream(request):
            query = request.query_params
            if "token" in query:
                raise ClassroomError(
                    "CL-29",
                    "the teacher's event stream takes a ticket (POST .../ticket) or its cookie,"
                    " never the teacher's token in its URL",
                    401,
                )
            code = normal_code(request.path_params.get("code", ""))
            cookie = request.cookies.get(STREAM_COOKIE)
            ticket = query.get("ticket")
            if (ticket and self.passes.redeem(ticket, code)) or (
                cookie and self.passes.cookie_ok(cookie, code)
            ):
                request.state.teacher = True
                return
            if ticket and bearer is None:
                raise ClassroomError(
                    "CL-29",
                    "this stream ticket is used, expired or for another session: ask for a new one",
                    401,
                )
        if bearer is None or not secrets.compare_digest(bearer, self.teacher_token):
            raise ClassroomError("CL-10", "this needs the teacher's token", 403 if bearer else 401)
        request.state.teacher = True

    def fault(self, request: Request, where: str, error: Exception) -> JSONResponse:
        """An error no rule foresaw: reported to the teacher (``hub.faults``), answered as JSON in
        the student's language (CL-26): 503 when the database cannot store (a full disk, a
        read-only or damaged file; the input was not taken, try again), 500 otherwise."""
        self.hub.faults.report(where, error)
        storage = isinstance(error, sqlite3.OperationalError | sqlite3.DatabaseError) and not isinstance(
            error, sqlite3.IntegrityError
        )
        lang = getattr(request.state, "lang", None)
        lang = i18n.negotiate(lang, request.headers.get("accept-language"))
        key = "fault.storage" if storage else "fault.server"
        try:
            said = i18n.translate(key, lang)
        except KeyError:  # a catalog without the sentence: English words
            said = FAULT_WORDS[key]
        body = {"ok": False, "error": f"{said} (CL-26)", "rule": "CL-26", "lang": lang}
        if storage:
            return JSONResponse(body, 503, headers={"Retry-After": "5"})
        return JSONResponse(body, 500)


FAULT_WORDS = {
    "fault.storage": "The server cannot save right now, so your input was not taken. Try again in a moment; the teacher has been told.",
    "fault.server": "Something went wrong on the server. The teacher has been told; try again in a moment.",
}


async def run(call: Callable[[], Any]) -> Any:
    """A hub call in a worker thread: the event loop goes on (event streams, reading requests)
    while the hub's lock and the database's commit hold that thread. The thread runs in a copy of
    the request's context, so the engine writes in the request's language (``page_language``)."""
    return await run_in_threadpool(contextvars.copy_context().run, call)


LANG_HEADER = "x-gamekit-lang"  # the language the page shows now (common.js sends it)


def page_language(request: Request) -> str:
    """The language the engine's text is written in for this request: the page's own (its
    ``X-Gamekit-Lang`` header, or ``?lang=``), else the student's (chosen when joining), else the
    browser's ``Accept-Language``; a language gamekit does not write in reads English."""
    for asked in (request.headers.get(LANG_HEADER), request.query_params.get("lang")):
        if asked:
            return pick_language(asked)
    known = getattr(request.state, "lang", None)
    if isinstance(known, str) and known:
        return pick_language(known)
    return pick_language(request.headers.get("accept-language"))


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _teacher_stream(request: Request) -> bool:
    path = request.url.path
    return path.startswith("/api/teacher/") and path.endswith("/events")


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    # EventSource cannot send headers: the student's stream may pass its token in the query
    # (the teacher's never: a ticket or a cookie, CL-29).
    if request.url.path == STUDENT_STREAM:
        return request.query_params.get("token") or None
    return None


def error_response(error: Exception) -> JSONResponse:
    """A refusal as JSON: ``{"ok": false, "error": "... (CL-n)", "rule": "CL-n"}`` with its status."""
    if isinstance(error, ClassroomError):
        headers = {}
        if error.retry_after is not None:
            headers["Retry-After"] = str(max(1, round(error.retry_after + 0.49)))
        return JSONResponse(
            {"ok": False, "error": str(error), "rule": error.rule_id}, error.status, headers=headers
        )
    assert isinstance(error, IllegalAction)
    return JSONResponse({"ok": False, "error": str(error), "rule": error.rule_id}, 409)


Handler = Callable[[Request, Classroom], Awaitable[Response]]


@dataclass(frozen=True)
class Endpoint:
    """One row of the route table: the path, its handler, its methods and who may call it."""

    path: str
    handler: Handler
    methods: tuple[str, ...]
    who: Who

    def __post_init__(self) -> None:
        if self.who not in WHO:
            raise ValueError(f"who is one of {', '.join(WHO)}, not {self.who!r}")


def route(path: str, handler: Handler, methods: Iterable[str], who: Who) -> Endpoint:
    """A row of the route table (one line each, so that routes merge as lines)."""
    return Endpoint(path, handler, tuple(methods), who)


def mount(table: Iterable[Endpoint], room: Classroom) -> list[Route]:
    """Starlette routes for the table: each checks its ``who`` before its handler runs."""
    return [_mounted(endpoint, room) for endpoint in table]


def _mounted(spec: Endpoint, room: Classroom) -> Route:
    where = f"{'/'.join(spec.methods)} {spec.path}"

    async def endpoint(request: Request) -> Response:
        try:
            if spec.who == "student":
                await room.student(request)
            elif spec.who == "teacher":
                room.teacher(request)
            # What the engine writes (narration, refusals, pictures, bots' names) in the page's language.
            with language(page_language(request)):
                return await spec.handler(request, room)
        except (ClassroomError, IllegalAction) as error:
            with language(page_language(request)):
                return error_response(error)
        except Exception as error:  # CL-26: reported, answered, and the server goes on
            return room.fault(request, where, error)

    endpoint.__name__ = getattr(spec.handler, "__name__", "endpoint")
    return Route(spec.path, endpoint, methods=list(spec.methods))
