"""The classroom: a class plays together from their own phones (issue 14).

``pip install 'gamekit[classroom]'`` (Starlette, uvicorn, qrcode). ``import gamekit`` never loads
this package.

- ``create_app(db_path, teacher_token=None, seed=0, limits=None)``: the ASGI app (``app``).
- ``serve(db_path, host="127.0.0.1", port=0, ...)`` → ``Server`` (``.url``, ``.teacher_token``,
  ``.stop()``): the app on uvicorn in a background thread.
- ``Limits``: sizes and rates a request, a token and a session may use (``security``).
"""

from __future__ import annotations

from .app import Server, create_app, serve
from .security import ClassroomError, Limits

__all__ = ["ClassroomError", "Limits", "Server", "create_app", "serve"]
