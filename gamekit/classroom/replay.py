"""Idempotent actions: ``POST /api/act {text, id}`` sent again with the same ``id`` (a phone that
lost its connection before the answer came retries) gets the first answer back, and the action is
stored once.

The ids live in a small table of their own, ``action_ids`` (student, id, text, status, answer,
time), written in the same transaction as the action and its rows: either both are on disk or
neither is, so a retry after any failure does the action at most once. A refusal is an answer
too (the same id gets the same refusal); a fault (CL-26, the database could not store) is not
stored, so the retry runs the action anew.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..core import IllegalAction, load_game
from .routes import error_response
from .security import ClassroomError
from .store import Store, now

SCHEMA = """
CREATE TABLE IF NOT EXISTS action_ids (
    student INTEGER NOT NULL REFERENCES students(id), id TEXT NOT NULL, text TEXT NOT NULL,
    status INTEGER NOT NULL, answer TEXT NOT NULL, time TEXT NOT NULL, PRIMARY KEY (student, id)
);
"""
ACTION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def ensure_schema(store: Store) -> None:
    store.db.executescript(SCHEMA)


def action_id(value: Any) -> str | None:
    """The body's ``id``: None, or 1 to 64 of ``A-Z a-z 0-9 _ -`` (CL-27)."""
    if value is None:
        return None
    if not isinstance(value, str) or not ACTION_ID.fullmatch(value):
        raise ClassroomError("CL-27", "an action's 'id' is 1 to 64 letters, digits, '_' or '-'", 422)
    return value


def act_once(hub: Any, student: Any, text: Any, ident: str) -> tuple[int, dict[str, Any]]:
    """``hub.act(student, text)`` once per (student, ``ident``): the status and JSON answer, the
    stored ones if this id was answered before (CL-27 if it was for another text)."""
    store = hub.store
    with hub.lock:
        try:
            with store.write() as db:
                found = db.one(
                    "SELECT text, status, answer FROM action_ids WHERE student = ? AND id = ?",
                    (student["id"], ident),
                )
                if found is not None:
                    if found["text"] != text:
                        raise ClassroomError(
                            "CL-27", f"the action id {ident!r} was used for another action", 422
                        )
                    return found["status"], json.loads(found["answer"])
                try:
                    status, answer = 200, {"ok": True, "me": hub.act(student, text)}
                except (ClassroomError, IllegalAction) as error:
                    if isinstance(error, ClassroomError) and error.status >= 500:
                        raise
                    refusal = error_response(error)
                    status, answer = refusal.status_code, json.loads(refusal.body)
                db.insert(
                    "action_ids",
                    student=student["id"],
                    id=ident,
                    text=text if isinstance(text, str) else json.dumps(text),
                    status=status,
                    answer=json.dumps(answer),
                    time=now(),
                )
        except BaseException:
            _resync(hub, student["session"])
            raise
    return status, answer


def _resync(hub: Any, code: str) -> None:
    """After a transaction that did not commit: the session's tables as the database has them
    (an action's in-memory move is undone with the rows that did not reach the disk)."""
    try:
        rows = hub.store.all("SELECT id, state FROM game_tables WHERE session = ?", (code,))
    except Exception:
        return
    for row in rows:
        game = hub.games.get(row["id"])
        if game is not None and not getattr(game, "damaged", False) and game.to_json() != row["state"]:
            hub.games[row["id"]] = load_game(row["state"])
            hub.windows.pop(row["id"], None)
