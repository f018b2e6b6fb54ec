"""What the classroom server's tests share: a server on 127.0.0.1, clients for a teacher and students,
and a look at the database through a connection of its own."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx

TEACHER = "teacher-secret-token"
# One client for every call; no connection is kept alive, so none is left open when a test ends
# (a new httpx.Client per call would build an SSL context each time: slow).
HTTP = httpx.Client(timeout=20.0, limits=httpx.Limits(max_keepalive_connections=0))


class Client:
    """One person at the server: a bearer token (or none) and short JSON calls, each on a
    connection of its own (nothing left open when a test ends)."""

    def __init__(self, url: str, token: str | None = None):
        self.url = url
        self.token = token
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}

    def request(self, method: str, path: str, **kw: Any) -> httpx.Response:
        headers = {**self.headers, **kw.pop("headers", {})}
        return HTTP.request(method, self.url + path, headers=headers, **kw)

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.request("GET", path, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> httpx.Response:
        if "content" not in kw:
            kw["json"] = body if body is not None else {}
        return self.request("POST", path, **kw)

    def ok(self, method: str, path: str, body: Any = None) -> Any:
        response = self.get(path) if method == "GET" else self.post(path, body)
        assert response.status_code == 200, (path, response.status_code, response.text)
        return response.json()

    def close(self) -> None:
        """Nothing to close: every call had its own connection."""


class Class:
    """A teacher, a session and students joined to it."""

    def __init__(self, url: str, names: list[str], title: str = "Test class"):
        self.url = url
        self.teacher = Client(url, TEACHER)
        self.code = self.teacher.ok("POST", "/api/teacher/sessions", {"title": title})["code"]
        self.students: list[Client] = []
        self.ids: list[int] = []
        for name in names:
            self.add(name)

    def add(self, name: str, lang: str = "en") -> Client:
        joined = Client(self.url).ok("POST", "/api/join", {"code": self.code, "name": name, "lang": lang})
        client = Client(self.url, joined["token"])
        self.students.append(client)
        self.ids.append(joined["student"])
        return client

    def t(self, method: str, what: str, body: Any = None) -> Any:
        return self.teacher.ok(method, f"/api/teacher/{self.code}/{what}", body)

    def close(self) -> None:
        for client in [self.teacher, *self.students]:
            client.close()


def snapshot(db: Path) -> dict[str, Any]:
    """Everything the database holds, read through a connection of its own, except the log of
    refused inputs (which a refusal adds to, by design: rows with accepted = 0)."""
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        found = {}
        for table in sorted(tables):
            if table == "sqlite_sequence":
                continue
            where = " WHERE accepted = 1" if table == "rows" else ""
            found[table] = [dict(r) for r in con.execute(f"SELECT * FROM {table}{where} ORDER BY rowid")]
        return found
    finally:
        con.close()


def db_rows(db: Path, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute(sql, params)]
    finally:
        con.close()


def game_states(db: Path) -> dict[int, str]:
    return {r["id"]: r["state"] for r in db_rows(db, "SELECT id, state FROM game_tables")}


def play_text(me: dict[str, Any], pick: int = 0) -> str:
    """A legal action of the student's table screen: the ``pick``-th, wrapped around."""
    legal = me["activity"]["legal"]
    return legal[pick % len(legal)]


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
