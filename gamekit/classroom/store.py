"""The classroom's database: SQLite (stdlib ``sqlite3``) in WAL mode, one file per server.

Everything a restart needs is here: sessions, students and their tokens, activities, rounds,
bids, tables (each game's ``to_json()`` after every accepted action) and the rows of every
input, accepted or not. The server commits before it answers, so what a student saw
acknowledged is on disk.
"""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# The columns of the teacher's rows (JSON and CSV), in order.
ROW_COLUMNS = (
    "session",
    "activity",
    "format",
    "round",
    "table",
    "student",
    "name",
    "seat",
    "kind",
    "text",
    "value",
    "payoff",
    "time",
    "accepted",
    "rule",
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    code TEXT PRIMARY KEY, title TEXT NOT NULL, seed INTEGER NOT NULL, created TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0, activity INTEGER
);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session TEXT NOT NULL REFERENCES sessions(code),
    name TEXT NOT NULL, lang TEXT NOT NULL, token TEXT NOT NULL UNIQUE, joined TEXT NOT NULL,
    left_at TEXT
);
CREATE TABLE IF NOT EXISTS activities (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session TEXT NOT NULL REFERENCES sessions(code),
    kind TEXT NOT NULL, config TEXT NOT NULL, created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY AUTOINCREMENT, activity INTEGER NOT NULL REFERENCES activities(id),
    number INTEGER NOT NULL, status TEXT NOT NULL, price INTEGER, result TEXT,
    opened TEXT NOT NULL, UNIQUE (activity, number)
);
CREATE TABLE IF NOT EXISTS bids (
    id INTEGER PRIMARY KEY AUTOINCREMENT, round INTEGER NOT NULL REFERENCES rounds(id),
    student INTEGER NOT NULL REFERENCES students(id), amount INTEGER NOT NULL, time TEXT NOT NULL,
    UNIQUE (round, student)
);
CREATE TABLE IF NOT EXISTS game_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session TEXT NOT NULL REFERENCES sessions(code),
    activity INTEGER NOT NULL REFERENCES activities(id), game TEXT NOT NULL, seats TEXT NOT NULL,
    state TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rows (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session TEXT NOT NULL, activity INTEGER,
    round INTEGER, game_table INTEGER, student INTEGER, name TEXT, seat INTEGER, kind TEXT NOT NULL,
    text TEXT NOT NULL, value REAL, payoff REAL, time TEXT NOT NULL, accepted INTEGER NOT NULL,
    rule TEXT
);
CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS acted (
    student INTEGER NOT NULL REFERENCES students(id), action TEXT NOT NULL, time TEXT NOT NULL,
    PRIMARY KEY (student, action)
);
CREATE TABLE IF NOT EXISTS revoked (
    token TEXT PRIMARY KEY, student INTEGER NOT NULL REFERENCES students(id), time TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rows_by_session ON rows (session, id);
CREATE INDEX IF NOT EXISTS bids_by_round ON bids (round);
"""

# Columns added since the first schema (presence, CL-19, CL-21): a database made before them gets
# them when it is opened (``ALTER TABLE ... ADD COLUMN``; nothing else changes).
# ``students.rejoin``: the short code that takes the seat back from another browser (CL-19).
# ``bids.rule``: NULL for a student's own bid or drop, the rule of a default one (CL-21's drop at the clock).
ADDED_COLUMNS = (("students", "rejoin", "TEXT"), ("bids", "rule", "TEXT"))


def _add_columns(db: sqlite3.Connection) -> None:
    for table, column, kind in ADDED_COLUMNS:
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if column not in have:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")


def now() -> str:
    """The time now, ISO 8601 in UTC with microseconds (rows and bids carry it)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


class Store:
    """One SQLite database. ``write()`` is a transaction: committed when the block ends without
    an error, rolled back otherwise; the caller holds the classroom's lock around it."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a commit is on disk when it returns
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        _add_columns(self.db)
        self._lock = threading.RLock()
        self._depth = 0
        self.hold: Any = None  # the server's lock on this database (``dblock``, CL-25), released on close

    def close(self) -> None:
        try:
            self.db.close()
        finally:
            if self.hold is not None:
                self.hold.release()
                self.hold = None

    # --------------------------------------------------------------- transactions
    def write(self) -> _Transaction:
        return _Transaction(self)

    def execute(self, sql: str, params: tuple | list = ()) -> sqlite3.Cursor:
        return self.db.execute(sql, params)

    def one(self, sql: str, params: tuple | list = ()) -> sqlite3.Row | None:
        return self.db.execute(sql, params).fetchone()

    def all(self, sql: str, params: tuple | list = ()) -> list[sqlite3.Row]:
        return self.db.execute(sql, params).fetchall()

    def insert(self, table: str, **fields: Any) -> int:
        names = ", ".join(fields)
        marks = ", ".join("?" for _ in fields)
        cursor = self.db.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(fields.values()))
        return int(cursor.lastrowid or 0)

    # --------------------------------------------------------------- meta
    def meta(self, key: str) -> str | None:
        row = self.one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else row["value"]

    def set_meta(self, key: str, value: str) -> None:
        # An upsert, not INSERT OR REPLACE: the row keeps its place, so a restart that writes the
        # same value leaves the database exactly as it was.
        self.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )


class _Transaction:
    def __init__(self, store: Store):
        self.store = store

    def __enter__(self) -> Store:
        store = self.store
        store._lock.acquire()
        if store._depth == 0:
            try:
                store.db.execute("BEGIN IMMEDIATE")
            except BaseException:  # a read-only or locked file (CL-26): the lock is not left held
                store._lock.release()
                raise
        store._depth += 1
        return store

    def __exit__(self, kind, exc, tb) -> None:
        store = self.store
        store._depth -= 1
        try:
            if store._depth == 0:
                _end(store.db, commit=kind is None)
        finally:
            store._lock.release()


def _end(db: sqlite3.Connection, commit: bool) -> None:
    """Commit, or roll back; a commit that fails (a full disk, a read-only file: CL-26) rolls back
    and raises its own error, and a rollback SQLite already made is not made twice (which would
    raise "no transaction is active" in place of the error that caused it)."""
    if commit:
        try:
            db.execute("COMMIT")
        except sqlite3.Error:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    elif db.in_transaction:
        db.execute("ROLLBACK")
