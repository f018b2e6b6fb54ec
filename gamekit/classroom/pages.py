"""The classroom's web pages: the routes the app mounts to serve them.

``page_routes()`` gives the app (``gamekit.classroom.app``) everything the pages need:

- ``GET /`` and ``GET /join/{code}``: the student's single-page app (``static/student.html``);
- ``GET /teacher/{code}``: the projector page (``static/teacher.html``);
- ``GET /i18n/{lang}.json``: the page's words in that language, from the gettext catalogs;
- ``GET /static/...``: the pages' own CSS and JavaScript.

The pages are plain files, served as they are: no build step, nothing fetched from anywhere but
the app (the Content-Security-Policy header says so to the browser as well). Everything a page
shows about a student comes from ``/api/me`` with that student's token.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from . import i18n

STATIC = Path(__file__).resolve().parent / "static"
# Only the app itself: no CDN, no inline script, no frames; the QR is the app's own SVG.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


def _page(name: str) -> Response:
    return FileResponse(STATIC / name, media_type="text/html; charset=utf-8", headers=SECURITY_HEADERS)


async def student_page(request: Request) -> Response:
    return _page("student.html")


async def teacher_page(request: Request) -> Response:
    return _page("teacher.html")


async def messages(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in i18n.LANGS:
        return JSONResponse({"error": f"no catalog for {lang!r}: one of {', '.join(i18n.LANGS)}"}, 404)
    return JSONResponse({"lang": lang, "messages": i18n.catalog(lang)}, headers=SECURITY_HEADERS)


class _Static(StaticFiles):
    """The pages' CSS and JavaScript with the same headers as the pages."""

    def file_response(self, *args, **kwargs) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers.update(SECURITY_HEADERS)
        return response


def page_routes() -> list[BaseRoute]:
    """The routes of the pages, for ``Starlette(routes=[*api_routes, *page_routes()])``."""
    return [
        Route("/", student_page, methods=["GET"]),
        Route("/join/{code}", student_page, methods=["GET"]),
        Route("/teacher/{code}", teacher_page, methods=["GET"]),
        Route("/i18n/{lang}.json", messages, methods=["GET"]),
        Mount("/static", app=_Static(directory=STATIC), name="static"),
    ]
