"""The routes of presence: a student's rejoin from another browser, the teacher's timer, pause,
and removing or seating students by number or shown name (``presence``, CL-19..CL-24).

``PEOPLE_ROUTES`` lists them as ``(path, handler, methods)``; the app wraps each as it wraps its
own routes (a refusal answers with its rule). Each handler checks its own caller: the teacher's
token, or (rejoin) no token and the join's rate limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

if TYPE_CHECKING:
    from .app import Classroom

T = "/api/teacher/{code}"


async def rejoin(request: Request, room: Classroom) -> Response:
    """``POST /api/rejoin {code, rejoin}`` → ``{token, student, name, rejoin}`` (CL-19)."""
    room.join_rates.take(f"j:{request.client.host if request.client else '?'}")
    body = await room.body(request)
    return JSONResponse(await run_in_threadpool(room.hub.rejoin, body.get("code"), body.get("rejoin")))


def _teacher_call(method: str, *keys: str) -> Any:
    """A teacher's endpoint calling ``Hub.<method>(code, *body[keys])``."""

    async def endpoint(request: Request, room: Classroom) -> Response:
        room.teacher(request)
        body = await room.body(request) if keys else {}
        call = getattr(room.hub, method)
        args = [body.get(key) for key in keys]
        return JSONResponse(await run_in_threadpool(call, request.path_params["code"], *args))

    endpoint.__name__ = method
    return endpoint


PEOPLE_ROUTES = (
    ("/api/rejoin", rejoin, ["POST"]),
    (f"{T}/timer", _teacher_call("set_timer", "seconds"), ["POST"]),
    (f"{T}/pause", _teacher_call("pause"), ["POST"]),
    (f"{T}/resume", _teacher_call("resume"), ["POST"]),
    (f"{T}/remove", _teacher_call("remove", "student"), ["POST"]),
    (f"{T}/seat", _teacher_call("seat_student", "student", "table", "seat"), ["POST"]),
)
