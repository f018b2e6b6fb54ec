"""The event streams: server-sent events that tell a page its screen changed.

A student's stream (``GET /api/events``) follows their own screen's version; the teacher's
(``GET /api/teacher/{code}/events``) the session's, and the server's faults (CL-26). The teacher's
stream never takes the teacher's token in its URL (CL-29): the page asks ``POST
/api/teacher/{code}/ticket`` for a one-use ticket valid 60 s (``?ticket=``), and that call also
sets a cookie (HttpOnly, SameSite=Strict, for that stream's path only) that opens the stream again
after a reconnection; a client that can send headers may still send the token as a bearer header.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from .routes import Classroom, run
from .security import COOKIE_SECONDS, STREAM_COOKIE, TICKET_SECONDS
from .tokens import normal_code

POLL = 0.2  # seconds between an event stream's looks at its version


def stream(room: Classroom, key: str, version: Callable[[], Any]) -> StreamingResponse:
    """A server-sent event stream: ``event: version`` with ``version()`` whenever it moves, a
    comment as heartbeat, closed after ``stream_seconds`` (the page reconnects). A student's
    ``version()`` is also their presence: the hub counts each look as seen (``presence``)."""
    limits = room.limits
    room.streams.open(key)

    async def events() -> AsyncIterator[str]:
        try:
            yield "retry: 2000\n\n"
            started = beat = time.monotonic()
            last = None
            while time.monotonic() - started < limits.stream_seconds:
                now = version()
                if now != last:
                    last = now
                    beat = time.monotonic()
                    yield f"event: version\ndata: {now}\n\n"
                elif time.monotonic() - beat >= limits.heartbeat:
                    beat = time.monotonic()
                    yield ": heartbeat\n\n"
                await asyncio.sleep(POLL)
            yield "event: bye\ndata: reconnect\n\n"
        finally:
            room.streams.close(key)

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(events(), media_type="text/event-stream", headers=headers)


async def student_events(request: Request, room: Classroom) -> Response:
    """``GET /api/events`` (who: student): the student's own screen's version."""
    student = request.state.student
    sid, code = student["id"], student["session"]
    return stream(room, f"s:{sid}", lambda: room.hub.student_version(sid, code))


async def teacher_events(request: Request, room: Classroom) -> Response:
    """``GET /api/teacher/{code}/events`` (who: teacher, by ticket, cookie or header; CL-29): the
    session's version, and the count of faults, as ``VERSION`` or ``VERSION.FAULTS``."""
    hub = room.hub
    code = (await run(lambda: hub.session(request.path_params["code"])))["code"]

    def version() -> str:
        faults = hub.faults.count
        return f"{hub.version(code)}.{faults}" if faults else str(hub.version(code))

    return stream(room, "teacher", version)


async def ticket(request: Request, room: Classroom) -> Response:
    """``POST /api/teacher/{code}/ticket`` (who: teacher) → ``{ticket, seconds}``: a one-use ticket
    for ``.../events?ticket=`` valid ``TICKET_SECONDS``; the answer also sets the stream's cookie."""
    code = (await run(lambda: room.hub.session(request.path_params["code"])))["code"]
    answer = JSONResponse(
        {"ticket": room.passes.ticket(code), "seconds": TICKET_SECONDS},
        headers={"Cache-Control": "no-store"},
    )
    answer.set_cookie(
        STREAM_COOKIE,
        room.passes.cookie(normal_code(code)),
        max_age=COOKIE_SECONDS,
        path=f"/api/teacher/{code}/events",
        httponly=True,
        samesite="strict",
    )
    return answer
