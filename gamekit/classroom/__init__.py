"""The classroom: a class plays together from their own phones (issue 14).

``pip install -e '.[classroom]'`` in a checkout (Starlette, uvicorn, qrcode). ``import gamekit`` never loads
this package.

- ``create_app(db_path, teacher_token=None, seed=None, limits=None)``: the ASGI app (``app``); its
  seed secret and random unless fixed (``app.state.seed_fixed``), one server per database (CL-25).
- ``serve(db_path, host=None, port=None, ...)`` → ``Server`` (``.url``, ``.teacher_token``,
  ``.stop()``): the app on uvicorn in a background thread, where the database's server listened
  last (else 127.0.0.1, any free port).
- ``Limits``: sizes and rates a request, a token and a session may use (``security``).
- ``Classroom(db=None, host=None, port=None)``: the teacher's side, from a notebook
  (``session``); ``plan`` a whole session from a TOML plan; ``simclass.SimulatedClass`` bot
  students; ``live`` the figures; ``qr`` the join code.
"""

from __future__ import annotations

from typing import Any

from ..core.extras import needs_extra

with needs_extra("classroom", "gamekit.classroom"):  # the server's packages: the classroom extra
    from .security import ClassroomError, Limits
    from .session import Classroom

__all__ = ["Classroom", "ClassroomError", "Limits", "Server", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    # The app's names load on first use, so that ``python -m gamekit.classroom.app`` runs the
    # module once (as __main__) and not a second copy imported by this package.
    if name in ("Server", "create_app", "serve"):
        with needs_extra("classroom", "gamekit.classroom"):
            from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
